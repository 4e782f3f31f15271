// SPDX-License-Identifier: GPL-2.0
/*
 * mode.c - what an fmode_t value can be.
 *
 * A mode is a small set of expressions "base | set & ~clr", where base is a
 * constant or a symbol: a parameter, a struct field (by record tag and field
 * name, so sb->s_mode read anywhere is the same symbol), or an opaque event.
 * That is enough to tell "the same value", "a bit added or dropped", and
 * "different constants" apart, and to say nothing when it cannot know.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cond.h"
#include "flags.h"
#include "mode.h"

static int same_guards(const struct bd_mexpr *a, const struct bd_mexpr *b)
{
	if (a->nguard != b->nguard)
		return 0;
	for (int i = 0; i < a->nguard; i++)
		if (a->guard[i].flag != b->guard[i].flag || a->guard[i].nz != b->guard[i].nz)
			return 0;
	return 1;
}

/* a and b differ only in the value their last guard wants of one flag:
 * together they hold whatever that flag is. */
static int complementary(const struct bd_mexpr *a, const struct bd_mexpr *b)
{
	int n = a->nguard;

	if (!n || n != b->nguard || a->guard[n - 1].flag != b->guard[n - 1].flag ||
	    a->guard[n - 1].nz == b->guard[n - 1].nz)
		return 0;
	for (int i = 0; i < n - 1; i++)
		if (a->guard[i].flag != b->guard[i].flag || a->guard[i].nz != b->guard[i].nz)
			return 0;
	return 1;
}

static void add(struct bd_mset *s, const struct bd_mexpr *m)
{
	for (int i = 0; i < s->n; i++) {
		if (!bd_mexpr_equal(&s->v[i], m))
			continue;
		if (same_guards(&s->v[i], m))
			return;
		if (complementary(&s->v[i], m)) {
			s->v[i].nguard--;
			return;
		}
	}
	if (s->n == BD_MSET_MAX) {
		s->unknown = 1;
		return;
	}
	s->v[s->n++] = *m;
}

/* The flag a two-way merge at block 'join' of arms blk[0], blk[1] depends
 * on: a branch on a global flag at their nearest common dominator that
 * sends each arm its own way.  Fills g[i] for arm i. */
static int arm_guards(struct bd_fn *fn, const int blk[2], int join, struct bd_mguard g[2])
{
	int d = bd_ncd(fn, blk[0], blk[1]), nz, s0, s1;
	const char *flag;

	if (d < 0 || !(flag = bd_flag_test(fn, d, &nz)))
		return 0;
	s0 = bd_branch_side(fn, d, blk[0], join);
	s1 = bd_branch_side(fn, d, blk[1], join);
	if (s0 < 0 || s1 < 0 || s0 == s1)
		return 0;
	g[0].flag = g[1].flag = flag;
	g[0].nz = s0 == nz;
	g[1].nz = s1 == nz;
	return 1;
}

/* The same for two stores to a local that both reach one load: a store
 * in d itself reaches it only around the branch into the other store's
 * block (mode = FMODE_READ; if (flag) mode |= FMODE_EXCL;). */
static int store_guards(struct bd_fn *fn, const int blk[2], struct bd_mguard g[2])
{
	int d = bd_ncd(fn, blk[0], blk[1]), nz, side[2];
	const char *flag;

	if (d < 0 || !(flag = bd_flag_test(fn, d, &nz)))
		return 0;
	for (int i = 0; i < 2; i++)
		side[i] = blk[i] == d ? -1 : bd_dom_side(fn, d, blk[i]);
	for (int i = 0; i < 2; i++)
		if (blk[i] == d && side[!i] >= 0 &&
		    fn->f->blocks[d]->succ[side[!i]] == blk[!i])
			side[i] = !side[!i];
	if (side[0] < 0 || side[1] < 0 || side[0] == side[1])
		return 0;
	for (int i = 0; i < 2; i++) {
		g[i].flag = flag;
		g[i].nz = side[i] == nz;
	}
	return 1;
}

/* Add the members of 'in' to 'out', each also under guard g. */
static void add_guarded(struct bd_mset *out, const struct bd_mset *in,
			const struct bd_mguard *g)
{
	out->unknown |= in->unknown;
	for (int i = 0; i < in->n; i++) {
		struct bd_mexpr m = in->v[i];

		if (g && m.nguard < BD_MGUARDS)
			m.guard[m.nguard++] = *g;
		add(out, &m);
	}
}

static void sym_of(struct bd_fn *fn, struct bd_event *e, struct bd_mexpr *m)
{
	memset(m, 0, sizeof(*m));
	m->fn = fn;
	if (!e) {
		m->kind = BD_MX_EVENT;
		return;
	}
	switch (e->op) {
	case BD_PARAM:
		m->kind = BD_MX_PARAM;
		m->param = (int)e->imm;
		break;
	case BD_FIELD_LOAD:
		m->kind = BD_MX_FIELD;
		m->tag = e->tag;
		m->field = e->name;
		break;
	default:
		m->kind = BD_MX_EVENT;
		m->ev = e;
		break;
	}
}

static void eval(struct bd_fn *fn, bd_val v, struct bd_mset *out, int depth);

/* The two arms of a merge, each under its guard when a flag decides
 * (join < 0: two stores to a local, not a phi). */
static void eval_arms(struct bd_fn *fn, bd_val a0, bd_val a1, const int blk[2], int join,
		      struct bd_mset *out, int depth)
{
	struct bd_mguard g[2];
	int guarded = join < 0 ? store_guards(fn, blk, g) : arm_guards(fn, blk, join, g);
	bd_val a[2] = { a0, a1 };

	for (int i = 0; i < 2; i++) {
		struct bd_mset one = { 0 };

		eval(fn, a[i], &one, depth + 1);
		add_guarded(out, &one, guarded ? &g[i] : NULL);
	}
}

static void eval_slot(struct bd_fn *fn, struct bd_event *e, struct bd_mset *out, int depth)
{
	struct bd_event *st[BD_MAXROOTS];
	int b = bd_event_block(fn, e), n;

	if (b < 0) {
		out->unknown = 1;
		return;
	}
	n = bd_reaching(fn, b, (int)(e - fn->f->blocks[b]->events), (int)e->imm,
			st, BD_MAXROOTS);
	if (n > BD_MAXROOTS) {
		out->unknown = 1;
		return;
	}
	if (n == 2 && st[0] && st[1]) {
		int blk[2] = { bd_event_block(fn, st[0]), bd_event_block(fn, st[1]) };

		eval_arms(fn, st[0]->b, st[1]->b, blk, -1, out, depth);
		return;
	}
	for (int k = 0; k < n; k++) {
		if (!st[k]) {
			out->unknown = 1;
			continue;
		}
		eval(fn, st[k]->b, out, depth + 1);
	}
}

/* x | k or x & k with k constant: apply to each element of x's set. */
static void eval_mask(struct bd_fn *fn, struct bd_event *e, struct bd_mset *out, int depth)
{
	struct bd_mset inner = { 0 };
	int64_t k;
	bd_val x;

	if (bd_const_value(fn, e->b, &k))
		x = e->a;
	else if (bd_const_value(fn, e->a, &k))
		x = e->b;
	else {
		struct bd_mexpr m;

		sym_of(fn, e, &m);
		add(out, &m);
		return;
	}
	eval(fn, x, &inner, depth + 1);
	out->unknown |= inner.unknown;
	for (int i = 0; i < inner.n; i++) {
		struct bd_mexpr m = inner.v[i];

		if (e->sub == BD_OR) {
			if (m.kind == BD_MX_CONST)
				m.k |= k;
			else {
				m.set |= (uint64_t)k;
				m.clr &= ~(uint64_t)k;
			}
		} else {
			if (m.kind == BD_MX_CONST)
				m.k &= k;
			else {
				m.set &= (uint64_t)k;
				m.clr |= ~(uint64_t)k & 0xffffffffu;
			}
		}
		add(out, &m);
	}
}

/* Steps one evaluation may take; past it the mode is unknown (PHI webs in
 * loops are walked once per path otherwise). */
#define EVAL_BUDGET 2048
static int budget;
/* How deep a mode's definition is followed (a ?: nested in a ?: ..., each
 * level one or two steps down).  Past it the mode would be lost, and a
 * finding with it: the unit is not fully analysed instead (issue 29;
 * docs/output.md "Limits"). */
#define EVAL_DEPTH 1000
static int too_deep;

static void eval_at(struct bd_fn *fn, bd_val v, struct bd_mset *out, int depth);

/* The values on the current path of the walk: a value reached again
 * through itself is a loop (a PHI web), unknown as before - not a depth
 * that would need a deeper walk, so never the depth limit. */
static unsigned char *on_path;
static unsigned path_size;

static void eval(struct bd_fn *fn, bd_val v, struct bd_mset *out, int depth)
{
	if (on_path && v < path_size) {
		if (on_path[v]) {
			out->unknown = 1;
			return;
		}
		on_path[v] = 1;
		eval_at(fn, v, out, depth);
		on_path[v] = 0;
		return;
	}
	eval_at(fn, v, out, depth);
}

static void eval_at(struct bd_fn *fn, bd_val v, struct bd_mset *out, int depth)
{
	struct bd_event *e = bd_def(fn, v);
	struct bd_mexpr m;

	if (depth > EVAL_DEPTH) {
		too_deep = 1;
		out->unknown = 1;
		return;
	}
	if (out->unknown || --budget < 0) {
		out->unknown = 1;
		return;
	}
	if (!e) {
		out->unknown = 1;
		return;
	}
	switch (e->op) {
	case BD_CONST:
		memset(&m, 0, sizeof(m));
		m.kind = BD_MX_CONST;
		m.k = e->imm;
		add(out, &m);
		return;
	case BD_COPY:
		eval(fn, e->a, out, depth + 1);
		return;
	case BD_PHI:
		if (e->nargs == 2 && e->preds) {
			int blk[2] = { e->preds[0], e->preds[1] };

			eval_arms(fn, e->args[0], e->args[1], blk, bd_event_block(fn, e),
				  out, depth);
			return;
		}
		for (int i = 0; i < e->nargs; i++)
			eval(fn, e->args[i], out, depth + 1);
		return;
	case BD_SLOT_LOAD:
		eval_slot(fn, e, out, depth);
		return;
	case BD_BINOP:
		if (e->sub == BD_OR || e->sub == BD_AND) {
			eval_mask(fn, e, out, depth);
			return;
		}
		break;
	default:
		break;
	}
	sym_of(fn, e, &m);
	add(out, &m);
}

/*
 * The checks ask for the same values again and again (put-mode's pairing,
 * its tag classes and the whole-program graphs each evaluate every get's
 * and put's mode), and a mode built on many paths costs up to
 * EVAL_BUDGET steps each time: in one function of 50,000 statements that
 * was most of the compile.  The answer depends only on the function's IR,
 * which no check changes, so each function keeps it per value
 * (fn->modes, freed with the function).
 */
void bd_mode_eval(struct bd_fn *fn, bd_val v, struct bd_mset *out)
{
	unsigned n = fn->f->next_val;

	memset(out, 0, sizeof(*out));
	if (!v) {
		out->unknown = 1;
		return;
	}
	if (v < n && fn->modes && fn->modes[v]) {
		*out = *fn->modes[v];
		return;
	}
	budget = EVAL_BUDGET;
	too_deep = 0;
	if (path_size < n) {
		free(on_path);
		path_size = n;
		on_path = bd_xcalloc(n, 1);
	}
	eval(fn, v, out, 0);
	if (too_deep && fn->ctx && fn->ctx->u) {
		char why[512];

		snprintf(why, sizeof(why), "function '%s' builds a mode more than %d levels "
			 "deep (nested ?: or copies); bdops does not follow it",
			 fn->f->decl && fn->f->decl->name ? fn->f->decl->name : "?", EVAL_DEPTH);
		bd_unit_incomplete(fn->ctx->u, why);
	}
	if (v >= n)
		return;
	if (!fn->modes)
		fn->modes = bd_xcalloc(n, sizeof(*fn->modes));
	fn->modes[v] = bd_xcalloc(1, sizeof(*out));
	*fn->modes[v] = *out;
}

void bd_mode_memo_free(struct bd_fn *fn)
{
	if (fn->modes)
		for (unsigned v = 0; v < fn->f->next_val; v++)
			free(fn->modes[v]);
	free(fn->modes);
	fn->modes = NULL;
}

int bd_mexpr_same_base(const struct bd_mexpr *a, const struct bd_mexpr *b)
{
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case BD_MX_CONST:
		return 1;
	case BD_MX_PARAM:
		return a->fn == b->fn && a->param == b->param;
	case BD_MX_FIELD:
		return a->tag == b->tag && a->field == b->field;
	case BD_MX_EVENT:
		return a->ev && a->ev == b->ev;
	}
	return 0;
}

int bd_mexpr_equal(const struct bd_mexpr *a, const struct bd_mexpr *b)
{
	if (!bd_mexpr_same_base(a, b))
		return 0;
	if (a->kind == BD_MX_CONST)
		return a->k == b->k;
	return a->set == b->set && a->clr == b->clr;
}

int bd_mset_has(const struct bd_mset *s, const struct bd_mexpr *m)
{
	for (int i = 0; i < s->n; i++)
		if (bd_mexpr_equal(&s->v[i], m))
			return 1;
	return 0;
}

int bd_mset_guarded(const struct bd_mset *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i].nguard)
			return 1;
	return 0;
}

int bd_mset_all_const(const struct bd_mset *s)
{
	if (s->unknown || !s->n)
		return 0;
	for (int i = 0; i < s->n; i++)
		if (s->v[i].kind != BD_MX_CONST)
			return 0;
	return 1;
}

static const char *const fmode_names[] = {
	"FMODE_READ", "FMODE_WRITE", "FMODE_LSEEK", "FMODE_PREAD",
	"FMODE_PWRITE", "FMODE_EXEC", "FMODE_NDELAY", "FMODE_EXCL",
};

const char *bd_mode_bits(uint64_t k, char *buf, size_t len)
{
	size_t used = 0;
	uint64_t rest = k;

	buf[0] = 0;
	if (!k) {
		snprintf(buf, len, "0");
		return buf;
	}
	for (unsigned i = 0; i < 8; i++) {
		if (!(k & (1u << i)))
			continue;
		used += snprintf(buf + used, used < len ? len - used : 0, "%s%s",
				 used ? "|" : "", fmode_names[i]);
		rest &= ~(uint64_t)(1u << i);
	}
	if (rest)
		snprintf(buf + used, used < len ? len - used : 0, "%s0x%llx",
			 used ? "|" : "", (unsigned long long)rest);
	return buf;
}

const char *bd_mset_str(const struct bd_mset *s, char *buf, size_t len)
{
	size_t used = 0;
	char one[256];

	buf[0] = 0;
	for (int i = 0; i < s->n; i++) {
		int seen = 0;

		if (s->v[i].kind != BD_MX_CONST)
			continue;
		for (int j = 0; j < i; j++)
			seen |= bd_mexpr_equal(&s->v[j], &s->v[i]);
		if (seen)
			continue;
		bd_mode_bits((uint64_t)s->v[i].k, one, sizeof(one));
		used += snprintf(buf + used, used < len ? len - used : 0, "%s%s",
				 used ? " or " : "", one);
	}
	return buf;
}

void bd_mset_to_sum(const struct bd_mset *m, struct bd_sum_mode *out)
{
	memset(out, 0, sizeof(*out));
	out->unknown = m->unknown;
	for (int i = 0; i < m->n && i < BD_SUM_MODES; i++) {
		const struct bd_mexpr *x = &m->v[i];

		out->v[i].is_const = x->kind == BD_MX_CONST;
		out->v[i].is_field = x->kind == BD_MX_FIELD;
		out->v[i].k = x->k;
		out->v[i].tag = x->tag;
		out->v[i].field = x->field;
		out->v[i].set = x->set;
		out->v[i].clr = x->clr;
		/* a parameter or a call means nothing in another unit */
		if (!out->v[i].is_const && !out->v[i].is_field)
			out->unknown = 1;
	}
	out->n = m->n < BD_SUM_MODES ? m->n : BD_SUM_MODES;
}

enum bd_verdict bd_mode_judge(const struct bd_mset *P, const struct bd_mset *G, uint64_t *bits)
{
	int all_in = 1, all_back = 1;

	if (P->unknown || G->unknown || !P->n || !G->n)
		return BD_V_UNKNOWN;
	for (int i = 0; i < P->n; i++)
		all_in &= bd_mset_has(G, &P->v[i]);
	for (int i = 0; i < G->n; i++)
		all_back &= bd_mset_has(P, &G->v[i]);
	if (all_in && all_back)
		return BD_V_EQUAL;
	if (bd_mset_all_const(G) && bd_mset_all_const(P))
		return BD_V_CONST;
	for (int i = 0; i < P->n; i++)
		for (int j = 0; j < G->n; j++) {
			const struct bd_mexpr *x = &P->v[i], *y = &G->v[j];
			uint64_t add, drop;

			if (x->kind == BD_MX_CONST || !bd_mexpr_same_base(x, y) ||
			    bd_mexpr_equal(x, y))
				continue;
			add = x->set & ~y->set;
			drop = (x->clr & ~y->clr & 0xff) | (y->set & ~x->set);
			if (add) {
				*bits = add;
				return BD_V_ADDED;
			}
			if (drop) {
				*bits = drop;
				return BD_V_DROPPED;
			}
		}
	return BD_V_UNKNOWN;
}

void bd_mset_assume(struct bd_mset *m, const char *flag, int nz)
{
	int n = 0;

	for (int i = 0; i < m->n; i++) {
		struct bd_mexpr x = m->v[i];
		int keep = 1, g = 0;

		for (int k = 0; k < x.nguard; k++) {
			if (x.guard[k].flag != flag)
				x.guard[g++] = x.guard[k];
			else if (x.guard[k].nz != nz)
				keep = 0;
		}
		x.nguard = g;
		if (keep)
			m->v[n++] = x;
	}
	m->n = n;
}
