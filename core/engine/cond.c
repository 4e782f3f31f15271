// SPDX-License-Identifier: GPL-2.0
/*
 * cond.c - paths with their conditions (cond.h).
 */
#include <string.h>
#include "cond.h"

int bd_dom_side(struct bd_fn *fn, int d, int blk)
{
	struct bd_block *db = fn->f->blocks[d];
	int side = -1;

	if (db->term != BD_T_BRANCH || db->nsucc != 2 || db->succ[0] == db->succ[1])
		return -1;
	for (int s = 0; s < 2; s++)
		if (db->succ[s] >= 0 && bd_dominates(fn, db->succ[s], blk)) {
			if (side >= 0)
				return -1;
			side = s;
		}
	return side;
}

static struct bd_loc cond_loc(struct bd_fn *fn, int d)
{
	struct bd_block *db = fn->f->blocks[d];
	struct bd_event *e = db->cond ? bd_def(fn, db->cond) : NULL;

	return e && e->loc.line ? e->loc : db->term_loc;
}

/* The innermost branch that chose arm blk of a merge at join (join < 0:
 * a store in blk reaching a load). */
static void choose(struct bd_fn *fn, int blk, int join, struct bd_arm *a)
{
	int x = blk, side;

	a->d = -1;
	if (blk < 0)
		return;
	/* the edge from a branch straight to the merge */
	if (join >= 0 && (side = bd_branch_side(fn, blk, blk, join)) >= 0) {
		a->d = blk;
		a->side = side;
		a->at = cond_loc(fn, blk);
		return;
	}
	for (int n = 0; n < fn->f->nblocks && fn->idom[x] >= 0 && fn->idom[x] != x; n++) {
		int d = fn->idom[x];

		if ((side = bd_dom_side(fn, d, blk)) >= 0) {
			a->d = d;
			a->side = side;
			a->at = cond_loc(fn, d);
			return;
		}
		x = d;
	}
}

int bd_arms(struct bd_fn *fn, bd_val v, struct bd_arm arm[2])
{
	struct bd_event *e = bd_def(fn, v), *st[BD_MAXROOTS];
	int b, n;

	for (int i = 0; e && e->op == BD_COPY && i < 16; i++)
		e = bd_def(fn, e->a);
	memset(arm, 0, 2 * sizeof(*arm));
	if (!e)
		return 0;
	if (e->op == BD_PHI && e->nargs == 2 && e->preds) {
		int join = bd_event_block(fn, e);

		for (int i = 0; i < 2; i++) {
			arm[i].val = e->args[i];
			choose(fn, e->preds[i], join, &arm[i]);
		}
		return 2;
	}
	if (e->op != BD_SLOT_LOAD || (b = bd_event_block(fn, e)) < 0)
		return 0;
	n = bd_reaching(fn, b, (int)(e - fn->f->blocks[b]->events), (int)e->imm, st,
			BD_MAXROOTS);
	if (n != 2 || !st[0] || !st[1])
		return 0;
	for (int i = 0; i < 2; i++) {
		arm[i].val = st[i]->b;
		choose(fn, bd_event_block(fn, st[i]), -1, &arm[i]);
	}
	/* a store before the branch reaches the load around the other arm:
	 * it is chosen by the same branch, the other way */
	for (int i = 0; i < 2; i++)
		if (arm[i].d < 0 && arm[!i].d >= 0 &&
		    bd_dominates(fn, bd_event_block(fn, st[i]), arm[!i].d)) {
			arm[i].d = arm[!i].d;
			arm[i].side = !arm[!i].side;
			arm[i].at = arm[!i].at;
		}
	return 2;
}

int bd_reached_through(struct bd_fn *fn, int b,
		       int (*ok)(struct bd_fn *fn, bd_val cond, void *arg), void *arg)
{
	int x = b;

	for (int n = 0; n < fn->f->nblocks && fn->idom[x] >= 0 && fn->idom[x] != x; n++) {
		int d = fn->idom[x];

		if (bd_dom_side(fn, d, b) >= 0 && !ok(fn, fn->f->blocks[d]->cond, arg))
			return 0;
		x = d;
	}
	return 1;
}
