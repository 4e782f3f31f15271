// SPDX-License-Identifier: GPL-2.0
/*
 * put_mode.c - bdops-put-mode: blkdev_put() must get its blkdev_get()'s mode.
 *
 * "blkdev_put() needs an extra argument ... we know what had matching
 * blkdev_open() got and that's it" (Al Viro).  For each put the gets that
 * can produce its bdev are found - in the same function through locals and
 * PHIs, or through a struct field any function of the unit stored a get's
 * result in - and the modes are compared as mode expressions (mode.c):
 *   - different constants, or a bit added/dropped on the same symbol;
 *   - a mode computed from a struct field (sb->s_flags) when the get's mode
 *     was another value, or was stored in a field next to the bdev;
 *   - a put on the path where the get failed (IS_ERR, or a non-zero
 *     blkdev_get() result), a second put on one path;
 *   - an exclusive get with a NULL holder.
 * Unknown is not a mismatch: with --strict such pairs get a note.
 *
 * The pairing is shared (pairing.h): put-mode runs it over the calls of
 * the 2.6.27 and fmode_t eras, put_holder.c over 6.5's blkdev_put(bdev,
 * holder), comparing holders where this file compares modes.  Calls are
 * told apart by the prototypes the unit declares (engine/era.c).
 *
 * Gets inside wrappers are followed through the wrapper's return value and
 * through an out-parameter (*out = bdev; the caller passes &local).
 * Limits: puts inside wrappers are matched through the put parameter or
 * struct fields only.
 * Confidence: high for constants and failed/double puts, medium for
 * "computed from" (the field must be read in the put's own function).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "holder.h"
#include "pairing.h"
#include "put_mode.h"
#include "../engine/api.h"
#include "../engine/callers.h"

#define FMODE_EXCL 0x80

struct gsite {
	struct bd_fn *fn;
	struct bd_event *ev;	/* the call that produces the bdev in fn */
	struct bd_event *at;	/* the get itself (inside a wrapper), for messages */
	const struct bd_api *def;
	struct bd_roots bdev;	/* what the get opens */
	struct bd_mset mode;	/* what it took in the argument compared: its
				 * mode, or its holder in the holder era */
	int has_mode;
	int arg;		/* that argument */
	int outslot;		/* slot + 1 of the local an out-parameter call fills */
};

struct ffact {			/* a get's bdev stored in tag.field */
	const char *tag, *field;
	struct gsite *g;
	struct bd_event *store;
	const char *mode_field;	/* where its mode was stored, same object */
	struct bd_mset stored;	/* what was stored there */
};

struct mfact {			/* a get's mode stored in tag.field */
	const char *tag, *field;
	struct gsite *g;
	struct bd_mset stored;
};

struct pm {
	struct bd_ctx *c;
	const struct bd_pair_era *era;
	int dry;		/* judge without reporting */
	int always;		/* only what no other get of the field excuses */
	int by_name;		/* compare exclusivity by function name */
	const char *claim_hint;	/* mismatch()'s fix when no mode can fit */
	const struct bd_note *cond;	/* mismatch()'s note: the path's caller */
	struct bd_event *via;	/* reporting at a wrapper's call: its put */
	struct gsite *cand[16];	/* gets merged into one for this put */
	int ncand;
	struct mfact *mf;
	int nmf, capmf;
	struct gsite *g;
	int ng, capg;
	struct ffact *ff;
	int nff, capff;
	/* the field stores of one function with the roots of their value
	 * and object: every get of the function looks at all of them */
	struct bd_fn *sfn;
	struct fstore *fs;
	int nfs, capfs;
	struct carg *ca;	/* and the arguments of its calls */
	int nca, capca;
	struct bd_rootidx val_idx, ca_idx; /* stores and arguments by root */
	struct bd_ints hits, hits2;
	int *by_tag;		/* stores (fs) by tag, then by index */
	struct tagrun *runs;	/* by_tag cut into tags, classes built lazily */
	int nruns;
	struct bd_fn *ofn;	/* out_param()'s function */
	int *outp;		/* its parameter stored to, by root event */
	struct later *later;	/* "a store to T.f may follow", per field */
	int nlater, caplater;
	int *outg;		/* gets filling an out-parameter local */
	int noutg;
	struct bd_rootidx **gidx; /* per function: the gets by bdev root */
	char *called;		/* per function: 1 called, 2 not, 0 unknown */
	const char **modef;	/* is_mode_field()'s (tag, field) pairs */
	int nmodef;
	struct melem *mel;	/* build_melems() of function melfn */
	int nmel, capmel;
	struct bd_fn *melfn;
	struct mcand *mc;	/* mode_stores_of() */
	int nmc, capmc;
};

/* An element of the mode a class of stores keeps (classes start at
 * by_tag[cls]). */
struct melem {
	const struct bd_mexpr *x;
	int cls;
};

struct mcand {
	const char *tag, *field;
	int idx;		/* first store in block order */
};

/* The stores of one tag, and within it the classes of stores (same field,
 * same known mode) mode_store() chooses among. */
struct tagrun {
	const char *tag;
	int lo, hi;		/* by_tag[lo..hi) */
	int built;
	int *cls;		/* class starts in by_tag, ncls + 1 of them */
	int ncls;
};

/* Blocks from which a store to tag.field can be reached (one edge or
 * more), and the last such store of each block. */
struct later {
	struct bd_fn *fn;
	const char *tag, *field;
	char *reach;
	int *last;
};

struct fstore {
	struct bd_event *ev;
	struct bd_event *base;	/* bd_strip() of the object pointer */
	struct bd_roots val, obj;
	int has_ms;		/* ms computed */
	struct bd_mset ms;	/* the mode the value is */
};

struct carg {
	struct bd_event *call;
	int i;
	struct bd_roots r;
};

/* The gets and puts are the API model's (engine/api.h). */
static const struct bd_api *get_def(const struct bd_event *e)
{
	if (e->op != BD_CALL || !e->name)
		return NULL;
	return bd_api_role(e->name, BD_API_GET);
}

/* For put_paths.c: is e a get, and how does it report failure? */
int bd_get_info(const struct bd_event *e, int *bdev_arg, int *int_result)
{
	const struct bd_api *d = get_def(e);

	if (!d)
		return 0;
	*bdev_arg = d->bdev_arg;
	*int_result = d->int_result;
	return 1;
}

int bd_get_holder_arg(const struct bd_event *e)
{
	const struct bd_api *d = get_def(e);

	return d && d->holder_arg < e->nargs ? d->holder_arg : -1;
}

int bd_is_put(const struct bd_event *e)
{
	return e->op == BD_CALL && bd_api_is_put(e->name);
}

/* Is argument i a mode (fmode_t) in this era's prototype?  Legacy
 * open_bdev_excl() takes MS_* flags and legacy blkdev_get() a third
 * 'unsigned flags', not a holder. */
static int arg_type_is(struct bd_ctx *c, const char *func, int i, const char *t)
{
	struct bd_decl *d = bd_find_decl(c->u, func);

	if (!d || d->nparams <= i || !d->param_types[i])
		return -1;
	return !strcmp(d->param_types[i], t);
}

int bd_get_args(struct bd_ctx *c, const struct bd_event *e, int *bdev_arg,
		int *mode_arg, int *exclusive)
{
	const struct bd_api *d = get_def(e);

	if (!d)
		return 0;
	*bdev_arg = d->bdev_arg;
	*mode_arg = d->mode_arg < e->nargs &&
		    arg_type_is(c, e->name, d->mode_arg, "int") != 1 ? d->mode_arg : -1;
	*exclusive = d->exclusive;
	return 1;
}

/* open_bdev_excl() claims the device and close_bdev_excl() releases the
 * claim: in effect their modes carry FMODE_EXCL, as blkdev_get_by_path()'s
 * do explicitly since 2.6.38. */
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

static int put_is_exclusive(const struct bd_event *put)
{
	return bd_put_is_exclusive(put);
}

int bd_put_is_exclusive(const struct bd_event *put)
{
	const struct bd_api *a = bd_api_role(put->name, BD_API_PUT);

	return a && a->exclusive;
}

/* Is call e of the era this pass pairs? */
static int same_era(const struct pm *p, const struct bd_event *e)
{
	return bd_era_is_holder(bd_era_of_call(p->c->u, e)) == !!p->era->holder;
}

static void collect_gets(struct pm *p)
{
	for (int i = 0; i < p->c->nfns; i++) {
		struct bd_fn *fn = &p->c->fns[i];
		struct bd_func *f = fn->f;

		if (!fn->kept)
			continue;
		for (int b = 0; b < f->nblocks; b++)
			for (int k = 0; k < f->blocks[b]->nevents; k++) {
				struct bd_event *e = &f->blocks[b]->events[k];
				const struct bd_api *d = get_def(e);
				struct gsite *g;

				if (!d || !same_era(p, e))
					continue;
				BD_GROW(p->g, p->ng, p->capg);
				g = &p->g[p->ng++];
				memset(g, 0, sizeof(*g));
				g->fn = fn;
				g->ev = e;
				g->at = e;
				g->def = d;
				if (d->bdev_arg < 0) {
					g->bdev.n = 1;
					g->bdev.ev[0] = e;
					g->bdev.fn[0] = fn;
				} else if (d->bdev_arg < e->nargs) {
					bd_roots(fn, e->args[d->bdev_arg], &g->bdev);
				}
				g->arg = p->era->holder ? d->holder_arg : d->mode_arg;
				if (g->arg >= 0 && g->arg < e->nargs &&
				    arg_type_is(p->c, e->name, g->arg, "int") != 1) {
					bd_mode_eval(fn, e->args[g->arg], &g->mode);
					g->has_mode = 1;
				}
			}
	}
}

/* Mode set m, over wrapper w's parameters, seen from call c in f. */
static void subst_params(const struct bd_mset *m, struct bd_fn *w, struct bd_fn *f,
			 const struct bd_event *c, struct bd_mset *out)
{
	memset(out, 0, sizeof(*out));
	out->unknown = m->unknown;
	for (int i = 0; i < m->n; i++) {
		const struct bd_mexpr *x = &m->v[i];
		struct bd_mset a;

		if (x->kind != BD_MX_PARAM || x->fn != w) {
			if (!bd_mset_has(out, x) && out->n < BD_MSET_MAX)
				out->v[out->n++] = *x;
			continue;
		}
		if (x->param >= c->nargs) {
			out->unknown = 1;
			continue;
		}
		bd_mode_eval(f, c->args[x->param], &a);
		out->unknown |= a.unknown;
		for (int j = 0; j < a.n; j++) {
			struct bd_mexpr y = a.v[j];

			if (y.kind == BD_MX_CONST)
				y.k = (y.k | (int64_t)x->set) & ~(int64_t)x->clr;
			else {
				y.set |= x->set;
				y.clr |= x->clr;
			}
			if (bd_mset_has(out, &y))
				continue;
			if (out->n == BD_MSET_MAX)
				out->unknown = 1;
			else
				out->v[out->n++] = y;
		}
	}
}

/* The get site whose result function w returns, or NULL. */
static struct gsite *returned_get(struct pm *p, struct bd_fn *w, int ndirect)
{
	struct bd_func *f = w->f;

	for (int b = 0; b < f->nblocks; b++) {
		struct bd_block *blk = f->blocks[b];
		struct bd_roots r;

		if (blk->term != BD_T_RETURN || !blk->cond)
			continue;
		bd_roots(w, blk->cond, &r);
		for (int i = 0; i < r.n; i++)
			for (int g = 0; g < ndirect; g++)
				if (p->g[g].fn == w && p->g[g].ev == r.ev[i] &&
				    p->g[g].def->bdev_arg < 0)
					return &p->g[g];
	}
	return NULL;
}

/* Calls to wrapper w of get p->g[at] are gets themselves, with w's
 * parameters replaced by the call's arguments.  out < 0: w returns the
 * bdev; else w stores it through parameter out and the call passes &local,
 * which its later loads find (add_out_roots()). */
static void collect_call_gets(struct pm *p, struct bd_fn *w, int at, int out)
{
	struct bd_call_it it = { 0 };
	struct bd_fn *fn;
	struct bd_event *e;

	while ((e = bd_next_call(p->c, w->f->decl->name, w, &it, &fn))) {
		struct bd_event *a = NULL;
		struct gsite *g;

		if (out >= 0) {
			a = out < e->nargs ? bd_strip(fn, e->args[out]) : NULL;
			if (!a || a->op != BD_SLOT_ADDR)
				continue;
		}
		BD_GROW(p->g, p->ng, p->capg);
		g = &p->g[p->ng++];
		*g = p->g[at];
		g->fn = fn;
		g->ev = e;
		g->bdev.n = 1;
		g->bdev.ev[0] = e;
		g->bdev.fn[0] = fn;
		g->outslot = a ? (int)a->imm + 1 : 0;
		subst_params(&p->g[at].mode, w, fn, e, &g->mode);
	}
}

static void collect_wrapper_gets(struct pm *p)
{
	int nd = p->ng;

	for (int i = 0; i < p->c->nfns; i++) {
		struct bd_fn *w = &p->c->fns[i];
		struct gsite *inner;

		if (w->kept && (inner = returned_get(p, w, nd)))
			collect_call_gets(p, w, (int)(inner - p->g), -1);
	}
}

/* For each event of w, the parameter of the first store (in block order)
 * of a value it is a root of through a parameter (*out = bdev), or -1:
 * one walk of w for all its gets. */
static void build_outp(struct pm *p, struct bd_fn *w)
{
	struct bd_func *f = w->f;
	int n = bd_fn_nevents(w);

	free(p->outp);
	p->ofn = w;
	p->outp = bd_xcalloc(n + 1, sizeof(int));
	for (int i = 0; i < n; i++)
		p->outp[i] = -1;
	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];
			struct bd_roots v, a;

			if (e->op != BD_DEREF_STORE)
				continue;
			bd_roots(w, e->a, &a);
			if (a.n != 1 || !a.ev[0] || a.ev[0]->op != BD_PARAM)
				continue;
			bd_roots(w, e->b, &v);
			for (int i = 0; i < v.n; i++) {
				int x = v.ev[i] ? bd_event_index(w, v.ev[i]) : -1;

				if (x >= 0 && p->outp[x] < 0)
					p->outp[x] = (int)a.ev[0]->imm;
			}
		}
}

/* The parameter w stores get g's bdev through (*out = bdev), or -1. */
static int out_param(struct pm *p, struct bd_fn *w, struct gsite *g)
{
	int k;

	if (p->ofn != w)
		build_outp(p, w);
	k = bd_event_index(w, g->ev);
	return k < 0 ? -1 : p->outp[k];
}

/* Gets stored through an out-parameter (btrfs_get_bdev_and_sb(),
 * xfs_blkdev_get(): *bdev = blkdev_get_by_path(...)). */
static void collect_out_gets(struct pm *p, int ndirect)
{
	for (int gi = 0; gi < ndirect; gi++) {
		struct gsite *g = &p->g[gi];
		int i;

		if (g->def->bdev_arg >= 0 || !g->fn->kept)
			continue;
		i = out_param(p, g->fn, g);
		if (i >= 0)
			collect_call_gets(p, g->fn, gi, i);
	}
}

static int may_follow(struct bd_fn *fn, struct bd_event *x, struct bd_event *y);

/* A bdev read from a local an out-parameter call filled has that call
 * among its roots (the load itself sees no store to the local). */
static void add_out_roots(struct pm *p, struct bd_fn *fn, bd_val v, struct bd_roots *r)
{
	struct bd_event *e = bd_def(fn, v);

	while (e && e->op == BD_COPY)
		e = bd_def(fn, e->a);
	if (!e || e->op != BD_SLOT_LOAD)
		return;
	for (int i = 0; i < p->noutg; i++) {
		struct gsite *g = &p->g[p->outg[i]];

		if (g->fn != fn || g->outslot != e->imm + 1 ||
		    !may_follow(fn, g->ev, e) || r->n == BD_MAXROOTS)
			continue;
		r->fn[r->n] = fn;
		r->ev[r->n++] = g->ev;
	}
}

static int same_object(struct bd_fn *fn, bd_val x, bd_val y)
{
	struct bd_event *a = bd_strip(fn, x), *b = bd_strip(fn, y);
	struct bd_roots ra, rb;

	/* &td->dm_dev twice is one object, though two events compute it */
	if (a && b && a->op == BD_FIELD_ADDR && b->op == BD_FIELD_ADDR)
		return a->tag == b->tag && a->name == b->name &&
		       same_object(fn, a->a, b->a);
	bd_roots(fn, x, &ra);
	bd_roots(fn, y, &rb);
	return !ra.overflow && !rb.overflow && ra.n && bd_roots_meet(&ra, &rb);
}

/* Field facts: fn stores a get's bdev in T.f, maybe its mode in T.m. */
static int name_says_mode(const char *field)
{
	return field && strstr(field, "mode");
}

/* Is ms, stored in 'field', the get's mode?  Either it holds every mode the
 * get took (a fallback get included), or each value stored is one the get
 * took up to constant bits: the same symbol (dm keeps 'mode' and gets with
 * 'mode | FMODE_EXCL'), or, in a field named for a mode, a constant with
 * no bit the get lacked (btrfs keeps FMODE_EXCL of FMODE_WRITE|FMODE_EXCL). */
static int stored_mode(const struct gsite *g, const struct bd_mset *ms, const char *field)
{
	int all = 1;

	if (ms->unknown || !ms->n || g->mode.unknown || !g->mode.n)
		return 0;
	for (int x = 0; x < g->mode.n; x++)
		all &= bd_mset_has(ms, &g->mode.v[x]);
	if (all)
		return 1;	/* on this get's path it holds the get's mode */
	for (int i = 0; i < ms->n; i++) {
		const struct bd_mexpr *a = &ms->v[i];
		int ok = 0;

		for (int j = 0; j < g->mode.n && !ok; j++) {
			const struct bd_mexpr *b = &g->mode.v[j];

			/* a constant in a field not named for a mode is a
			 * flag (xen's 'flush_support = true' is not
			 * FMODE_READ) */
			if (a->kind != BD_MX_CONST)
				ok = bd_mexpr_same_base(a, b);
			else if (b->kind == BD_MX_CONST && name_says_mode(field))
				ok = !(a->k & ~b->k);
		}
		if (!ok)
			return 0;
	}
	return 2;		/* it holds ms, related to the get's mode */
}

/* Do events x and y lie on one path (one's block dominates the other's)?
 * A mode stored in a branch the bdev's store is not on belongs to another
 * get (reiserfs stores j_dev_mode once per get, in sibling branches). */
static int on_one_path(struct bd_fn *fn, struct bd_event *x, struct bd_event *y)
{
	int bx = bd_event_block(fn, x), by = bd_event_block(fn, y);

	return bd_dominates(fn, bx, by) || bd_dominates(fn, by, bx);
}

/* Can y run after x (is y's block reachable from x)? */
static int may_follow(struct bd_fn *fn, struct bd_event *x, struct bd_event *y)
{
	int bx = bd_event_block(fn, x), by = bd_event_block(fn, y);
	int n = fn->f->nblocks, top = 0, found = 0;
	int *stack, *seen;

	if (bx < 0 || by < 0)
		return 1;
	if (bx == by && y > x)
		return 1;
	stack = calloc(2 * (size_t)n + 1, sizeof(int));
	seen = stack + n + 1;
	if (!stack)
		return 1;
	stack[top++] = bx;
	while (top && !found) {
		struct bd_block *b = fn->f->blocks[stack[--top]];

		for (int s = 0; s < b->nsucc && !found; s++) {
			int t = b->succ[s];

			if (t < 0 || t >= n || seen[t])
				continue;
			seen[t] = 1;
			found = t == by;
			stack[top++] = t;
		}
	}
	free(stack);
	return found;
}

/* Where a store to tag.field may follow: blocks with a path of one edge or
 * more to a block that has one (walked back from those blocks once per
 * field, not forward from every get), and the last store of each block. */
static const struct later *later_of(struct pm *p, struct bd_fn *fn, const char *tag,
				    const char *field)
{
	struct bd_func *f = fn->f;
	struct later *l;
	int *work, top = 0;

	for (int i = 0; i < p->nlater; i++)
		if (p->later[i].fn == fn && p->later[i].tag == tag && p->later[i].field == field)
			return &p->later[i];
	BD_GROW(p->later, p->nlater, p->caplater);
	l = &p->later[p->nlater++];
	l->fn = fn;
	l->tag = tag;
	l->field = field;
	l->reach = bd_xcalloc(f->nblocks + 1, 1);
	l->last = bd_xcalloc(f->nblocks + 1, sizeof(int));
	work = bd_xcalloc(f->nblocks + 1, sizeof(int));
	for (int b = 0; b < f->nblocks; b++) {
		l->last[b] = -1;
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *m = &f->blocks[b]->events[k];

			if (m->op == BD_FIELD_STORE && m->name == field && m->tag == tag)
				l->last[b] = k;
		}
		if (l->last[b] >= 0)
			work[top++] = b;
	}
	while (top) {
		int t = work[--top];

		for (int i = 0; i < fn->npreds[t]; i++) {
			int q = fn->preds[t][i];

			if (!l->reach[q]) {
				l->reach[q] = 1;
				work[top++] = q;
			}
		}
	}
	free(work);
	return l;
}

/* The get reads its mode from field 'name' of the object its bdev is
 * stored in (block/fops.c: blkdev_get_by_dev(..., filp->f_mode, filp),
 * filp->private_data = bdev) and nothing changes that field after the
 * get: the field holds the get's mode, whatever was stored there before. */
static const char *mode_read_from(struct pm *p, const struct gsite *g, struct bd_event *st)
{
	struct bd_event *ld;
	const struct later *l;
	int bx, i;

	if (g->ev != g->at || g->arg < 0 || g->arg >= g->ev->nargs)
		return NULL;
	ld = bd_strip(g->fn, g->ev->args[g->arg]);
	if (!ld || ld->op != BD_FIELD_LOAD || ld->tag != st->tag ||
	    !same_object(g->fn, ld->a, st->a))
		return NULL;
	/* may_follow(g->ev, m) for some store m to that field */
	l = later_of(p, g->fn, ld->tag, ld->name);
	bx = bd_event_block(g->fn, g->ev);
	if (bx < 0)
		return NULL;
	i = (int)(g->ev - g->fn->f->blocks[bx]->events);
	if (l->reach[bx] || l->last[bx] > i)
		return NULL;
	return ld->name;
}

/* A helper of the unit that stores its parameter 'param' in a field: the
 * store event, or NULL. */
static struct bd_event *param_store(struct pm *p, const char *callee, int param)
{
	struct bd_fn *h = bd_fn_by_name(p->c, callee);
	struct bd_func *f;

	if (!h)
		return NULL;
	f = h->f;
	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];
			struct bd_roots r;

			if (e->op != BD_FIELD_STORE)
				continue;
			bd_roots(h, e->b, &r);
			if (r.n == 1 && r.ev[0] && r.ev[0]->op == BD_PARAM &&
			    r.ev[0]->imm == param)
				return e;
		}
	return NULL;
}

static int same_object(struct bd_fn *fn, bd_val x, bd_val y);

/* The helper that stored the bdev (store st, called by c) also stores, in
 * the same object, a parameter the call passes the get's mode in. */
static const char *helper_mode_field(struct pm *p, struct gsite *g,
				     struct bd_event *c, struct bd_event *st,
				     struct bd_mset *stored)
{
	struct bd_fn *h = bd_fn_by_name(p->c, c->name);
	struct bd_func *f;

	if (!h || !g->has_mode || g->mode.unknown || !g->mode.n)
		return NULL;
	f = h->f;
	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *m = &f->blocks[b]->events[k];
			struct bd_roots r;
			struct bd_mset ms;
			int all = 1, j;

			if (m->op != BD_FIELD_STORE || m == st || m->tag != st->tag ||
			    !same_object(h, m->a, st->a) || !on_one_path(h, m, st))
				continue;
			bd_roots(h, m->b, &r);
			if (r.n != 1 || !r.ev[0] || r.ev[0]->op != BD_PARAM)
				continue;
			j = (int)r.ev[0]->imm;
			if (j >= c->nargs)
				continue;
			bd_mode_eval(g->fn, c->args[j], &ms);
			(void)all;
			switch (stored_mode(g, &ms, m->name)) {
			case 2:
				*stored = ms;
				/* fall through */
			case 1:
				return m->name;
			}
		}
	return NULL;
}

static void scan_fn(struct pm *p, struct bd_fn *fn);

static void scan_free(struct pm *p)
{
	bd_rootidx_free(&p->val_idx);
	bd_rootidx_free(&p->ca_idx);
	for (int i = 0; i < p->nruns; i++)
		free(p->runs[i].cls);
	free(p->runs);
	free(p->by_tag);
	p->runs = NULL;
	p->by_tag = NULL;
	p->nruns = 0;
	p->melfn = NULL;
}

static const struct pm *sort_pm;

static int cmp_ptr(const void *a, const void *b)
{
	return (uintptr_t)a < (uintptr_t)b ? -1 : (uintptr_t)a > (uintptr_t)b;
}

static int by_tag_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	int c = cmp_ptr(sort_pm->fs[a].ev->tag, sort_pm->fs[b].ev->tag);

	return c ? c : (a > b) - (a < b);
}

static int mexpr_cmp(const struct bd_mexpr *a, const struct bd_mexpr *b)
{
	int c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	if (a->param != b->param)
		return a->param < b->param ? -1 : 1;
	if (a->set != b->set)
		return a->set < b->set ? -1 : 1;
	if (a->clr != b->clr)
		return a->clr < b->clr ? -1 : 1;
	if ((c = cmp_ptr(a->fn, b->fn)) || (c = cmp_ptr(a->tag, b->tag)) ||
	    (c = cmp_ptr(a->field, b->field)))
		return c;
	return cmp_ptr(a->ev, b->ev);
}

/* Field name, then the mode stored (exactly), then block order. */
static int class_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y, c;
	const struct fstore *m = &sort_pm->fs[a], *n = &sort_pm->fs[b];

	if ((c = cmp_ptr(m->ev->name, n->ev->name)))
		return c;
	if (m->ms.unknown != n->ms.unknown)
		return m->ms.unknown < n->ms.unknown ? -1 : 1;
	if (m->ms.n != n->ms.n)
		return m->ms.n < n->ms.n ? -1 : 1;
	for (int i = 0; i < m->ms.n; i++)
		if ((c = mexpr_cmp(&m->ms.v[i], &n->ms.v[i])))
			return c;
	return (a > b) - (a < b);
}

static int same_class(const struct fstore *m, const struct fstore *n)
{
	if (m->ev->name != n->ev->name || m->ms.unknown != n->ms.unknown || m->ms.n != n->ms.n)
		return 0;
	for (int i = 0; i < m->ms.n; i++)
		if (mexpr_cmp(&m->ms.v[i], &n->ms.v[i]))
			return 0;
	return 1;
}

/* The function's field stores grouped by tag. */
static void tag_runs(struct pm *p)
{
	p->by_tag = bd_xcalloc(p->nfs + 1, sizeof(int));
	for (int i = 0; i < p->nfs; i++)
		p->by_tag[i] = i;
	sort_pm = p;
	qsort(p->by_tag, p->nfs, sizeof(int), by_tag_cmp);
	sort_pm = NULL;
	for (int i = 0; i < p->nfs; i++) {
		const char *tag = p->fs[p->by_tag[i]].ev->tag;

		if (p->nruns && p->runs[p->nruns - 1].tag == tag) {
			p->runs[p->nruns - 1].hi = i + 1;
			continue;
		}
		p->runs = bd_xrealloc(p->runs, (p->nruns + 1) * sizeof(*p->runs));
		p->runs[p->nruns++] = (struct tagrun){ tag, i, i + 1, 0, NULL, 0 };
	}
}

/* The stores of tag in fn (scanned), cut into classes of one field and
 * one stored mode; the modes are evaluated on first use of the tag. */
static const struct tagrun *tag_classes(struct pm *p, struct bd_fn *fn, const char *tag)
{
	struct tagrun *t = NULL;

	scan_fn(p, fn);
	for (int lo = 0, hi = p->nruns - 1; lo <= hi && !t;) {
		int mid = (lo + hi) / 2, c = cmp_ptr(tag, p->runs[mid].tag);

		if (!c)
			t = &p->runs[mid];
		else if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	if (!t || t->built)
		return t;
	t->built = 1;
	for (int j = t->lo; j < t->hi; j++) {
		struct fstore *m = &p->fs[p->by_tag[j]];

		if (!m->has_ms) {
			bd_mode_eval(fn, m->ev->b, &m->ms);
			m->has_ms = 1;
		}
	}
	sort_pm = p;
	qsort(p->by_tag + t->lo, t->hi - t->lo, sizeof(int), class_cmp);
	sort_pm = NULL;
	t->cls = bd_xcalloc(t->hi - t->lo + 1, sizeof(int));
	for (int j = t->lo; j < t->hi; j++)
		if (j == t->lo || !same_class(&p->fs[p->by_tag[j - 1]], &p->fs[p->by_tag[j]]))
			t->cls[t->ncls++] = j;
	t->cls[t->ncls] = t->hi;
	return t;
}

/* Roots once per store and call argument, not once per get and store: a
 * huge function with many gets was quadratic in bd_roots() walks here. */
static void scan_fn(struct pm *p, struct bd_fn *fn)
{
	struct bd_func *f = fn->f;

	if (p->sfn == fn)
		return;
	p->sfn = fn;
	p->nfs = p->nca = 0;
	scan_free(p);
	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];
			struct fstore *s;

			if (e->op == BD_CALL && e->name)
				for (int i = 0; i < e->nargs; i++) {
					BD_GROW(p->ca, p->nca, p->capca);
					p->ca[p->nca].call = e;
					p->ca[p->nca].i = i;
					bd_roots(fn, e->args[i], &p->ca[p->nca++].r);
				}
			if (e->op != BD_FIELD_STORE)
				continue;
			BD_GROW(p->fs, p->nfs, p->capfs);
			s = &p->fs[p->nfs++];
			s->ev = e;
			s->base = bd_strip(fn, e->a);
			s->has_ms = 0;
			bd_roots(fn, e->b, &s->val);
			bd_roots(fn, e->a, &s->obj);
		}
	bd_rootidx_build(&p->val_idx, fn, p->nfs, p->fs ? &p->fs[0].val : NULL, sizeof(*p->fs));
	bd_rootidx_build(&p->ca_idx, fn, p->nca, p->ca ? &p->ca[0].r : NULL, sizeof(*p->ca));
	tag_runs(p);
}

/* cache_set_bdev(c, bdev): the get's bdev stored by a helper. */
static void collect_helper_fields(struct pm *p, struct gsite *g)
{
	scan_fn(p, g->fn);
	bd_rootidx_meet(&p->ca_idx, &g->bdev, &p->hits);
	for (int h = 0; h < p->hits.n; h++) {
		int j = p->hits.v[h];
		struct bd_event *e = p->ca[j].call, *st;
		struct ffact *ff;
		int i = p->ca[j].i;

		if (e == g->ev || !(st = param_store(p, e->name, i)))
			continue;
		BD_GROW(p->ff, p->nff, p->capff);
		ff = &p->ff[p->nff++];
		ff->tag = st->tag;
		ff->field = st->name;
		ff->g = g;
		ff->store = st;
		memset(&ff->stored, 0, sizeof(ff->stored));
		ff->mode_field = helper_mode_field(p, g, e, st, &ff->stored);
	}
}

static void collect_reopen(struct pm *p, struct gsite *g)
{
	struct bd_event *dev, *holder;
	struct ffact *ff;

	if (g->def->bdev_arg >= 0 || g->ev != g->at || g->ev->nargs < 1)
		return;
	dev = bd_strip(g->fn, g->ev->args[0]);
	if (!dev || dev->op != BD_FIELD_LOAD || !dev->name || strcmp(dev->name, "bd_dev"))
		return;
	holder = bd_strip(g->fn, dev->a);
	if (!holder || holder->op != BD_FIELD_LOAD)
		return;
	BD_GROW(p->ff, p->nff, p->capff);
	ff = &p->ff[p->nff++];
	memset(ff, 0, sizeof(*ff));
	ff->tag = holder->tag;
	ff->field = holder->name;
	ff->g = g;
	ff->store = g->ev;
}

/* same_object() of two stores' objects, with their roots at hand. */
static int same_store_object(struct bd_fn *fn, const struct fstore *x,
			     const struct fstore *y)
{
	const struct bd_event *a = x->base, *b = y->base;

	if (a && b && a->op == BD_FIELD_ADDR && b->op == BD_FIELD_ADDR)
		return same_object(fn, x->ev->a, y->ev->a);
	return !x->obj.overflow && !y->obj.overflow && x->obj.n &&
	       bd_roots_meet(&x->obj, &y->obj);
}

/* Where get g's mode was kept next to its bdev (store e in g's function):
 * a field of the same object, stored on the store's path, that holds the
 * get's mode (preferred) or a value related to it (then *stored is set).
 * Independent of block order, so every frontend picks the same field. */
static const char *mode_store(struct pm *p, struct gsite *g,
			      const struct fstore *e, struct bd_mset *stored)
{
	const char *best = mode_read_from(p, g, e->ev);
	const struct tagrun *t;
	int best1 = -1, best2 = -1;

	if (best) {
		memset(stored, 0, sizeof(*stored));
		return best;
	}
	if (g->mode.unknown || !g->mode.n)
		return NULL;	/* stored_mode() is 0 for every store */
	t = tag_classes(p, g->fn, e->ev->tag);
	/* The first store (in block order) that fits, the one holding the
	 * get's mode preferred: of each class only the first store on the
	 * path counts, the rest would give the same answer later. */
	for (int c = 0; t && c < t->ncls; c++) {
		const struct fstore *m0 = &p->fs[p->by_tag[t->cls[c]]];
		int rel, first = -1;

		if (m0->ms.unknown || !m0->ms.n)
			continue;
		rel = stored_mode(g, &m0->ms, m0->ev->name);
		if (!rel || (rel == 1 && best1 >= 0 && best1 < p->by_tag[t->cls[c]]))
			continue;
		for (int j = t->cls[c]; j < t->cls[c + 1] && first < 0; j++) {
			const struct fstore *m = &p->fs[p->by_tag[j]];

			if (m != e && same_store_object(g->fn, m, e) &&
			    on_one_path(g->fn, m->ev, e->ev))
				first = p->by_tag[j];
		}
		if (first < 0)
			continue;
		if (rel == 1 && (best1 < 0 || first < best1))
			best1 = first;
		if (rel == 2 && (best2 < 0 || first < best2))
			best2 = first;
	}
	if (best1 >= 0) {
		memset(stored, 0, sizeof(*stored));
		return p->fs[best1].ev->name;
	}
	if (best2 >= 0) {
		*stored = p->fs[best2].ms;
		return p->fs[best2].ev->name;
	}
	return NULL;
}

static void collect_fields(struct pm *p)
{
	for (int gi = 0; gi < p->ng; gi++) {
		struct gsite *g = &p->g[gi];

		collect_helper_fields(p, g);
		collect_reopen(p, g);
		scan_fn(p, g->fn);
		bd_rootidx_meet(&p->val_idx, &g->bdev, &p->hits2);
		for (int h = 0; h < p->hits2.n; h++) {
			struct fstore *e = &p->fs[p->hits2.v[h]];
			struct ffact *ff;

			BD_GROW(p->ff, p->nff, p->capff);
			ff = &p->ff[p->nff++];
			ff->tag = e->ev->tag;
			ff->field = e->ev->name;
			ff->g = g;
			ff->store = e->ev;
			ff->mode_field = NULL;
			memset(&ff->stored, 0, sizeof(ff->stored));
			if (g->has_mode)
				ff->mode_field = mode_store(p, g, e, &ff->stored);
		}
	}
}

/* A mode element as bd_mexpr_equal() tells them apart. */
static int elem_cmp(const struct bd_mexpr *a, const struct bd_mexpr *b)
{
	int c = 0;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->kind == BD_MX_CONST)
		return (a->k > b->k) - (a->k < b->k);
	if (a->kind == BD_MX_PARAM) {
		c = cmp_ptr(a->fn, b->fn);
		if (!c && a->param != b->param)
			c = a->param < b->param ? -1 : 1;
	} else if (a->kind == BD_MX_FIELD) {
		if (!(c = cmp_ptr(a->tag, b->tag)))
			c = cmp_ptr(a->field, b->field);
	} else {
		c = cmp_ptr(a->ev, b->ev);
	}
	if (c || a->set != b->set)
		return c ? c : a->set < b->set ? -1 : 1;
	return (a->clr > b->clr) - (a->clr < b->clr);
}

/* An element nothing is equal to (an event mode without its event). */
static int elem_void(const struct bd_mexpr *x)
{
	return x->kind == BD_MX_EVENT && !x->ev;
}

static int melem_cmp(const void *x, const void *y)
{
	return elem_cmp(((const struct melem *)x)->x, ((const struct melem *)y)->x);
}

static int has_all(const struct bd_mset *ms, const struct bd_mset *want)
{
	for (int x = 0; x < want->n; x++)
		if (!bd_mset_has(ms, &want->v[x]))
			return 0;
	return 1;
}

/* The classes of the scanned function's stores to fields named for a
 * mode, by each element of the mode they store. */
static void build_melems(struct pm *p, struct bd_fn *fn)
{
	p->nmel = 0;
	for (int r = 0; r < p->nruns; r++) {
		const struct tagrun *t = p->runs[r].tag ? tag_classes(p, fn, p->runs[r].tag) : NULL;

		for (int c = 0; t && c < t->ncls; c++) {
			const struct fstore *m0 = &p->fs[p->by_tag[t->cls[c]]];

			if (m0->ms.unknown || !name_says_mode(m0->ev->name))
				continue;
			for (int x = 0; x < m0->ms.n; x++) {
				if (elem_void(&m0->ms.v[x]))
					continue;
				BD_GROW(p->mel, p->nmel, p->capmel);
				p->mel[p->nmel++] = (struct melem){ &m0->ms.v[x], t->cls[c] };
			}
		}
	}
	qsort(p->mel, p->nmel, sizeof(*p->mel), melem_cmp);
	p->melfn = fn;
}

static int mcand_cmp(const void *x, const void *y)
{
	const struct mcand *a = x, *b = y;
	int c = cmp_ptr(a->tag, b->tag);

	if (!c)
		c = cmp_ptr(a->field, b->field);
	return c ? c : (a->idx > b->idx) - (a->idx < b->idx);
}

static int mcand_idx_cmp(const void *x, const void *y)
{
	const struct mcand *a = x, *b = y;

	return (a->idx > b->idx) - (a->idx < b->idx);
}

static void mcand(struct pm *p, const struct fstore *m, int idx)
{
	BD_GROW(p->mc, p->nmc, p->capmc);
	p->mc[p->nmc++] = (struct mcand){ m->ev->tag, m->ev->name, idx };
}

/* The stores of g's function that keep g's mode: in a field named for a
 * mode, any store whose mode holds every mode g took (found by class, one
 * per field and mode stored); elsewhere the very value g took (found by
 * its roots). */
static void mode_stores_of(struct pm *p, struct gsite *g)
{
	const struct bd_mexpr *x0 = &g->mode.v[0];
	struct bd_roots r;
	int lo = 0, hi;

	p->nmc = 0;
	if (elem_void(x0))
		return;		/* bd_mset_has() finds it nowhere */
	/* a holder is no mode: only the very value counts */
	for (hi = p->era->holder ? 0 : p->nmel; lo < hi;) {
		int mid = (lo + hi) / 2;

		if (elem_cmp(p->mel[mid].x, x0) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; !p->era->holder && lo < p->nmel && !elem_cmp(p->mel[lo].x, x0); lo++) {
		int i = p->by_tag[p->mel[lo].cls];

		if (has_all(&p->fs[i].ms, &g->mode))
			mcand(p, &p->fs[i], i);
	}
	if (g->arg < 0 || g->arg >= g->ev->nargs)
		return;
	bd_roots(g->fn, g->ev->args[g->arg], &r);
	if (r.overflow)
		return;
	bd_rootidx_meet(&p->val_idx, &r, &p->hits);
	for (int h = 0; h < p->hits.n; h++) {
		struct fstore *m = &p->fs[p->hits.v[h]];

		if (!m->ev->tag || m->val.overflow ||
		    (name_says_mode(m->ev->name) && !p->era->holder))
			continue;
		if (!m->has_ms) {
			bd_mode_eval(g->fn, m->ev->b, &m->ms);
			m->has_ms = 1;
		}
		if (!m->ms.unknown && has_all(&m->ms, &g->mode))
			mcand(p, m, p->hits.v[h]);
	}
}

/* Mode facts: a get's mode stored in a struct field, whether or not the
 * bdev is stored next to it in the same function (get_sb_bdev hands the
 * bdev to sget(), whose callback stores it): without the bdev next to it,
 * the very value the get took, or a field named for a mode (a flag set to
 * 1 is not FMODE_READ).  One fact per get and field, in the order of the
 * first store that fits: many stores of one field repeat the same fact. */
static void collect_mode_fields(struct pm *p)
{
	for (int gi = 0; gi < p->ng; gi++) {
		struct gsite *g = &p->g[gi];
		int n = 0;

		if (!g->has_mode || g->mode.unknown || !g->mode.n || g->ev != g->at)
			continue;
		scan_fn(p, g->fn);
		if (p->melfn != g->fn)
			build_melems(p, g->fn);
		mode_stores_of(p, g);
		qsort(p->mc, p->nmc, sizeof(*p->mc), mcand_cmp);
		for (int i = 0; i < p->nmc; i++)
			if (!n || p->mc[n - 1].tag != p->mc[i].tag ||
			    p->mc[n - 1].field != p->mc[i].field)
				p->mc[n++] = p->mc[i];
		qsort(p->mc, n, sizeof(*p->mc), mcand_idx_cmp);
		for (int i = 0; i < n; i++) {
			BD_GROW(p->mf, p->nmf, p->capmf);
			p->mf[p->nmf].tag = p->mc[i].tag;
			p->mf[p->nmf].field = p->mc[i].field;
			p->mf[p->nmf].g = g;
			memset(&p->mf[p->nmf].stored, 0, sizeof(p->mf[p->nmf].stored));
			p->nmf++;
		}
	}
}

/* ---- "computed from a field": data and control dependences ---- */

static struct bd_event *dep_field(struct bd_fn *fn, bd_val v, int depth);

static struct bd_event *dep_branch(struct bd_fn *fn, int blk, int depth)
{
	struct bd_block *b;

	if (blk < 0)
		return NULL;
	b = fn->f->blocks[blk];
	if (b->term != BD_T_BRANCH)
		return NULL;
	return dep_field(fn, b->cond, depth + 1);
}

static int dep_budget;

static struct bd_event *dep_field(struct bd_fn *fn, bd_val v, int depth)
{
	struct bd_event *e = bd_def(fn, v), *st[BD_MAXROOTS], *r;
	int b, n, ncd;

	if (depth == 0)
		dep_budget = 2048;
	if (!e || depth > 24 || --dep_budget < 0)
		return NULL;
	switch (e->op) {
	case BD_FIELD_LOAD:
		return e;
	case BD_COPY:
	case BD_UNOP:
		return dep_field(fn, e->a, depth + 1);
	case BD_BINOP:
		r = dep_field(fn, e->a, depth + 1);
		return r ? r : dep_field(fn, e->b, depth + 1);
	case BD_PHI:
		ncd = -1;
		for (int i = 0; i < e->nargs; i++) {
			r = dep_field(fn, e->args[i], depth + 1);
			if (r)
				return r;
			if (e->preds)
				ncd = ncd < 0 ? e->preds[i] : bd_ncd(fn, ncd, e->preds[i]);
		}
		return e->nargs > 1 ? dep_branch(fn, ncd, depth) : NULL;
	case BD_SLOT_LOAD:
		b = bd_event_block(fn, e);
		if (b < 0)
			return NULL;
		n = bd_reaching(fn, b, (int)(e - fn->f->blocks[b]->events),
				(int)e->imm, st, BD_MAXROOTS);
		ncd = -1;
		for (int i = 0; i < n && i < BD_MAXROOTS; i++) {
			int sb;

			if (!st[i])
				continue;
			r = dep_field(fn, st[i]->b, depth + 1);
			if (r)
				return r;
			sb = bd_event_block(fn, st[i]);
			ncd = ncd < 0 ? sb : bd_ncd(fn, ncd, sb);
		}
		return n > 1 ? dep_branch(fn, ncd, depth) : NULL;
	default:
		return NULL;
	}
}

/* ---- reporting ---- */

static const char *gname(const struct gsite *g)
{
	return g->at->name;
}

/* The notes of a finding: at the wrapper's own put when reported at the
 * call that passed it the mode, then at the get. */
static int with_via(struct pm *p, const struct bd_note *get, struct bd_note notes[2], char *buf)
{
	int n = 0;

	if (p->via) {
		snprintf(buf, 300, "%s() puts the block device with it here", p->via->name);
		notes[n++] = (struct bd_note){ p->via->loc, buf };
	}
	notes[n++] = *get;
	return n;
}

/*
 * The modes the gets this put pairs with took, on all their paths: g's
 * and those of the other gets merged with it (p->cand).  With more than
 * one, no constant is right on every path: a fix that passed one would
 * move the mismatch to the others.
 */
static int get_modes(const struct pm *p, const struct gsite *g, struct bd_mset *all)
{
	*all = g->mode;
	for (int i = 0; i < p->ncand; i++)
		for (int x = 0; x < p->cand[i]->mode.n && all->n < BD_MSET_MAX; x++)
			if (!bd_mset_has(all, &p->cand[i]->mode.v[x]))
				all->v[all->n++] = p->cand[i]->mode.v[x];
	/* the same words whichever get was judged: lesser modes first */
	for (int i = 1; i < all->n; i++)
		for (int j = i; j > 0 && all->v[j].kind == BD_MX_CONST &&
		     all->v[j - 1].kind == BD_MX_CONST && all->v[j].k < all->v[j - 1].k; j--) {
			struct bd_mexpr t = all->v[j];

			all->v[j] = all->v[j - 1];
			all->v[j - 1] = t;
		}
	return all->n;
}

static void mismatch(struct pm *p, struct bd_fn *fn, struct bd_event *put,
		     struct gsite *g, const struct bd_mset *pm_,
		     const char *mode_field, const char *stored_tag)
{
	struct bd_ctx *c = p->c;
	char a[512], b[512], b2[512], note[700], fix[600], vnote[300];
	struct bd_note n, notes[3];
	struct bd_mset all;
	int nn;

	if (p->dry)
		return;

	struct bd_mset only = { 0 }, gonly = { 0 };
	const struct bd_mset *gm = &g->mode;

	/* Name the modes of the paths that differ, not every possible one. */
	for (int i = 0; i < pm_->n; i++)
		if (!bd_mset_has(&g->mode, &pm_->v[i]))
			only.v[only.n++] = pm_->v[i];
	for (int i = 0; i < g->mode.n; i++)
		if (!bd_mset_has(pm_, &g->mode.v[i]))
			gonly.v[gonly.n++] = g->mode.v[i];
	if (only.n)
		pm_ = &only;
	if (gonly.n)
		gm = &gonly;
	n.loc = g->at->loc;
	/* of several gets of one variable, point at one that took it */
	for (int i = 0; i < p->ncand; i++)
		if (gm->n && bd_mset_has(&p->cand[i]->mode, &gm->v[0])) {
			n.loc = p->cand[i]->at->loc;
			break;
		}
	n.message = note;
	nn = with_via(p, &n, notes, vnote);
	bd_mset_str(pm_, a, sizeof(a));
	bd_mset_str(gm, b, sizeof(b));
	snprintf(note, sizeof(note), "%s() took %s here", gname(g), b);
	if (p->cond)
		notes[nn++] = *p->cond;
	if (p->claim_hint)
		snprintf(fix, sizeof(fix), "%s", p->claim_hint);
	else if (mode_field)
		snprintf(fix, sizeof(fix), "pass the stored mode '%s->%s'",
			 stored_tag, mode_field);
	else if (get_modes(p, g, &all) > 1)
		snprintf(fix, sizeof(fix), "keep the mode the get took (%s) and pass it",
			 bd_mset_str(&all, b2, sizeof(b2)));
	else
		snprintf(fix, sizeof(fix), "pass %s", b);
	bd_report(c, BD_CHECK_PUT_MODE, BD_SEV_WARNING, put->loc, fn->f->decl->name,
		  fix, nn, notes, "%s() passes %s, but the matching %s() took %s",
		  put->name, a, gname(g), b);
}

/* cond: the condition under which they differ (callers.h), or NULL when
 * they differ whatever the values are. */
static void bits_changed(struct pm *p, struct bd_fn *fn, struct bd_event *put,
			 struct gsite *g, uint64_t bits, int added,
			 const struct bd_may_why *cond)
{
	char m[256], note[300], vnote[300];
	struct bd_note n, notes[3];
	int nn;

	if (p->dry)
		return;

	n.loc = g->at->loc;
	n.message = note;
	snprintf(note, sizeof(note), "%s() took its mode here", gname(g));
	nn = with_via(p, &n, notes, vnote);
	if (cond)
		notes[nn++] = (struct bd_note){ cond->at, cond->text };
	bd_mode_bits(bits, m, sizeof(m));
	bd_report(p->c, BD_CHECK_PUT_MODE, BD_SEV_WARNING, put->loc, fn->f->decl->name,
		  NULL, nn, notes, "%s() passes the mode of the matching %s() with %s %s",
		  put->name, gname(g), m, added ? "added" : "dropped");
}

static void computed_from(struct pm *p, struct bd_fn *fn, struct bd_event *put,
			  struct gsite *g, struct bd_event *fld,
			  const char *mode_field, const char *stored_tag)
{
	char note[300], fix[300], vnote[300];
	struct bd_note n, notes[2];
	int nn;

	if (p->dry)
		return;

	n.loc = g->at->loc;
	n.message = note;
	snprintf(note, sizeof(note), "%s() took its mode here", gname(g));
	nn = with_via(p, &n, notes, vnote);
	if (mode_field)
		snprintf(fix, sizeof(fix), "pass the stored mode '%s->%s'",
			 stored_tag, mode_field);
	bd_report(p->c, BD_CHECK_PUT_MODE, BD_SEV_WARNING, put->loc, fn->f->decl->name,
		  mode_field ? fix : NULL, nn, notes,
		  "%s() passes a mode computed from '%s->%s', not the mode the matching %s() took",
		  put->name, fld->tag, fld->name, gname(g));
}

/*
 * The get masked bits out of a parameter that the put passes as it came
 * (get 'mode & ~FMODE_EXCL', put 'mode'): the two differ exactly when the
 * parameter holds those bits, which only its callers tell (callers.h).
 * Reported when a caller passes them, or when a caller outside the unit
 * may: the get's own mask says the value can hold them.  The note names
 * the call.
 */
static int hidden_bits(struct pm *p, struct bd_fn *fn, struct bd_event *put,
		       struct gsite *g, const struct bd_mset *P)
{
	const struct bd_mset *G = &g->mode;

	for (int i = 0; i < P->n; i++)
		for (int j = 0; j < G->n; j++) {
			const struct bd_mexpr *x = &P->v[i], *y = &G->v[j];
			uint64_t hidden = y->clr & ~x->clr & ~x->set & 0xff;
			struct bd_may_why why;

			if (x->kind != BD_MX_PARAM || !bd_mexpr_same_base(x, y) || !hidden ||
			    x->nguard || y->nguard)
				continue;
			if (bd_param_may_hold(p->c, x->fn, x->param, hidden, &why) == BD_MAY_NO)
				continue;
			bits_changed(p, fn, put, g, hidden, 1, &why);
			return 1;
		}
	return 0;
}

/*
 * The get took a mode parameter as it came, the put a constant: the file's
 * calls of the function give the parameter's values.  A call that passes a
 * constant other than the put's is a mismatch on the path through it
 * (note at that call); only a function no other file can call, so its
 * calls are all there are.  The hint has no edit: the put should pass the
 * parameter.
 */
static int by_callers(struct pm *p, struct bd_fn *fn, struct bd_event *put,
		      struct gsite *g, const struct bd_mset *P)
{
	const struct bd_mexpr *x = g->mode.n == 1 ? &g->mode.v[0] : NULL;
	struct bd_call_it it = { 0 };
	struct bd_fn *caller, *pf;
	struct bd_event *call;
	struct bd_note cn;
	char text[300], hint[300], mb[256];
	const struct bd_decl *d;
	struct gsite gx;
	struct bd_mset m;

	if (!x || x->kind != BD_MX_PARAM || x->set || x->clr || x->nguard || g->mode.unknown ||
	    !bd_mset_all_const(P) || !(pf = x->fn) || bd_fn_called_elsewhere(p->c, pf))
		return 0;
	d = pf->f->decl;
	while ((call = bd_next_call(p->c, d->name, NULL, &it, &caller))) {
		int same = 1;

		if (call->nargs <= x->param)
			continue;
		bd_mode_eval(caller, call->args[x->param], &m);
		if (!bd_mset_all_const(&m) || m.n != 1)
			continue;
		for (int i = 0; i < P->n; i++)
			same &= bd_mexpr_equal(&P->v[i], &m.v[0]);
		if (same)
			continue;
		if (p->dry)
			return 1;
		gx = *g;
		gx.mode = m;
		bd_mode_bits((uint64_t)m.v[0].k, mb, sizeof(mb));
		snprintf(text, sizeof(text), "'%s' passes %s as '%s' here", caller->f->decl->name,
			 mb, x->param < d->nparams && d->param_names && d->param_names[x->param] ?
			 d->param_names[x->param] : "?");
		snprintf(hint, sizeof(hint), "keep the mode the get took ('%s') and pass it",
			 x->param < d->nparams && d->param_names && d->param_names[x->param] ?
			 d->param_names[x->param] : "?");
		cn = (struct bd_note){ call->loc, text };
		p->cond = &cn;
		p->claim_hint = hint;
		mismatch(p, fn, put, &gx, P, NULL, NULL);
		p->cond = NULL;
		p->claim_hint = NULL;
		return 1;
	}
	return 0;
}

static void unknown_note(struct pm *p, struct bd_fn *fn, struct bd_event *put,
			 struct gsite *g, const struct bd_mset *P)
{
	char a[512], b[512];
	struct bd_may_why why;
	int nn = 0;

	if (p->dry || !p->c->o->strict)
		return;
	/* the side that is known, against the one that is not */
	bd_mset_str(P, a, sizeof(a));
	bd_mset_str(&g->mode, b, sizeof(b));
	if (!bd_mset_all_const(P))
		*a = 0;
	if (!bd_mset_all_const(&g->mode))
		*b = 0;
	/* why: a mode parameter the file's callers do not pin down */
	for (int s = 0, i; s < 2 && !nn; s++) {
		const struct bd_mset *m = s ? &g->mode : P;

		for (i = 0; i < m->n && !nn; i++)
			if (m->v[i].kind == BD_MX_PARAM && m->v[i].fn &&
			    bd_param_unknown_why(p->c, m->v[i].fn, m->v[i].param, &why))
				nn = 1;
	}
	bd_report(p->c, BD_CHECK_PUT_MODE, BD_SEV_NOTE, put->loc, fn->f->decl->name,
		  NULL, nn, &(struct bd_note){ why.at, why.text },
		  "%s() mode cannot be matched to its %s(): %s vs unknown",
		  put->name, gname(g), *a ? a : *b ? b : "unknown");
}

static void sum_mode(struct bd_summary *s, const struct bd_mset *m, struct bd_sum_mode *out)
{
	bd_mset_to_sum(m, out);
	for (int i = 0; i < out->n; i++) {
		out->v[i].tag = bd_summary_str(s, out->v[i].tag);
		out->v[i].field = bd_summary_str(s, out->v[i].field);
	}
}

static int reads_mode_field(const struct bd_mset *m)
{
	for (int i = 0; i < m->n; i++)
		if (m->v[i].kind == BD_MX_FIELD && name_says_mode(m->v[i].field))
			return 1;
	return 0;
}

/* An unknown verdict the merge may settle: a side reads a mode field
 * (f2fs gets with sb->s_mode, which only fs/super.c stores). */
static void record_defer(struct pm *p, struct bd_fn *fn, struct bd_event *put,
			 const struct gsite *g, const struct bd_mset *P)
{
	struct bd_summary *s = p->c->sum;
	struct bd_sum_defer *d;

	if (p->dry || !g->has_mode || (!reads_mode_field(P) && !reads_mode_field(&g->mode)))
		return;
	BD_GROW(s->defers, s->ndefers, s->cap_defers);
	d = &s->defers[s->ndefers++];
	memset(d, 0, sizeof(*d));
	d->function = bd_summary_str(s, fn->f->decl->name);
	d->put = bd_summary_str(s, put->name);
	d->get = bd_summary_str(s, gname(g));
	d->loc = put->loc;
	d->loc.file = bd_summary_str(s, put->loc.file);
	d->get_loc = g->at->loc;
	d->get_loc.file = bd_summary_str(s, g->at->loc.file);
	sum_mode(s, P, &d->mode);
	sum_mode(s, &g->mode, &d->get_mode);
}

/* A value of fmode_t's type (unsigned int): f2fs's fs_mode and
 * compress_mode are other things. */
static int fmode_typed(struct bd_fn *fn, bd_val v)
{
	struct bd_event *d = bd_def(fn, v);

	return d && d->type && !strcmp(d->type, "unsigned int");
}

/* Every value the unit stores into a field named for a mode. */
static void record_stores(struct pm *p)
{
	struct bd_summary *s = p->c->sum;

	for (int i = 0; i < p->c->nfns; i++) {
		struct bd_fn *fn = &p->c->fns[i];

		if (!fn->kept)
			continue;
		for (int b = 0; b < fn->f->nblocks; b++)
			for (int k = 0; k < fn->f->blocks[b]->nevents; k++) {
				struct bd_event *e = &fn->f->blocks[b]->events[k];
				struct bd_sum_store *st;
				struct bd_mset m;

				if (e->op != BD_FIELD_STORE || !e->tag || !name_says_mode(e->name) ||
				    !fmode_typed(fn, e->b))
					continue;
				bd_mode_eval(fn, e->b, &m);
				BD_GROW(s->stores, s->nstores, s->cap_stores);
				st = &s->stores[s->nstores++];
				memset(st, 0, sizeof(*st));
				st->tag = bd_summary_str(s, e->tag);
				st->field = bd_summary_str(s, e->name);
				st->loc = e->loc;
				st->loc.file = bd_summary_str(s, e->loc.file);
				/* += and |= store what was there changed */
				if (e->sub == BD_STORE_COMPOUND)
					m.unknown = 1;
				sum_mode(s, &m, &st->mode);
			}
	}
}

static int pair_cmp(const void *x, const void *y)
{
	const char *const *a = x, *const *b = y;
	int c = cmp_ptr(a[0], b[0]);

	return c ? c : cmp_ptr(a[1], b[1]);
}

/* Is fld where some get's mode was kept next to its bdev?  The (tag,
 * field) pairs of the field and mode facts, sorted once they are all
 * known: every put asks. */
static int is_mode_field(struct pm *p, const struct bd_event *fld)
{
	const char *key[2] = { fld->tag, fld->name };

	if (!p->modef) {
		p->modef = bd_xcalloc(2 * ((size_t)p->nff + p->nmf) + 2, sizeof(char *));
		for (int i = 0; i < p->nff; i++, p->nmodef++) {
			p->modef[2 * p->nmodef] = p->ff[i].tag;
			p->modef[2 * p->nmodef + 1] = p->ff[i].mode_field;
		}
		for (int i = 0; i < p->nmf; i++, p->nmodef++) {
			p->modef[2 * p->nmodef] = p->mf[i].tag;
			p->modef[2 * p->nmodef + 1] = p->mf[i].field;
		}
		qsort(p->modef, p->nmodef, 2 * sizeof(char *), pair_cmp);
	}
	return bsearch(key, p->modef, p->nmodef, 2 * sizeof(char *), pair_cmp) != NULL;
}

/* Put mode P (already substituted) against get g.  Returns 1 if reported. */
static int compare(struct pm *p, struct bd_fn *fn, struct bd_event *put,
		   struct gsite *g, struct bd_mset *P, bd_val pmode,
		   const char *mode_field, const char *stored_tag, int uses_field)
{
	struct bd_mset *G;
	struct bd_event *fld;
	int all_in = 1, all_back = 1;
	struct gsite gx;

	if (p->era->judge) {
		struct bd_pair pr = {
			fn, put, P, g->fn, g->at, &g->mode, g->has_mode,
			mode_field, stored_tag, p->dry, p->via, p->always,
		};

		return p->era->judge(p->c, &pr);
	}
	/* An exclusive get by name (open_bdev_excl) paired with a plain put,
	 * or the other way round: spell the claim out as FMODE_EXCL on the
	 * named side, so the difference shows. */
	if (p->by_name && put_is_exclusive(put) != g->def->exclusive) {
		gx = *g;
		if (g->def->exclusive)
			add_excl(&gx.mode);
		else
			add_excl(P);
		g = &gx;
	}
	G = &g->mode;

	/* The get's mode was kept next to the bdev: a put that rebuilds it
	 * from another field is wrong even when the values agree today
	 * ("some filesystems go read-only on errors and that changes
	 * ->s_flags"). */
	if (mode_field && !uses_field) {
		fld = dep_field(fn, pmode, 0);
		if (fld && fld->name != mode_field && !is_mode_field(p, fld)) {
			computed_from(p, fn, put, g, fld, mode_field, stored_tag);
			return 1;
		}
	}

	if (!g->has_mode || G->unknown || P->unknown || !G->n || !P->n) {
		unknown_note(p, fn, put, g, P);
		return 0;
	}
	for (int i = 0; i < P->n; i++)
		all_in &= bd_mset_has(G, &P->v[i]);
	for (int i = 0; i < G->n; i++)
		all_back &= bd_mset_has(P, &G->v[i]);
	if (all_in && all_back)
		return 0;
	/* a mode rebuilt from a field the get's mode did not come from */
	fld = dep_field(fn, pmode, 0);
	if (fld && !(mode_field && fld->name && !strcmp(fld->name, mode_field)) &&
	    !is_mode_field(p, fld)) {
		int get_same = 0;

		for (int i = 0; i < G->n; i++)
			get_same |= G->v[i].kind == BD_MX_FIELD &&
				    G->v[i].field == fld->name;
		if (!get_same) {
			computed_from(p, fn, put, g, fld, mode_field, stored_tag);
			return 1;
		}
	}
	if (bd_mset_all_const(G) && bd_mset_all_const(P)) {
		mismatch(p, fn, put, g, P, mode_field, stored_tag);
		return 1;
	}
	for (int i = 0; i < P->n; i++)
		for (int j = 0; j < G->n; j++) {
			const struct bd_mexpr *x = &P->v[i], *y = &G->v[j];
			uint64_t add, drop;

			if (x->kind == BD_MX_CONST || !bd_mexpr_same_base(x, y) ||
			    bd_mexpr_equal(x, y))
				continue;
			add = x->set & ~y->set;
			drop = (x->clr & ~y->clr & 0xff) | (y->set & ~x->set);
			if (add || drop) {
				bits_changed(p, fn, put, g, add ? add : drop, !!add, NULL);
				return 1;
			}
		}
	if (hidden_bits(p, fn, put, g, P) || by_callers(p, fn, put, g, P))
		return 1;
	unknown_note(p, fn, put, g, P);
	record_defer(p, fn, put, g, P);
	return 0;
}

/* The put's mode expressed over the get's: a read of the field the get's
 * mode was stored in stands for the get's own mode. */
static void substitute(struct bd_mset *P, const char *mode_field, const struct gsite *g,
		       const struct bd_mset *stored)
{
	struct bd_mset out = { 0 };

	if (!mode_field || !g->has_mode)
		return;
	if (!stored || !stored->n)
		stored = &g->mode;
	for (int i = 0; i < P->n; i++) {
		const struct bd_mexpr *x = &P->v[i];

		if (x->kind != BD_MX_FIELD || x->field != mode_field) {
			out.v[out.n++] = *x;
			continue;
		}
		for (int j = 0; j < stored->n && out.n < BD_MSET_MAX; j++) {
			struct bd_mexpr m = stored->v[j];

			if (m.kind == BD_MX_CONST)
				m.k = (m.k | (int64_t)x->set) & ~(int64_t)x->clr;
			else {
				m.set |= x->set;
				m.clr |= x->clr;
			}
			if (!bd_mset_has(&out, &m))
				out.v[out.n++] = m;
		}
	}
	out.unknown = P->unknown;
	*P = out;
}

static int is_called_walk(struct bd_ctx *c, struct bd_fn *fn)
{
	for (int i = 0; i < c->nfns; i++) {
		struct bd_func *f = c->fns[i].f;

		for (int b = 0; b < f->nblocks; b++)
			for (int k = 0; k < f->blocks[b]->nevents; k++) {
				struct bd_event *e = &f->blocks[b]->events[k];

				if (e->op == BD_CALL && e->name == fn->f->decl->name)
					return 1;
			}
	}
	return 0;
}

/* Memoised per function: --strict asks once per put. */
static int is_called(struct pm *p, struct bd_fn *fn)
{
	int i = (int)(fn - p->c->fns);

	if (!p->called)
		p->called = bd_xcalloc(p->c->nfns + 1, 1);
	if (!p->called[i])
		p->called[i] = is_called_walk(p->c, fn) ? 1 : 2;
	return p->called[i] == 1;
}

static const char *counterpart(const char *put)
{
	const char *get = bd_api_pair(put);

	return get ? get : "blkdev_get";
}

/* A wrapper putting the bdev it is given: the put belongs to its callers. */
static int wrapper_param(struct pm *p, struct bd_fn *fn, struct bd_event *put)
{
	struct bd_roots r;

	bd_roots(fn, put->args[0], &r);
	return r.n == 1 && r.ev[0] && r.ev[0]->op == BD_PARAM && is_called(p, fn);
}

/* --strict: a put whose get is nowhere in sight (a parameter, i_bdev). */
static void no_get_note(struct pm *p, struct bd_fn *fn, struct bd_event *put, bd_val pmode)
{
	struct bd_mset P;
	char m[512];

	if (wrapper_param(p, fn, put))
		return;
	bd_mode_eval(fn, pmode, &P);
	bd_mset_str(&P, m, sizeof(m));
	bd_report(p->c, BD_CHECK_PUT_MODE, BD_SEV_NOTE, put->loc, fn->f->decl->name,
		  NULL, 0, NULL, "%s() mode cannot be matched to its %s(): %s vs unknown",
		  put->name, counterpart(put->name), *m ? m : "unknown");
}

/*
 * Match the put's bdev (roots r, in function bfn) with its gets and compare
 * modes.  The put itself is 'put' in function fn with mode value pmode;
 * P is that mode seen from bfn (the same set unless fn is a wrapper bfn
 * calls).  Returns whether any get matched.
 */
static int match_fields(struct pm *p, struct bd_fn *bfn, struct bd_roots *r,
			struct bd_fn *fn, struct bd_event *put, bd_val pmode,
			const struct bd_mset *P0);
static void record_put(struct pm *p, struct bd_fn *fn, struct bd_event *put,
		       const struct bd_roots *r, const struct bd_mset *P);

/* The gets of the unit by the root events of their bdev in fn, built for
 * the functions that put. */
static const struct bd_rootidx *gets_of(struct pm *p, struct bd_fn *fn)
{
	int i = (int)(fn - p->c->fns);

	if (!p->gidx)
		p->gidx = bd_xcalloc(p->c->nfns + 1, sizeof(*p->gidx));
	if (!p->gidx[i]) {
		p->gidx[i] = bd_xcalloc(1, sizeof(**p->gidx));
		bd_rootidx_build(p->gidx[i], fn, p->ng, p->g ? &p->g[0].bdev : NULL,
				  sizeof(*p->g));
	}
	return p->gidx[i];
}

static int match_put(struct pm *p, struct bd_fn *bfn, struct bd_roots *r,
		     struct bd_fn *fn, struct bd_event *put, bd_val pmode,
		     const struct bd_mset *P0)
{
	struct gsite u, *first = NULL;
	struct bd_mset P;
	int n = 0, matched = 0;

	/* Gets of the same bdev variable (a retry with a lesser mode) are
	 * one get whose mode is any of theirs: the variable holding the mode
	 * changes with them. */
	memset(&u, 0, sizeof(u));
	p->ncand = 0;
	bd_rootidx_meet(gets_of(p, bfn), r, &p->hits);
	for (int h = 0; h < p->hits.n; h++) {
		struct gsite *g = &p->g[p->hits.v[h]];

		if (g->fn != bfn)
			continue;
		if (p->ncand < 16)
			p->cand[p->ncand++] = g;
		if (!first) {
			first = g;
			u = *g;
			n = 1;
			continue;
		}
		n++;
		u.has_mode &= g->has_mode;
		u.mode.unknown |= g->mode.unknown;
		for (int x = 0; x < g->mode.n; x++) {
			if (bd_mset_has(&u.mode, &g->mode.v[x]))
				continue;
			if (u.mode.n == BD_MSET_MAX)
				u.mode.unknown = 1;
			else
				u.mode.v[u.mode.n++] = g->mode.v[x];
		}
	}
	/* a mode that depends on a global flag: wp/flow.c resolves it where
	 * a caller sets the flag */
	if (first && (bd_mset_guarded(P0) || bd_mset_guarded(&u.mode)))
		first = NULL, matched = 1;
	if (first) {
		P = *P0;
		p->by_name = 1;
		if (compare(p, fn, put, n > 1 ? &u : first, &P, pmode, NULL, NULL, 0)) {
			p->ncand = 0;
			return 1;
		}
		matched = 1;
	}
	p->ncand = 0;
	return match_fields(p, bfn, r, fn, put, pmode, P0) || matched;
}

/* One candidate get for a bdev read from a struct field. */
struct cand {
	struct gsite *g;
	const char *mode_field, *tag;
	const struct bd_mset *stored;
	struct bd_event *store_ev;	/* the bdev store, NULL for mode facts */
	struct bd_event *group;		/* the store, or the mode fact's get */
	int by_name;
};

static int judge(struct pm *p, struct bd_fn *fn, struct bd_event *put, bd_val pmode,
		 const struct bd_mset *P0, const struct cand *c, int dry)
{
	struct bd_mset P = *P0;
	int uses = 0, bad;

	for (int x = 0; x < P.n; x++)
		uses |= c->mode_field && P.v[x].kind == BD_MX_FIELD &&
			P.v[x].field == c->mode_field;
	substitute(&P, c->mode_field, c->g, c->stored);
	p->dry = dry;
	p->by_name = c->by_name;
	bad = compare(p, fn, put, c->g, &P, pmode, c->mode_field, c->tag, uses);
	p->dry = 0;
	return bad;
}

/*
 * A pair the era's judge finds wrong whatever the other gets of the field
 * do (put-holder: a get that claimed on one path only, against a put
 * written for the claim): one fitting store does not excuse it.
 */
static int always_wrong(struct pm *p, struct bd_fn *fn, struct bd_event *put, bd_val pmode,
			const struct bd_mset *P0, const struct cand *c, int n)
{
	int bad = 0;

	if (!p->era->judge)
		return 0;
	p->always = 1;
	for (int i = 0; i < n && !bad; i++)
		if ((bad = judge(p, fn, put, pmode, P0, &c[i], 1)))
			judge(p, fn, put, pmode, P0, &c[i], 0);
	p->always = 0;
	return bad;
}

/*
 * An exclusive close by name of a field that a plain get fills in the
 * function of an exclusive open by name (a fallback, as block2mtd's
 * open_by_devnum() after open_bdev_excl()): that path reaches the close
 * too, which releases a claim it never took, however well the exclusive
 * path fits.  Judged by name whether the gets feed one store or two, and
 * whether the mode was kept next to the bdev or not.
 */
static int fallback_unclaimed(struct pm *p, struct bd_fn *fn, struct bd_event *put,
			      bd_val pmode, const struct bd_mset *P0, const struct cand *c, int n)
{
	if (!put_is_exclusive(put))
		return 0;
	for (int i = 0; i < n; i++) {
		struct cand x = c[i];
		int excl_near = 0;

		for (int j = 0; j < n && !c[i].g->def->exclusive; j++)
			excl_near |= c[j].g->def->exclusive && c[j].g->fn == c[i].g->fn;
		if (!excl_near)
			continue;
		x.by_name = 1;
		if (!judge(p, fn, put, pmode, P0, &x, 1))
			continue;
		/* passing the kept mode already, no mode fits: say so rather
		 * than hint at the field it passes */
		for (int k = 0; k < P0->n && x.mode_field; k++)
			if (P0->v[k].kind == BD_MX_FIELD && P0->v[k].field == x.mode_field)
				p->claim_hint = "claim the device on this path too: an exclusive "
						"get with the same holder";
		judge(p, fn, put, pmode, P0, &x, 0);
		p->claim_hint = NULL;
		return 1;
	}
	return 0;
}

/* A get whose bdev store is a candidate already: its mode fact, a group
 * of its own, would let it fit alone where its store's group does not. */
static int has_get(const struct cand *c, int n, const struct gsite *g)
{
	for (int i = 0; i < n; i++)
		if (c[i].g == g && c[i].store_ev)
			return 1;
	return 0;
}

/*
 * A bdev read back from a struct field.  The candidates are the gets whose
 * bdev some function stored in that field, and the gets whose mode was
 * kept in a field of that struct type.  Candidates stored by one store (a
 * bdev merged from a fallback get) must all fit; of different stores (a
 * mount, then a remount replacing the device) one fitting is enough.
 */
static int match_fields(struct pm *p, struct bd_fn *bfn, struct bd_roots *r,
			struct bd_fn *fn, struct bd_event *put, bd_val pmode,
			const struct bd_mset *P0)
{
	struct cand c[32];
	int n = 0, first_bad = -1;

	for (int i = 0; i < r->n; i++) {
		struct bd_event *e = r->ev[i];

		if (!e || e->op != BD_FIELD_LOAD)
			continue;
		for (int k = 0; k < p->nff && n < 32; k++) {
			struct ffact *ff = &p->ff[k];

			if (ff->tag != e->tag || ff->field != e->name)
				continue;
			if (ff->g->fn == bfn && bd_roots_meet(r, &ff->g->bdev))
				continue;	/* judged as a local get */
			c[n++] = (struct cand){ ff->g, ff->mode_field, ff->tag, &ff->stored, ff->store, ff->store, 0 };
		}
		for (int k = 0; k < p->nmf && n < 32; k++) {
			struct mfact *mf = &p->mf[k];

			if (mf->tag != e->tag || mf->field == e->name || has_get(c, n, mf->g))
				continue;
			c[n++] = (struct cand){ mf->g, mf->field, mf->tag, &mf->stored, NULL, mf->g->ev, 0 };
		}
	}
	if (!n)
		return 0;
	/* A put that passes the mode kept next to the bdev puts, for each
	 * store, what that store kept: a store that kept another mode than
	 * its get took is wrong whatever other stores do (btrfs keeps
	 * FMODE_EXCL for a FMODE_WRITE|FMODE_EXCL get). */
	for (int i = 0; i < n; i++) {
		int uses = 0;

		if (!c[i].mode_field || c[i].group != c[i].store_ev)
			continue;
		for (int x = 0; x < P0->n; x++)
			uses |= P0->v[x].kind == BD_MX_FIELD &&
				P0->v[x].field == c[i].mode_field;
		if (uses && c[i].stored && c[i].stored->n &&
		    judge(p, fn, put, pmode, P0, &c[i], 1)) {
			judge(p, fn, put, pmode, P0, &c[i], 0);
			return 1;
		}
	}
	if (always_wrong(p, fn, put, pmode, P0, c, n))
		return 1;
	if (fallback_unclaimed(p, fn, put, pmode, P0, c, n))
		return 1;
	/* Whether a device was claimed shows only where an exclusive open
	 * and a plain fallback feed one store (mtd's block2mtd): elsewhere
	 * the claim may come from code this unit does not show. */
	for (int i = 0; i < n; i++) {
		c[i].by_name = 0;
		for (int j = 0; j < n; j++)
			if (c[j].group == c[i].group && c[j].g->def->exclusive &&
			    c[j].g != c[i].g)
				c[i].by_name = 1;
	}
	for (int i = 0; i < n; i++) {
		int group_ok = 1, bad_at = -1;

		for (int j = 0; j < n; j++) {
			if (c[j].group != c[i].group)
				continue;
			if (judge(p, fn, put, pmode, P0, &c[j], 1)) {
				group_ok = 0;
				if (bad_at < 0)
					bad_at = j;
			}
		}
		if (group_ok) {
			/* say which fits were only "unknown": --strict notes,
			 * and what the merge may settle */
			for (int j = 0; j < n; j++)
				if (c[j].group == c[i].group)
					judge(p, fn, put, pmode, P0, &c[j], 0);
			return 1;
		}
		if (first_bad < 0)
			first_bad = bad_at;
	}
	/* the other gets of its store: what a fix must fit too */
	p->ncand = 0;
	for (int j = 0; j < n && p->ncand < 16; j++)
		if (c[j].group == c[first_bad].group)
			p->cand[p->ncand++] = c[j].g;
	judge(p, fn, put, pmode, P0, &c[first_bad], 0);
	p->ncand = 0;
	return 1;
}

/* A bdev read from a global variable: a global's gets and puts are
 * paired across functions and units by wp/flow.c. */
static int in_global(const struct bd_roots *r)
{
	int n = 0;

	for (int i = 0; i < r->n; i++) {
		if (r->ev[i] && r->ev[i]->op == BD_GLOBAL_LOAD)
			n++;
		else if (!r->ev[i] || r->ev[i]->op != BD_CONST)
			return 0;
	}
	return n > 0 && !r->overflow;
}

static void check_put(struct pm *p, struct bd_fn *fn, struct bd_event *put)
{
	struct bd_roots r;
	struct bd_mset P;

	if (put->nargs < 2)
		return;		/* legacy blkdev_put(bdev): no mode to compare */
	bd_roots(fn, put->args[0], &r);
	if (in_global(&r))
		return;		/* the whole-program graphs' (wp/) */
	add_out_roots(p, fn, put->args[0], &r);
	bd_mode_eval(fn, put->args[1], &P);
	if (match_put(p, fn, &r, fn, put, put->args[1], &P))
		return;
	if (p->era->no_get) {
		/* the facts carry holders too (put_holder.c) */
		if (p->era->holder)
			record_put(p, fn, put, &r, &P);
		if (p->c->o->strict && !wrapper_param(p, fn, put))
			p->era->no_get(p->c, fn, put);
		return;
	}
	record_put(p, fn, put, &r, &P);
	if (p->c->o->strict)
		no_get_note(p, fn, put, put->args[1]);
}

/* The parameter of w a mode is (with bits set or cleared), or -1. */
static int mode_param(const struct bd_mset *M, struct bd_fn *w)
{
	for (int i = 0; i < M->n; i++)
		if (M->v[i].kind == BD_MX_PARAM && M->v[i].fn == w)
			return M->v[i].param;
	return -1;
}

/*
 * Wrapper w puts its parameter 'param' with mode M (over w's parameters):
 * every call of w is a put of the call's argument with M seen through the
 * call, and a caller that passes its own parameter on is a wrapper too.
 * A mismatch is reported where the mode was passed: at the innermost put
 * while M is the wrapper's own, else at the call that passed it (the site
 * moves out with each wrapper that passes its parameter on), with a note
 * at the innermost put.
 */
static void wrapper_calls(struct pm *p, struct bd_fn *w, int param, const struct bd_mset *M,
			  struct bd_fn *sfn, struct bd_event *site, bd_val smode,
			  struct bd_event *inner, int depth)
{
	struct bd_call_it it = { 0 };
	struct bd_fn *fn;
	struct bd_event *c;
	int j = mode_param(M, w);

	while ((c = bd_next_call(p->c, w->f->decl->name, w, &it, &fn))) {
		struct bd_fn *rf = sfn;
		struct bd_event *rs = site;
		bd_val rm = smode;
		struct bd_roots ar;
		struct bd_mset P;

		if (param >= c->nargs)
			continue;
		bd_roots(fn, c->args[param], &ar);
		add_out_roots(p, fn, c->args[param], &ar);
		subst_params(M, w, fn, c, &P);
		if (j >= 0 && j < c->nargs) {
			rf = fn;
			rs = c;
			rm = c->args[j];
		}
		p->via = rs != inner ? inner : NULL;
		match_put(p, fn, &ar, rf, rs, rm, &P);
		p->via = NULL;
		if (depth < 4 && !ar.overflow && ar.n == 1 && ar.ev[0] &&
		    ar.ev[0]->op == BD_PARAM && fn != w)
			wrapper_calls(p, fn, (int)ar.ev[0]->imm, &P, rf, rs, rm, inner, depth + 1);
	}
}

static void check_wrapper_put(struct pm *p, struct bd_fn *w, struct bd_event *put)
{
	struct bd_roots r;
	struct bd_mset M;

	if (put->nargs < 2)
		return;
	bd_roots(w, put->args[0], &r);
	if (r.overflow || r.n != 1 || !r.ev[0] || r.ev[0]->op != BD_PARAM)
		return;
	bd_mode_eval(w, put->args[1], &M);
	wrapper_calls(p, w, (int)r.ev[0]->imm, &M, w, put, put->args[1], put, 0);
}

static void check_holder(struct pm *p, struct gsite *g)
{
	const struct bd_api *d = g->def;
	struct bd_event *e = g->ev;
	int64_t k;
	int excl = d->exclusive;

	if (d->holder_arg < 0 || d->holder_arg >= e->nargs)
		return;
	/* legacy blkdev_get(bdev, mode, unsigned flags): no holder */
	if (arg_type_is(p->c, e->name, d->holder_arg, "void *") == 0)
		return;
	if (!excl && g->has_mode && !g->mode.unknown && g->mode.n) {
		excl = 1;
		for (int i = 0; i < g->mode.n; i++) {
			const struct bd_mexpr *m = &g->mode.v[i];

			excl &= m->kind == BD_MX_CONST ? !!(m->k & FMODE_EXCL) :
				!!(m->set & FMODE_EXCL);
		}
	}
	if (!excl || !bd_const_value(g->fn, e->args[d->holder_arg], &k) || k != 0)
		return;
	bd_report(p->c, BD_CHECK_PUT_MODE, BD_SEV_WARNING, e->loc, g->fn->f->decl->name,
		  NULL, 0, NULL, "exclusive %s() with a NULL holder", e->name);
}

/* ---- facts for the merge (summary.h) ---- */

static struct bd_loc sum_loc(struct bd_summary *s, struct bd_loc l)
{
	l.file = bd_summary_str(s, l.file);
	return l;
}

static void record_get(struct pm *p, struct gsite *g, const char *tag,
		       const char *field, const char *mode_field,
		       const struct bd_event *group)
{
	struct bd_summary *s = p->c->sum;
	struct bd_sum_get *sg;
	char key[512];

	BD_GROW(s->gets, s->ngets, s->cap_gets);
	sg = &s->gets[s->ngets++];
	memset(sg, 0, sizeof(*sg));
	sg->function = bd_summary_str(s, g->fn->f->decl->name);
	sg->get = bd_summary_str(s, g->at->name);
	sg->loc = sum_loc(s, g->at->loc);
	sg->tag = bd_summary_str(s, tag);
	sg->field = bd_summary_str(s, field);
	sg->mode_field = bd_summary_str(s, mode_field);
	snprintf(key, sizeof(key), "%s:%d:%d", group->loc.file ? group->loc.file : "",
		 group->loc.line, group->loc.col);
	sg->group = bd_summary_str(s, key);
	sg->exclusive = g->def->exclusive;
	if (p->era->holder) {
		struct bd_hset h;

		bd_hset_of(p->c->u, g->has_mode ? &g->mode : &(struct bd_mset){ .unknown = 1 }, &h);
		bd_hset_to_sum(&h, s, &sg->mode);
		sg->holder = 1;
		return;
	}
	bd_mset_to_sum(g->has_mode ? &g->mode : &(struct bd_mset){ .unknown = 1 }, &sg->mode);
	for (int i = 0; i < sg->mode.n; i++) {
		sg->mode.v[i].tag = bd_summary_str(s, sg->mode.v[i].tag);
		sg->mode.v[i].field = bd_summary_str(s, sg->mode.v[i].field);
	}
}

static void record_gets(struct pm *p)
{
	for (int i = 0; i < p->nff; i++)
		record_get(p, p->ff[i].g, p->ff[i].tag, p->ff[i].field,
			   p->ff[i].mode_field, p->ff[i].store);
	for (int i = 0; i < p->nmf; i++)
		record_get(p, p->mf[i].g, p->mf[i].tag, NULL, p->mf[i].field,
			   p->mf[i].g->ev);
}

/* A put of a bdev read from a field that no get of this unit explains. */
static void record_put(struct pm *p, struct bd_fn *fn, struct bd_event *put,
		       const struct bd_roots *r, const struct bd_mset *P)
{
	struct bd_summary *s = p->c->sum;
	struct bd_event *fld = NULL, *from;
	struct bd_sum_put *sp;

	for (int i = 0; i < r->n && !fld; i++)
		if (r->ev[i] && r->ev[i]->op == BD_FIELD_LOAD)
			fld = r->ev[i];
	if (!fld)
		return;
	BD_GROW(s->puts, s->nputs, s->cap_puts);
	sp = &s->puts[s->nputs++];
	memset(sp, 0, sizeof(*sp));
	sp->function = bd_summary_str(s, fn->f->decl->name);
	sp->put = bd_summary_str(s, put->name);
	sp->loc = sum_loc(s, put->loc);
	sp->tag = bd_summary_str(s, fld->tag);
	sp->field = bd_summary_str(s, fld->name);
	sp->exclusive = put_is_exclusive(put);
	if (p->era->holder) {
		struct bd_event *h = bd_strip(fn, put->args[1]);
		struct bd_hset hs;

		bd_hset_of(p->c->u, P, &hs);
		bd_hset_to_sum(&hs, s, &sp->mode);
		sp->holder = 1;
		sp->param_holder = h && h->op == BD_PARAM;
		return;
	}
	bd_mset_to_sum(P, &sp->mode);
	for (int i = 0; i < sp->mode.n; i++) {
		sp->mode.v[i].tag = bd_summary_str(s, sp->mode.v[i].tag);
		sp->mode.v[i].field = bd_summary_str(s, sp->mode.v[i].field);
	}
	from = dep_field(fn, put->args[1], 0);
	if (from) {
		sp->from_tag = bd_summary_str(s, from->tag);
		sp->from_field = bd_summary_str(s, from->name);
	}
}

static int is_put_of(const struct pm *p, const struct bd_event *e)
{
	return bd_is_put(e) && same_era(p, e);
}

void bd_pair_puts(struct bd_ctx *c, const struct bd_pair_era *era)
{
	struct pm p;
	int nd;

	memset(&p, 0, sizeof(p));
	p.c = c;
	p.era = era;

	collect_gets(&p);
	nd = p.ng;
	collect_wrapper_gets(&p);
	collect_out_gets(&p, nd);
	collect_fields(&p);
	collect_mode_fields(&p);
	p.outg = bd_xcalloc(p.ng + 1, sizeof(int));
	for (int gi = 0; gi < p.ng; gi++)
		if (p.g[gi].outslot)
			p.outg[p.noutg++] = gi;
	if (!era->judge) {
		/* the facts carry modes (summary.h) */
		record_gets(&p);
		record_stores(&p);
		for (int gi = 0; gi < p.ng; gi++)
			if (p.g[gi].ev == p.g[gi].at)
				check_holder(&p, &p.g[gi]);
	} else if (era->holder) {
		record_gets(&p);	/* and the holders they took */
	}
	for (int i = 0; i < c->nfns; i++) {
		struct bd_fn *fn = &c->fns[i];
		struct bd_func *f = fn->f;

		if (!fn->kept)
			continue;
		for (int b = 0; b < f->nblocks; b++)
			for (int k = 0; k < f->blocks[b]->nevents; k++)
				if (is_put_of(&p, &f->blocks[b]->events[k])) {
					check_put(&p, fn, &f->blocks[b]->events[k]);
					check_wrapper_put(&p, fn, &f->blocks[b]->events[k]);
				}
	}
	scan_free(&p);
	for (int i = 0; p.gidx && i < c->nfns; i++) {
		if (p.gidx[i])
			bd_rootidx_free(p.gidx[i]);
		free(p.gidx[i]);
	}
	for (int i = 0; i < p.nlater; i++) {
		free(p.later[i].reach);
		free(p.later[i].last);
	}
	free(p.later);
	free(p.gidx);
	free(p.called);
	free(p.modef);
	free(p.mel);
	free(p.mc);
	free(p.outg);
	free(p.outp);
	free(p.hits.v);
	free(p.hits2.v);
	free(p.g);
	free(p.ff);
	free(p.mf);
	free(p.fs);
	free(p.ca);
}

void bd_check_put_mode(struct bd_ctx *c)
{
	static const struct bd_pair_era fmode = { BD_ERA_FMODE, 0, NULL, NULL };

	bd_pair_puts(c, &fmode);
	/* failed and double puts, of every era (put_paths.c) */
	for (int i = 0; i < c->nfns; i++)
		if (c->fns[i].kept)
			bd_check_put_paths(c, &c->fns[i]);
}
