// SPDX-License-Identifier: GPL-2.0
/*
 * ir.c - building and dumping the shared representation (bdops/ir.h).
 *
 * Frontends call the builders while they walk their host's IR; nothing here
 * analyses anything.  Strings are interned in a per-unit hash table so the
 * engine compares names by pointer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "bdops/ir.h"
#include "internal.h"

static const char *const op_names[BD_OP_COUNT] = {
	[BD_CONST] = "const", [BD_PARAM] = "param", [BD_UNKNOWN] = "unknown",
	[BD_COPY] = "copy", [BD_BINOP] = "binop", [BD_UNOP] = "unop",
	[BD_PHI] = "phi", [BD_FUNC_ADDR] = "funcaddr",
	[BD_SLOT_ADDR] = "slotaddr", [BD_GLOBAL_ADDR] = "globaladdr",
	[BD_SLOT_LOAD] = "slotload", [BD_GLOBAL_LOAD] = "globalload",
	[BD_FIELD_LOAD] = "fieldload", [BD_FIELD_ADDR] = "fieldaddr",
	[BD_DEREF_LOAD] = "derefload", [BD_CALL] = "call",
	[BD_SLOT_STORE] = "slotstore", [BD_GLOBAL_STORE] = "globalstore",
	[BD_FIELD_STORE] = "fieldstore", [BD_DEREF_STORE] = "derefstore",
};

static const char *const binop_names[BD_BINOP_COUNT] = {
	"add", "sub", "mul", "div", "mod", "and", "or", "xor", "shl", "shr",
	"eq", "ne", "lt", "le", "gt", "ge", "land", "lor",
};

static const char *const unop_names[BD_UNOP_COUNT] = { "not", "bitnot", "neg" };

const char *bd_op_name(enum bd_op op)
{
	return (unsigned)op < BD_OP_COUNT ? op_names[op] : "?";
}

/* ---- interning ---- */

static unsigned hash_str(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

const char *bd_intern(struct bd_unit *u, const char *s)
{
	unsigned h, i, m;

	if (!s)
		return NULL;
	/* A remembered address answers only if its text is still the same
	 * (the string asked about may have been freed and the address
	 * reused): a compare is a fraction of hashing the string. */
	m = (unsigned)(((uintptr_t)s >> 4) ^ ((uintptr_t)s >> 10)) & 63;
	if (u->memo_in[m] == s && !strcmp(u->memo_out[m], s))
		return u->memo_out[m];
	if (u->nstrs * 2 >= u->cap_strs) {
		unsigned ncap = u->cap_strs ? u->cap_strs * 2 : 64;
		const char **nv = bd_xcalloc(ncap, sizeof(*nv));

		for (i = 0; i < u->cap_strs; i++) {
			unsigned j;

			if (!u->strs[i])
				continue;
			j = hash_str(u->strs[i]) & (ncap - 1);
			while (nv[j])
				j = (j + 1) & (ncap - 1);
			nv[j] = u->strs[i];
		}
		free(u->strs);
		u->strs = nv;
		u->cap_strs = ncap;
	}
	h = hash_str(s) & (u->cap_strs - 1);
	while (u->strs[h]) {
		if (!strcmp(u->strs[h], s))
			goto found;
		h = (h + 1) & (u->cap_strs - 1);
	}
	u->strs[h] = bd_xstrdup(s);
	u->nstrs++;
found:
	u->memo_in[m] = s;
	u->memo_out[m] = u->strs[h];
	return u->strs[h];
}

/* ---- unit ---- */

struct bd_unit *bd_unit_new(const char *main_file)
{
	struct bd_unit *u = bd_xcalloc(1, sizeof(*u));

	u->main_file = bd_intern(u, main_file ? main_file : "<unknown>");
	return u;
}

static void func_free(struct bd_func *f)
{
	int i, j;

	for (i = 0; i < f->nblocks; i++) {
		struct bd_block *b = f->blocks[i];

		for (j = 0; j < b->nevents; j++) {
			free(b->events[j].args);
			free(b->events[j].preds);
		}
		free(b->events);
		free(b->succ);
		free(b->cases);
		free(b);
	}
	free(f->blocks);
	free(f->slot_names);
	free(f->slot_types);
	free(f->val_types);
	free(f);
}

void bd_unit_free(struct bd_unit *u)
{
	int i;
	unsigned k;

	if (!u)
		return;
	for (i = 0; i < u->nfuncs; i++)
		func_free(u->funcs[i]);
	for (i = 0; i < u->ndecls; i++) {
		free(u->decls[i]->param_types);
		free(u->decls[i]->param_names);
		free(u->decls[i]);
	}
	for (k = 0; k < u->cap_strs; k++)
		free((char *)u->strs[k]);
	free(u->strs);
	free(u->funcs);
	free(u->decls);
	free(u->decl_slot);
	free(u->bindings);
	free(u->refs);
	free(u->macros);
	free(u->statics);
	free(u);
}

struct bd_loc bd_loc_make(struct bd_unit *u, const char *file, int line, int col)
{
	struct bd_loc l;

	l.file = bd_intern(u, file ? file : "");
	l.line = line;
	l.col = col;
	return l;
}

void bd_unit_set_macro(struct bd_unit *u, const char *name, int64_t value)
{
	int i;

	name = bd_intern(u, name);
	for (i = 0; i < u->nmacros && u->macros[i].name != name; i++)
		;
	if (i == u->nmacros) {
		BD_GROW(u->macros, u->nmacros, u->cap_macros);
		u->nmacros++;
	}
	memset(&u->macros[i], 0, sizeof(u->macros[i]));
	u->macros[i].name = name;
	u->macros[i].value = value;
}

void bd_unit_macro_unknown(struct bd_unit *u, const char *name, struct bd_loc loc,
			   const char *body, const char *why)
{
	int i;

	bd_unit_set_macro(u, name, bd_macro_default(name));
	name = bd_intern(u, name);
	for (i = 0; u->macros[i].name != name; i++)
		;
	u->macros[i].why = bd_intern(u, why && *why ? why : "it is not an integer constant");
	u->macros[i].body = bd_intern(u, body ? body : "");
	u->macros[i].loc = bd_loc_make(u, loc.file ? loc.file : u->main_file, loc.line, loc.col);
}

void bd_unit_static_global(struct bd_unit *u, const char *name)
{
	name = bd_intern(u, name);
	for (int i = u->nstatics - 1; i >= 0; i--)
		if (u->statics[i] == name)
			return;
	BD_GROW(u->statics, u->nstatics, u->cap_statics);
	u->statics[u->nstatics++] = name;
}

int bd_unit_is_static_global(const struct bd_unit *u, const char *name)
{
	for (int i = 0; i < u->nstatics; i++)
		if (u->statics[i] == name || !strcmp(u->statics[i], name))
			return 1;
	return 0;
}

void bd_unit_copy_statics(struct bd_unit *dst, const struct bd_unit *src)
{
	for (int i = 0; i < src->nstatics; i++)
		bd_unit_static_global(dst, src->statics[i]);
}

int64_t bd_unit_macro(const struct bd_unit *u, const char *name, int64_t dflt)
{
	int i;

	for (i = 0; i < u->nmacros; i++)
		if (!strcmp(u->macros[i].name, name))
			return u->macros[i].value;
	return dflt;
}

const char *bd_unit_main_file(const struct bd_unit *u)
{
	return u->main_file;
}

void bd_unit_set_dir(struct bd_unit *u, const char *dir)
{
	u->dir = dir && *dir ? bd_intern(u, dir) : NULL;
}

const char *bd_unit_dir(const struct bd_unit *u)
{
	return u->dir;
}

void bd_unit_set_input(struct bd_unit *u, const char *input)
{
	u->input = input && *input && strcmp(input, u->main_file) ? bd_intern(u, input) : NULL;
}

const char *bd_unit_input(const struct bd_unit *u)
{
	return u->input ? u->input : u->main_file;
}

void bd_unit_incomplete(struct bd_unit *u, const char *reason)
{
	if (!u->incomplete)
		u->incomplete = bd_intern(u, reason && *reason ? reason : "unknown reason");
}

const char *bd_unit_incomplete_reason(const struct bd_unit *u)
{
	return u->incomplete;
}

/* ---- declarations ---- */

static unsigned decl_hash(const char *name, unsigned cap)
{
	uintptr_t p = (uintptr_t)name;

	return (unsigned)((p >> 3) ^ (p >> 13)) & (cap - 1);
}

/* Index decl i (whose name is interned) in u->decl_slot. */
static void decl_index(struct bd_unit *u, int i)
{
	unsigned h;

	if (2 * (unsigned)(u->ndecls + 1) > u->cap_decl_slot) {
		free(u->decl_slot);
		u->cap_decl_slot = u->cap_decl_slot ? 2 * u->cap_decl_slot : 64;
		while (2 * (unsigned)(u->ndecls + 1) > u->cap_decl_slot)
			u->cap_decl_slot *= 2;
		u->decl_slot = bd_xcalloc(u->cap_decl_slot, sizeof(int));
		memset(u->decl_slot, -1, u->cap_decl_slot * sizeof(int));
		for (int j = 0; j < u->ndecls; j++)
			if (j != i)
				decl_index(u, j);
	}
	for (h = decl_hash(u->decls[i]->name, u->cap_decl_slot); u->decl_slot[h] >= 0;
	     h = (h + 1) & (u->cap_decl_slot - 1))
		;
	u->decl_slot[h] = i;
}

struct bd_decl *bd_find_decl(struct bd_unit *u, const char *name)
{
	name = bd_intern(u, name);
	if (!name || !u->cap_decl_slot)
		return NULL;
	for (unsigned h = decl_hash(name, u->cap_decl_slot); u->decl_slot[h] >= 0;
	     h = (h + 1) & (u->cap_decl_slot - 1))
		if (u->decls[u->decl_slot[h]]->name == name)
			return u->decls[u->decl_slot[h]];
	return NULL;
}

struct bd_decl *bd_declare(struct bd_unit *u, const char *name, int is_static,
			   const char *ret_type, int nparams,
			   const char *const *param_types,
			   const char *const *param_names, struct bd_loc loc)
{
	struct bd_decl *d = bd_find_decl(u, name);
	int i;

	u->era = 0;	/* a new prototype may tell another era */

	if (!d) {
		d = bd_xcalloc(1, sizeof(*d));
		d->name = bd_intern(u, name);
		d->nparams = -1;
		BD_GROW(u->decls, u->ndecls, u->cap_decls);
		u->decls[u->ndecls++] = d;
		decl_index(u, u->ndecls - 1);
	}
	d->is_static |= is_static;
	if (ret_type)
		d->ret_type = bd_intern(u, ret_type);
	if (nparams >= 0 && param_types) {
		free(d->param_types);
		free(d->param_names);
		d->nparams = nparams;
		d->param_types = bd_xcalloc(nparams + 1, sizeof(char *));
		d->param_names = bd_xcalloc(nparams + 1, sizeof(char *));
		for (i = 0; i < nparams; i++) {
			d->param_types[i] = bd_intern(u, param_types[i]);
			d->param_names[i] = param_names ?
				bd_intern(u, param_names[i]) : NULL;
		}
	}
	if (loc.line || !d->loc.file)
		d->loc = loc;
	return d;
}

/* ---- bodies ---- */

struct bd_func *bd_func_begin(struct bd_unit *u, struct bd_decl *d, struct bd_loc loc)
{
	struct bd_func *f = bd_xcalloc(1, sizeof(*f));

	f->unit = u;
	f->decl = d;
	f->loc = loc;
	f->next_val = 1;
	d->has_body = 1;
	BD_GROW(u->funcs, u->nfuncs, u->cap_funcs);
	u->funcs[u->nfuncs++] = f;
	bd_block_new(f);
	return f;
}

int bd_block_new(struct bd_func *f)
{
	struct bd_block *b = bd_xcalloc(1, sizeof(*b));

	b->id = f->nblocks;
	b->term = BD_T_NONE;
	BD_GROW(f->blocks, f->nblocks, f->cap_blocks);
	f->blocks[f->nblocks++] = b;
	return b->id;
}

int bd_slot_new(struct bd_func *f, const char *name, const char *type)
{
	int n = f->nslots, cap = n;

	/* slot arrays grow one by one; functions have few locals */
	(void)cap;
	f->slot_names = bd_xrealloc(f->slot_names, (n + 1) * sizeof(char *));
	f->slot_types = bd_xrealloc(f->slot_types, (n + 1) * sizeof(char *));
	f->slot_names[n] = bd_intern(f->unit, name);
	f->slot_types[n] = bd_intern(f->unit, type);
	f->nslots = n + 1;
	return n;
}

bd_val bd_val_new(struct bd_func *f, const char *type)
{
	bd_val v = f->next_val++;

	if ((int)v >= f->cap_vals) {
		int ncap = f->cap_vals ? f->cap_vals * 2 : 64;

		while (ncap <= (int)v)
			ncap *= 2;
		f->val_types = bd_xrealloc(f->val_types, ncap * sizeof(char *));
		memset(f->val_types + f->cap_vals, 0,
		       (ncap - f->cap_vals) * sizeof(char *));
		f->cap_vals = ncap;
	}
	f->val_types[v] = bd_intern(f->unit, type);
	return v;
}

static int op_has_value(enum bd_op op)
{
	return op < BD_SLOT_STORE;
}

bd_val bd_emit(struct bd_func *f, int bi, const struct bd_event *ev)
{
	struct bd_block *b;
	struct bd_event *e;

	if (bi < 0 || bi >= f->nblocks)
		return 0;
	b = f->blocks[bi];
	BD_GROW(b->events, b->nevents, b->cap_events);
	e = &b->events[b->nevents++];
	*e = *ev;
	e->name = bd_intern(f->unit, ev->name);
	e->tag = bd_intern(f->unit, ev->tag);
	e->type = bd_intern(f->unit, ev->type);
	e->loc.file = bd_intern(f->unit, ev->loc.file);
	e->args = NULL;
	e->preds = NULL;
	if (ev->nargs > 0) {
		e->args = bd_xcalloc(ev->nargs, sizeof(bd_val));
		if (ev->args)
			memcpy(e->args, ev->args, ev->nargs * sizeof(bd_val));
		if (ev->preds) {
			e->preds = bd_xcalloc(ev->nargs, sizeof(int));
			memcpy(e->preds, ev->preds, ev->nargs * sizeof(int));
		}
	}
	if (!op_has_value(e->op))
		e->dst = 0;
	else if (!e->dst && !(e->op == BD_CALL && ev->dst == 0 && ev->imm == -1))
		e->dst = bd_val_new(f, e->type);
	return e->dst;
}

static struct bd_event ev_init(enum bd_op op, struct bd_loc loc)
{
	struct bd_event e;

	memset(&e, 0, sizeof(e));
	e.op = op;
	e.loc = loc;
	return e;
}

bd_val bd_const(struct bd_func *f, int b, int64_t k, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_CONST, loc);

	e.imm = k;
	e.type = "long";
	return bd_emit(f, b, &e);
}

bd_val bd_param(struct bd_func *f, int b, int idx, const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_PARAM, loc);

	e.imm = idx;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_copy(struct bd_func *f, int b, bd_val a, const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_COPY, loc);

	e.a = a;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_binop(struct bd_func *f, int b, enum bd_binop op, bd_val x, bd_val y,
		const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_BINOP, loc);

	e.sub = op;
	e.a = x;
	e.b = y;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_unop(struct bd_func *f, int b, enum bd_unop op, bd_val x,
	       const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_UNOP, loc);

	e.sub = op;
	e.a = x;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_unknown(struct bd_func *f, int b, const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_UNKNOWN, loc);

	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_field_load(struct bd_func *f, int b, bd_val base, const char *tag,
		     const char *field, const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_FIELD_LOAD, loc);

	e.a = base;
	e.tag = tag;
	e.name = field;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_field_addr(struct bd_func *f, int b, bd_val base, const char *tag,
		     const char *field, const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_FIELD_ADDR, loc);

	e.a = base;
	e.tag = tag;
	e.name = field;
	e.type = type;
	return bd_emit(f, b, &e);
}

void bd_field_store(struct bd_func *f, int b, bd_val base, const char *tag,
		    const char *field, bd_val v, int compound, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_FIELD_STORE, loc);

	e.a = base;
	e.b = v;
	e.tag = tag;
	e.name = field;
	e.sub = compound ? BD_STORE_COMPOUND : BD_STORE_PLAIN;
	bd_emit(f, b, &e);
}

bd_val bd_slot_load(struct bd_func *f, int b, int slot, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_SLOT_LOAD, loc);

	e.imm = slot;
	e.type = (slot >= 0 && slot < f->nslots) ? f->slot_types[slot] : NULL;
	return bd_emit(f, b, &e);
}

void bd_slot_store(struct bd_func *f, int b, int slot, bd_val v, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_SLOT_STORE, loc);

	e.imm = slot;
	e.b = v;
	bd_emit(f, b, &e);
}

bd_val bd_slot_addr(struct bd_func *f, int b, int slot, const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_SLOT_ADDR, loc);

	e.imm = slot;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_global_load(struct bd_func *f, int b, const char *name, const char *type,
		      struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_GLOBAL_LOAD, loc);

	e.name = name;
	e.type = type;
	return bd_emit(f, b, &e);
}

void bd_global_store(struct bd_func *f, int b, const char *name, bd_val v, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_GLOBAL_STORE, loc);

	e.name = name;
	e.b = v;
	bd_emit(f, b, &e);
}

bd_val bd_global_addr(struct bd_func *f, int b, const char *name, const char *type,
		      struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_GLOBAL_ADDR, loc);

	e.name = name;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_deref_load(struct bd_func *f, int b, bd_val p, const char *tag,
		     const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_DEREF_LOAD, loc);

	e.a = p;
	e.tag = tag;
	e.type = type;
	return bd_emit(f, b, &e);
}

void bd_deref_store(struct bd_func *f, int b, bd_val p, const char *tag, bd_val v,
		    struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_DEREF_STORE, loc);

	e.a = p;
	e.b = v;
	e.tag = tag;
	bd_emit(f, b, &e);
}

bd_val bd_func_addr(struct bd_func *f, int b, const char *name, const char *type,
		    struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_FUNC_ADDR, loc);

	e.name = name;
	e.type = type;
	return bd_emit(f, b, &e);
}

bd_val bd_call(struct bd_func *f, int b, const char *callee, bd_val fnptr,
	       int nargs, const bd_val *args, const char *type, int want_value,
	       struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_CALL, loc);

	e.name = callee;
	e.a = callee ? 0 : fnptr;
	e.nargs = nargs;
	e.args = (bd_val *)args;
	e.type = type;
	if (!want_value)
		e.imm = -1;	/* tells bd_emit not to allocate a value */
	return bd_emit(f, b, &e);
}

bd_val bd_phi(struct bd_func *f, int b, int n, const bd_val *vals, const int *preds,
	      const char *type, struct bd_loc loc)
{
	struct bd_event e = ev_init(BD_PHI, loc);

	e.nargs = n;
	e.args = (bd_val *)vals;
	e.preds = (int *)preds;
	e.type = type;
	return bd_emit(f, b, &e);
}

static void set_succ(struct bd_block *b, int n, const int *succ)
{
	free(b->succ);
	b->succ = n ? bd_xcalloc(n, sizeof(int)) : NULL;
	if (n)
		memcpy(b->succ, succ, n * sizeof(int));
	b->nsucc = n;
}

void bd_goto(struct bd_func *f, int b, int to)
{
	struct bd_block *blk = f->blocks[b];

	blk->term = BD_T_GOTO;
	set_succ(blk, 1, &to);
}

void bd_branch(struct bd_func *f, int b, bd_val cond, int t, int e, struct bd_loc loc)
{
	struct bd_block *blk = f->blocks[b];
	int s[2] = { t, e };

	blk->term = BD_T_BRANCH;
	blk->cond = cond;
	blk->term_loc = loc;
	set_succ(blk, 2, s);
}

void bd_switch(struct bd_func *f, int b, bd_val cond, int ncases, const int64_t *cases,
	       const int *targets, int dflt, struct bd_loc loc)
{
	struct bd_block *blk = f->blocks[b];
	int *s = bd_xcalloc(ncases + 1, sizeof(int));

	memcpy(s, targets, ncases * sizeof(int));
	s[ncases] = dflt;
	blk->term = BD_T_SWITCH;
	blk->cond = cond;
	blk->term_loc = loc;
	set_succ(blk, ncases + 1, s);
	free(s);
	free(blk->cases);
	blk->cases = bd_xcalloc(ncases + 1, sizeof(int64_t));
	memcpy(blk->cases, cases, ncases * sizeof(int64_t));
}

void bd_return(struct bd_func *f, int b, bd_val v, struct bd_loc loc)
{
	struct bd_block *blk = f->blocks[b];

	blk->term = BD_T_RETURN;
	blk->cond = v;
	blk->term_loc = loc;
	set_succ(blk, 0, NULL);
}

void bd_unreachable(struct bd_func *f, int b)
{
	struct bd_block *blk = f->blocks[b];

	blk->term = BD_T_UNREACHABLE;
	set_succ(blk, 0, NULL);
}

void bd_func_end(struct bd_func *f)
{
	int i;

	/* Drop successor edges that point outside the function; a frontend
	 * bug must not crash the engine. */
	for (i = 0; i < f->nblocks; i++) {
		struct bd_block *b = f->blocks[i];
		int j;

		for (j = 0; j < b->nsucc; j++)
			if (b->succ[j] < 0 || b->succ[j] >= f->nblocks)
				b->succ[j] = -1;
	}
}

/* ---- bindings and references ---- */

void bd_bind(struct bd_unit *u, const char *tag, const char *object,
	     const char *member, const char *func, struct bd_loc loc, int exact)
{
	struct bd_binding *b;

	u->era = 0;
	BD_GROW(u->bindings, u->nbindings, u->cap_bindings);
	b = &u->bindings[u->nbindings++];
	b->tag = bd_intern(u, tag);
	b->object = bd_intern(u, object);
	b->member = bd_intern(u, member);
	b->func = bd_intern(u, func);
	b->loc = loc;
	b->loc.file = bd_intern(u, loc.file);
	b->exact = exact;
	bd_reference(u, func);
}

void bd_reference(struct bd_unit *u, const char *func)
{
	int i;

	func = bd_intern(u, func);
	for (i = 0; i < u->nrefs; i++)
		if (u->refs[i] == func)
			return;
	BD_GROW(u->refs, u->nrefs, u->cap_refs);
	u->refs[u->nrefs++] = func;
}

int bd_unit_is_referenced(const struct bd_unit *u, const char *func)
{
	int i;

	for (i = 0; i < u->nrefs; i++)
		if (!strcmp(u->refs[i], func))
			return 1;
	return 0;
}

/* ---- types ---- */

const char *bd_type_ptr(struct bd_unit *u, const char *pointee)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s *", pointee ? pointee : "void");
	/* "struct file * *" reads badly: keep stars together */
	if (pointee && pointee[strlen(pointee) - 1] == '*')
		snprintf(buf, sizeof(buf), "%s*", pointee);
	return bd_intern(u, buf);
}

const char *bd_type_record(struct bd_unit *u, int is_union, const char *tag)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s %s", is_union ? "union" : "struct",
		 tag && *tag ? tag : "<anon>");
	return bd_intern(u, buf);
}

/* ---- reading ---- */

int bd_unit_nfuncs(const struct bd_unit *u) { return u->nfuncs; }
struct bd_func *bd_unit_func(const struct bd_unit *u, int i) { return u->funcs[i]; }
int bd_unit_ndecls(const struct bd_unit *u) { return u->ndecls; }
struct bd_decl *bd_unit_decl(const struct bd_unit *u, int i) { return u->decls[i]; }
int bd_unit_nbindings(const struct bd_unit *u) { return u->nbindings; }
const struct bd_binding *bd_unit_binding(const struct bd_unit *u, int i)
{
	return &u->bindings[i];
}

/* ---- dump ---- */

static void dump_loc(FILE *out, struct bd_loc l)
{
	if (l.line)
		fprintf(out, "  @%d:%d", l.line, l.col);
}

static void dump_event(FILE *out, const struct bd_event *e)
{
	int i;

	fprintf(out, "    ");
	if (e->dst)
		fprintf(out, "v%u = ", e->dst);
	fprintf(out, "%s", bd_op_name(e->op));
	switch (e->op) {
	case BD_CONST:
		fprintf(out, " %" PRId64, e->imm);
		break;
	case BD_PARAM:
	case BD_SLOT_LOAD:
	case BD_SLOT_ADDR:
		fprintf(out, " %" PRId64, e->imm);
		break;
	case BD_SLOT_STORE:
		fprintf(out, " %" PRId64 " v%u", e->imm, e->b);
		break;
	case BD_BINOP:
		fprintf(out, ".%s v%u v%u", (unsigned)e->sub < BD_BINOP_COUNT ?
			binop_names[e->sub] : "?", e->a, e->b);
		break;
	case BD_UNOP:
		fprintf(out, ".%s v%u", (unsigned)e->sub < BD_UNOP_COUNT ?
			unop_names[e->sub] : "?", e->a);
		break;
	case BD_COPY:
	case BD_DEREF_LOAD:
		fprintf(out, " v%u", e->a);
		break;
	case BD_DEREF_STORE:
		fprintf(out, " v%u v%u", e->a, e->b);
		break;
	case BD_FIELD_LOAD:
	case BD_FIELD_ADDR:
		fprintf(out, " v%u %s.%s", e->a, e->tag ? e->tag : "?",
			e->name ? e->name : "?");
		break;
	case BD_FIELD_STORE:
		fprintf(out, "%s v%u %s.%s v%u",
			e->sub == BD_STORE_COMPOUND ? ".compound" : "",
			e->a, e->tag ? e->tag : "?", e->name ? e->name : "?", e->b);
		break;
	case BD_CALL:
		if (e->name)
			fprintf(out, " %s(", e->name);
		else
			fprintf(out, " *v%u(", e->a);
		for (i = 0; i < e->nargs; i++)
			fprintf(out, "%sv%u", i ? ", " : "", e->args[i]);
		fprintf(out, ")");
		break;
	case BD_PHI:
		for (i = 0; i < e->nargs; i++)
			fprintf(out, " [v%u, b%d]", e->args[i],
				e->preds ? e->preds[i] : -1);
		break;
	case BD_FUNC_ADDR:
	case BD_GLOBAL_ADDR:
	case BD_GLOBAL_LOAD:
		fprintf(out, " %s", e->name ? e->name : "?");
		break;
	case BD_GLOBAL_STORE:
		fprintf(out, " %s v%u", e->name ? e->name : "?", e->b);
		break;
	default:
		break;
	}
	if (e->type)
		fprintf(out, " : %s", e->type);
	dump_loc(out, e->loc);
	fprintf(out, "\n");
}

static void dump_term(FILE *out, const struct bd_block *b)
{
	int i;

	fprintf(out, "    ");
	switch (b->term) {
	case BD_T_GOTO:
		fprintf(out, "goto b%d", b->succ[0]);
		break;
	case BD_T_BRANCH:
		fprintf(out, "branch v%u b%d b%d", b->cond, b->succ[0], b->succ[1]);
		break;
	case BD_T_SWITCH:
		fprintf(out, "switch v%u", b->cond);
		for (i = 0; i + 1 < b->nsucc; i++)
			fprintf(out, " %" PRId64 ":b%d", b->cases[i], b->succ[i]);
		fprintf(out, " default:b%d", b->succ[b->nsucc - 1]);
		break;
	case BD_T_RETURN:
	case BD_T_NONE:
		if (b->cond)
			fprintf(out, "return v%u", b->cond);
		else
			fprintf(out, "return");
		break;
	case BD_T_UNREACHABLE:
		fprintf(out, "unreachable");
		break;
	}
	fprintf(out, "\n");
}

static void dump_decl(FILE *out, const struct bd_decl *d)
{
	int i;

	fprintf(out, "%s%s %s(", d->is_static ? "static " : "",
		d->ret_type ? d->ret_type : "?", d->name);
	for (i = 0; i < d->nparams; i++)
		fprintf(out, "%s%s", i ? ", " : "",
			d->param_types[i] ? d->param_types[i] : "?");
	fprintf(out, ")");
}

void bd_unit_dump(const struct bd_unit *u, FILE *out)
{
	int i, j, k;

	fprintf(out, "unit %s\n", u->main_file);
	for (i = 0; i < u->nbindings; i++) {
		const struct bd_binding *b = &u->bindings[i];

		fprintf(out, "bind %s %s.%s = %s  @%d%s\n", b->tag ? b->tag : "?",
			b->object ? b->object : "<runtime>", b->member, b->func,
			b->loc.line, b->exact ? "" : "?");
	}
	for (i = 0; i < u->ndecls; i++) {
		if (u->decls[i]->has_body)
			continue;
		fprintf(out, "decl ");
		dump_decl(out, u->decls[i]);
		fprintf(out, "\n");
	}
	for (i = 0; i < u->nstatics; i++)
		fprintf(out, "static global %s\n", u->statics[i]);
	for (i = 0; i < u->nfuncs; i++) {
		const struct bd_func *f = u->funcs[i];

		fprintf(out, "func ");
		dump_decl(out, f->decl);
		fprintf(out, "  @%d\n", f->loc.line);
		for (k = 0; k < f->nslots; k++)
			fprintf(out, "  slot %d %s : %s\n", k,
				f->slot_names[k] ? f->slot_names[k] : "?",
				f->slot_types[k] ? f->slot_types[k] : "?");
		for (j = 0; j < f->nblocks; j++) {
			const struct bd_block *b = f->blocks[j];

			fprintf(out, "  b%d:\n", j);
			for (k = 0; k < b->nevents; k++)
				dump_event(out, &b->events[k]);
			dump_term(out, b);
		}
	}
}
