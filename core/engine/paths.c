// SPDX-License-Identifier: GPL-2.0
/*
 * paths.c - path-sensitive exploration of one function, smatch style.
 *
 * A check describes its facts as a fixed-size array of ints (the state)
 * and says how a block changes it, which way a branch may go in it and how
 * two states are joined.  The walk carries states along the CFG from the
 * entry: each block keeps the distinct states that reached it, so facts
 * that hold on one path are never mixed with another path's (a file given
 * back on one branch is not "given back" on the other).  A state already
 * seen at a block is not walked again, which ends loops.  When a block has
 * seen 'cap' states, a new one is joined into the last kept one instead:
 * the join must only lose facts (make them "unknown"), so exploration
 * stays finite and can miss findings there but never invents one.
 */
#include <stdlib.h>
#include <string.h>
#include "engine.h"

struct bstates {
	int n, cap;
	int **v;
};

struct item {
	int b;
	int *s;
};

struct walk_run {
	struct bd_walk *w;
	struct bstates *at;
	struct item *q;
	int nq, capq;
};

static void push(struct walk_run *r, int b, int *s)
{
	BD_GROW(r->q, r->nq, r->capq);
	r->q[r->nq].b = b;
	r->q[r->nq].s = s;
	r->nq++;
}

/* Keep s at block b unless it was seen there; queue what is new. */
static void arrive(struct walk_run *r, int b, const int *s)
{
	struct bstates *bs = &r->at[b];
	size_t bytes = (size_t)r->w->size * sizeof(int);
	int *last;

	for (int i = 0; i < bs->n; i++)
		if (!memcmp(bs->v[i], s, bytes))
			return;
	if (bs->n < r->w->cap) {
		int *copy = bd_xcalloc(r->w->size + 1, sizeof(int));

		memcpy(copy, s, bytes);
		BD_GROW(bs->v, bs->n, bs->cap);
		bs->v[bs->n++] = copy;
		push(r, b, copy);
		return;
	}
	last = bs->v[bs->n - 1];
	{
		int *old = bd_xcalloc(r->w->size + 1, sizeof(int));

		memcpy(old, last, bytes);
		r->w->join(r->w, last, s);
		if (memcmp(old, last, bytes))
			push(r, b, last);
		free(old);
	}
}

void bd_walk(struct bd_walk *w, const int *entry)
{
	struct bd_func *f = w->fn->f;
	struct walk_run r = { w, bd_xcalloc(f->nblocks + 1, sizeof(struct bstates)), NULL, 0, 0 };
	int *s = bd_xcalloc(w->size + 1, sizeof(int));
	int *e = bd_xcalloc(w->size + 1, sizeof(int));
	size_t bytes = (size_t)w->size * sizeof(int);
	long budget = 64L * f->nblocks + 4096;

	if (f->nblocks)
		arrive(&r, 0, entry);
	while (r.nq && budget-- > 0) {
		struct item it = r.q[--r.nq];
		struct bd_block *blk = f->blocks[it.b];

		memcpy(s, it.s, bytes);
		w->block(w, it.b, s);
		if (blk->term == BD_T_RETURN || blk->term == BD_T_NONE)
			w->exit(w, it.b, s);
		for (int si = 0; si < blk->nsucc; si++) {
			int t = blk->succ[si];

			if (t < 0 || t >= f->nblocks)
				continue;
			memcpy(e, s, bytes);
			if (w->edge(w, it.b, si, e))
				arrive(&r, t, e);
		}
	}
	w->complete = r.nq == 0;
	for (int b = 0; b < f->nblocks; b++) {
		for (int i = 0; i < r.at[b].n; i++)
			free(r.at[b].v[i]);
		free(r.at[b].v);
	}
	free(r.at);
	free(r.q);
	free(s);
	free(e);
}
