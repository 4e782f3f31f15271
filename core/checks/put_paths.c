// SPDX-License-Identifier: GPL-2.0
/*
 * put_paths.c - bdops-put-mode, the path part: a put on the path where its
 * get failed, and a second put of the same bdev on one path.
 *
 * A forward may-dataflow over the function's CFG.  Facts: "get G is known to
 * have failed" (set on the edge where an error-pointer test of its bdev -
 * IS_ERR() in any spelling, errptr.c - or a non-zero blkdev_get() result is
 * true, cleared on the other edge and when the get runs again) and "bdev K has been put" (set by a put, cleared when whatever
 * K is read from is produced again, so loops over arrays of devices do not
 * count as double puts).  A get whose result was never tested is not
 * "failed": unknown is not a bug.
 *
 * Reported under the check of the put's era: put-mode up to 6.4,
 * put-holder for 6.5's blkdev_put(bdev, holder) (engine/era.c).
 *
 * Limits: infeasible paths through unrelated conditions (if (a) put; if (!a)
 * put;) are not pruned.  Confidence: high.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "../engine/errptr.h"
#include "../engine/era.h"
#include "../engine/flags.h"
#include "put_mode.h"

struct key {			/* what a put releases */
	struct bd_event *ev;	/* the root producing the bdev */
	const char *tag, *field;	/* when read from a field: of base */
	struct bd_event *base;
	struct bd_event *first;	/* first put seen, for the note */
};

struct paths {
	struct bd_ctx *c;
	struct bd_fn *fn;
	struct bd_event **gets;
	struct bd_roots *groots;
	const char **gglobal;	/* the global a get's bdev is stored in */
	int *gint;
	int ng;
	struct key *keys;
	int nk, capk;
	int nbits, words;
	unsigned long *in;	/* per block: ERR bits then PUT bits */
	/* blocks that branch on a phi of constants (&& and || used as a
	 * value, as in unlikely(!p || IS_ERR_VALUE(p))): the state of each
	 * incoming edge, kept apart, because the constant it brings decides
	 * the branch */
	struct bd_event **thr;	/* per block: that phi, or NULL */
	unsigned long **thr_in;	/* per block: one state per phi input */
};

#define WBITS (8 * (int)sizeof(long))

static int tst(const unsigned long *s, int i) { return !!(s[i / WBITS] & (1UL << (i % WBITS))); }
static void set(unsigned long *s, int i) { s[i / WBITS] |= 1UL << (i % WBITS); }
static void clr(unsigned long *s, int i) { s[i / WBITS] &= ~(1UL << (i % WBITS)); }

static int roots_meet(const struct bd_roots *a, const struct bd_roots *b)
{
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++)
			if (a->ev[i] && a->ev[i] == b->ev[j])
				return 1;
	return 0;
}

/* Is value roots r get g's bdev: the get itself, or the global the get's
 * bdev was stored in, read back (hib = blkdev_get_by_dev(); IS_ERR(hib)). */
static int is_get(struct paths *p, int g, const struct bd_roots *r)
{
	if (roots_meet(r, &p->groots[g]))
		return 1;
	for (int i = 0; i < r->n && p->gglobal[g]; i++)
		if (r->ev[i] && r->ev[i]->op == BD_GLOBAL_LOAD &&
		    bd_global_key(p->c->u, r->ev[i]->name) == p->gglobal[g])
			return 1;
	return 0;
}

/* The key of a put's bdev: one root, a field of one base, or a global. */
static int key_of(struct paths *p, bd_val v)
{
	struct bd_roots r, br;
	struct key k = { 0 };

	bd_roots(p->fn, v, &r);
	if (r.overflow || r.n != 1 || !r.ev[0])
		return -1;
	k.ev = r.ev[0];
	if (k.ev->op == BD_GLOBAL_LOAD) {
		k.tag = "<global>";
		k.field = bd_global_key(p->c->u, k.ev->name);
		k.ev = NULL;
	} else if (k.ev->op == BD_FIELD_LOAD) {
		bd_roots(p->fn, k.ev->a, &br);
		if (br.overflow || br.n != 1 || !br.ev[0])
			return -1;
		k.tag = k.ev->tag;
		k.field = k.ev->name;
		k.base = br.ev[0];
		k.ev = NULL;
	}
	for (int i = 0; i < p->nk; i++)
		if (p->keys[i].ev == k.ev && p->keys[i].base == k.base &&
		    p->keys[i].tag == k.tag && p->keys[i].field == k.field)
			return i;
	BD_GROW(p->keys, p->nk, p->capk);
	p->keys[p->nk] = k;
	return p->nk++;
}

/* if (err) with err = blkdev_get(...): which get, and does true mean failed? */
static int int_result_test(struct paths *p, bd_val v, int *true_failed, int depth)
{
	struct bd_event *e = bd_strip(p->fn, v);
	struct bd_roots r;
	int64_t k;

	if (!e || depth > 8)
		return -1;
	if (e->op == BD_UNOP && e->sub == BD_NOT) {
		int g = int_result_test(p, e->a, true_failed, depth + 1);

		*true_failed = !*true_failed;
		return g;
	}
	if (e->op == BD_BINOP && (e->sub == BD_NE || e->sub == BD_EQ || e->sub == BD_LT) &&
	    bd_const_value(p->fn, e->b, &k) && k == 0) {
		int g = int_result_test(p, e->a, true_failed, depth + 1);

		if (e->sub == BD_EQ)
			*true_failed = !*true_failed;
		return g;
	}
	if (e->op == BD_CALL && e->name && e->nargs >= 1 &&
	    (!strcmp(e->name, "expect") || !strcmp(e->name, "__builtin_expect")))
		return int_result_test(p, e->args[0], true_failed, depth + 1);
	bd_roots(p->fn, v, &r);
	for (int g = 0; g < p->ng; g++)
		if (p->gint[g] && r.n == 1 && r.ev[0] == p->gets[g]) {
			*true_failed = 1;
			return g;
		}
	return -1;
}

/* The get (returning a pointer) whose bdev pointer value ptr is, or -1. */
static int ptr_get(struct paths *p, bd_val ptr)
{
	struct bd_roots r;

	bd_roots(p->fn, ptr, &r);
	for (int g = 0; g < p->ng; g++)
		if (!p->gint[g] && is_get(p, g, &r))
			return g;
	return -1;
}

/* Which get does this condition test, and does true mean it failed?  An
 * error-pointer test in any spelling (errptr.c), or blkdev_get()'s int. */
static int cond_get(struct paths *p, bd_val v, int *true_failed)
{
	bd_val ptr;
	int side = bd_errptr_test(p->fn, v, &ptr);

	if (side < 0) {
		*true_failed = 0;
		return int_result_test(p, v, true_failed, 0);
	}
	*true_failed = side;
	return ptr_get(p, ptr);
}

/* A NULL test of a get's bdev: which get, and does true mean NULL? */
static int null_get(struct paths *p, bd_val v, int *true_null)
{
	bd_val ptr;

	*true_null = bd_null_test(p->fn, v, &ptr);
	return *true_null < 0 ? -1 : ptr_get(p, ptr);
}

static void kill_keys(struct paths *p, unsigned long *s, struct bd_event *e)
{
	for (int i = 0; i < p->nk; i++) {
		struct key *k = &p->keys[i];

		if (k->ev == e || k->base == e ||
		    (e->op == BD_FIELD_STORE && k->tag == e->tag && k->field == e->name) ||
		    (e->op == BD_GLOBAL_STORE && k->base == NULL && k->ev == NULL &&
		     k->field == bd_global_key(p->c->u, e->name)))
			clr(s, p->ng + i);
	}
}

static enum bd_check check_of(struct paths *p, struct bd_event *put)
{
	return bd_era_of_call(p->c->u, put) >= BD_ERA_HOLDER ? BD_CHECK_PUT_HOLDER :
							       BD_CHECK_PUT_MODE;
}

static void report_failed(struct paths *p, struct bd_event *put, int g)
{
	char note[256];
	struct bd_note n = { p->gets[g]->loc, note };

	snprintf(note, sizeof(note), "%s() failed here", p->gets[g]->name);
	bd_report(p->c, check_of(p, put), BD_SEV_WARNING, put->loc,
		  p->fn->f->decl->name, NULL, 1, &n,
		  "%s() on the path where %s() failed", put->name, p->gets[g]->name);
}

static void report_double(struct paths *p, struct bd_event *put, struct key *k)
{
	char note[256];
	struct bd_note n = { k->first->loc, note };

	snprintf(note, sizeof(note), "first %s() here", k->first->name);
	bd_report(p->c, check_of(p, put), BD_SEV_WARNING, put->loc,
		  p->fn->f->decl->name, NULL, 1, &n,
		  "second %s() of the same block device on this path", put->name);
}

static void at_put(struct paths *p, unsigned long *s, struct bd_event *e, int final)
{
	struct bd_roots r;
	int k, failed = 0;

	if (e->nargs < 1)
		return;
	bd_roots(p->fn, e->args[0], &r);
	for (int g = 0; g < p->ng; g++)
		if (tst(s, g) && is_get(p, g, &r)) {
			failed = 1;
			if (final)
				report_failed(p, e, g);
		}
	k = key_of(p, e->args[0]);
	if (k < 0)
		return;
	if (!p->keys[k].first)
		p->keys[k].first = e;
	if (tst(s, p->ng + k) && final && !failed && p->keys[k].first != e)
		report_double(p, e, &p->keys[k]);
	set(s, p->ng + k);
}

static void transfer(struct paths *p, int b, unsigned long *s, int final)
{
	struct bd_block *blk = p->fn->f->blocks[b];

	for (int i = 0; i < blk->nevents; i++) {
		struct bd_event *e = &blk->events[i];

		for (int g = 0; g < p->ng; g++)
			if (p->gets[g] == e)
				clr(s, g);
		if (e->dst || e->op == BD_FIELD_STORE || e->op == BD_GLOBAL_STORE)
			kill_keys(p, s, e);
		if (bd_is_put(e))
			at_put(p, s, e, final);
	}
}

/* The branch condition of block b as a function of a phi of constants in
 * b, or NULL: copies, !, == 0, != 0 and likely()/unlikely() over it. */
static struct bd_event *thread_phi(struct paths *p, int b)
{
	struct bd_block *blk = p->fn->f->blocks[b];
	bd_val v = blk->cond;
	int64_t k;

	if (blk->term != BD_T_BRANCH || blk->nsucc != 2)
		return NULL;
	for (int depth = 0; depth < 16; depth++) {
		struct bd_event *e = bd_def(p->fn, v);

		if (!e)
			return NULL;
		switch (e->op) {
		case BD_COPY:
		case BD_UNOP:
			if (e->op == BD_UNOP && e->sub != BD_NOT)
				return NULL;
			v = e->a;
			continue;
		case BD_BINOP:
			if ((e->sub != BD_NE && e->sub != BD_EQ) ||
			    !bd_const_value(p->fn, e->b, &k) || k)
				return NULL;
			v = e->a;
			continue;
		case BD_CALL:
			if (!e->name || e->nargs < 1 ||
			    (strcmp(e->name, "expect") && strcmp(e->name, "__builtin_expect")))
				return NULL;
			v = e->args[0];
			continue;
		case BD_PHI:
			if (!e->preds || bd_event_block(p->fn, e) != b)
				return NULL;
			for (int i = 0; i < e->nargs; i++)
				if (!bd_const_value(p->fn, e->args[i], &k))
					return NULL;
			return e;
		default:
			return NULL;
		}
	}
	return NULL;
}

/* Is the branch of block b taken (succ[0]) when its phi brings input i? */
static int thread_taken(struct paths *p, int b, int i)
{
	bd_val v = p->fn->f->blocks[b]->cond;
	int64_t k = 0;
	int neg = 0;

	for (;;) {
		struct bd_event *e = bd_def(p->fn, v);

		if (e->op == BD_PHI) {
			bd_const_value(p->fn, e->args[i], &k);
			break;
		}
		if (e->op == BD_UNOP || (e->op == BD_BINOP && e->sub == BD_EQ))
			neg = !neg;
		v = e->op == BD_CALL ? e->args[0] : e->a;
		/* !x and x == 0 flip; != 0, copies and expect() do not */
	}
	return (k != 0) != neg;
}

static int flow_edge(struct paths *p, int b, int si, const unsigned long *out)
{
	struct bd_block *blk = p->fn->f->blocks[b];
	int t = blk->succ[si], g, tf = 0, changed = 0;
	unsigned long *e = bd_xcalloc(p->words, sizeof(long));
	unsigned long *in;

	if (t < 0) {
		free(e);
		return 0;
	}
	memcpy(e, out, p->words * sizeof(long));
	if (blk->term == BD_T_BRANCH && (g = cond_get(p, blk->cond, &tf)) >= 0) {
		int failed_edge = si == 0 ? tf : !tf;

		if (failed_edge)
			set(e, g);
		else
			clr(e, g);
	} else if (blk->term == BD_T_BRANCH && (g = null_get(p, blk->cond, &tf)) >= 0 &&
		   (si == 0 ? tf : !tf)) {
		clr(e, g);	/* a failed get's bdev is not NULL */
	}
	in = p->in + (size_t)t * p->words;
	for (int w = 0; w < p->words; w++) {
		if ((in[w] | e[w]) != in[w])
			changed = 1;
		in[w] |= e[w];
	}
	for (int i = 0; p->thr[t] && i < p->thr[t]->nargs; i++) {
		if (p->thr[t]->preds[i] != b)
			continue;
		in = p->thr_in[t] + (size_t)i * p->words;
		for (int w = 0; w < p->words; w++) {
			if ((in[w] | e[w]) != in[w])
				changed = 1;
			in[w] |= e[w];
		}
	}
	free(e);
	return changed;
}

/* Block b's successors, each from the inputs of its phi that take it. */
static int flow_threaded(struct paths *p, int b, unsigned long *s)
{
	struct bd_event *phi = p->thr[b];
	unsigned long *one = bd_xcalloc(p->words, sizeof(long));
	int changed = 0;

	for (int si = 0; si < 2; si++) {
		memset(s, 0, p->words * sizeof(long));
		for (int i = 0; i < phi->nargs; i++) {
			if (thread_taken(p, b, i) != !si)
				continue;
			memcpy(one, p->thr_in[b] + (size_t)i * p->words, p->words * sizeof(long));
			transfer(p, b, one, 0);
			for (int w = 0; w < p->words; w++)
				s[w] |= one[w];
		}
		changed |= flow_edge(p, b, si, s);
	}
	free(one);
	return changed;
}

/* The global each get's bdev is stored in, if any. */
static void stored_globals(struct paths *p)
{
	struct bd_func *f = p->fn->f;

	for (int b = 0; b < f->nblocks && p->ng; b++)
		for (int i = 0; i < f->blocks[b]->nevents; i++) {
			struct bd_event *e = &f->blocks[b]->events[i];
			struct bd_roots r;

			if (e->op != BD_GLOBAL_STORE)
				continue;
			bd_roots(p->fn, e->b, &r);
			for (int g = 0; g < p->ng; g++)
				if (roots_meet(&r, &p->groots[g]))
					p->gglobal[g] = bd_global_key(p->c->u, e->name);
		}
}

static void collect(struct paths *p)
{
	struct bd_func *f = p->fn->f;
	int bdev_arg, int_result;

	for (int b = 0; b < f->nblocks; b++)
		for (int i = 0; i < f->blocks[b]->nevents; i++) {
			struct bd_event *e = &f->blocks[b]->events[i];

			if (bd_get_info(e, &bdev_arg, &int_result)) {
				int n = p->ng++;

				p->gets = bd_xrealloc(p->gets, p->ng * sizeof(*p->gets));
				p->groots = bd_xrealloc(p->groots, p->ng * sizeof(*p->groots));
				p->gint = bd_xrealloc(p->gint, p->ng * sizeof(int));
				p->gglobal = bd_xrealloc(p->gglobal, p->ng * sizeof(*p->gglobal));
				p->gglobal[n] = NULL;
				p->gets[n] = e;
				p->gint[n] = int_result;
				memset(&p->groots[n], 0, sizeof(p->groots[n]));
				if (bdev_arg < 0) {
					p->groots[n].n = 1;
					p->groots[n].ev[0] = e;
				} else if (bdev_arg < e->nargs) {
					bd_roots(p->fn, e->args[bdev_arg], &p->groots[n]);
				}
			}
			if (bd_is_put(e) && e->nargs >= 1)
				key_of(p, e->args[0]);
		}
	stored_globals(p);
}

void bd_check_put_paths(struct bd_ctx *c, struct bd_fn *fn)
{
	struct paths p;
	int n = fn->f->nblocks, changed = 1, rounds = 0;
	unsigned long *s;

	memset(&p, 0, sizeof(p));
	p.c = c;
	p.fn = fn;
	collect(&p);
	if (!p.nk)
		goto out;
	p.nbits = p.ng + p.nk;
	p.words = p.nbits / WBITS + 1;
	p.in = bd_xcalloc((size_t)n * p.words + 1, sizeof(long));
	p.thr = bd_xcalloc(n, sizeof(*p.thr));
	p.thr_in = bd_xcalloc(n, sizeof(*p.thr_in));
	for (int b = 0; b < n; b++)
		if ((p.thr[b] = thread_phi(&p, b)))
			p.thr_in[b] = bd_xcalloc((size_t)p.thr[b]->nargs * p.words, sizeof(long));
	s = bd_xcalloc(p.words, sizeof(long));
	while (changed && rounds++ < 100) {
		changed = 0;
		for (int r = 0; r < fn->nrpo; r++) {
			int b = fn->rpo[r];

			if (p.thr[b]) {
				changed |= flow_threaded(&p, b, s);
				continue;
			}
			memcpy(s, p.in + (size_t)b * p.words, p.words * sizeof(long));
			transfer(&p, b, s, 0);
			for (int si = 0; si < fn->f->blocks[b]->nsucc; si++)
				changed |= flow_edge(&p, b, si, s);
		}
	}
	for (int i = 0; i < p.nk; i++)
		p.keys[i].first = NULL;
	for (int r = 0; r < fn->nrpo; r++) {
		int b = fn->rpo[r];

		memcpy(s, p.in + (size_t)b * p.words, p.words * sizeof(long));
		transfer(&p, b, s, 1);
	}
	free(s);
	free(p.in);
	for (int b = 0; b < n; b++)
		free(p.thr_in[b]);
	free(p.thr);
	free(p.thr_in);
out:
	free(p.gets);
	free(p.groots);
	free(p.gint);
	free(p.gglobal);
	free(p.keys);
}
