// SPDX-License-Identifier: GPL-2.0
/*
 * gcc_cfg.cc - bring a lowered function's CFG to one normal form, whatever
 * GCC's -O level did to it before "ssa".  Works on the IR only.
 */
#include "gcc_common.h"

/* ---- one CFG for every -O level ----
 *
 * At -O0 GCC keeps forwarder blocks and unmerged straight-line blocks that
 * carry a goto location (for the debugger); at -O1 and up its CFG cleanup
 * removes them before "ssa".  Both shapes are brought to the same normal
 * form here: empty goto-only blocks are bypassed and a block whose only
 * predecessor falls into it is appended to that predecessor.  Blocks are
 * then renumbered in their original order.
 */

/* The edges into each block, one entry per edge (a switch may reach a
 * block twice), kept up to date as blocks are bypassed and merged: looking
 * them up by scanning every block made this quadratic in huge functions. */
struct cfg_preds {
	auto_vec<int> *v;
	int n;
};

static void preds_init(struct cfg_preds *cp, struct bd_func *f)
{
	int i, s;

	cp->n = f->nblocks;
	cp->v = new auto_vec<int>[cp->n ? cp->n : 1];
	for (i = 0; i < f->nblocks; i++)
		for (s = 0; s < f->blocks[i]->nsucc; s++)
			if (f->blocks[i]->succ[s] >= 0 && f->blocks[i]->succ[s] < cp->n)
				cp->v[f->blocks[i]->succ[s]].safe_push(i);
}

static void edge_add(struct cfg_preds *cp, int from, int to)
{
	if (to >= 0 && to < cp->n)
		cp->v[to].safe_push(from);
}

static void edge_del(struct cfg_preds *cp, int from, int to)
{
	unsigned i;

	if (to < 0 || to >= cp->n)
		return;
	for (i = 0; i < cp->v[to].length(); i++)
		if (cp->v[to][i] == from) {
			cp->v[to].unordered_remove(i);
			return;
		}
}

static int int_cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The live blocks with an edge into b, in index order; returns the total
 * edge count. */
static int preds_of(const struct cfg_preds *cp, int b, const bool *dead,
		    auto_vec<int> &preds)
{
	unsigned i;
	int total = 0;

	preds.truncate(0);
	for (i = 0; i < cp->v[b].length(); i++)
		if (!dead[cp->v[b][i]]) {
			preds.safe_push(cp->v[b][i]);
			total++;
		}
	preds.qsort(int_cmp);
	for (i = 1; i < preds.length();)
		if (preds[i] == preds[i - 1])
			preds.ordered_remove(i);
		else
			i++;
	return total;
}

static bool has_phi(const struct bd_block *b)
{
	return b->nevents && b->events[0].op == BD_PHI;
}

static bool phi_mentions(const struct bd_block *b, int pred)
{
	int i, j;

	for (i = 0; i < b->nevents && b->events[i].op == BD_PHI; i++)
		for (j = 0; j < b->events[i].nargs; j++)
			if (b->events[i].preds && b->events[i].preds[j] == pred)
				return true;
	return false;
}

static bd_val phi_input(const struct bd_event *e, int pred)
{
	int j;

	for (j = 0; j < e->nargs; j++)
		if (e->preds && e->preds[j] == pred)
			return e->args[j];
	return 0;
}

/* Every PHI of b takes the same value from blocks x and y. */
static bool phi_same(const struct bd_block *b, int x, int y)
{
	int i;

	for (i = 0; i < b->nevents && b->events[i].op == BD_PHI; i++)
		if (phi_input(&b->events[i], x) != phi_input(&b->events[i], y))
			return false;
	return true;
}

/* In the PHIs of b, inputs from 'from' now come from each of 'to'. */
static void phi_repred(struct bd_block *b, int from, const auto_vec<int> &to)
{
	int i, j;
	unsigned k;

	for (i = 0; i < b->nevents && b->events[i].op == BD_PHI; i++) {
		struct bd_event *e = &b->events[i];
		auto_vec<bd_val> args;
		auto_vec<int> preds;

		if (!e->preds)
			continue;
		for (j = 0; j < e->nargs; j++) {
			if (e->preds[j] != from) {
				args.safe_push(e->args[j]);
				preds.safe_push(e->preds[j]);
				continue;
			}
			for (k = 0; k < to.length(); k++) {
				args.safe_push(e->args[j]);
				preds.safe_push(to[k]);
			}
		}
		e->nargs = args.length();
		e->args = (bd_val *)xrealloc(e->args, (e->nargs + 1) * sizeof(bd_val));
		e->preds = (int *)xrealloc(e->preds, (e->nargs + 1) * sizeof(int));
		memcpy(e->args, args.address(), e->nargs * sizeof(bd_val));
		memcpy(e->preds, preds.address(), e->nargs * sizeof(int));
	}
}

static bool bypass_forwarder(struct bd_func *f, struct cfg_preds *cp, int fw, bool *dead)
{
	struct bd_block *b = f->blocks[fw];
	auto_vec<int> preds, tpreds;
	int t, i;
	unsigned k;

	if (fw == 0 || b->nevents || b->term != BD_T_GOTO || b->nsucc != 1)
		return false;
	t = b->succ[0];
	if (t < 0 || t == fw || dead[t])
		return false;
	preds_of(cp, fw, dead, preds);
	if (preds.is_empty())
		return false;
	if (has_phi(f->blocks[t])) {
		auto_vec<int> to;

		/* a block that already reaches t directly must bring the
		 * same values as through fw (GCC's phi_alternatives_equal) */
		preds_of(cp, t, dead, tpreds);
		for (k = 0; k < preds.length(); k++) {
			if (!tpreds.contains(preds[k]))
				to.safe_push(preds[k]);
			else if (!phi_same(f->blocks[t], fw, preds[k]))
				return false;
		}
		phi_repred(f->blocks[t], fw, to);
	}
	for (k = 0; k < preds.length(); k++) {
		struct bd_block *p = f->blocks[preds[k]];

		for (i = 0; i < p->nsucc; i++)
			if (p->succ[i] == fw) {
				p->succ[i] = t;
				edge_del(cp, preds[k], fw);
				edge_add(cp, preds[k], t);
			}
	}
	edge_del(cp, fw, t);
	dead[fw] = true;
	return true;
}

static bool merge_into_pred(struct bd_func *f, struct cfg_preds *cp, int a, bool *dead)
{
	struct bd_block *A = f->blocks[a], *B;
	auto_vec<int> preds;
	int bi, i;

	if (A->term != BD_T_GOTO || A->nsucc != 1)
		return false;
	bi = A->succ[0];
	if (bi <= 0 || bi == a || dead[bi])
		return false;
	B = f->blocks[bi];
	if (has_phi(B) || preds_of(cp, bi, dead, preds) != 1)
		return false;
	edge_del(cp, a, bi);
	for (i = 0; i < B->nsucc; i++) {
		edge_del(cp, bi, B->succ[i]);
		edge_add(cp, a, B->succ[i]);
	}
	if (B->nevents) {
		A->events = (struct bd_event *)xrealloc(A->events,
			(A->nevents + B->nevents) * sizeof(struct bd_event));
		memcpy(A->events + A->nevents, B->events,
		       B->nevents * sizeof(struct bd_event));
		A->nevents += B->nevents;
		A->cap_events = A->nevents;
		B->nevents = 0;
	}
	free(A->succ);
	free(A->cases);
	A->term = B->term;
	A->cond = B->cond;
	A->nsucc = B->nsucc;
	A->succ = B->succ;
	A->cases = B->cases;
	A->term_loc = B->term_loc;
	B->succ = NULL;
	B->cases = NULL;
	B->nsucc = 0;
	for (i = 0; i < A->nsucc; i++)
		if (A->succ[i] >= 0 && !dead[A->succ[i]] &&
		    phi_mentions(f->blocks[A->succ[i]], bi)) {
			auto_vec<int> to;

			to.safe_push(a);
			phi_repred(f->blocks[A->succ[i]], bi, to);
		}
	dead[bi] = true;
	return true;
}

/* PHI inputs in predecessor order: GCC's edge order depends on -O. */
static void sort_phi(struct bd_event *e)
{
	int i, j;

	for (i = 1; i < e->nargs; i++)
		for (j = i; j > 0 && e->preds[j - 1] > e->preds[j]; j--) {
			std::swap(e->preds[j - 1], e->preds[j]);
			std::swap(e->args[j - 1], e->args[j]);
		}
}

/* Cases that go where the default goes are dropped (-O1 drops them
 * before "ssa" already, -O0 keeps them when they reach a forwarder). */
static bool prune_switch(struct bd_block *b, struct cfg_preds *cp)
{
	int i, m = 0, dflt = b->succ[b->nsucc - 1], old = b->nsucc;

	for (i = 0; i + 1 < b->nsucc; i++) {
		if (b->succ[i] == dflt) {
			if (cp)
				edge_del(cp, b->id, dflt);
			continue;
		}
		b->succ[m] = b->succ[i];
		b->cases[m++] = b->cases[i];
	}
	b->succ[m] = dflt;
	b->nsucc = m + 1;
	if (!m) {
		/* nothing left to choose: a plain goto, as -O1 has it */
		b->term = BD_T_GOTO;
		b->cond = 0;
	}
	return b->nsucc != old;
}

/* Depth-first preorder from the entry, successors in their order: the
 * block numbering of the canonical form. */
static void reach(struct bd_func *f, const bool *dead, int *renum, int *live)
{
	auto_vec<int> work;
	int i;

	work.safe_push(0);
	while (!work.is_empty()) {
		int x = work.pop();

		if (x < 0 || x >= f->nblocks || dead[x] || renum[x] >= 0)
			continue;
		renum[x] = (*live)++;
		for (i = f->blocks[x]->nsucc - 1; i >= 0; i--)
			work.safe_push(f->blocks[x]->succ[i]);
	}
}

void bdops_gcc_canonicalise(struct bd_func *f)
{
	int n = f->nblocks, i, j, k, live = 0;
	bool *dead = XCNEWVEC(bool, n), changed = true;
	int *renum = XNEWVEC(int, n);
	struct bd_block **order = XCNEWVEC(struct bd_block *, n);
	struct cfg_preds cp;

	preds_init(&cp, f);
	while (changed) {
		changed = false;
		for (i = 0; i < n; i++) {
			if (dead[i])
				continue;
			if (f->blocks[i]->term == BD_T_SWITCH &&
			    prune_switch(f->blocks[i], &cp))
				changed = true;
			if (bypass_forwarder(f, &cp, i, dead) ||
			    merge_into_pred(f, &cp, i, dead))
				changed = true;
		}
	}
	delete[] cp.v;
	for (i = 0; i < n; i++)
		renum[i] = -1;
	reach(f, dead, renum, &live);
	for (i = 0; i < n; i++)
		if (renum[i] < 0)
			dead[i] = true;
	for (i = 0; i < n; i++) {
		struct bd_block *b = f->blocks[i];

		if (dead[i]) {
			/* events merged elsewhere were moved; the rest die here */
			for (j = 0; j < b->nevents; j++) {
				free(b->events[j].args);
				free(b->events[j].preds);
			}
			free(b->events);
			free(b->succ);
			free(b->cases);
			free(b);
			continue;
		}
		for (j = 0; j < b->nsucc; j++)
			b->succ[j] = b->succ[j] >= 0 ? renum[b->succ[j]] : -1;
		if (b->term == BD_T_SWITCH)
			prune_switch(b, NULL);
		for (j = 0; j < b->nevents && b->events[j].op == BD_PHI; j++) {
			struct bd_event *e = &b->events[j];
			int m = 0;

			/* inputs from blocks that are gone are dropped */
			for (k = 0; k < e->nargs; k++) {
				int p = e->preds ? e->preds[k] : -1;

				if (p < 0 || p >= n || renum[p] < 0)
					continue;
				e->args[m] = e->args[k];
				e->preds[m++] = renum[p];
			}
			e->nargs = m;
			sort_phi(e);
		}
		b->id = renum[i];
		order[renum[i]] = b;
	}
	memcpy(f->blocks, order, live * sizeof(*order));
	f->nblocks = live;
	free(order);
	free(dead);
	free(renum);
}

