// SPDX-License-Identifier: GPL-2.0
/*
 * func.c - per-function facts: who defines each value, predecessors,
 * dominators; which stores reach each slot load is reach.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "mode.h"

struct bd_event *bd_def(const struct bd_fn *fn, bd_val v)
{
	if (!v || v >= fn->f->next_val)
		return NULL;
	return fn->def[v];
}

/* An event's block: by its value, else by where its address falls among
 * the blocks' event arrays (sorted once), so a lookup is O(log blocks). */
int bd_event_block(const struct bd_fn *fn, const struct bd_event *e)
{
	int lo = 0, hi = fn->nbyaddr - 1;

	if (e->dst && e->dst < fn->f->next_val && fn->def[e->dst] == e)
		return fn->def_block[e->dst];
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		struct bd_block *b = fn->f->blocks[fn->byaddr[mid]];

		if (e < b->events)
			hi = mid - 1;
		else if (e >= b->events + b->nevents)
			lo = mid + 1;
		else
			return fn->byaddr[mid];
	}
	return -1;
}

/* An event's number in the function (block order), or -1. */
int bd_event_index(const struct bd_fn *fn, const struct bd_event *e)
{
	int b = e ? bd_event_block(fn, e) : -1;

	return b < 0 ? -1 : fn->evbase[b] + (int)(e - fn->f->blocks[b]->events);
}

int bd_fn_nevents(const struct bd_fn *fn)
{
	return fn->evbase[fn->f->nblocks];
}

static const struct bd_func *sort_f;

static int by_events(const void *x, const void *y)
{
	const struct bd_event *a = sort_f->blocks[*(const int *)x]->events;
	const struct bd_event *b = sort_f->blocks[*(const int *)y]->events;

	return a < b ? -1 : a > b;
}

static void build_byaddr(struct bd_fn *fn)
{
	struct bd_func *f = fn->f;

	fn->byaddr = bd_xcalloc(f->nblocks + 1, sizeof(int));
	for (int i = 0; i < f->nblocks; i++)
		if (f->blocks[i]->nevents)
			fn->byaddr[fn->nbyaddr++] = i;
	sort_f = f;
	qsort(fn->byaddr, fn->nbyaddr, sizeof(int), by_events);
	sort_f = NULL;
}

static void build_defs(struct bd_fn *fn)
{
	struct bd_func *f = fn->f;

	fn->def = bd_xcalloc(f->next_val + 1, sizeof(*fn->def));
	fn->def_block = bd_xcalloc(f->next_val + 1, sizeof(int));
	for (int i = 0; i < f->nblocks; i++) {
		struct bd_block *b = f->blocks[i];

		for (int j = 0; j < b->nevents; j++) {
			bd_val d = b->events[j].dst;

			if (d && d < f->next_val && !fn->def[d]) {
				fn->def[d] = &b->events[j];
				fn->def_block[d] = i;
			}
		}
	}
}

static void build_preds(struct bd_fn *fn)
{
	struct bd_func *f = fn->f;
	int n = f->nblocks;

	fn->npreds = bd_xcalloc(n, sizeof(int));
	fn->preds = bd_xcalloc(n, sizeof(int *));
	for (int i = 0; i < n; i++) {
		struct bd_block *b = f->blocks[i];

		for (int s = 0; s < b->nsucc; s++) {
			int t = b->succ[s];

			if (t < 0)
				continue;
			fn->preds[t] = bd_xrealloc(fn->preds[t],
						   (fn->npreds[t] + 1) * sizeof(int));
			fn->preds[t][fn->npreds[t]++] = i;
		}
	}
}

/* Iterative DFS post-order; reverse it for RPO. */
static void build_rpo(struct bd_fn *fn)
{
	struct bd_func *f = fn->f;
	int n = f->nblocks, top = 0, k = 0;
	int *stack = bd_xcalloc(n + 1, sizeof(int));
	int *next = bd_xcalloc(n, sizeof(int));
	char *seen = bd_xcalloc(n, 1);
	int *post = bd_xcalloc(n, sizeof(int));

	stack[top++] = 0;
	seen[0] = 1;
	while (top) {
		int b = stack[top - 1];
		struct bd_block *blk = f->blocks[b];

		if (next[b] < blk->nsucc) {
			int t = blk->succ[next[b]++];

			if (t >= 0 && !seen[t]) {
				seen[t] = 1;
				stack[top++] = t;
			}
			continue;
		}
		post[k++] = b;
		top--;
	}
	fn->rpo = bd_xcalloc(k ? k : 1, sizeof(int));
	for (int i = 0; i < k; i++)
		fn->rpo[i] = post[k - 1 - i];
	fn->nrpo = k;
	free(stack);
	free(next);
	free(seen);
	free(post);
}

/*
 * Lengauer and Tarjan's dominators, the simple version with path
 * compression (as in Appel's "Modern Compiler Implementation"): O(E log N).
 * Cooper, Harvey and Kennedy's iteration is quadratic on a long else-if
 * chain, whose join has thousands of predecessors deep in the tree.
 */
struct lt {
	int *dfnum, *vertex, *parent, *semi, *ancestor, *best, *samedom;
	int *bucket, *bnext;	/* per vertex: a list of the vertices it is
				 * the semidominator of */
	int *stk;
};

/* The vertex of lowest semidominator on v's path in the forest. */
static int lowest_semi(struct lt *t, int v)
{
	int top = 0, x = v;

	while (t->ancestor[x] >= 0 && t->ancestor[t->ancestor[x]] >= 0) {
		t->stk[top++] = x;
		x = t->ancestor[x];
	}
	while (top) {
		int a;

		x = t->stk[--top];
		a = t->ancestor[x];
		t->ancestor[x] = t->ancestor[a];
		if (t->semi[t->best[a]] < t->semi[t->best[x]])
			t->best[x] = t->best[a];
	}
	return t->best[v];
}

/* Depth-first numbering from the entry; returns the count. */
static int lt_dfs(struct bd_fn *fn, struct lt *t)
{
	struct bd_func *f = fn->f;
	int n = f->nblocks, k = 0, top = 0, *next = bd_xcalloc(n + 1, sizeof(int));

	t->dfnum[0] = k;
	t->vertex[k++] = 0;
	t->stk[top++] = 0;
	while (top) {
		int b = t->stk[top - 1];
		struct bd_block *blk = f->blocks[b];

		if (next[b] < blk->nsucc) {
			int s = blk->succ[next[b]++];

			if (s >= 0 && s < n && t->dfnum[s] < 0) {
				t->dfnum[s] = k;
				t->vertex[k++] = s;
				t->parent[s] = b;
				t->stk[top++] = s;
			}
			continue;
		}
		top--;
	}
	free(next);
	return k;
}

static void build_idom(struct bd_fn *fn)
{
	int n = fn->f->nblocks, nv;
	struct lt t;
	int **all[] = { &t.dfnum, &t.vertex, &t.parent, &t.semi, &t.ancestor, &t.best,
			&t.samedom, &t.bucket, &t.bnext, &t.stk };

	fn->idom = bd_xcalloc(n + 1, sizeof(int));
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		*all[i] = bd_xcalloc(n + 1, sizeof(int));
	for (int i = 0; i < n; i++) {
		fn->idom[i] = t.dfnum[i] = t.parent[i] = t.ancestor[i] = t.samedom[i] = -1;
		t.bucket[i] = t.bnext[i] = -1;
		t.best[i] = i;
	}
	fn->memo = NULL;
	if (!n)
		goto out;
	nv = lt_dfs(fn, &t);
	for (int i = nv - 1; i > 0; i--) {
		int v = t.vertex[i], p = t.parent[v], s = t.dfnum[p];

		for (int j = 0; j < fn->npreds[v]; j++) {
			int u = fn->preds[v][j], s2;

			if (t.dfnum[u] < 0)
				continue;	/* unreachable */
			s2 = t.dfnum[u] <= i ? t.dfnum[u] : t.semi[lowest_semi(&t, u)];
			if (s2 < s)
				s = s2;
		}
		t.semi[v] = s;
		t.bnext[v] = t.bucket[t.vertex[s]];
		t.bucket[t.vertex[s]] = v;
		t.ancestor[v] = p;
		for (int w = t.bucket[p]; w >= 0; w = t.bnext[w]) {
			int y = lowest_semi(&t, w);

			if (t.semi[y] == t.semi[w])
				fn->idom[w] = p;
			else
				t.samedom[w] = y;
		}
		t.bucket[p] = -1;
	}
	for (int i = 1; i < nv; i++) {
		int v = t.vertex[i];

		if (t.samedom[v] >= 0)
			fn->idom[v] = fn->idom[t.samedom[v]];
	}
	fn->idom[0] = 0;
out:
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		free(*all[i]);
}

/* Number the dominator tree depth-first: a dominates b when b's interval
 * lies in a's, so bd_dominates() is O(1) however deep the tree. */
static void build_domtree(struct bd_fn *fn)
{
	int n = fn->f->nblocks, clock = 0, top = 0;
	int *off = bd_xcalloc(n + 2, sizeof(int)), *kid = bd_xcalloc(n + 1, sizeof(int));
	int *fill = bd_xcalloc(n + 1, sizeof(int)), *stk = bd_xcalloc(n + 1, sizeof(int));

	fn->dom_pre = bd_xcalloc(n + 1, sizeof(int));
	fn->dom_post = bd_xcalloc(n + 1, sizeof(int));
	for (int b = 0; b < n; b++)
		fn->dom_pre[b] = fn->dom_post[b] = -1;
	for (int b = 1; b < n; b++)
		if (fn->idom[b] >= 0)
			off[fn->idom[b] + 1]++;
	for (int b = 0; b < n; b++)
		off[b + 1] += off[b];
	for (int b = 0; b < n; b++)
		fill[b] = off[b];
	for (int b = 1; b < n; b++)
		if (fn->idom[b] >= 0)
			kid[fill[fn->idom[b]]++] = b;
	for (int b = 0; b < n; b++)
		fill[b] = off[b];
	if (n) {
		stk[top++] = 0;
		fn->dom_pre[0] = clock++;
	}
	while (top) {
		int b = stk[top - 1];

		if (fill[b] < off[b + 1]) {
			int c = kid[fill[b]++];

			fn->dom_pre[c] = clock++;
			stk[top++] = c;
			continue;
		}
		fn->dom_post[b] = clock++;
		top--;
	}
	free(off);
	free(kid);
	free(fill);
	free(stk);
}

int bd_dominates(const struct bd_fn *fn, int a, int b)
{
	if (a < 0 || b < 0)
		return 0;
	if (a == b)
		return 1;
	return fn->dom_pre[a] >= 0 && fn->dom_pre[b] >= 0 &&
	       fn->dom_pre[a] < fn->dom_pre[b] && fn->dom_post[b] < fn->dom_post[a];
}

int bd_ncd(const struct bd_fn *fn, int a, int b)
{
	int guard = fn->f->nblocks + 1;

	if (a < 0 || b < 0 || fn->idom[a] < 0 || fn->idom[b] < 0)
		return -1;
	while (guard-- > 0) {
		if (bd_dominates(fn, a, b))
			return a;
		if (a == 0)
			return 0;
		a = fn->idom[a];
	}
	return -1;
}

int bd_branch_side(const struct bd_fn *fn, int d, int blk, int join)
{
	struct bd_block *db = fn->f->blocks[d];
	int side = -1;

	if (db->term != BD_T_BRANCH || db->nsucc != 2)
		return -1;
	for (int s = 0; s < 2; s++) {
		int t = db->succ[s], on;

		if (blk == d)
			on = t == join;
		else
			on = t >= 0 && t != join && bd_dominates(fn, t, blk);
		if (on && side >= 0)
			return -1;
		if (on)
			side = s;
	}
	return side;
}

void bd_fn_init(struct bd_ctx *c, struct bd_fn *fn, struct bd_func *f)
{
	memset(fn, 0, sizeof(*fn));
	fn->f = f;
	fn->ctx = c;
	build_defs(fn);
	build_preds(fn);
	build_rpo(fn);
	build_idom(fn);
	build_domtree(fn);
	build_byaddr(fn);
	bd_build_reaching(fn);
}

void bd_fn_free(struct bd_fn *fn)
{
	if (fn->preds)
		for (int i = 0; i < fn->f->nblocks; i++)
			free(fn->preds[i]);
	free(fn->preds);
	free(fn->npreds);
	free(fn->def);
	free(fn->def_block);
	free(fn->idom);
	free(fn->dom_pre);
	free(fn->dom_post);
	free(fn->byaddr);
	free(fn->rpo);
	bd_free_reaching(fn);
	bd_value_memo_free(fn);
	bd_mode_memo_free(fn);
}

/* Function names are interned in the unit, so a pointer hash finds them;
 * a name from elsewhere is interned first. */
static unsigned ptr_hash(const void *p)
{
	uintptr_t x = (uintptr_t)p;

	x ^= x >> 17;
	x *= 0x9e3779b1u;
	return (unsigned)(x ^ (x >> 15));
}

void bd_fn_index(struct bd_ctx *c)
{
	c->hsize = 16;
	while (c->hsize < c->nfns * 2)
		c->hsize *= 2;
	c->hash = bd_xcalloc(c->hsize, sizeof(int));
	for (int i = 0; i < c->hsize; i++)
		c->hash[i] = -1;
	for (int i = 0; i < c->nfns; i++) {
		unsigned h = ptr_hash(c->fns[i].f->decl->name) & (c->hsize - 1);

		while (c->hash[h] >= 0)
			h = (h + 1) & (c->hsize - 1);
		c->hash[h] = i;
	}
}

struct bd_event *bd_next_call(struct bd_ctx *c, const char *name, const struct bd_fn *skip,
			      struct bd_call_it *it, struct bd_fn **caller)
{
	for (; it->fn < c->nfns; it->fn++, it->b = it->k = 0) {
		struct bd_fn *fn = &c->fns[it->fn];

		if (!fn->kept || fn == skip)
			continue;
		for (; it->b < fn->f->nblocks; it->b++, it->k = 0) {
			struct bd_block *blk = fn->f->blocks[it->b];

			while (it->k < blk->nevents) {
				struct bd_event *e = &blk->events[it->k++];

				if (e->op == BD_CALL && e->name && !strcmp(e->name, name)) {
					*caller = fn;
					return e;
				}
			}
		}
	}
	return NULL;
}

struct bd_fn *bd_fn_by_name(struct bd_ctx *c, const char *name)
{
	unsigned h;

	if (!name || !c->hash)
		return NULL;
	name = bd_intern(c->u, name);
	for (h = ptr_hash(name) & (c->hsize - 1); c->hash[h] >= 0; h = (h + 1) & (c->hsize - 1))
		if (c->fns[c->hash[h]].f->decl->name == name)
			return &c->fns[c->hash[h]];
	return NULL;
}

int bd_each_event(struct bd_ctx *c, int (*cb)(struct bd_fn *fn, struct bd_event *e, void *arg),
		  void *arg)
{
	int r;

	for (int i = 0; i < c->nfns; i++) {
		struct bd_fn *fn = &c->fns[i];

		if (!fn->kept)
			continue;
		for (int b = 0; b < fn->f->nblocks; b++)
			for (int k = 0; k < fn->f->blocks[b]->nevents; k++)
				if ((r = cb(fn, &fn->f->blocks[b]->events[k], arg)))
					return r;
	}
	return 0;
}
