// SPDX-License-Identifier: GPL-2.0
/*
 * flow.c - put-mode over the whole program's graphs (wp.h).
 *
 * Functions are summarised bottom-up.  In each, a forward dataflow over
 * its graph follows which gets of each object (a global, a parameter's
 * bdev, a local one) may reach each point, which objects may be free
 * there (no get since entry or since the last put), and what is known of
 * each global flag (0, non-zero, as at entry, or unknown).  A call applies
 * its callee's summary: the puts it does of objects it did not get, then
 * the gets it leaves held, then the flags it sets.
 *
 * At each put - a put call, or a call of a function that puts - every get
 * that reaches it is judged, each mode resolved with the flags known where
 * it was computed:
 *   - a verdict that holds whatever the unresolved flags are is reported
 *     (a put and a get of locals only when a wrapper of another unit is
 *     involved: put_mode.c judges a unit's own);
 *   - one that depends on the function's parameters or on flags as they
 *     were at entry waits in the summary, for its callers to resolve;
 *   - one that depends on a flag nothing resolves is a --strict note.
 * A put with no get before it in its function is the function's put: its
 * callers judge it.  At the roots of the program (no caller) a put of a
 * global nothing got before is judged against every get of that global:
 * one that fits is enough, as for a struct field.
 *
 * Report: at the put, or at the call that passed the put's mode to a
 * wrapper; notes at the wrapper's put, at the get, and at the call that
 * got it.  Limits: a flag is assumed unchanged by calls of functions no
 * graph shows; gets and puts of struct fields are put_mode.c's.
 *
 * 6.5's holders (p->holder) flow the same way and are judged by
 * put-holder's rules and texts (checks/holder.h): a holder that is a
 * parameter waits for the callers; at a root, one no caller gives is a
 * holder that is not NULL.  A put of a global with no get before it is
 * judged against the gets of that global whose holder is known.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/flags.h"
#include "../checks/holder.h"
#include "wp.h"

#define FMODE_EXCL 0x80

/* What a function knows of a flag: as at entry (its callers' value),
 * that value tested 0 or non-zero, stored 0 or non-zero, or unknown. */
enum fval { F_ENTRY, F_EZ, F_ENZ, F_ZERO, F_NZ, F_OPAQUE };

/* 0 or 1 when the value is known, else -1 */
static int known(int v)
{
	return v == F_EZ || v == F_ZERO ? 0 : v == F_ENZ || v == F_NZ ? 1 : -1;
}

static int meet(int a, int b)
{
	int entry_a = a == F_ENTRY || a == F_EZ || a == F_ENZ;
	int entry_b = b == F_ENTRY || b == F_EZ || b == F_ENZ;

	if (a == b)
		return a;
	if (entry_a && entry_b)
		return F_ENTRY;		/* both sides of a test of the entry value */
	if (known(a) >= 0 && known(a) == known(b))
		return known(a) ? F_NZ : F_ZERO;
	return F_OPAQUE;
}

/* A get or put a function does for its callers, or one it waits to judge. */
struct wp_eff {
	struct wp_obj obj;	/* puts: GLOBAL, PARAM; gets: GLOBAL, LOCAL -1 (returned) */
	int has_mode;
	struct bd_mset mode;	/* in the function's terms */
	int exclusive;
	const char *api, *func, *unit;	/* the innermost get/put */
	struct bd_loc at;
	int via;		/* reached through a wrapper */
	int flagged;		/* its mode depended on a global flag */
	int mixed;		/* the chain crosses units */
	/* puts: where the mode was passed (the report's place) */
	int has_origin;
	struct bd_loc origin;
	const char *origin_func, *origin_name;
};

struct wp_pend {		/* a pair whose verdict waits for the callers */
	struct wp_eff put, get;
	struct bd_loc getcall;	/* the call that got it, line 0: none */
	const char *getcall_name, *getcall_func;
	int local;		/* both are locals: report only across units */
};

struct wp_sum {
	struct wp_eff *puts, *gets;
	int nputs, ngets;
	struct wp_set *sets;
	int nsets;
	struct wp_pend *pend;
	int npend;
};

struct ginfo {			/* a direct get of a global, for the roots */
	const char *key;
	struct wp_eff eff;
};

struct flow {
	struct wp_prog *p;
	struct wp_out *out;
	struct ginfo *globals;
	int nglobals, capglobals;
};

/* ---- per function ---- */

struct inst {			/* a get that may reach a point */
	int src;		/* its node */
	int eff;		/* the callee's get, -1 a get node, -2 unknown */
	struct wp_obj obj;
};

struct fstate {
	int reached;
	unsigned long *insts, *free_;	/* bit sets */
	unsigned char *flags;
};

struct fa {
	struct flow *w;
	struct wp_fn *f;
	struct wp_sum *sum;
	struct wp_fn **callee;	/* per node: its summarised callee */
	struct inst *inst;
	int ninst, capinst;
	struct wp_obj *objs;
	int nobjs, capobjs;
	const char **flags;
	int nflags, capflags;
	int iw, ow;		/* words of the bit sets */
	struct fstate *in;	/* per node */
	struct fstate exit;
};

#define WB (8 * (int)sizeof(long))

static int tst(const unsigned long *s, int i) { return !!(s[i / WB] & (1UL << (i % WB))); }
static void bset(unsigned long *s, int i) { s[i / WB] |= 1UL << (i % WB); }
static void bclr(unsigned long *s, int i) { s[i / WB] &= ~(1UL << (i % WB)); }

static int same_obj(const struct wp_obj *a, const struct wp_obj *b)
{
	return a->kind == b->kind && a->n == b->n && a->key == b->key;
}

static int obj_index(struct fa *a, const struct wp_obj *o)
{
	for (int i = 0; i < a->nobjs; i++)
		if (same_obj(&a->objs[i], o))
			return i;
	BD_GROW(a->objs, a->nobjs, a->capobjs);
	a->objs[a->nobjs] = *o;
	return a->nobjs++;
}

static int flag_index(struct fa *a, const char *flag)
{
	for (int i = 0; i < a->nflags; i++)
		if (a->flags[i] == flag)
			return i;
	BD_GROW(a->flags, a->nflags, a->capflags);
	a->flags[a->nflags] = flag;
	return a->nflags++;
}

static void mode_flags(struct fa *a, const struct bd_mset *m)
{
	for (int i = 0; i < m->n; i++)
		for (int k = 0; k < m->v[i].nguard; k++)
			flag_index(a, m->v[i].guard[k].flag);
}

static void wmode_flags(struct fa *a, const struct wp_mode *m)
{
	for (int i = 0; i < m->n; i++)
		for (int k = 0; k < m->v[i].nguard; k++)
			flag_index(a, m->v[i].guard[k].flag);
}

/* The caller's object for a callee's: its parameter's argument, or where
 * the call's result goes. */
static struct wp_obj map_obj(const struct wp_node *call, const struct wp_obj *o)
{
	struct wp_obj none = { WP_O_NONE, 0, NULL };

	switch (o->kind) {
	case WP_O_GLOBAL:
		return *o;
	case WP_O_PARAM:
		return o->n < call->nargs ? call->args[o->n].obj : none;
	case WP_O_LOCAL:
		return call->obj;
	default:
		return none;
	}
}

static void add_inst(struct fa *a, int src, int eff, struct wp_obj obj)
{
	if (obj.kind == WP_O_NONE)
		return;
	BD_GROW(a->inst, a->ninst, a->capinst);
	a->inst[a->ninst++] = (struct inst){ src, eff, obj };
	obj_index(a, &obj);
}

static void setup(struct fa *a)
{
	struct wp_fn *f = a->f;

	a->callee = bd_xcalloc(f->nnodes + 1, sizeof(*a->callee));
	for (int i = 0; i < f->nnodes; i++) {
		struct wp_node *n = &f->nodes[i];
		struct wp_fn *c;

		switch (n->kind) {
		case WP_GET:
			add_inst(a, i, -1, n->obj);
			wmode_flags(a, &n->mode);
			break;
		case WP_PUT:
			if (n->obj.kind != WP_O_NONE)
				obj_index(a, &n->obj);
			wmode_flags(a, &n->mode);
			break;
		case WP_SET:
		case WP_TEST:
			flag_index(a, n->name);
			break;
		case WP_CALL:
			for (int k = 0; k < n->nargs; k++)
				wmode_flags(a, &n->args[k].mode);
			c = wp_find(a->w->p, n->name, f->unit);
			if (c && c->state == 2 && c->sum) {
				a->callee[i] = c;
				for (int e = 0; e < c->sum->ngets; e++) {
					add_inst(a, i, e, map_obj(n, &c->sum->gets[e].obj));
					mode_flags(a, &c->sum->gets[e].mode);
				}
				for (int e = 0; e < c->sum->nputs; e++) {
					struct wp_obj o = map_obj(n, &c->sum->puts[e].obj);

					if (o.kind != WP_O_NONE)
						obj_index(a, &o);
					mode_flags(a, &c->sum->puts[e].mode);
				}
				for (int e = 0; e < c->sum->nsets; e++)
					flag_index(a, c->sum->sets[e].flag);
				for (int e = 0; e < c->sum->npend; e++) {
					mode_flags(a, &c->sum->pend[e].put.mode);
					mode_flags(a, &c->sum->pend[e].get.mode);
				}
			} else if (c && !c->nnodes) {
				a->callee[i] = c;	/* only the flags it sets */
				for (int e = 0; e < c->nsets; e++)
					flag_index(a, c->sets[e].flag);
			} else if (n->obj.kind != WP_O_NONE) {
				add_inst(a, i, -2, n->obj);	/* an unknown get */
			}
			break;
		default:
			break;
		}
	}
	a->iw = a->ninst / WB + 1;
	a->ow = a->nobjs / WB + 1;
}

static void st_alloc(struct fa *a, struct fstate *s)
{
	s->insts = bd_xcalloc(a->iw, sizeof(long));
	s->free_ = bd_xcalloc(a->ow, sizeof(long));
	s->flags = bd_xcalloc(a->nflags + 1, 1);
}

static void st_free(struct fstate *s)
{
	free(s->insts);
	free(s->free_);
	free(s->flags);
}

static void st_copy(struct fa *a, struct fstate *d, const struct fstate *s)
{
	d->reached = s->reached;
	memcpy(d->insts, s->insts, a->iw * sizeof(long));
	memcpy(d->free_, s->free_, a->ow * sizeof(long));
	memcpy(d->flags, s->flags, a->nflags);
}

/* d |= s; returns whether d changed */
static int st_join(struct fa *a, struct fstate *d, const struct fstate *s)
{
	int changed = 0;

	if (!s->reached)
		return 0;
	if (!d->reached) {
		st_copy(a, d, s);
		return 1;
	}
	for (int i = 0; i < a->iw; i++) {
		changed |= (d->insts[i] | s->insts[i]) != d->insts[i];
		d->insts[i] |= s->insts[i];
	}
	for (int i = 0; i < a->ow; i++) {
		changed |= (d->free_[i] | s->free_[i]) != d->free_[i];
		d->free_[i] |= s->free_[i];
	}
	for (int i = 0; i < a->nflags; i++) {
		int v = meet(d->flags[i], s->flags[i]);

		changed |= v != d->flags[i];
		d->flags[i] = v;
	}
	return changed;
}

static void drop_obj(struct fa *a, struct fstate *s, const struct wp_obj *o, int freed)
{
	for (int i = 0; i < a->ninst; i++)
		if (same_obj(&a->inst[i].obj, o))
			bclr(s->insts, i);
	if (freed)
		bset(s->free_, obj_index(a, o));
	else
		bclr(s->free_, obj_index(a, o));
}

static void got(struct fa *a, struct fstate *s, int src, int eff)
{
	for (int i = 0; i < a->ninst; i++)
		if (a->inst[i].src == src && a->inst[i].eff == eff) {
			drop_obj(a, s, &a->inst[i].obj, 0);
			bset(s->insts, i);
		}
}

static void set_flag(struct fa *a, struct fstate *s, const char *flag, int value)
{
	s->flags[flag_index(a, flag)] = value < 0 ? F_OPAQUE : value ? F_NZ : F_ZERO;
}

static void transfer(struct fa *a, int i, struct fstate *s)
{
	struct wp_node *n = &a->f->nodes[i];
	struct wp_fn *c = a->callee[i];

	switch (n->kind) {
	case WP_GET:
		got(a, s, i, -1);
		break;
	case WP_PUT:
		if (n->obj.kind != WP_O_NONE)
			drop_obj(a, s, &n->obj, 1);
		break;
	case WP_SET:
		set_flag(a, s, n->name, n->value);
		break;
	case WP_CALL:
		if (c && c->sum) {
			for (int e = 0; e < c->sum->nputs; e++) {
				struct wp_obj o = map_obj(n, &c->sum->puts[e].obj);

				if (o.kind != WP_O_NONE)
					drop_obj(a, s, &o, 1);
			}
			for (int e = 0; e < c->sum->ngets; e++)
				got(a, s, i, e);
			for (int e = 0; e < c->sum->nsets; e++)
				set_flag(a, s, c->sum->sets[e].flag, c->sum->sets[e].value);
		} else if (c) {
			for (int e = 0; e < c->nsets; e++)
				set_flag(a, s, c->sets[e].flag, c->sets[e].value);
		} else {
			got(a, s, i, -2);
		}
		break;
	default:
		break;
	}
}

/* Flow the state after node i (or the entry, i < 0) to successor list k. */
static int flow_to(struct fa *a, const int *succ, int nsucc, const struct fstate *s,
		   int *work, int *nwork, char *queued)
{
	int changed = 0;

	for (int j = 0; j < nsucc; j++) {
		int t = succ[j];

		if (t == WP_EXIT) {
			st_join(a, &a->exit, s);
			continue;
		}
		if (st_join(a, &a->in[t], s) && !queued[t]) {
			queued[t] = 1;
			work[(*nwork)++] = t;
			changed = 1;
		}
	}
	return changed;
}

static void dataflow(struct fa *a)
{
	struct wp_fn *f = a->f;
	int *work = bd_xcalloc(f->nnodes + 1, sizeof(int)), nwork = 0, steps = 0;
	char *queued = bd_xcalloc(f->nnodes + 1, 1);
	struct fstate s, e;

	a->in = bd_xcalloc(f->nnodes + 1, sizeof(*a->in));
	for (int i = 0; i < f->nnodes; i++)
		st_alloc(a, &a->in[i]);
	st_alloc(a, &a->exit);
	st_alloc(a, &s);
	st_alloc(a, &e);
	s.reached = 1;
	for (int o = 0; o < a->nobjs; o++)
		bset(s.free_, o);
	flow_to(a, f->entry, f->nentry, &s, work, &nwork, queued);
	/* a flag is lattice-bounded and sets only grow: this terminates; the
	 * cap only guards against a bug */
	while (nwork && steps++ < 64 * (f->nnodes + 8)) {
		int i = work[--nwork];
		struct wp_node *n = &f->nodes[i];

		queued[i] = 0;
		st_copy(a, &s, &a->in[i]);
		transfer(a, i, &s);
		if (n->kind == WP_TEST) {
			int fi = flag_index(a, n->name);

			for (int k = 0; k < 2; k++) {
				int v = s.flags[fi], nz = k == 0;

				if (known(v) >= 0 && known(v) != nz)
					continue;	/* this edge cannot be taken */
				st_copy(a, &e, &s);
				if (v == F_ENTRY)
					e.flags[fi] = nz ? F_ENZ : F_EZ;
				else if (v == F_OPAQUE)
					e.flags[fi] = nz ? F_NZ : F_ZERO;
				flow_to(a, n->succ[k], n->nsucc[k], &e, work, &nwork, queued);
			}
		} else {
			flow_to(a, n->succ[0], n->nsucc[0], &s, work, &nwork, queued);
		}
	}
	st_free(&s);
	st_free(&e);
	free(work);
	free(queued);
}

/* ---- modes in context ---- */

/* Mode m of a callee, seen from call n: its parameters are the call's
 * arguments. */
static void subst(const struct bd_mset *m, const struct wp_node *n, struct bd_mset *out)
{
	memset(out, 0, sizeof(*out));
	out->unknown = m->unknown;
	for (int i = 0; i < m->n; i++) {
		const struct bd_mexpr *x = &m->v[i];
		const struct wp_arg *arg;

		if (x->kind != BD_MX_PARAM) {
			if (out->n < BD_MSET_MAX)
				out->v[out->n++] = *x;
			else
				out->unknown = 1;
			continue;
		}
		arg = x->param < n->nargs ? &n->args[x->param] : NULL;
		if (!arg || !arg->has_mode) {
			out->unknown = 1;
			continue;
		}
		out->unknown |= arg->mode.unknown;
		for (int j = 0; j < arg->mode.n && j < BD_MSET_MAX; j++) {
			struct bd_mexpr y = arg->mode.v[j];

			if (y.kind == BD_MX_CONST)
				y.k = (y.k | (int64_t)x->set) & ~(int64_t)x->clr;
			else {
				y.set |= x->set;
				y.clr |= x->clr;
			}
			for (int g = 0; g < x->nguard && y.nguard < BD_MGUARDS; g++)
				y.guard[y.nguard++] = x->guard[g];
			if (out->n < BD_MSET_MAX)
				out->v[out->n++] = y;
			else
				out->unknown = 1;
		}
	}
}

/* Resolve the guards of m with the flags known in state s.  Records in
 * *resolved which flag decided (for the note).  Returns whether a guard
 * is left on a flag the function changed to something unknown: no caller
 * can resolve that. */
static int resolve(struct fa *a, struct bd_mset *m, const struct fstate *s,
		   const char **resolved, int *rval)
{
	int opaque = 0;

	for (int i = 0; i < a->nflags; i++) {
		int v = s->flags[i];

		if (v == F_OPAQUE)
			for (int k = 0; k < m->n; k++)
				for (int g = 0; g < m->v[k].nguard; g++)
					opaque |= m->v[k].guard[g].flag == a->flags[i];
		if (known(v) < 0)
			continue;
		for (int k = 0; k < m->n; k++)
			for (int g = 0; g < m->v[k].nguard; g++)
				if (m->v[k].guard[g].flag == a->flags[i] && resolved && !*resolved) {
					*resolved = a->flags[i];
					*rval = known(v);
				}
		bd_mset_assume(m, a->flags[i], known(v));
	}
	return opaque;
}

static int has_params(const struct bd_mset *m)
{
	for (int i = 0; i < m->n; i++)
		if (m->v[i].kind == BD_MX_PARAM)
			return 1;
	return 0;
}

static void add_excl(struct bd_mset *m)
{
	for (int i = 0; i < m->n; i++) {
		if (m->v[i].kind == BD_MX_CONST)
			m->v[i].k |= FMODE_EXCL;
		else {
			m->v[i].set |= FMODE_EXCL;
			m->v[i].clr &= ~(uint64_t)FMODE_EXCL;
		}
	}
}

enum outcome { O_EQUAL, O_BAD, O_WAIT, O_UNKNOWN };

struct judged {
	enum outcome o;
	enum bd_verdict v;
	uint64_t bits;
	struct bd_mset P, G;	/* the sets of the bad case */
	const char *flag;	/* a flag nothing resolves */
	struct bd_holder hp, hg;	/* holders: the put's and the get's to name */
};

/* A holder of the graphs as put-holder compares it (checks/holder.h): a
 * named object is its wp_named() event, whose name is its key. */
static void graph_holder(const struct bd_mexpr *x, struct bd_holder *h)
{
	char name[256];

	if (x->kind == BD_MX_CONST) {
		bd_holder_const(h, x->k);
	} else if (x->kind == BD_MX_EVENT && bd_holder_names(x->ev)) {
		bd_holder_named(h, x->ev->name, x->ev->op,
				bd_global_name(x->ev->name, name, sizeof(name)));
	} else if (x->kind == BD_MX_FIELD) {
		bd_holder_field(h, x->tag, x->field);
	} else {
		memset(h, 0, sizeof(*h));
		h->kind = BD_H_SYMBOL;	/* equal only to itself in this function */
		h->x = x;
		snprintf(h->show, sizeof(h->show), "a non-NULL holder");
	}
}

static int has_params(const struct bd_mset *m);

/* 6.5's holders: put-holder's judgement.  A holder that is a parameter
 * waits for the callers while they can still say what it is. */
static void holder_judge(const struct bd_mset *P0, const struct bd_mset *G0, int wait_ok,
			 struct judged *j)
{
	struct bd_hset P, G;
	const struct bd_holder *pm, *gm;
	int v;

	memset(j, 0, sizeof(*j));
	if (wait_ok && (has_params(P0) || has_params(G0))) {
		j->o = O_WAIT;
		return;
	}
	P.n = P0->n;
	P.unknown = P0->unknown;
	G.n = G0->n;
	G.unknown = G0->unknown;
	for (int i = 0; i < P0->n; i++)
		graph_holder(&P0->v[i], &P.v[i]);
	for (int i = 0; i < G0->n; i++)
		graph_holder(&G0->v[i], &G.v[i]);
	v = bd_holder_judge(&G, &P, &pm, &gm);
	j->o = v > 0 ? O_BAD : v == 0 ? O_EQUAL : O_UNKNOWN;
	if (v > 0) {
		j->hp = *pm;
		j->hg = *gm;
	}
}

/*
 * P against G over every value of the flags their guards still name: the
 * same verdict for all is the verdict; different ones wait for the
 * callers when only parameters and flags as at entry are open (wait_ok),
 * else are unknown.
 */
static void mode_judge(const struct bd_mset *P0, const struct bd_mset *G0, int excl_put,
		       int excl_get, int wait_ok, struct judged *j);

/* P against G, as the program's era compares them. */
static void judge(struct flow *w, const struct bd_mset *P0, const struct bd_mset *G0,
		  int excl_put, int excl_get, int wait_ok, struct judged *j)
{
	if (w->p->holder)
		holder_judge(P0, G0, wait_ok, j);
	else
		mode_judge(P0, G0, excl_put, excl_get, wait_ok, j);
}

static void mode_judge(const struct bd_mset *P0, const struct bd_mset *G0, int excl_put,
		       int excl_get, int wait_ok, struct judged *j)
{
	const char *fl[4];
	int nf = 0, bad = 0, good = 0, unknown = 0;

	memset(j, 0, sizeof(*j));
	for (int s = 0; s < 2; s++) {
		const struct bd_mset *m = s ? G0 : P0;

		for (int i = 0; i < m->n; i++)
			for (int g = 0; g < m->v[i].nguard; g++) {
				int k;

				for (k = 0; k < nf && fl[k] != m->v[i].guard[g].flag; k++)
					;
				if (k == nf && nf < 4)
					fl[nf++] = m->v[i].guard[g].flag;
			}
	}
	if (nf > 3) {
		j->o = O_UNKNOWN;
		return;
	}
	for (int asg = 0; asg < (1 << nf); asg++) {
		struct bd_mset P = *P0, G = *G0;
		uint64_t bits = 0;
		enum bd_verdict v;

		for (int k = 0; k < nf; k++) {
			bd_mset_assume(&P, fl[k], (asg >> k) & 1);
			bd_mset_assume(&G, fl[k], (asg >> k) & 1);
		}
		if (!P.n || !G.n)
			continue;	/* not a value these flags allow */
		if (excl_put != excl_get)
			add_excl(excl_get ? &G : &P);
		v = bd_mode_judge(&P, &G, &bits);
		if (v == BD_V_EQUAL) {
			good++;
		} else if (v == BD_V_UNKNOWN) {
			unknown++;
		} else if (!bad++) {
			j->v = v;
			j->bits = bits;
			j->P = P;
			j->G = G;
		}
	}
	if (bad && !good && !unknown)
		j->o = O_BAD;
	else if (!bad && !unknown)
		j->o = O_EQUAL;
	else if (wait_ok && (nf || has_params(P0) || has_params(G0)))
		j->o = O_WAIT;
	else
		j->o = O_UNKNOWN;
	if (nf)
		j->flag = fl[0];
}

/* ---- reporting ---- */

static void show(const struct bd_mset *m, const struct bd_mset *other, char *buf, size_t len)
{
	struct bd_mset only = { 0 };

	for (int i = 0; i < m->n; i++)
		if (!bd_mset_has(other, &m->v[i]))
			only.v[only.n++] = m->v[i];
	bd_mset_str(only.n ? &only : m, buf, len);
}

static void report_bad(struct flow *w, const struct wp_eff *put, const struct wp_eff *get,
		       const struct judged *j, const struct bd_loc *call, const char *call_name,
		       const char *flag, int flagval, const struct bd_loc *ctx, const char *ctx_name)
{
	char a[256], b[256], msg[1024], fix[300], n0[300], n1[300], n2[300], n3[300];
	char fname[128];
	struct bd_note notes[4];
	int nn = 0;
	const char *hfix = NULL;

	if (w->p->holder) {
		bd_holder_text(put->origin_name, get->api, &j->hp, &j->hg, msg, sizeof(msg),
			       n1, sizeof(n1));
		hfix = bd_holder_fix(&j->hg, NULL, NULL, fix, sizeof(fix));
		snprintf(fix, sizeof(fix), "%s", hfix ? hfix : "");
	}
	show(&j->P, &j->G, a, sizeof(a));
	show(&j->G, &j->P, b, sizeof(b));
	if (w->p->holder) {
		/* put-holder's message and fix (holder.h) */
	} else if (j->v == BD_V_CONST) {
		snprintf(msg, sizeof(msg), "%s() passes %s, but the matching %s() took %s",
			 put->origin_name, a, get->api, b);
		snprintf(fix, sizeof(fix), "pass %s", b);
	} else {
		bd_mode_bits(j->bits, a, sizeof(a));
		snprintf(msg, sizeof(msg), "%s() passes the mode of the matching %s() with %s %s",
			 put->origin_name, get->api, a, j->v == BD_V_ADDED ? "added" : "dropped");
		fix[0] = 0;
	}
	if (put->via && (put->at.line != put->origin.line || put->at.col != put->origin.col ||
			 put->at.file != put->origin.file)) {
		snprintf(n0, sizeof(n0), "%s() puts the block device with it here", put->api);
		notes[nn++] = (struct bd_note){ put->at, n0 };
	}
	if (w->p->holder)
		;	/* bd_holder_text() wrote it */
	else if (j->v == BD_V_CONST)
		snprintf(n1, sizeof(n1), "%s() took %s here", get->api, b);
	else
		snprintf(n1, sizeof(n1), "%s() took its mode here", get->api);
	notes[nn++] = (struct bd_note){ get->at, n1 };
	if (call && call->line) {
		if (flag)
			snprintf(n2, sizeof(n2), "'%s' gets it here, with '%s' %s", call_name,
				 bd_global_name(flag, fname, sizeof(fname)),
				 flagval ? "non-zero" : "0");
		else
			snprintf(n2, sizeof(n2), "'%s' gets it here", call_name);
		notes[nn++] = (struct bd_note){ *call, n2 };
	}
	if (ctx && ctx->line) {
		snprintf(n3, sizeof(n3), "'%s' is called here with '%s' %s", ctx_name,
			 bd_global_name(flag, fname, sizeof(fname)), flagval ? "non-zero" : "0");
		notes[nn++] = (struct bd_note){ *ctx, n3 };
	}
	w->out->report(w->out, BD_SEV_WARNING, put->origin, put->origin_func,
		       fix[0] ? fix : NULL, nn, notes, msg);
}

static void report_unresolved(struct flow *w, const struct wp_eff *put, const struct wp_eff *get,
			      const char *flag)
{
	char msg[1024], fname[128];

	if (!w->out->strict)
		return;
	if (flag)
		snprintf(msg, sizeof(msg), "%s() mode cannot be matched to its %s(): it depends on "
			 "'%s', which no caller sets", put->origin_name, get->api,
			 bd_global_name(flag, fname, sizeof(fname)));
	else
		snprintf(msg, sizeof(msg), "%s() mode cannot be matched to its %s(): unknown vs unknown",
			 put->origin_name, get->api);
	w->out->report(w->out, BD_SEV_NOTE, put->origin, put->origin_func, NULL, 0, NULL, msg);
}

/* ---- effects in context ---- */

static void eff_of_node(struct fa *a, int i, struct wp_eff *e)
{
	struct wp_node *n = &a->f->nodes[i];

	memset(e, 0, sizeof(*e));
	e->obj = n->obj;
	e->has_mode = n->has_mode;
	wp_mode_get(&n->mode, &e->mode);
	if (!n->has_mode)
		e->mode.unknown = 1;
	e->exclusive = n->exclusive;
	e->flagged = bd_mset_guarded(&e->mode);
	e->api = n->name;
	e->func = a->f->name;
	e->unit = a->f->unit;
	e->at = n->at;
	e->has_origin = !has_params(&e->mode);
	e->origin = n->at;
	e->origin_func = a->f->name;
	e->origin_name = n->name;
}

/* A callee's effect seen from call node i. */
static void eff_at_call(struct fa *a, int i, const struct wp_eff *ce, struct wp_eff *e)
{
	struct wp_node *n = &a->f->nodes[i];
	struct wp_fn *c = a->callee[i];

	*e = *ce;
	e->obj = map_obj(n, &ce->obj);
	subst(&ce->mode, n, &e->mode);
	e->flagged |= bd_mset_guarded(&e->mode);
	e->via = 1;
	e->mixed |= c->unit != a->f->unit || ce->unit != a->f->unit;
	if (!ce->has_origin && !has_params(&e->mode)) {
		e->has_origin = 1;
		e->origin = n->at;
		e->origin_func = a->f->name;
		e->origin_name = n->name;
	}
}

/* The get instance k's effect, its mode resolved where it was got. */
static int inst_eff(struct fa *a, int k, struct wp_eff *e, const char **flag, int *fval)
{
	struct inst *in = &a->inst[k];

	if (in->eff == -1)
		eff_of_node(a, in->src, e);
	else
		eff_at_call(a, in->src, &a->callee[in->src]->sum->gets[in->eff], e);
	return resolve(a, &e->mode, &a->in[in->src], flag, fval);
}

static void add_pend(struct fa *a, const struct wp_eff *put, const struct wp_eff *get,
		     const struct bd_loc *call, const char *call_name, int local)
{
	struct wp_sum *s = a->sum;
	struct wp_pend *p;

	if (s->npend >= 64)
		return;
	s->pend = bd_xrealloc(s->pend, (s->npend + 1) * sizeof(*s->pend));
	p = &s->pend[s->npend++];
	memset(p, 0, sizeof(*p));
	p->put = *put;
	p->get = *get;
	if (call) {
		p->getcall = *call;
		p->getcall_name = call_name;
		p->getcall_func = a->f->name;
	}
	p->local = local;
}

/* Judge put (its mode in this function's terms, resolved at the put)
 * against get; report, wait, or note. */
static void pair(struct fa *a, const struct wp_eff *put, const struct wp_eff *get,
		 const struct bd_loc *call, const char *call_name, const char *flag, int fval,
		 int opaque)
{
	struct judged j;
	int local = put->obj.kind != WP_O_GLOBAL;

	/* put_mode.c judges a unit's own locals, but for flags */
	if (local && !put->mixed && !get->mixed && !put->flagged && !get->flagged)
		return;
	if (!put->has_mode || !get->has_mode)
		return;
	judge(a->w, &put->mode, &get->mode, put->exclusive, get->exclusive, !opaque, &j);
	switch (j.o) {
	case O_BAD:
		if (put->has_origin)
			report_bad(a->w, put, get, &j, call, call_name, flag, fval, NULL, NULL);
		else
			add_pend(a, put, get, call, call_name, local);
		break;
	case O_WAIT:
		add_pend(a, put, get, call, call_name, local);
		break;
	case O_UNKNOWN:
		if (j.flag && put->has_origin)
			report_unresolved(a->w, put, get, j.flag);
		break;
	default:
		break;
	}
}

/* A put in this function: pair it with every get that may reach it; if it
 * may come first, it is the function's put. */
static void at_put(struct fa *a, int i, const struct wp_eff *put0)
{
	struct wp_eff put = *put0;
	struct fstate *s = &a->in[i];
	int oi, opaque;

	if (put.obj.kind == WP_O_NONE)
		return;
	opaque = resolve(a, &put.mode, s, NULL, NULL);
	for (int k = 0; k < a->ninst; k++) {
		struct wp_eff get;
		const char *flag = NULL;
		int fval = 0, op;
		struct inst *in = &a->inst[k];

		if (!tst(s->insts, k) || !same_obj(&in->obj, &put.obj) || in->eff == -2)
			continue;
		op = inst_eff(a, k, &get, &flag, &fval);
		pair(a, &put, &get, in->eff >= 0 ? &a->f->nodes[in->src].at : NULL,
		     a->f->nodes[in->src].name, flag, fval, opaque | op);
	}
	oi = obj_index(a, &put.obj);
	if (tst(s->free_, oi) && (put.obj.kind == WP_O_GLOBAL || put.obj.kind == WP_O_PARAM)) {
		struct wp_sum *sum = a->sum;

		if (sum->nputs < 64) {
			sum->puts = bd_xrealloc(sum->puts, (sum->nputs + 1) * sizeof(*sum->puts));
			sum->puts[sum->nputs++] = put;
		}
	}
}

/* A callee's waiting pair, at its call node i. */
static void at_pend(struct fa *a, int i, const struct wp_pend *p)
{
	struct wp_node *n = &a->f->nodes[i];
	struct wp_eff put, get;
	const char *flag = NULL;
	int fval = 0;
	struct judged j;
	int opaque;

	eff_at_call(a, i, &p->put, &put);
	eff_at_call(a, i, &p->get, &get);
	put.via = p->put.via;
	get.via = p->get.via;
	opaque = resolve(a, &put.mode, &a->in[i], &flag, &fval);
	opaque |= resolve(a, &get.mode, &a->in[i], &flag, &fval);
	if (p->local && !put.mixed && !get.mixed && !put.flagged && !get.flagged)
		return;
	judge(a->w, &put.mode, &get.mode, put.exclusive, get.exclusive, !opaque, &j);
	if (j.o == O_BAD && put.has_origin)
		report_bad(a->w, &put, &get, &j, p->getcall.line ? &p->getcall : NULL,
			   p->getcall_name, flag, fval, flag ? &n->at : NULL, n->name);
	else if (j.o == O_BAD || j.o == O_WAIT) {
		struct wp_sum *s = a->sum;

		add_pend(a, &put, &get, NULL, NULL, p->local);
		s->pend[s->npend - 1].getcall = p->getcall;
		s->pend[s->npend - 1].getcall_name = p->getcall_name;
	} else if (j.o == O_UNKNOWN && j.flag) {
		report_unresolved(a->w, &put, &get, j.flag);
	}
}

static void evaluate(struct fa *a)
{
	struct wp_fn *f = a->f;

	for (int i = 0; i < f->nnodes; i++) {
		struct wp_node *n = &f->nodes[i];
		struct wp_fn *c = a->callee[i];
		struct wp_eff put;

		if (!a->in[i].reached)
			continue;
		if (n->kind == WP_PUT) {
			eff_of_node(a, i, &put);
			at_put(a, i, &put);
		} else if (n->kind == WP_CALL && c && c->sum) {
			for (int e = 0; e < c->sum->nputs; e++) {
				eff_at_call(a, i, &c->sum->puts[e], &put);
				at_put(a, i, &put);
			}
			for (int e = 0; e < c->sum->npend; e++)
				at_pend(a, i, &c->sum->pend[e]);
		} else if (n->kind == WP_GET && n->obj.kind == WP_O_GLOBAL) {
			struct flow *w = a->w;
			struct ginfo *g;

			BD_GROW(w->globals, w->nglobals, w->capglobals);
			g = &w->globals[w->nglobals++];
			g->key = n->obj.key;
			eff_of_node(a, i, &g->eff);
			resolve(a, &g->eff.mode, &a->in[i], NULL, NULL);
		}
	}
}

/* What the function leaves for its callers. */
static void summarise(struct fa *a)
{
	struct wp_sum *s = a->sum;

	for (int k = 0; k < a->ninst && a->exit.reached; k++) {
		struct inst *in = &a->inst[k];
		struct wp_eff e;
		struct wp_node *src = &a->f->nodes[in->src];
		int ret = in->obj.kind == WP_O_LOCAL && src->ret;

		if (!tst(a->exit.insts, k) || in->eff == -2 ||
		    !(in->obj.kind == WP_O_GLOBAL || ret) || s->ngets >= 64)
			continue;
		inst_eff(a, k, &e, NULL, NULL);
		if (ret)
			e.obj = (struct wp_obj){ WP_O_LOCAL, -1, NULL };
		s->gets = bd_xrealloc(s->gets, (s->ngets + 1) * sizeof(*s->gets));
		s->gets[s->ngets++] = e;
	}
	for (int i = 0; i < a->nflags && a->exit.reached; i++) {
		int v = a->exit.flags[i];

		if (v == F_ENTRY || v == F_EZ || v == F_ENZ)
			continue;	/* as the caller left it */
		s->sets = bd_xrealloc(s->sets, (s->nsets + 1) * sizeof(*s->sets));
		s->sets[s->nsets++] = (struct wp_set){ a->flags[i],
						      v == F_ZERO ? 0 : v == F_NZ ? 1 : -1 };
	}
}

static void analyse_fn(struct flow *w, struct wp_fn *f);

static void analyse_callees(struct flow *w, struct wp_fn *f)
{
	for (int i = 0; i < f->nnodes; i++) {
		struct wp_fn *c;

		if (f->nodes[i].kind != WP_CALL)
			continue;
		c = wp_find(w->p, f->nodes[i].name, f->unit);
		if (c && c->state == 0)
			analyse_fn(w, c);
	}
}

static void analyse_fn(struct flow *w, struct wp_fn *f)
{
	struct fa a;

	f->state = 1;
	analyse_callees(w, f);
	memset(&a, 0, sizeof(a));
	a.w = w;
	a.f = f;
	a.sum = f->sum = bd_xcalloc(1, sizeof(*f->sum));
	if (f->nnodes) {
		setup(&a);
		dataflow(&a);
		evaluate(&a);
		summarise(&a);
		for (int i = 0; i < f->nnodes; i++)
			st_free(&a.in[i]);
		st_free(&a.exit);
	} else {
		f->sum->nsets = f->nsets;
		f->sum->sets = bd_xcalloc(f->nsets + 1, sizeof(*f->sum->sets));
		memcpy(f->sum->sets, f->sets, f->nsets * sizeof(*f->sets));
	}
	free(a.in);
	free(a.callee);
	free(a.inst);
	free(a.objs);
	free(a.flags);
	f->state = 2;
}

/* ---- the roots ---- */

static void count_callers(struct wp_prog *p)
{
	for (int i = 0; i < p->nfns; i++)
		for (int k = 0; k < p->fns[i].nnodes; k++) {
			struct wp_node *n = &p->fns[i].nodes[k];
			struct wp_fn *c;

			if (n->kind == WP_CALL && (c = wp_find(p, n->name, p->fns[i].unit)) &&
			    c != &p->fns[i])
				c->ncallers++;
		}
}

/* A put of a global with no get before it anywhere up to a root: judged
 * against every get of that global, as a struct field's; one fitting is
 * enough. */
static void root_put(struct flow *w, const struct wp_eff *put)
{
	const struct wp_eff *bad = NULL;
	struct judged jb;

	if (!put->has_origin || !put->has_mode)
		return;
	for (int i = 0; i < w->nglobals; i++) {
		struct judged j;

		if (w->globals[i].key != put->obj.key)
			continue;
		/* a holder its get's callers give: which one is not known here */
		if (w->p->holder && has_params(&w->globals[i].eff.mode))
			return;
		judge(w, &put->mode, &w->globals[i].eff.mode, put->exclusive,
		      w->globals[i].eff.exclusive, 0, &j);
		if (j.o != O_BAD)
			return;	/* fits, or cannot be told */
		if (!bad) {
			bad = &w->globals[i].eff;
			jb = j;
		}
	}
	if (bad)
		report_bad(w, put, bad, &jb, NULL, NULL, NULL, 0, NULL, NULL);
}

static void roots(struct flow *w)
{
	struct wp_prog *p = w->p;

	for (int i = 0; i < p->nfns; i++) {
		struct wp_fn *f = &p->fns[i];

		/* in one unit, a function others may call is no root */
		if (f->ncallers || !f->sum || (!w->out->whole && !f->is_static))
			continue;
		for (int k = 0; k < f->sum->nputs; k++)
			if (f->sum->puts[k].obj.kind == WP_O_GLOBAL)
				root_put(w, &f->sum->puts[k]);
		for (int k = 0; k < f->sum->npend; k++) {
			struct wp_pend *pd = &f->sum->pend[k];
			struct judged j;

			if (pd->local && !pd->put.mixed && !pd->get.mixed &&
			    !pd->put.flagged && !pd->get.flagged)
				continue;
			judge(w, &pd->put.mode, &pd->get.mode, pd->put.exclusive,
			      pd->get.exclusive, 0, &j);
			if (pd->put.has_origin && j.o == O_UNKNOWN && j.flag)
				report_unresolved(w, &pd->put, &pd->get, j.flag);
			/* a holder no caller gives: a parameter, not NULL */
			if (w->p->holder && pd->put.has_origin && j.o == O_BAD)
				report_bad(w, &pd->put, &pd->get, &j,
					   pd->getcall.line ? &pd->getcall : NULL,
					   pd->getcall_name, NULL, 0, NULL, NULL);
		}
	}
}

void wp_analyze(struct wp_prog *p, struct wp_out *out)
{
	struct flow w;

	out->holder = p->holder;
	memset(&w, 0, sizeof(w));
	w.p = p;
	w.out = out;
	count_callers(p);
	for (int i = 0; i < p->nfns; i++)
		if (p->fns[i].state == 0)
			analyse_fn(&w, &p->fns[i]);
	roots(&w);
	free(w.globals);
}

void wp_sum_free(struct wp_sum *s)
{
	if (!s)
		return;
	free(s->puts);
	free(s->gets);
	free(s->sets);
	free(s->pend);
	free(s);
}
