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
 * The facts are independent bits of a gen/kill union dataflow, so each is
 * solved on its own, over the blocks where it holds, and only the puts ask
 * for them: a bit vector per block cost blocks * (gets + puts), about 3x
 * per doubling of one huge function.
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

/* The tag of a key that is a global, its field the global's key. */
static const char global_tag[] = "<global>";

struct paths {
	struct bd_ctx *c;
	struct bd_fn *fn;
	struct bd_event **gets;
	struct bd_roots *groots;
	const char **gglobal;	/* the global a get's bdev is stored in */
	struct bd_ints gstored;	/* the gets whose gglobal is set */
	int *gint;
	int ng;
	struct key *keys;
	int nk, capk;
	int *khash, khsize;	/* keys by their parts */
	struct bd_rootidx gidx;	/* gets by the roots of their bdev */
	int *get_at;		/* event number -> get, or -1 */
	struct bd_ints hits;
	/* blocks that branch on a phi of constants (&& and || used as a
	 * value, as in unlikely(!p || IS_ERR_VALUE(p))): the state of each
	 * incoming edge, kept apart, because the constant it brings decides
	 * the branch */
	struct bd_event **thr;	/* per block: that phi, or NULL */
	int *thr_off;		/* per block: its inputs' first slot */
	char *taken;		/* per slot: the input takes succ[0] */
	int *slot_blk;		/* per slot: its block */
	/* what each branch says about a get: set on one edge, cleared on the
	 * other (cond), or cleared on the NULL side (null) */
	int *cg, *cg_tf, *nullg, *null_t;
	int *cg_off, *cg_blk;	/* blocks whose cond tests get g */
	char *reach;		/* block is in fn->rpo */
	int *topo;		/* strongly connected components of the CFG
				 * in topological order, per block */
	int maxq;		/* the last component a fact is asked in */
	/* the facts: get g failed (g < ng), key k put (ng + k) */
	struct act *acts;
	int nacts, capacts;
	struct putq *puts;
	int nputs, capputs;
	int nq;
	char *ans;		/* per query: the fact held */
	/* one fact's solution, by stamp: no clearing between facts */
	int stamp;
	int *in, *thr_in, *has_act;
	char *last_gen;
	int *work;
	int nwork;
};

/* What an event does to a fact, or asks of it; in this order within one
 * event (the get runs, values are produced, then the put). */
enum { A_KILL, A_QUERY, A_GEN };

struct act {
	int fact, b, i, op;
	int q;			/* A_QUERY: the answer's number */
};

/* A put, in reporting order: its failed-get questions q0.. q0 + n - 1
 * (about gets gq[0..n)), and its key's question. */
struct putq {
	struct bd_event *e;
	int key, qkey;
	int q0, n;
	int *gq;
};

static unsigned key_hash(const struct key *k)
{
	uintptr_t h = (uintptr_t)k->ev * 31 + (uintptr_t)k->base;

	h = h * 31 + (uintptr_t)k->tag;
	h = h * 31 + (uintptr_t)k->field;
	h ^= h >> 17;
	h *= 0x9e3779b1u;
	return (unsigned)(h ^ (h >> 15));
}

static int key_same(const struct key *a, const struct key *b)
{
	return a->ev == b->ev && a->base == b->base && a->tag == b->tag &&
	       a->field == b->field;
}

/* The number of key k, added when new (an open-addressing table). */
static int key_find(struct paths *p, const struct key *k)
{
	unsigned h;

	if (p->nk * 2 >= p->khsize) {
		free(p->khash);
		p->khsize = p->khsize ? p->khsize * 2 : 64;
		p->khash = bd_xcalloc(p->khsize, sizeof(int));
		for (int i = 0; i < p->khsize; i++)
			p->khash[i] = -1;
		for (int i = 0; i < p->nk; i++) {
			for (h = key_hash(&p->keys[i]) & (p->khsize - 1); p->khash[h] >= 0;
			     h = (h + 1) & (p->khsize - 1))
				;
			p->khash[h] = i;
		}
	}
	for (h = key_hash(k) & (p->khsize - 1); p->khash[h] >= 0; h = (h + 1) & (p->khsize - 1))
		if (key_same(&p->keys[p->khash[h]], k))
			return p->khash[h];
	BD_GROW(p->keys, p->nk, p->capk);
	p->keys[p->nk] = *k;
	p->khash[h] = p->nk;
	return p->nk++;
}

/* The gets whose bdev value roots r may be, in p->hits in get order: the
 * get itself, or the global the get's bdev was stored in, read back (hib =
 * blkdev_get_by_dev(); IS_ERR(hib)). */
static void gets_of(struct paths *p, const struct bd_roots *r)
{
	int n;

	bd_rootidx_meet(&p->gidx, r, &p->hits);
	n = p->hits.n;
	for (int i = 0; i < r->n && p->gstored.n; i++) {
		const char *gk;

		if (!r->ev[i] || r->ev[i]->op != BD_GLOBAL_LOAD)
			continue;
		gk = bd_global_key(p->c->u, r->ev[i]->name);
		for (int j = 0; j < p->gstored.n; j++)
			if (p->gglobal[p->gstored.v[j]] == gk)
				bd_ints_push(&p->hits, p->gstored.v[j]);
	}
	if (p->hits.n > n)
		bd_ints_uniq(&p->hits);
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
		k.tag = global_tag;
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
	return key_find(p, &k);
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
	if (r.n == 1 && r.ev[0]) {
		int x = bd_event_index(p->fn, r.ev[0]), g = x < 0 ? -1 : p->get_at[x];

		if (g >= 0 && p->gint[g]) {
			*true_failed = 1;
			return g;
		}
	}
	return -1;
}

/* The get (returning a pointer) whose bdev pointer value ptr is, or -1. */
static int ptr_get(struct paths *p, bd_val ptr)
{
	struct bd_roots r;

	bd_roots(p->fn, ptr, &r);
	gets_of(p, &r);
	for (int h = 0; h < p->hits.n; h++)
		if (!p->gint[p->hits.v[h]])
			return p->hits.v[h];
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

static void act(struct paths *p, int fact, int b, int i, int op, int q)
{
	BD_GROW(p->acts, p->nacts, p->capacts);
	p->acts[p->nacts++] = (struct act){ fact, b, i, op, q };
}

/* Keys whose bdev, or the base it is read from, event e produces again,
 * or whose field e stores: by event number and by field. */
struct kills {
	int *off, *key;		/* CSR by event number */
	struct key **byfield;	/* keys by tag and field */
	int nfield;
};

static int field_cmp(const void *x, const void *y)
{
	const struct key *a = *(struct key *const *)x, *b = *(struct key *const *)y;

	if (a->tag != b->tag)
		return (uintptr_t)a->tag < (uintptr_t)b->tag ? -1 : 1;
	if (a->field != b->field)
		return (uintptr_t)a->field < (uintptr_t)b->field ? -1 : 1;
	return a < b ? -1 : a > b;
}

static void kills_build(struct paths *p, struct kills *k)
{
	int n = bd_fn_nevents(p->fn), *cnt = bd_xcalloc(n + 2, sizeof(int));

	k->off = cnt;
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < p->nk; i++) {
			struct bd_event *ev[2] = { p->keys[i].ev, p->keys[i].base };

			for (int j = 0; j < 2; j++) {
				int x = ev[j] && (!j || ev[1] != ev[0]) ?
					bd_event_index(p->fn, ev[j]) : -1;

				if (x < 0)
					continue;
				if (!pass)
					cnt[x + 2]++;
				else
					k->key[k->off[x + 1]++] = i;
			}
		}
		if (pass)
			break;
		for (int x = 0; x < n; x++)
			cnt[x + 2] += cnt[x + 1];
		k->key = bd_xcalloc(cnt[n + 1] + 1, sizeof(int));
	}
	k->byfield = bd_xcalloc(p->nk + 1, sizeof(*k->byfield));
	for (int i = 0; i < p->nk; i++)
		k->byfield[k->nfield++] = &p->keys[i];
	qsort(k->byfield, k->nfield, sizeof(*k->byfield), field_cmp);
}

/* The first key of tag.field in byfield, or nfield. */
static int field_first(const struct kills *k, const char *tag, const char *field)
{
	int lo = 0, hi = k->nfield;

	while (lo < hi) {
		int mid = (lo + hi) / 2;
		const struct key *m = k->byfield[mid];

		if ((uintptr_t)m->tag < (uintptr_t)tag ||
		    (m->tag == tag && (uintptr_t)m->field < (uintptr_t)field))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
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
			bd_rootidx_meet(&p->gidx, &r, &p->hits);
			for (int h = 0; h < p->hits.n; h++)
				p->gglobal[p->hits.v[h]] = bd_global_key(p->c->u, e->name);
		}
	for (int g = 0; g < p->ng; g++)
		if (p->gglobal[g])
			bd_ints_push(&p->gstored, g);
}

/* The gets of the function, the keys its puts release and where the
 * gets' bdevs come from. */
static void collect(struct paths *p)
{
	struct bd_func *f = p->fn->f;
	int bdev_arg, int_result, n = bd_fn_nevents(p->fn);

	p->get_at = bd_xcalloc(n + 1, sizeof(int));
	for (int x = 0; x < n; x++)
		p->get_at[x] = -1;
	for (int b = 0; b < f->nblocks; b++)
		for (int i = 0; i < f->blocks[b]->nevents; i++) {
			struct bd_event *e = &f->blocks[b]->events[i];

			if (bd_get_info(e, &bdev_arg, &int_result)) {
				int g = p->ng++;

				p->gets = bd_xrealloc(p->gets, p->ng * sizeof(*p->gets));
				p->groots = bd_xrealloc(p->groots, p->ng * sizeof(*p->groots));
				p->gint = bd_xrealloc(p->gint, p->ng * sizeof(int));
				p->gglobal = bd_xrealloc(p->gglobal, p->ng * sizeof(*p->gglobal));
				p->gglobal[g] = NULL;
				p->gets[g] = e;
				p->gint[g] = int_result;
				p->get_at[p->fn->evbase[b] + i] = g;
				memset(&p->groots[g], 0, sizeof(p->groots[g]));
				if (bdev_arg < 0) {
					p->groots[g].n = 1;
					p->groots[g].ev[0] = e;
				} else if (bdev_arg < e->nargs) {
					bd_roots(p->fn, e->args[bdev_arg], &p->groots[g]);
				}
			}
			if (bd_is_put(e) && e->nargs >= 1)
				key_of(p, e->args[0]);
		}
	bd_rootidx_build(&p->gidx, p->fn, p->ng, p->groots, sizeof(*p->groots));
	stored_globals(p);
}

/* Put e (block b, event i) asks which of the gets its bdev may come from
 * have failed, and whether its key was put; then it puts the key. */
static void ask(struct paths *p, struct bd_event *e, int b, int i)
{
	struct putq *q;
	struct bd_roots r;

	BD_GROW(p->puts, p->nputs, p->capputs);
	q = &p->puts[p->nputs++];
	memset(q, 0, sizeof(*q));
	q->e = e;
	bd_roots(p->fn, e->args[0], &r);
	gets_of(p, &r);
	q->n = p->hits.n;
	q->q0 = p->nq;
	q->gq = bd_xcalloc(q->n + 1, sizeof(int));
	for (int h = 0; h < q->n; h++) {
		q->gq[h] = p->hits.v[h];
		act(p, q->gq[h], b, i, A_QUERY, p->nq++);
	}
	q->key = key_of(p, e->args[0]);
	q->qkey = -1;
	if (q->key >= 0) {
		q->qkey = p->nq++;
		act(p, p->ng + q->key, b, i, A_QUERY, q->qkey);
		act(p, p->ng + q->key, b, i, A_GEN, 0);
	}
}

/* A store to tag.field (a global: global_tag and its key) kills the keys
 * read from it. */
static void kill_field(struct paths *p, const struct kills *k, const char *tag,
		       const char *field, int b, int i)
{
	for (int j = field_first(k, tag, field);
	     j < k->nfield && k->byfield[j]->tag == tag && k->byfield[j]->field == field; j++)
		act(p, p->ng + (int)(k->byfield[j] - p->keys), b, i, A_KILL, 0);
}

/* What each reachable event does to the facts, and the questions each put
 * asks, in reporting order (reverse post-order, then event order). */
static void actions(struct paths *p)
{
	struct kills k = { 0 };

	kills_build(p, &k);
	for (int r = 0; r < p->fn->nrpo; r++) {
		int b = p->fn->rpo[r];
		struct bd_block *blk = p->fn->f->blocks[b];

		for (int i = 0; i < blk->nevents; i++) {
			struct bd_event *e = &blk->events[i];
			int x = p->fn->evbase[b] + i;

			if (p->get_at[x] >= 0)
				act(p, p->get_at[x], b, i, A_KILL, 0);
			if (e->dst || e->op == BD_FIELD_STORE || e->op == BD_GLOBAL_STORE)
				for (int j = k.off[x]; j < k.off[x + 1]; j++)
					act(p, p->ng + k.key[j], b, i, A_KILL, 0);
			if (e->op == BD_FIELD_STORE)
				kill_field(p, &k, e->tag, e->name, b, i);
			if (e->op == BD_GLOBAL_STORE)
				kill_field(p, &k, global_tag, bd_global_key(p->c->u, e->name), b, i);
			if (bd_is_put(e) && e->nargs >= 1)
				ask(p, e, b, i);
		}
	}
	free(k.off);
	free(k.key);
	free(k.byfield);
}

/*
 * Tarjan's strongly connected components of the reachable blocks, numbered
 * so that no edge goes to a lower number: a block whose number is above
 * every block a fact is asked in cannot lead to a question, and the fact
 * is not followed there.  A fact that holds to the end of a huge function
 * (a get tested with IS_ERR() that does not return) then costs the blocks
 * up to its last put, not the rest of the function.
 */
static void scc_order(struct paths *p)
{
	int n = p->fn->f->nblocks, clock = 0, nscc = 0, top = 0, ctop = 0;
	int *idx = bd_xcalloc(n + 1, sizeof(int)), *low = bd_xcalloc(n + 1, sizeof(int));
	int *stk = bd_xcalloc(n + 1, sizeof(int)), *cb = bd_xcalloc(n + 1, sizeof(int));
	int *cs = bd_xcalloc(n + 1, sizeof(int));
	char *on = bd_xcalloc(n + 1, 1);

	p->topo = bd_xcalloc(n + 1, sizeof(int));
	for (int b = 0; b < n; b++)
		idx[b] = -1;
	if (n) {
		idx[0] = low[0] = clock++;
		stk[top++] = 0;
		on[0] = 1;
		cb[ctop++] = 0;
	}
	while (ctop) {
		int v = cb[ctop - 1];
		struct bd_block *blk = p->fn->f->blocks[v];

		if (cs[ctop - 1] < blk->nsucc) {
			int w = blk->succ[cs[ctop - 1]++];

			if (w < 0 || w >= n)
				continue;
			if (idx[w] < 0) {
				idx[w] = low[w] = clock++;
				stk[top++] = w;
				on[w] = 1;
				cs[ctop] = 0;
				cb[ctop++] = w;
			} else if (on[w] && idx[w] < low[v]) {
				low[v] = idx[w];
			}
			continue;
		}
		ctop--;
		if (ctop && low[v] < low[cb[ctop - 1]])
			low[cb[ctop - 1]] = low[v];
		if (low[v] == idx[v]) {
			int w;

			do {
				w = stk[--top];
				on[w] = 0;
				p->topo[w] = nscc;	/* sinks first */
			} while (w != v);
			nscc++;
		}
	}
	for (int b = 0; b < n; b++)
		p->topo[b] = idx[b] < 0 ? nscc : nscc - 1 - p->topo[b];
	free(idx);
	free(low);
	free(stk);
	free(cb);
	free(cs);
	free(on);
}

/* What the branches and the phis of constants say, once per block. */
static void branches(struct paths *p)
{
	int n = p->fn->f->nblocks, nslots = 0, *cnt;

	p->reach = bd_xcalloc(n + 1, 1);
	p->cg = bd_xcalloc(n + 1, sizeof(int));
	p->cg_tf = bd_xcalloc(n + 1, sizeof(int));
	p->nullg = bd_xcalloc(n + 1, sizeof(int));
	p->null_t = bd_xcalloc(n + 1, sizeof(int));
	p->thr = bd_xcalloc(n + 1, sizeof(*p->thr));
	p->thr_off = bd_xcalloc(n + 1, sizeof(int));
	for (int b = 0; b < n; b++)
		p->cg[b] = p->nullg[b] = -1;
	for (int r = 0; r < p->fn->nrpo; r++)
		p->reach[p->fn->rpo[r]] = 1;
	for (int b = 0; b < n; b++) {
		struct bd_block *blk = p->fn->f->blocks[b];

		p->thr_off[b] = nslots;
		if ((p->thr[b] = thread_phi(p, b)))
			nslots += p->thr[b]->nargs;
		if (!p->reach[b] || blk->term != BD_T_BRANCH)
			continue;
		p->cg[b] = cond_get(p, blk->cond, &p->cg_tf[b]);
		if (p->cg[b] < 0)
			p->nullg[b] = null_get(p, blk->cond, &p->null_t[b]);
	}
	p->taken = bd_xcalloc(nslots + 1, 1);
	p->slot_blk = bd_xcalloc(nslots + 1, sizeof(int));
	for (int b = 0; b < n; b++)
		for (int i = 0; p->thr[b] && i < p->thr[b]->nargs; i++) {
			p->taken[p->thr_off[b] + i] = thread_taken(p, b, i) != 0;
			p->slot_blk[p->thr_off[b] + i] = b;
		}
	p->thr_in = bd_xcalloc(nslots + 1, sizeof(int));
	p->work = bd_xcalloc((size_t)n + nslots + 1, sizeof(int));
	/* the blocks whose branch tests each get, for its solution's seeds */
	cnt = p->cg_off = bd_xcalloc(p->ng + 2, sizeof(int));
	for (int b = 0; b < n; b++)
		if (p->cg[b] >= 0)
			cnt[p->cg[b] + 2]++;
	for (int g = 0; g < p->ng; g++)
		cnt[g + 2] += cnt[g + 1];
	p->cg_blk = bd_xcalloc(cnt[p->ng + 1] + 1, sizeof(int));
	for (int b = 0; b < n; b++)
		if (p->cg[b] >= 0)
			p->cg_blk[p->cg_off[p->cg[b] + 1]++] = b;
}

static void push(struct paths *p, int item)
{
	p->work[p->nwork++] = item;
}

/* Fact f flows along edge si of block b with value v (the edge's own
 * effect on a get it tests applied). */
static void edge(struct paths *p, int f, int b, int si, int v)
{
	struct bd_block *blk = p->fn->f->blocks[b];
	int t = blk->succ[si], n = p->fn->f->nblocks;

	if (t < 0)
		return;
	if (f < p->ng && blk->term == BD_T_BRANCH) {
		if (p->cg[b] == f)
			v = si == 0 ? p->cg_tf[b] : !p->cg_tf[b];
		else if (p->cg[b] < 0 && p->nullg[b] == f &&
			 (si == 0 ? p->null_t[b] : !p->null_t[b]))
			v = 0;	/* a failed get's bdev is not NULL */
	}
	if (!v || p->topo[t] > p->maxq)
		return;		/* nothing after t asks */
	if (p->in[t] != p->stamp) {
		p->in[t] = p->stamp;
		push(p, t);
	}
	for (int i = 0; p->thr[t] && i < p->thr[t]->nargs; i++) {
		int slot = p->thr_off[t] + i;

		if (p->thr[t]->preds[i] == b && p->thr_in[slot] != p->stamp) {
			p->thr_in[slot] = p->stamp;
			push(p, n + slot);
		}
	}
}

/* Fact f leaves block b: what its events leave, else what came in - for a
 * block branching on a phi of constants, per edge from the inputs that
 * take it. */
static void block_out(struct paths *p, int f, int b)
{
	struct bd_block *blk = p->fn->f->blocks[b];
	int acts = p->has_act[b] == p->stamp, gen = acts && p->last_gen[b];

	if (!p->thr[b]) {
		for (int si = 0; si < blk->nsucc; si++)
			edge(p, f, b, si, acts ? gen : p->in[b] == p->stamp);
		return;
	}
	for (int si = 0; si < 2; si++) {
		int v = 0;

		for (int i = 0; i < p->thr[b]->nargs; i++) {
			int slot = p->thr_off[b] + i;

			if (p->taken[slot] == !si)
				v |= acts ? gen : p->thr_in[slot] == p->stamp;
		}
		edge(p, f, b, si, v);
	}
}

static int act_cmp(const void *x, const void *y)
{
	const struct act *a = x, *b = y;

	if (a->fact != b->fact)
		return a->fact < b->fact ? -1 : 1;
	if (a->b != b->b)
		return a->b < b->b ? -1 : 1;
	if (a->i != b->i)
		return a->i < b->i ? -1 : 1;
	return (a->op > b->op) - (a->op < b->op);
}

/* Fact f over the blocks where it holds (its actions are acts[lo..hi)),
 * then the answers to its questions. */
static void solve(struct paths *p, int f, int lo, int hi)
{
	int n = p->fn->f->nblocks, asked = 0, b = -1, state = 0;

	p->maxq = -1;
	for (int j = lo; j < hi; j++)
		if (p->acts[j].op == A_QUERY) {
			asked = 1;
			if (p->topo[p->acts[j].b] > p->maxq)
				p->maxq = p->topo[p->acts[j].b];
		}
	if (!asked)
		return;
	p->stamp++;
	for (int j = lo; j < hi; j++)
		if (p->acts[j].op != A_QUERY) {
			p->has_act[p->acts[j].b] = p->stamp;
			p->last_gen[p->acts[j].b] = p->acts[j].op == A_GEN;
		}
	p->nwork = 0;
	for (int j = lo; j < hi; j++)
		if (p->acts[j].op == A_GEN && p->last_gen[p->acts[j].b])
			block_out(p, f, p->acts[j].b);
	for (int j = f < p->ng ? p->cg_off[f] : 0; f < p->ng && j < p->cg_off[f + 1]; j++)
		block_out(p, f, p->cg_blk[j]);
	while (p->nwork) {
		int item = p->work[--p->nwork];
		int t = item < n ? item : -1;

		if (t < 0)
			t = p->slot_blk[item - n];
		else if (p->thr[t])
			continue;	/* its edges go by the inputs */
		if (p->has_act[t] != p->stamp)
			block_out(p, f, t);
	}
	for (int j = lo; j < hi; j++) {
		const struct act *a = &p->acts[j];

		if (a->b != b) {
			b = a->b;
			state = p->in[b] == p->stamp;
		}
		if (a->op == A_QUERY)
			p->ans[a->q] = state;
		else
			state = a->op == A_GEN;
	}
}

static void report(struct paths *p)
{
	for (int j = 0; j < p->nputs; j++) {
		struct putq *q = &p->puts[j];
		struct key *k = q->key >= 0 ? &p->keys[q->key] : NULL;
		int failed = 0;

		for (int h = 0; h < q->n; h++)
			if (p->ans[q->q0 + h]) {
				failed = 1;
				report_failed(p, q->e, q->gq[h]);
			}
		if (!k)
			continue;
		if (!k->first)
			k->first = q->e;
		if (p->ans[q->qkey] && !failed && k->first != q->e)
			report_double(p, q->e, k);
	}
}

void bd_check_put_paths(struct bd_ctx *c, struct bd_fn *fn)
{
	struct paths p;
	int n = fn->f->nblocks;

	memset(&p, 0, sizeof(p));
	p.c = c;
	p.fn = fn;
	collect(&p);
	if (p.nk) {
		branches(&p);
		scc_order(&p);
		actions(&p);
		p.ans = bd_xcalloc(p.nq + 1, 1);
		p.in = bd_xcalloc(n + 1, sizeof(int));
		p.has_act = bd_xcalloc(n + 1, sizeof(int));
		p.last_gen = bd_xcalloc(n + 1, 1);
		qsort(p.acts, p.nacts, sizeof(*p.acts), act_cmp);
		for (int lo = 0, hi; lo < p.nacts; lo = hi) {
			for (hi = lo; hi < p.nacts && p.acts[hi].fact == p.acts[lo].fact; hi++)
				;
			solve(&p, p.acts[lo].fact, lo, hi);
		}
		report(&p);
	}
	for (int j = 0; j < p.nputs; j++)
		free(p.puts[j].gq);
	free(p.puts);
	free(p.acts);
	free(p.ans);
	free(p.in);
	free(p.has_act);
	free(p.last_gen);
	free(p.reach);
	free(p.topo);
	free(p.cg);
	free(p.cg_tf);
	free(p.nullg);
	free(p.null_t);
	free(p.cg_off);
	free(p.cg_blk);
	free(p.thr);
	free(p.thr_off);
	free(p.thr_in);
	free(p.taken);
	free(p.slot_blk);
	free(p.work);
	bd_rootidx_free(&p.gidx);
	free(p.get_at);
	free(p.hits.v);
	free(p.gets);
	free(p.groots);
	free(p.gint);
	free(p.gglobal);
	free(p.gstored.v);
	free(p.keys);
	free(p.khash);
}
