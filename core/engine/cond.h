/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cond.h - paths with their conditions (cond.c).
 *
 * A value merged from two paths (a PHI of two, a local with two stores
 * reaching its load, `c ? a : b`) took each arm on the path where one
 * branch went one way: the innermost branch whose one successor alone
 * leads to the arm.  A check that finds a value wrong on one arm only
 * names that branch in a note ("on the path where this condition is
 * true"), and asks whether a call is reached only through tests it
 * understands (a NULL test of the very pointer it puts).
 */
#ifndef BDOPS_COND_H
#define BDOPS_COND_H

#include "engine.h"

struct bd_arm {
	bd_val val;		/* the arm's value */
	int d;			/* the branch block that chose it, or -1 */
	int side;		/* 0: its condition non-zero, 1: zero */
	struct bd_loc at;	/* the condition */
};

/* The successor of two-way branch block d that alone leads to (dominates)
 * block blk, or -1. */
int bd_dom_side(struct bd_fn *fn, int d, int blk);

/* The two arms of value v (looking through copies), with the branch that
 * chose each; 0 when v is not a merge of two. */
int bd_arms(struct bd_fn *fn, bd_val v, struct bd_arm arm[2]);

/*
 * Is block b reached from the entry only through branches whose condition
 * 'ok' accepts (or that lead to b either way)?  The branches are the
 * dominators of b with one successor alone leading to b.
 */
int bd_reached_through(struct bd_fn *fn, int b,
		       int (*ok)(struct bd_fn *fn, bd_val cond, void *arg), void *arg);

#endif
