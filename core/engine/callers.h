/* SPDX-License-Identifier: GPL-2.0 */
/*
 * callers.h - what a parameter holds, from the calls that give it
 * (callers.c).
 *
 * A mode that is a parameter is symbolic in its function: get(mode &
 * ~FMODE_EXCL) and put(mode) differ exactly when mode holds FMODE_EXCL.
 * Whether it can is a question for the callers: each call of the function
 * in the unit is looked at, its argument evaluated as a mode set in the
 * caller (mode.c), and a parameter of the caller followed to its own
 * callers, up to BD_CALLER_DEPTH calls up.  A function that other units
 * may call (not static, its address taken, bound in an ops table) has
 * callers the unit does not show.
 */
#ifndef BDOPS_CALLERS_H
#define BDOPS_CALLERS_H

#include "engine.h"

#define BD_CALLER_DEPTH 3

enum bd_may {
	BD_MAY_NO,	/* every caller passes a value without the bits */
	BD_MAY_YES,	/* a caller in the unit passes them (a constant that
			 * holds them, or a value they were or-ed into) */
	BD_MAY_OPEN,	/* a value nothing in the unit pins down: a caller
			 * outside the unit, a field, a call's result */
};

/* Why: the call the answer comes from (the outermost one of the unit on
 * the chain), and the text of a note at it. */
struct bd_may_why {
	struct bd_fn *caller;	/* NULL: fn itself is called from elsewhere */
	struct bd_loc at;
	char text[300];
};

/*
 * May parameter 'param' of fn hold any of 'bits' (mode bits of the unit's
 * FMODE_* or BLK_OPEN_*) when fn runs?  'name' is how the parameter is
 * spelled in messages (the bit names come from bd_era_mode_bits()).
 */
enum bd_may bd_param_may_hold(struct bd_ctx *c, struct bd_fn *fn, int param, uint64_t bits,
			      struct bd_may_why *why);

/* --strict: why parameter 'param' of fn is no known value: the first
 * call of the unit that passes one it does not know, or the function
 * called from outside.  0 when every caller passes a constant. */
int bd_param_unknown_why(struct bd_ctx *c, struct bd_fn *fn, int param, struct bd_may_why *why);

/* Can something outside the unit call fn (not static, address taken,
 * bound in an initializer)? */
int bd_fn_called_elsewhere(struct bd_ctx *c, const struct bd_fn *fn);

#endif
