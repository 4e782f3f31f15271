// SPDX-License-Identifier: GPL-2.0
/*
 * lower.c - one function's evaluated AST into the bdops IR, in AST form:
 * every local and parameter a slot, every evaluation a new value, &&, ||
 * and ?: as branches merged by a PHI (docs/design.md, "Lowering rules").
 *
 * This runs after sparse's evaluation and before its expansion: expansion
 * inlines calls of inline functions in place, and the rules want those to
 * stay calls.  Integer constant expressions are folded here instead.
 *
 * Member accesses are *(base + offset) after evaluation; the member symbol
 * survives as the type of the dereference, and embedded records leave
 * chains of offsets that are resolved against the records' member lists.
 * Anything else not understood becomes an UNKNOWN value.
 */
#include <string.h>
#include <stdlib.h>
#include "sparse_rules.h"

/* A small map from sparse symbols to slot or block numbers. */
struct map {
	const void **keys;
	int *vals;
	unsigned int n, cap;
};

static unsigned int map_hash(const void *k, unsigned int cap)
{
	return (unsigned int)(((uintptr_t)k >> 4) * 2654435761u) & (cap - 1);
}

static int map_get(const struct map *m, const void *k)
{
	unsigned int i;

	if (!m->cap)
		return -1;
	for (i = map_hash(k, m->cap); m->keys[i]; i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == k)
			return m->vals[i];
	return -1;
}

static void map_put(struct map *m, const void *k, int v)
{
	unsigned int i;

	if (2 * (m->n + 1) > m->cap) {
		struct map old = *m;

		m->cap = m->cap ? m->cap * 2 : 64;
		m->keys = calloc(m->cap, sizeof(*m->keys));
		m->vals = calloc(m->cap, sizeof(*m->vals));
		if (!m->keys || !m->vals)
			abort();
		m->n = 0;
		for (i = 0; i < old.cap; i++)
			if (old.keys[i])
				map_put(m, old.keys[i], old.vals[i]);
		free(old.keys);
		free(old.vals);
	}
	for (i = map_hash(k, m->cap); m->keys[i]; i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == k)
			break;
	if (!m->keys[i])
		m->n++;
	m->keys[i] = k;
	m->vals[i] = v;
}

static void map_free(struct map *m)
{
	free(m->keys);
	free(m->vals);
}

struct lw {
	struct bd_unit *u;
	struct bd_func *f;
	int b;			/* current block, -1 after a terminator */
	int depth;		/* recursion guard */
	struct map slots;	/* local symbol -> slot */
	struct map labels;	/* label symbol (also break/continue) -> block */
};

/* Where an lvalue lives. */
enum place_kind { PL_NONE, PL_SLOT, PL_GLOBAL, PL_FIELD, PL_DEREF };

struct place {
	enum place_kind kind;
	int slot;
	const char *name;	/* global or field */
	const char *tag;	/* FIELD: declaring record; DEREF: record or NULL */
	bd_val base;		/* FIELD, DEREF: the address */
	const char *type;	/* type of the lvalue */
};

static bd_val rv(struct lw *l, struct expression *e);
static void lower_stmt(struct lw *l, struct statement *s);
static bd_val stmt_value(struct lw *l, struct statement *s);

/* ---- blocks ---- */

static int cur(struct lw *l)
{
	if (l->b < 0)
		l->b = bd_block_new(l->f);
	return l->b;
}

static void jump(struct lw *l, int to)
{
	if (l->b >= 0)
		bd_goto(l->f, l->b, to);
	l->b = -1;
}

static void enter(struct lw *l, int blk)
{
	jump(l, blk);
	l->b = blk;
}

static int label_block(struct lw *l, struct symbol *label)
{
	int b = map_get(&l->labels, label);

	if (b < 0) {
		b = bd_block_new(l->f);
		map_put(&l->labels, label, b);
	}
	return b;
}

static struct bd_loc loc(struct lw *l, struct position pos)
{
	return sp_loc(l->u, pos);
}

static const char *etype(struct lw *l, struct expression *e)
{
	return e ? sp_type(l->u, e->ctype) : "other";
}

static bd_val unknown(struct lw *l, struct expression *e)
{
	struct position none = { 0 };

	return bd_unknown(l->f, cur(l), etype(l, e), loc(l, e ? e->pos : none));
}

/* ---- constants ---- */

static int is_signed(struct symbol *t)
{
	t = sp_base(t);
	return t && !(t->ctype.modifiers & MOD_UNSIGNED);
}

/* Truncate and extend 'v' as type 't' holds it. */
static int64_t fit(struct symbol *t, int64_t v)
{
	struct symbol *b = sp_base(t);
	int bits = b && b->type == SYM_PTR ? 64 : (b ? b->bit_size : 64);
	uint64_t mask;

	if (bits <= 0 || bits >= 64)
		return v;
	mask = (1ull << bits) - 1;
	v &= mask;
	if (is_signed(t) && (v & (1ull << (bits - 1))))
		v |= ~mask;
	return v;
}

/* Fold an integer constant expression without touching the tree
 * (sparse's own folding happens in expansion, which runs later). */
static int fold(struct expression *e, int64_t *out, int depth)
{
	int64_t a, b, c;
	int uns;

	if (!e || depth > 100)
		return 0;
	switch (e->type) {
	case EXPR_VALUE:
		*out = (int64_t)e->value;
		return 1;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		if (!fold(e->cast_expression, &a, depth + 1))
			return 0;
		*out = fit(e->ctype, a);
		return 1;
	case EXPR_PREOP:
		if (!fold(e->unop, &a, depth + 1))
			return 0;
		switch (e->op) {
		case '-': *out = fit(e->ctype, -a); return 1;
		case '~': *out = fit(e->ctype, ~a); return 1;
		case '!': *out = !a; return 1;
		case '+': case '(': *out = a; return 1;
		}
		return 0;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		if (!fold(e->conditional, &c, depth + 1))
			return 0;
		if (c && !e->cond_true) {
			*out = c;
			return 1;
		}
		return fold(c ? e->cond_true : e->cond_false, out, depth + 1);
	case EXPR_LOGICAL:
		if (!fold(e->left, &a, depth + 1))
			return 0;
		if (e->op == SPECIAL_LOGICAL_AND && !a) {
			*out = 0;
			return 1;
		}
		if (e->op == SPECIAL_LOGICAL_OR && a) {
			*out = 1;
			return 1;
		}
		if (!fold(e->right, &b, depth + 1))
			return 0;
		*out = !!b;
		return 1;
	case EXPR_BINOP:
	case EXPR_COMPARE:
		break;
	default:
		return 0;
	}
	if (!fold(e->left, &a, depth + 1) || !fold(e->right, &b, depth + 1))
		return 0;
	uns = !is_signed(e->left->ctype);
	switch (e->op) {
	case '+': c = a + b; break;
	case '-': c = a - b; break;
	case '*': c = a * b; break;
	case '/':
	case '%':
		if (!b || (b == -1 && a == INT64_MIN))
			return 0;
		if (uns)
			c = e->op == '/' ? (int64_t)((uint64_t)fit(e->left->ctype, a) / (uint64_t)b)
					 : (int64_t)((uint64_t)fit(e->left->ctype, a) % (uint64_t)b);
		else
			c = e->op == '/' ? a / b : a % b;
		break;
	case '&': c = a & b; break;
	case '|': c = a | b; break;
	case '^': c = a ^ b; break;
	case SPECIAL_LEFTSHIFT:
		if (b < 0 || b > 63)
			return 0;
		c = (int64_t)((uint64_t)a << b);
		break;
	case SPECIAL_RIGHTSHIFT:
		if (b < 0 || b > 63)
			return 0;
		c = uns ? (int64_t)((uint64_t)a >> b) : a >> b;
		break;
	case SPECIAL_EQUAL: *out = a == b; return 1;
	case SPECIAL_NOTEQUAL: *out = a != b; return 1;
	case '<': *out = a < b; return 1;
	case '>': *out = a > b; return 1;
	case SPECIAL_LTE: *out = a <= b; return 1;
	case SPECIAL_GTE: *out = a >= b; return 1;
	case SPECIAL_UNSIGNED_LT: *out = (uint64_t)a < (uint64_t)b; return 1;
	case SPECIAL_UNSIGNED_GT: *out = (uint64_t)a > (uint64_t)b; return 1;
	case SPECIAL_UNSIGNED_LTE: *out = (uint64_t)a <= (uint64_t)b; return 1;
	case SPECIAL_UNSIGNED_GTE: *out = (uint64_t)a >= (uint64_t)b; return 1;
	default:
		return 0;
	}
	*out = fit(e->ctype, c);
	return 1;
}

static int try_fold(struct expression *e, int64_t *out)
{
	if (e->type == EXPR_VALUE) {
		*out = (int64_t)e->value;
		return 1;
	}
	/* only integer constant expressions, so big trees are walked once */
	if (!(e->flags & CEF_ICE))
		return 0;
	return fold(e, out, 0);
}

/* ---- symbols ---- */

static int is_local(struct symbol *sym)
{
	return !(sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN));
}

/* A global's name; a static one (file scope or in a function) is marked so
 * the whole-program checks keep it apart from other units' globals. */
static const char *global_name(struct lw *l, struct symbol *sym)
{
	const char *name = sp_name(l->u, sym);

	if (name && (sym->ctype.modifiers & MOD_STATIC))
		bd_unit_static_global(l->u, name);
	return name;
}

static int slot_of(struct lw *l, struct symbol *sym)
{
	int s = map_get(&l->slots, sym);

	if (s < 0) {
		s = bd_slot_new(l->f, sp_name(l->u, sym), sp_type(l->u, sym));
		map_put(&l->slots, sym, s);
	}
	return s;
}

/* &sym: a function, a local slot or a global. */
static bd_val symbol_addr(struct lw *l, struct symbol *sym, struct expression *e)
{
	const char *type;

	if (!sym || !sp_name(l->u, sym))
		return unknown(l, e);
	if (sp_fn_type(sym)) {
		sp_declare(l->u, sym);
		return bd_func_addr(l->f, cur(l), sp_name(l->u, sym), "fnptr", loc(l, e->pos));
	}
	type = sp_addr_type(l->u, sym);
	if (is_local(sym))
		return bd_slot_addr(l->f, cur(l), slot_of(l, sym), type, loc(l, e->pos));
	return bd_global_addr(l->f, cur(l), global_name(l, sym), type, loc(l, e->pos));
}

/* ---- member accesses ---- */

#define MAX_CHAIN 16

/* Members at byte offset 'off' of 'rec', looking through anonymous
 * records; each with the record that declares it. */
static int members_at(struct symbol *rec, long off, struct symbol **m,
		      struct symbol **owner, int n, int max)
{
	struct symbol *s, *sub;

	FOR_EACH_PTR(rec->symbol_list, s) {
		if (n >= max)
			break;
		if (!s->ident) {
			sub = sp_record(s);
			if (sub && off >= (long)s->offset)
				n = members_at(sub, off - (long)s->offset, m, owner, n, max);
			continue;
		}
		if ((long)s->offset != off)
			continue;
		m[n] = s;
		owner[n] = rec;
		n++;
	} END_FOR_EACH_PTR(s);
	return n;
}

/* What the last member of a chain must be: the member symbol itself, or
 * (for an address) its type. */
struct want {
	struct symbol *member;
	struct symbol *type;
};

static int same_type(struct symbol *a, struct symbol *b)
{
	struct symbol *x = sp_base(a), *y = sp_base(b);

	if (x && x->type == SYM_ARRAY)
		x = sp_base(x->ctype.base_type);
	return x && x == y;
}

/* Pick members for offsets off[i..n-1] starting in 'rec' (backtracking
 * over union members and first members that share an offset). */
static int solve(struct symbol *rec, const long *off, int i, int n,
		 const struct want *w, struct symbol **pick, struct symbol **owner)
{
	struct symbol *m[16], *o[16], *sub;
	int k, cnt;

	if (!rec)
		return 0;
	if (i == n - 1) {
		if (w->member) {
			o[0] = sp_member_owner(rec, w->member, off[i]);
			if (!o[0])
				return 0;
			pick[i] = w->member;
			owner[i] = o[0];
			return 1;
		}
		cnt = members_at(rec, off[i], m, o, 0, 16);
		for (k = 0; k < cnt; k++) {
			if (same_type(m[k], w->type)) {
				pick[i] = m[k];
				owner[i] = o[k];
				return 1;
			}
		}
		return 0;
	}
	cnt = members_at(rec, off[i], m, o, 0, 16);
	for (k = 0; k < cnt; k++) {
		sub = sp_record(m[k]);
		if (!sub)
			continue;
		pick[i] = m[k];
		owner[i] = o[k];
		if (solve(sub, off, i + 1, n, w, pick, owner))
			return 1;
	}
	return 0;
}

static int is_offset_add(struct expression *e)
{
	return e && e->type == EXPR_BINOP && e->op == '+' && e->right &&
	       e->right->type == EXPR_VALUE;
}

/* The record the address 'a' points to, when 'a' is a chain base. */
static struct symbol *base_record(struct expression *a)
{
	if (!a || !a->ctype)
		return NULL;
	if (a->ctype == &lazy_ptr_ctype)
		return a->type == EXPR_SYMBOL ? sp_record(a->symbol) : NULL;
	return sp_pointee_record(a->ctype);
}

struct chain {
	struct expression *base;
	int n;
	long off[MAX_CHAIN];
	struct symbol *pick[MAX_CHAIN];
	struct symbol *owner[MAX_CHAIN];
};

/* Resolve 'addr' = base + off1 + ... + offn (inner links lazily typed) to
 * member names.  Returns 0 if it is not a member access. */
static int resolve_chain(struct expression *addr, const struct want *w, struct chain *c)
{
	struct expression *a = addr;
	long rev[MAX_CHAIN];
	int i, n = 0;

	if (!is_offset_add(a))
		return 0;
	do {
		if (n == MAX_CHAIN)
			return 0;
		rev[n++] = (long)a->right->value;
		a = a->left;
	} while (is_offset_add(a) && a->ctype == &lazy_ptr_ctype);
	c->base = a;
	c->n = n;
	for (i = 0; i < n; i++)
		c->off[i] = rev[n - 1 - i];
	return solve(base_record(a), c->off, 0, n, w, c->pick, c->owner);
}

/* Emit the FIELD_ADDRs of a resolved chain up to (not including) its last
 * member; returns the address the last member is accessed through. */
static bd_val chain_base(struct lw *l, struct chain *c, struct position pos)
{
	bd_val v;
	int i;

	if (c->base->ctype == &lazy_ptr_ctype && c->base->type == EXPR_SYMBOL)
		v = symbol_addr(l, c->base->symbol, c->base);
	else
		v = rv(l, c->base);
	for (i = 0; i < c->n - 1; i++)
		v = bd_field_addr(l->f, cur(l), v, sp_tag(l->u, c->owner[i]),
				  sp_name(l->u, c->pick[i]),
				  sp_addr_type(l->u, c->pick[i]),
				  loc(l, pos));
	return v;
}

/* An address expression that is &p->f (or an array member decaying). */
static int member_address(struct lw *l, struct expression *e, bd_val *out)
{
	struct chain c;
	struct want w = { NULL, NULL };
	struct symbol *t = sp_base(e->ctype);
	bd_val base;
	int last;

	if (!is_offset_add(e) || e->ctype == &lazy_ptr_ctype || !t || t->type != SYM_PTR)
		return 0;
	w.type = t->ctype.base_type;
	if (!resolve_chain(e, &w, &c))
		return 0;
	base = chain_base(l, &c, e->pos);
	last = c.n - 1;
	*out = bd_field_addr(l->f, cur(l), base, sp_tag(l->u, c.owner[last]),
			     sp_name(l->u, c.pick[last]), etype(l, e), loc(l, e->pos));
	return 1;
}

/* ---- places ---- */

static struct place place_of(struct lw *l, struct expression *e)
{
	struct place p = { PL_NONE, 0, NULL, NULL, 0, NULL };
	struct expression *a;
	struct symbol *sym, *m, *rec;
	struct chain c;
	struct want w = { NULL, NULL };

	p.type = etype(l, e);
	if (!e || e->type != EXPR_PREOP || e->op != '*') {
		if (e)
			rv(l, e);
		return p;
	}
	a = e->unop;
	if (a && a->type == EXPR_SYMBOL && a->ctype == &lazy_ptr_ctype) {
		sym = a->symbol;
		if (!sym || !sp_name(l->u, sym))
			return p;
		if (is_local(sym)) {
			p.kind = PL_SLOT;
			p.slot = slot_of(l, sym);
		} else {
			p.kind = PL_GLOBAL;
			p.name = global_name(l, sym);
		}
		return p;
	}
	m = e->ctype;
	if (m && m->type == SYM_NODE && m->ident && is_offset_add(a)) {
		w.member = m;
		if (resolve_chain(a, &w, &c)) {
			p.kind = PL_FIELD;
			p.base = chain_base(l, &c, e->pos);
			p.tag = sp_tag(l->u, c.owner[c.n - 1]);
			p.name = sp_name(l->u, m);
			return p;
		}
	}
	p.kind = PL_DEREF;
	p.base = rv(l, a);
	rec = sp_record(e->ctype);
	p.tag = rec ? sp_tag(l->u, rec) : NULL;
	return p;
}

static int is_aggregate(struct symbol *t)
{
	t = sp_base(t);
	return t && (t->type == SYM_STRUCT || t->type == SYM_UNION || t->type == SYM_ARRAY);
}

static bd_val load(struct lw *l, struct place *p, struct expression *e)
{
	struct bd_loc lc = loc(l, e->pos);

	switch (p->kind) {
	case PL_SLOT:
		return bd_slot_load(l->f, cur(l), p->slot, lc);
	case PL_GLOBAL:
		return bd_global_load(l->f, cur(l), p->name, p->type, lc);
	case PL_FIELD:
		/* a record or array member read as a whole is its address */
		if (is_aggregate(e->ctype))
			return bd_field_addr(l->f, cur(l), p->base, p->tag, p->name,
					     sp_addr_type(l->u, e->ctype), lc);
		return bd_field_load(l->f, cur(l), p->base, p->tag, p->name, p->type, lc);
	case PL_DEREF:
		return bd_deref_load(l->f, cur(l), p->base, p->tag, p->type, lc);
	default:
		return unknown(l, e);
	}
}

static void store(struct lw *l, struct place *p, bd_val v, int compound,
		  struct position pos)
{
	struct bd_loc lc = loc(l, pos);

	switch (p->kind) {
	case PL_SLOT:
		bd_slot_store(l->f, cur(l), p->slot, v, lc);
		break;
	case PL_GLOBAL:
		bd_global_store(l->f, cur(l), p->name, v, lc);
		break;
	case PL_FIELD:
		bd_field_store(l->f, cur(l), p->base, p->tag, p->name, v, compound, lc);
		break;
	case PL_DEREF:
		bd_deref_store(l->f, cur(l), p->base, p->tag, v, lc);
		break;
	default:
		break;
	}
}

/* ---- operators ---- */

static int binop_of(int op, int *out)
{
	switch (op) {
	case '+': case SPECIAL_ADD_ASSIGN: *out = BD_ADD; return 1;
	case '-': case SPECIAL_SUB_ASSIGN: *out = BD_SUB; return 1;
	case '*': case SPECIAL_MUL_ASSIGN: *out = BD_MUL; return 1;
	case '/': case SPECIAL_DIV_ASSIGN: *out = BD_DIV; return 1;
	case '%': case SPECIAL_MOD_ASSIGN: *out = BD_MOD; return 1;
	case '&': case SPECIAL_AND_ASSIGN: *out = BD_AND; return 1;
	case '|': case SPECIAL_OR_ASSIGN: *out = BD_OR; return 1;
	case '^': case SPECIAL_XOR_ASSIGN: *out = BD_XOR; return 1;
	case SPECIAL_LEFTSHIFT: case SPECIAL_SHL_ASSIGN: *out = BD_SHL; return 1;
	case SPECIAL_RIGHTSHIFT: case SPECIAL_SHR_ASSIGN: *out = BD_SHR; return 1;
	case SPECIAL_EQUAL: *out = BD_EQ; return 1;
	case SPECIAL_NOTEQUAL: *out = BD_NE; return 1;
	case '<': case SPECIAL_UNSIGNED_LT: *out = BD_LT; return 1;
	case SPECIAL_LTE: case SPECIAL_UNSIGNED_LTE: *out = BD_LE; return 1;
	case '>': case SPECIAL_UNSIGNED_GT: *out = BD_GT; return 1;
	case SPECIAL_GTE: case SPECIAL_UNSIGNED_GTE: *out = BD_GE; return 1;
	}
	return 0;
}

static int is_pointer(struct symbol *t)
{
	t = sp_base(t);
	return t && (t->type == SYM_PTR || t->type == SYM_ARRAY || t == &lazy_ptr_ctype);
}

static bd_val lower_binop(struct lw *l, struct expression *e)
{
	bd_val a, b;
	int op;

	if (member_address(l, e, &a))
		return a;
	a = rv(l, e->left);
	b = rv(l, e->right);
	/* pointer +/- integer: the address, the index dropped (rule 4) */
	if ((e->op == '+' || e->op == '-') && is_pointer(e->ctype)) {
		if (is_pointer(e->left->ctype))
			return bd_copy(l->f, cur(l), a, etype(l, e), loc(l, e->pos));
		if (is_pointer(e->right->ctype))
			return bd_copy(l->f, cur(l), b, etype(l, e), loc(l, e->pos));
	}
	if (!binop_of(e->op, &op))
		return unknown(l, e);
	/* a comparison is an int even where sparse found its operands'
	 * types incompatible (errors.c) */
	if (e->type == EXPR_COMPARE)
		return bd_binop(l->f, cur(l), op, a, b, sp_type(l->u, &int_ctype), loc(l, e->pos));
	return bd_binop(l->f, cur(l), op, a, b, etype(l, e), loc(l, e->pos));
}

static bd_val lower_assign(struct lw *l, struct expression *e)
{
	struct place p = place_of(l, e->left);
	bd_val v, old = 0;
	int op;

	/* x op= y reads x before y, as the linearizer does */
	if (e->op != '=')
		old = load(l, &p, e->left);
	v = rv(l, e->right);
	if (e->op != '=') {
		if (!binop_of(e->op, &op))
			v = unknown(l, e);
		else
			v = bd_binop(l->f, cur(l), op, old, v, p.type, loc(l, e->pos));
	}
	store(l, &p, v, e->op != '=', e->pos);
	return v;
}

static bd_val lower_incdec(struct lw *l, struct expression *e, int post)
{
	struct place p = place_of(l, e->unop);
	bd_val old = load(l, &p, e->unop), one, v;
	int op = e->op == SPECIAL_INCREMENT ? BD_ADD : BD_SUB;

	one = bd_const(l->f, cur(l), 1, loc(l, e->pos));
	v = bd_binop(l->f, cur(l), op, old, one, p.type, loc(l, e->pos));
	store(l, &p, v, 1, e->pos);
	return post ? old : v;
}

static bd_val lower_preop(struct lw *l, struct expression *e)
{
	struct symbol *t;
	struct place p;
	bd_val a;

	switch (e->op) {
	case '*':
		t = sp_base(e->ctype);
		if (t && t->type == SYM_FN) {
			/* a function designator: the function or the pointer */
			if (e->unop && e->unop->type == EXPR_SYMBOL &&
			    e->unop->ctype == &lazy_ptr_ctype)
				return symbol_addr(l, e->unop->symbol, e->unop);
			return rv(l, e->unop);
		}
		p = place_of(l, e);
		return load(l, &p, e);
	case '&':
		p = place_of(l, e->unop);
		if (p.kind == PL_SLOT)
			return bd_slot_addr(l->f, cur(l), p.slot, etype(l, e), loc(l, e->pos));
		if (p.kind == PL_GLOBAL)
			return bd_global_addr(l->f, cur(l), p.name, etype(l, e), loc(l, e->pos));
		if (p.kind == PL_FIELD)
			return bd_field_addr(l->f, cur(l), p.base, p.tag, p.name,
					     etype(l, e), loc(l, e->pos));
		if (p.kind == PL_DEREF)
			return p.base;
		return unknown(l, e);
	case '!':
		a = rv(l, e->unop);
		return bd_unop(l->f, cur(l), BD_NOT, a, etype(l, e), loc(l, e->pos));
	case '~':
		a = rv(l, e->unop);
		return bd_unop(l->f, cur(l), BD_BITNOT, a, etype(l, e), loc(l, e->pos));
	case '-':
		a = rv(l, e->unop);
		return bd_unop(l->f, cur(l), BD_NEG, a, etype(l, e), loc(l, e->pos));
	case '+':
	case '(':
		return rv(l, e->unop);
	case SPECIAL_INCREMENT:
	case SPECIAL_DECREMENT:
		return lower_incdec(l, e, 0);
	default:
		rv(l, e->unop);
		return unknown(l, e);
	}
}

/* ---- control flow inside expressions ---- */

static void lower_cond(struct lw *l, struct expression *e, int t, int f);

static bd_val phi2(struct lw *l, bd_val a, int pa, bd_val b, int pb,
		   struct expression *e)
{
	bd_val vals[2] = { a, b };
	int preds[2] = { pa, pb };

	return bd_phi(l->f, cur(l), 2, vals, preds, etype(l, e), loc(l, e->pos));
}

/* a && b, a || b as a value: 0/1 merged by a PHI */
static bd_val lower_logical(struct lw *l, struct expression *e)
{
	int and = e->op == SPECIAL_LOGICAL_AND;
	int rhs = bd_block_new(l->f), join = bd_block_new(l->f), from_a, from_b;
	bd_val va = rv(l, e->left), short_v, vb, zero;

	short_v = bd_const(l->f, cur(l), and ? 0 : 1, loc(l, e->pos));
	from_a = cur(l);
	bd_branch(l->f, from_a, va, and ? rhs : join, and ? join : rhs, loc(l, e->pos));
	l->b = rhs;
	vb = rv(l, e->right);
	zero = bd_const(l->f, cur(l), 0, loc(l, e->pos));
	vb = bd_binop(l->f, cur(l), BD_NE, vb, zero, etype(l, e), loc(l, e->pos));
	from_b = cur(l);
	jump(l, join);
	l->b = join;
	return phi2(l, short_v, from_a, vb, from_b, e);
}

/* c ? a : b (and c ?: b) as branches; the value is a PHI */
static bd_val lower_conditional(struct lw *l, struct expression *e)
{
	int t = bd_block_new(l->f), f = bd_block_new(l->f), join = bd_block_new(l->f);
	int from_t, from_f;
	bd_val vc = 0, vt, vf;
	struct symbol *type = sp_base(e->ctype);

	if (e->cond_true) {
		lower_cond(l, e->conditional, t, f);
	} else {
		vc = rv(l, e->conditional);
		bd_branch(l->f, cur(l), vc, t, f, loc(l, e->pos));
	}
	l->b = t;
	vt = e->cond_true ? rv(l, e->cond_true) : vc;
	from_t = cur(l);
	jump(l, join);
	l->b = f;
	vf = rv(l, e->cond_false);
	from_f = cur(l);
	jump(l, join);
	l->b = join;
	if (!type || type == &void_ctype || !vt || !vf)
		return unknown(l, e);
	return phi2(l, vt, from_t, vf, from_f, e);
}

/* Branch to 't' if 'e' is non-zero, else to 'f'. */
static void lower_cond(struct lw *l, struct expression *e, int t, int f)
{
	int mid;
	bd_val v;

	if (e && e->type == EXPR_LOGICAL) {
		mid = bd_block_new(l->f);
		if (e->op == SPECIAL_LOGICAL_AND)
			lower_cond(l, e->left, mid, f);
		else
			lower_cond(l, e->left, t, mid);
		l->b = mid;
		lower_cond(l, e->right, t, f);
		return;
	}
	if (e && e->type == EXPR_PREOP && e->op == '(') {
		lower_cond(l, e->unop, t, f);
		return;
	}
	v = rv(l, e);
	bd_branch(l->f, cur(l), v, t, f, loc(l, e->pos));
	l->b = -1;
}

/* ---- calls ---- */

/* The function a call names directly, or NULL for an indirect call. */
static struct symbol *direct_callee(struct expression *fn)
{
	while (fn && fn->type == EXPR_PREOP && fn->op == '(')
		fn = fn->unop;
	if (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = fn->unop;
	if (fn && fn->type == EXPR_SYMBOL && fn->symbol && sp_fn_type(fn->symbol))
		return fn->symbol;
	return NULL;
}

static bd_val lower_call(struct lw *l, struct expression *e)
{
	struct symbol *callee = direct_callee(e->fn), *rt = sp_base(e->ctype);
	const char *name = callee ? sp_name(l->u, callee) : NULL;
	struct expression *arg, *first = NULL;
	bd_val fnv = 0, *args, v;
	int n = 0, cap, want;
	int64_t k;

	if (name && !strcmp(name, "__builtin_constant_p")) {
		FOR_EACH_PTR(e->args, arg) {
			first = arg;
			break;
		} END_FOR_EACH_PTR(arg);
		return bd_const(l->f, cur(l), first && try_fold(first, &k),
				loc(l, e->fn ? e->fn->pos : e->pos));
	}
	if (!callee)
		fnv = rv(l, e->fn);
	cap = expression_list_size(e->args);
	args = calloc(cap + 1, sizeof(*args));
	if (!args)
		abort();
	FOR_EACH_PTR(e->args, arg) {
		if (n < cap)
			args[n++] = rv(l, arg);
	} END_FOR_EACH_PTR(arg);
	/* __builtin_expect(x, c) is x: likely()/unlikely() must not hide
	 * the tested value */
	if (name && !strcmp(name, "__builtin_expect") && n > 0) {
		v = bd_copy(l->f, cur(l), args[0], etype(l, e), loc(l, e->pos));
		free(args);
		return v;
	}
	if (name && !strncmp(name, "__builtin_", 10))
		name += 10;
	else if (callee)
		sp_declare(l->u, callee);
	want = rt && rt != &void_ctype;
	v = bd_call(l->f, cur(l), name, fnv, n, args, etype(l, e), want,
		    loc(l, e->fn ? e->fn->pos : e->pos));
	free(args);
	return v;
}

/* ---- expressions ---- */

static bd_val rv_inner(struct lw *l, struct expression *e)
{
	int64_t k;
	bd_val v;

	if (try_fold(e, &k))
		return bd_const(l->f, cur(l), fit(e->ctype, k), loc(l, e->pos));
	switch (e->type) {
	case EXPR_SYMBOL:
		return symbol_addr(l, e->symbol, e);
	case EXPR_PREOP:
		return lower_preop(l, e);
	case EXPR_POSTOP:
		return lower_incdec(l, e, 1);
	case EXPR_BINOP:
		return lower_binop(l, e);
	case EXPR_COMPARE:
		return lower_binop(l, e);
	case EXPR_LOGICAL:
		return lower_logical(l, e);
	case EXPR_ASSIGNMENT:
		return lower_assign(l, e);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		v = rv(l, e->cast_expression);
		return bd_copy(l->f, cur(l), v, etype(l, e), loc(l, e->pos));
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return lower_conditional(l, e);
	case EXPR_STATEMENT:
		v = stmt_value(l, e->statement);
		return v ? v : unknown(l, e);
	case EXPR_CALL:
		return lower_call(l, e);
	case EXPR_COMMA:
		rv(l, e->left);
		return rv(l, e->right);
	case EXPR_SLICE:
		rv(l, e->base);
		return unknown(l, e);
	default:
		return unknown(l, e);
	}
}

/* Does e's value depend on a comparison sparse erred on but kept whole? */
static int on_kept_compare(struct expression *e, int depth)
{
	if (!e || depth > 32)
		return 0;
	/* the comparison itself is typed once kept (an int): what sparse
	 * left untyped is built on it, through parentheses, ?:, !!, casts and
	 * calls (likely(p == q) ? ... is a call of __builtin_expect) */
	if (sp_compare_kept_whole(e))
		return 1;
	switch (e->type) {
	case EXPR_CALL: {
		struct expression *arg;

		FOR_EACH_PTR(e->args, arg) {
			if (on_kept_compare(arg, depth + 1))
				return 1;
		} END_FOR_EACH_PTR(arg);
		return 0;
	}
	case EXPR_PREOP:
	case EXPR_POSTOP:
		return on_kept_compare(e->unop, depth + 1);
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
	case EXPR_COMMA:
		return on_kept_compare(e->left, depth + 1) ||
		       on_kept_compare(e->right, depth + 1);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return on_kept_compare(e->conditional, depth + 1) ||
		       on_kept_compare(e->cond_true, depth + 1) ||
		       on_kept_compare(e->cond_false, depth + 1);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		return on_kept_compare(e->cast_expression, depth + 1);
	default:
		return 0;
	}
}

/* An expression sparse left untyped because it is built on a comparison
 * errors.c did not count (a ?: on its result): no error of its own, but
 * its value is lost here, so the unit is not fully analysed. */
static void untyped(struct lw *l, struct expression *e)
{
	char why[512];
	struct bd_loc at;

	if (!sp_compares_kept() || !on_kept_compare(e, 0))
		return;
	at = loc(l, e->pos);
	snprintf(why, sizeof(why), "sparse could not type an expression in '%s' (%s:%d) "
		 "built on a comparison it found incompatible", l->f->decl->name,
		 at.file ? at.file : "?", at.line);
	bd_unit_incomplete(l->u, why);
}

/* Statements and expressions nested past SP_MAX_DEPTH are not lowered
 * (the lowering recurses once per level): what they hold is lost, so the
 * unit is not fully analysed - 250 nested ifs with braces were a clean
 * unit (issue 29). */
static void too_deep(struct lw *l)
{
	char why[512];

	snprintf(why, sizeof(why), "function '%s' nests statements or expressions more than "
		 "%d levels deep; bdops-sparse does not lower deeper", l->f->decl->name,
		 SP_MAX_DEPTH);
	bd_unit_incomplete(l->u, why);
}

static bd_val rv(struct lw *l, struct expression *e)
{
	bd_val v;

	if (!e)
		return unknown(l, NULL);
	if (!e->ctype || e->ctype == &bad_ctype) {
		/* parentheses take their operand's type, or none */
		if (e->type == EXPR_PREOP && e->op == '(')
			return rv(l, e->unop);
		if (sp_compare_kept_whole(e) && l->depth <= SP_MAX_DEPTH) {
			l->depth++;
			v = lower_binop(l, e);
			l->depth--;
			return v;
		}
		untyped(l, e);
		return unknown(l, e);
	}
	if (l->depth > SP_MAX_DEPTH) {
		too_deep(l);
		return unknown(l, e);
	}
	l->depth++;
	v = rv_inner(l, e);
	l->depth--;
	return v;
}

/* ---- declarations ---- */

/* A local aggregate initializer: member stores into the slot's storage.
 * 'x' is one element of an initializer list. */
static void init_item(struct lw *l, bd_val addr, struct expression *x,
		      struct symbol *rec, int depth);

static void init_list(struct lw *l, bd_val addr, struct expression *init,
		      struct symbol *rec, int depth)
{
	struct expression *x;

	if (!init || depth > 32)
		return;
	if (init->type != EXPR_INITIALIZER) {
		init_item(l, addr, init, rec, depth);
		return;
	}
	FOR_EACH_PTR(init->expr_list, x) {
		init_item(l, addr, x, rec, depth);
	} END_FOR_EACH_PTR(x);
}

static void init_item(struct lw *l, bd_val addr, struct expression *x,
		      struct symbol *rec, int depth)
{
	struct expression *val;
	struct symbol *m, *owner, *sub;
	bd_val inner;

	if (x->type != EXPR_POS) {
		rv(l, x);
		return;
	}
	val = x->init_expr;
	if (!val)
		return;
	m = x->ctype;
	owner = rec && m && m->type == SYM_NODE && m->ident ?
		sp_member_owner(rec, m, -1) : NULL;
	if (!owner) {
		/* array elements: keep the stores, drop the index */
		if (val->type == EXPR_INITIALIZER || val->type == EXPR_POS)
			init_list(l, addr, val, sp_record(x->ctype), depth + 1);
		else
			bd_deref_store(l->f, cur(l), addr, NULL, rv(l, val),
				       loc(l, val->pos));
		return;
	}
	sub = sp_record(m);
	if (!sub) {
		struct symbol *t = sp_base(m);

		if (t && t->type == SYM_ARRAY)
			sub = sp_record(t->ctype.base_type);
	}
	if (val->type == EXPR_INITIALIZER || val->type == EXPR_POS) {
		inner = bd_field_addr(l->f, cur(l), addr, sp_tag(l->u, owner), sp_name(l->u, m),
				      sp_addr_type(l->u, m),
				      loc(l, val->pos));
		init_list(l, inner, val, sub, depth + 1);
		return;
	}
	bd_field_store(l->f, cur(l), addr, sp_tag(l->u, owner), sp_name(l->u, m), rv(l, val), 0,
		       loc(l, val->pos));
}

static void lower_decl(struct lw *l, struct symbol *sym)
{
	struct expression *init = sym->initializer;
	struct place p = { PL_SLOT, 0, NULL, NULL, 0, NULL };
	struct symbol *rec;
	bd_val addr;

	if (sp_fn_type(sym))
		return;		/* a local prototype */
	if (!is_local(sym)) {
		if (sym->ctype.modifiers & MOD_STATIC)
			sp_scan_initializer(l->u, sym);
		return;
	}
	p.slot = slot_of(l, sym);
	if (!init)
		return;
	if (init->type == EXPR_INITIALIZER) {
		rec = sp_record(sym);
		addr = bd_slot_addr(l->f, cur(l), p.slot,
				    sp_addr_type(l->u, sym), loc(l, init->pos));
		init_list(l, addr, init, rec, 0);
		return;
	}
	store(l, &p, rv(l, init), 0, init->pos);
}

/* ---- statements ---- */

/* The cases of a switch, gathered before its body is lowered. */
static void lower_switch(struct lw *l, struct statement *s)
{
	struct symbol *sym;
	struct statement *c;
	int64_t lo, hi, k, *cases = NULL;
	int *targets = NULL, n = 0, cap = 0, dflt = -1, brk, blk;
	bd_val v = rv(l, s->switch_expression);
	struct bd_loc lc = loc(l, s->pos);

	brk = label_block(l, s->switch_break);
	FOR_EACH_PTR(s->switch_case ? s->switch_case->symbol_list : NULL, sym) {
		c = sym->stmt;
		blk = label_block(l, sym);
		if (!c || !c->case_expression) {
			dflt = blk;
			continue;
		}
		if (!try_fold(c->case_expression, &lo))
			continue;
		hi = lo;
		if (c->case_to && !try_fold(c->case_to, &hi))
			hi = lo;
		if (hi - lo > 256)
			hi = lo + 256;
		for (k = lo; k <= hi; k++) {
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				cases = realloc(cases, cap * sizeof(*cases));
				targets = realloc(targets, cap * sizeof(*targets));
				if (!cases || !targets)
					abort();
			}
			cases[n] = k;
			targets[n++] = blk;
		}
	} END_FOR_EACH_PTR(sym);
	bd_switch(l->f, cur(l), v, n, cases, targets, dflt >= 0 ? dflt : brk, lc);
	free(cases);
	free(targets);
	l->b = -1;
	lower_stmt(l, s->switch_statement);
	enter(l, brk);
}

static void lower_iterator(struct lw *l, struct statement *s)
{
	int head = bd_block_new(l->f), body = bd_block_new(l->f);
	int cont = label_block(l, s->iterator_continue);
	int brk = label_block(l, s->iterator_break);

	lower_stmt(l, s->iterator_pre_statement);
	enter(l, head);
	if (s->iterator_pre_condition)
		lower_cond(l, s->iterator_pre_condition, body, brk);
	enter(l, body);
	lower_stmt(l, s->iterator_statement);
	enter(l, cont);
	lower_stmt(l, s->iterator_post_statement);
	if (s->iterator_post_condition)
		lower_cond(l, s->iterator_post_condition, head, brk);
	jump(l, head);
	l->b = brk;
}

static void lower_goto(struct lw *l, struct statement *s)
{
	struct symbol *sym;
	int64_t *cases;
	int *targets, n = 0, cap;
	bd_val v;

	if (!s->goto_expression) {
		if (s->goto_label)
			jump(l, label_block(l, s->goto_label));
		return;
	}
	/* computed goto: any of the labels whose address was taken */
	v = rv(l, s->goto_expression);
	cap = symbol_list_size(s->target_list);
	cases = calloc(cap + 1, sizeof(*cases));
	targets = calloc(cap + 1, sizeof(*targets));
	if (!cases || !targets)
		abort();
	FOR_EACH_PTR(s->target_list, sym) {
		if (n < cap) {
			cases[n] = n;
			targets[n] = label_block(l, sym);
			n++;
		}
	} END_FOR_EACH_PTR(sym);
	if (n)
		bd_switch(l->f, cur(l), v, n - 1, cases, targets, targets[n - 1],
			  loc(l, s->pos));
	else
		bd_unreachable(l->f, cur(l));
	free(cases);
	free(targets);
	l->b = -1;
}

static void lower_asm(struct lw *l, struct statement *s)
{
	struct asm_operand *op;
	struct place p;

	FOR_EACH_PTR(s->asm_inputs, op) {
		if (op->expr)
			rv(l, op->expr);
	} END_FOR_EACH_PTR(op);
	FOR_EACH_PTR(s->asm_outputs, op) {
		if (!op->expr)
			continue;
		p = place_of(l, op->expr);
		store(l, &p, unknown(l, op->expr), 0, s->pos);
	} END_FOR_EACH_PTR(op);
}

static void lower_if(struct lw *l, struct statement *s)
{
	int t = bd_block_new(l->f), join = bd_block_new(l->f);
	int f = s->if_false ? bd_block_new(l->f) : join;

	lower_cond(l, s->if_conditional, t, f);
	l->b = t;
	lower_stmt(l, s->if_true);
	jump(l, join);
	if (s->if_false) {
		l->b = f;
		lower_stmt(l, s->if_false);
		jump(l, join);
	}
	l->b = join;
}

/* Lower 's'; the value of its last expression statement (for ({ })). */
static bd_val stmt_value(struct lw *l, struct statement *s)
{
	struct statement *x;
	struct symbol *sym;
	bd_val v = 0;

	if (s && l->depth > SP_MAX_DEPTH)
		too_deep(l);
	if (!s || l->depth > SP_MAX_DEPTH)
		return 0;
	l->depth++;
	switch (s->type) {
	case STMT_DECLARATION:
		FOR_EACH_PTR(s->declaration, sym) {
			lower_decl(l, sym);
		} END_FOR_EACH_PTR(sym);
		break;
	case STMT_EXPRESSION:
		if (s->expression)
			v = rv(l, s->expression);
		break;
	case STMT_COMPOUND:
		FOR_EACH_PTR(s->stmts, x) {
			v = stmt_value(l, x);
		} END_FOR_EACH_PTR(x);
		break;
	case STMT_IF:
		lower_if(l, s);
		break;
	case STMT_RETURN:
		v = s->ret_value ? rv(l, s->ret_value) : 0;
		if (s->ret_value && sp_base(s->ret_value->ctype) == &void_ctype)
			v = 0;
		bd_return(l->f, cur(l), v, loc(l, s->pos));
		l->b = -1;
		v = 0;
		break;
	case STMT_CASE:
		enter(l, label_block(l, s->case_label));
		v = stmt_value(l, s->case_statement);
		break;
	case STMT_SWITCH:
		lower_switch(l, s);
		break;
	case STMT_ITERATOR:
		lower_iterator(l, s);
		break;
	case STMT_LABEL:
		enter(l, label_block(l, s->label_identifier));
		v = stmt_value(l, s->label_statement);
		break;
	case STMT_GOTO:
		lower_goto(l, s);
		break;
	case STMT_ASM:
		lower_asm(l, s);
		break;
	default:
		break;		/* __context__, __range__, empty */
	}
	l->depth--;
	return v;
}

static void lower_stmt(struct lw *l, struct statement *s)
{
	stmt_value(l, s);
}

void sp_lower_function(struct bd_unit *u, struct symbol *sym)
{
	struct symbol *fn = sp_fn_type(sym), *arg;
	struct bd_decl *d;
	struct lw l;
	int i = 0, slot;
	bd_val v;

	if (!fn || !fn->stmt || !sym->ident)
		return;
	d = sp_declare(u, sym);
	if (!d)
		return;
	memset(&l, 0, sizeof(l));
	l.u = u;
	l.f = bd_func_begin(u, d, sp_loc(u, sym->pos));
	l.b = 0;
	FOR_EACH_PTR(fn->arguments, arg) {
		slot = slot_of(&l, arg);
		v = bd_param(l.f, 0, i++, sp_type(u, arg), sp_loc(u, arg->pos));
		bd_slot_store(l.f, 0, slot, v, sp_loc(u, arg->pos));
	} END_FOR_EACH_PTR(arg);
	lower_stmt(&l, fn->stmt);
	if (l.b >= 0)
		bd_return(l.f, l.b, 0, sp_loc(u, sym->endpos));
	bd_func_end(l.f);
	map_free(&l.slots);
	map_free(&l.labels);
}
