// SPDX-License-Identifier: GPL-2.0
/*
 * reach.c - which local-variable stores reach each slot load.
 *
 * This is what lets slot-form frontends (Clang, sparse) and SSA-form
 * frontends (GCC) mean the same thing: a slot load with one reaching store
 * is that store's value; with several it is a merge.
 *
 * A bit vector of all stores per block costs blocks * stores: one function
 * of 20000 "if (g(i)) r += i; else r -= x;" took 1.2 GB and 30 s.  So the
 * stores are renamed as in SSA construction instead (Cytron et al.): merges
 * ("phis") go on the iterated dominance frontier of each slot's stores, one
 * walk of the dominator tree gives every load its reaching store or phi,
 * and each phi's set of stores is found by a fixed point over the phis.
 * The sets are exact up to BD_MAXROOTS + 1 stores (the smallest store
 * numbers, i.e. the first in block order, as the bit vectors gave them);
 * no caller looks further than "more than BD_MAXROOTS".
 */
#include <stdlib.h>
#include <string.h>
#include "engine.h"

#define NONE (-1)		/* no store: the slot's value at entry */
#define CAP (BD_MAXROOTS + 1)

struct rn {
	struct bd_fn *fn;
	int nslots;
	int *df_off, *df;		/* dominance frontier, CSR by block */
	int *kid_off, *kid;		/* dominator tree children, CSR */
	int *phi_off, *phi;		/* phis of each block, CSR */
	int *phi_slot, *phi_block;
	int *op_off, *op_fill, *ops;	/* phi operands, CSR */
	int nphis;
	int *cur;			/* current def of each slot */
	int *undo;			/* (slot, old def) pairs */
	int nundo, cap_undo;
};

/* CSR from (key, value) pairs: off[k]..off[k+1] index out[]. */
static void csr(int nkeys, int n, const int *key, const int *val, int **off, int **out)
{
	int *o = bd_xcalloc(nkeys + 2, sizeof(int));
	int *v = bd_xcalloc(n + 1, sizeof(int));

	for (int i = 0; i < n; i++)
		o[key[i] + 2]++;
	for (int k = 0; k < nkeys; k++)
		o[k + 2] += o[k + 1];
	for (int i = 0; i < n; i++)
		v[o[key[i] + 1]++] = val[i];
	*off = o;
	*out = v;
}

struct pairs {
	int *k, *v;
	int n, cap;
};

static void pair_add(struct pairs *p, int k, int v)
{
	if (p->n >= p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		p->k = bd_xrealloc(p->k, p->cap * sizeof(int));
		p->v = bd_xrealloc(p->v, p->cap * sizeof(int));
	}
	p->k[p->n] = k;
	p->v[p->n++] = v;
}

static int reachable(const struct bd_fn *fn, int b)
{
	return b == 0 || fn->idom[b] >= 0;
}

/* Cooper, Harvey and Kennedy's frontier walk; the entry counts as a join
 * when a back edge reaches it (its other edge comes from outside). */
static void build_df(struct rn *r)
{
	struct bd_fn *fn = r->fn;
	int n = fn->f->nblocks;
	int *last = bd_xcalloc(n, sizeof(int));
	struct pairs p = { 0 };

	for (int i = 0; i < n; i++)
		last[i] = -1;
	for (int b = 0; b < n; b++) {
		if (!reachable(fn, b) || fn->npreds[b] < (b ? 2 : 1))
			continue;
		for (int k = 0; k < fn->npreds[b]; k++) {
			int run = fn->preds[b][k], stop = b ? fn->idom[b] : -1;

			if (!reachable(fn, run))
				continue;
			/* a block already walked for b had its dominators
			 * up to b's walked too: a join of thousands of
			 * predecessors costs its frontier, not their depth */
			while (run != stop && last[run] != b) {
				last[run] = b;
				pair_add(&p, run, b);
				run = run ? fn->idom[run] : -1;
			}
		}
	}
	csr(n, p.n, p.k, p.v, &r->df_off, &r->df);
	free(p.k);
	free(p.v);
	free(last);
}

static void build_kids(struct rn *r)
{
	struct bd_fn *fn = r->fn;
	struct pairs p = { 0 };

	for (int b = 1; b < fn->f->nblocks; b++)
		if (fn->idom[b] >= 0)
			pair_add(&p, fn->idom[b], b);
	csr(fn->f->nblocks, p.n, p.k, p.v, &r->kid_off, &r->kid);
	free(p.k);
	free(p.v);
}

/* Number the stores in block order and find the slot count. */
static void number_stores(struct rn *r)
{
	struct bd_fn *fn = r->fn;
	struct bd_func *f = fn->f;
	int n = 0;

	r->nslots = f->nslots;
	fn->evbase = bd_xcalloc(f->nblocks + 1, sizeof(int));
	for (int b = 0; b < f->nblocks; b++) {
		fn->evbase[b + 1] = fn->evbase[b] + f->blocks[b]->nevents;
		for (int j = 0; j < f->blocks[b]->nevents; j++) {
			struct bd_event *e = &f->blocks[b]->events[j];

			if (e->op != BD_SLOT_STORE && e->op != BD_SLOT_LOAD)
				continue;
			if (e->imm >= 0 && e->imm >= r->nslots && e->imm < (1 << 24))
				r->nslots = (int)e->imm + 1;
			n += e->op == BD_SLOT_STORE;
		}
	}
	fn->nstores = n;
	fn->stores = bd_xcalloc(n + 1, sizeof(*fn->stores));
	fn->store_block = bd_xcalloc(n + 1, sizeof(int));
	n = 0;
	for (int b = 0; b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b]->nevents; j++)
			if (f->blocks[b]->events[j].op == BD_SLOT_STORE) {
				fn->store_block[n] = b;
				fn->stores[n++] = &f->blocks[b]->events[j];
			}
}

static int slot_of(const struct rn *r, const struct bd_event *e)
{
	return e->imm >= 0 && e->imm < r->nslots ? (int)e->imm : -1;
}

/* Phis on the iterated dominance frontier of each slot's store blocks. */
static void place_phis(struct rn *r)
{
	struct bd_fn *fn = r->fn;
	int n = fn->f->nblocks;
	int *s_off, *s_blk, *keys = bd_xcalloc(fn->nstores + 1, sizeof(int));
	int *has_phi = bd_xcalloc(n, sizeof(int)), *is_def = bd_xcalloc(n, sizeof(int));
	int *work = bd_xcalloc(n + 1, sizeof(int));
	struct pairs p = { 0 };

	for (int s = 0; s < fn->nstores; s++)
		keys[s] = slot_of(r, fn->stores[s]) + 1;	/* 0: no slot */
	csr(r->nslots + 1, fn->nstores, keys, fn->store_block, &s_off, &s_blk);
	for (int slot = 0; slot < r->nslots; slot++) {
		int top = 0, mark = slot + 1;

		for (int i = s_off[slot + 1]; i < s_off[slot + 2]; i++)
			if (reachable(fn, s_blk[i]) && is_def[s_blk[i]] != mark) {
				is_def[s_blk[i]] = mark;
				work[top++] = s_blk[i];
			}
		while (top) {
			int w = work[--top];

			for (int i = r->df_off[w]; i < r->df_off[w + 1]; i++) {
				int y = r->df[i];

				if (has_phi[y] == mark)
					continue;
				has_phi[y] = mark;
				pair_add(&p, y, slot);
				if (is_def[y] != mark) {
					is_def[y] = mark;
					work[top++] = y;
				}
			}
		}
	}
	/* phis numbered by block, so each block's phis are consecutive */
	r->nphis = p.n;
	r->phi_block = bd_xcalloc(p.n + 1, sizeof(int));
	{
		int *ids = bd_xcalloc(p.n + 1, sizeof(int));

		for (int i = 0; i < p.n; i++)
			ids[i] = i;
		csr(n, p.n, p.k, ids, &r->phi_off, &r->phi);
		free(ids);
	}
	r->phi_slot = bd_xcalloc(p.n + 1, sizeof(int));
	for (int b = 0; b < n; b++)
		for (int i = r->phi_off[b]; i < r->phi_off[b + 1]; i++) {
			r->phi_block[i] = b;
			r->phi_slot[i] = p.v[r->phi[i]];
			r->phi[i] = i;
		}
	free(p.k);
	free(p.v);
	free(s_off);
	free(s_blk);
	free(keys);
	free(has_phi);
	free(is_def);
	free(work);
}

static void alloc_operands(struct rn *r)
{
	struct bd_fn *fn = r->fn;

	r->op_off = bd_xcalloc(r->nphis + 1, sizeof(int));
	r->op_fill = bd_xcalloc(r->nphis + 1, sizeof(int));
	for (int i = 0; i < r->nphis; i++) {
		int b = r->phi_block[i], k = b == 0;	/* the edge from outside */

		for (int j = 0; j < fn->npreds[b]; j++)
			k += reachable(fn, fn->preds[b][j]);
		r->op_off[i + 1] = r->op_off[i] + k;
		r->op_fill[i] = r->op_off[i];
	}
	r->ops = bd_xcalloc(r->op_off[r->nphis] + 1, sizeof(int));
	for (int i = 0; i < r->nphis; i++)
		if (r->phi_block[i] == 0)
			r->ops[r->op_fill[i]++] = NONE;
}

static void set_cur(struct rn *r, int slot, int def)
{
	if (r->nundo + 2 > r->cap_undo) {
		r->cap_undo = r->cap_undo ? r->cap_undo * 2 : 256;
		r->undo = bd_xrealloc(r->undo, r->cap_undo * sizeof(int));
	}
	r->undo[r->nundo++] = slot;
	r->undo[r->nundo++] = r->cur[slot];
	r->cur[slot] = def;
}

static void undo_to(struct rn *r, int mark)
{
	while (r->nundo > mark) {
		int old = r->undo[--r->nundo];

		r->cur[r->undo[--r->nundo]] = old;
	}
}

/* Defs are NONE, a store number, or nstores + a phi number. */
static void rename_block(struct rn *r, int b, int store)
{
	struct bd_fn *fn = r->fn;
	struct bd_block *blk = fn->f->blocks[b];

	for (int i = r->phi_off[b]; i < r->phi_off[b + 1]; i++)
		set_cur(r, r->phi_slot[i], fn->nstores + i);
	for (int j = 0; j < blk->nevents; j++) {
		struct bd_event *e = &blk->events[j];
		int slot = slot_of(r, e);

		if (e->op == BD_SLOT_STORE) {
			if (slot >= 0)
				set_cur(r, slot, store);
			store++;
		} else if (e->op == BD_SLOT_LOAD) {
			fn->load_def[fn->evbase[b] + j] = slot >= 0 ? r->cur[slot] : NONE;
		}
	}
}

static void fill_operands(struct rn *r, int b)
{
	struct bd_block *blk = r->fn->f->blocks[b];

	for (int s = 0; s < blk->nsucc; s++) {
		int t = blk->succ[s];

		if (t < 0)
			continue;
		for (int i = r->phi_off[t]; i < r->phi_off[t + 1]; i++)
			r->ops[r->op_fill[i]++] = r->cur[r->phi_slot[i]];
	}
}

/* One walk of the dominator tree, iterative: functions are deep. */
static void rename_all(struct rn *r)
{
	struct bd_fn *fn = r->fn;
	int n = fn->f->nblocks, top = 0, *first_store = bd_xcalloc(n + 1, sizeof(int));
	int *stk = bd_xcalloc(3 * (size_t)n + 3, sizeof(int));

	for (int s = fn->nstores - 1; s >= 0; s--)
		first_store[fn->store_block[s]] = s;
	r->cur = bd_xcalloc(r->nslots + 1, sizeof(int));
	for (int i = 0; i < r->nslots; i++)
		r->cur[i] = NONE;
	fn->load_def = bd_xcalloc(fn->evbase[n] + 1, sizeof(int));
	for (int i = 0; i < fn->evbase[n]; i++)
		fn->load_def[i] = NONE;
	if (n) {
		rename_block(r, 0, first_store[0]);
		fill_operands(r, 0);
		stk[0] = 0, stk[1] = r->kid_off[0], stk[2] = 0;
		top = 1;
	}
	while (top) {
		int *fr = &stk[3 * (top - 1)];

		if (fr[1] < r->kid_off[fr[0] + 1]) {
			int c = r->kid[fr[1]++], *nf = &stk[3 * top++];

			nf[0] = c, nf[1] = r->kid_off[c], nf[2] = r->nundo;
			rename_block(r, c, first_store[c]);
			fill_operands(r, c);
			continue;
		}
		undo_to(r, fr[2]);
		top--;
	}
	/* Unreachable blocks: only their own stores reach their loads. */
	for (int b = 1; b < n; b++)
		if (!reachable(fn, b)) {
			int mark = r->nundo;

			rename_block(r, b, first_store[b]);
			undo_to(r, mark);
		}
	free(first_store);
	free(stk);
}

/* Add store x to the sorted set v (n of at most CAP). */
static int set_add(int *v, int n, int x)
{
	int i = n;

	while (i > 0 && v[i - 1] > x)
		i--;
	if (i > 0 && v[i - 1] == x)
		return n;
	if (i >= CAP)
		return n;
	if (n == CAP)
		n--;
	memmove(v + i + 1, v + i, (n - i) * sizeof(int));
	v[i] = x;
	return n + 1;
}

/* The stores of each phi, to a fixed point, phis in reverse post-order. */
static void phi_sets(struct rn *r)
{
	struct bd_fn *fn = r->fn;
	int *order = bd_xcalloc(r->nphis + 1, sizeof(int)), k = 0, changed = 1;
	int buf[CAP];

	for (int i = 0; i < fn->nrpo; i++) {
		int b = fn->rpo[i];

		for (int p = r->phi_off[b]; p < r->phi_off[b + 1]; p++)
			order[k++] = p;
	}
	fn->phi_n = bd_xcalloc(r->nphis + 1, sizeof(int));
	fn->phi_set = bd_xcalloc(r->nphis + 1, sizeof(int *));
	while (changed) {
		changed = 0;
		for (int o = 0; o < k; o++) {
			int p = order[o], n = 0;

			for (int i = r->op_off[p]; i < r->op_off[p + 1]; i++) {
				int d = r->ops[i];

				if (d >= fn->nstores)
					for (int j = 0; j < fn->phi_n[d - fn->nstores]; j++)
						n = set_add(buf, n, fn->phi_set[d - fn->nstores][j]);
				else if (d != NONE)
					n = set_add(buf, n, d);
			}
			if (n == fn->phi_n[p] && !memcmp(buf, fn->phi_set[p], n * sizeof(int)))
				continue;
			fn->phi_set[p] = bd_xrealloc(fn->phi_set[p], n * sizeof(int) + 1);
			memcpy(fn->phi_set[p], buf, n * sizeof(int));
			fn->phi_n[p] = n;
			changed = 1;
		}
	}
	fn->nphis = r->nphis;
	free(order);
}

void bd_build_reaching(struct bd_fn *fn)
{
	struct rn r = { .fn = fn };

	number_stores(&r);
	build_df(&r);
	build_kids(&r);
	place_phis(&r);
	alloc_operands(&r);
	rename_all(&r);
	phi_sets(&r);
	free(r.df_off);
	free(r.df);
	free(r.kid_off);
	free(r.kid);
	free(r.phi_off);
	free(r.phi);
	free(r.phi_slot);
	free(r.phi_block);
	free(r.op_off);
	free(r.op_fill);
	free(r.ops);
	free(r.cur);
	free(r.undo);
}

void bd_free_reaching(struct bd_fn *fn)
{
	for (int i = 0; i < fn->nphis; i++)
		free(fn->phi_set[i]);
	free(fn->phi_set);
	free(fn->phi_n);
	free(fn->load_def);
	free(fn->evbase);
	free(fn->stores);
	free(fn->store_block);
}

int bd_reaching(const struct bd_fn *fn, int b, int i, int slot,
		struct bd_event **out, int max)
{
	struct bd_event *e = &fn->f->blocks[b]->events[i];
	int d = NONE, n;

	if (e->op == BD_SLOT_LOAD && (int)e->imm == slot)
		d = fn->load_def[fn->evbase[b] + i];
	if (max <= 0)
		return 0;
	if (d >= fn->nstores) {
		const int *set = fn->phi_set[d - fn->nstores];

		n = fn->phi_n[d - fn->nstores];
		for (int k = 0; k < n && k < max; k++)
			out[k] = fn->stores[set[k]];
		if (n)
			return n;
	} else if (d != NONE) {
		out[0] = fn->stores[d];
		return 1;
	}
	/* A path from the entry with no store: uninitialised (or set through
	 * a pointer we do not follow).  Only said when no store reaches at
	 * all; a variable assigned on every path is the common case. */
	out[0] = NULL;
	return 1;
}
