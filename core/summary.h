/* SPDX-License-Identifier: GPL-2.0 */
/*
 * summary.h - what one unit tells the whole-program merge (SPEC 5).
 *
 * The checks record, while they run, the facts that only matter once other
 * units are known: gets whose bdev or mode is kept in a struct field, puts
 * of a bdev read from a field that found no get in their own unit, and per
 * function its roles, the calls it makes to functions defined elsewhere,
 * and the O_NDELAY tests / struct file writes it makes while no method of
 * its own unit reaches it.  facts_summary.c writes them; merge.c reads them
 * back from every unit and reports what only the whole program shows.
 */
#ifndef BDOPS_SUMMARY_H
#define BDOPS_SUMMARY_H

#include <stdint.h>
#include "bdops/ir.h"

#define BD_SUM_MODES 8

/* A mode as it can travel between units: constants and struct fields;
 * anything else (a parameter, a call) is opaque.  A holder (6.5's
 * put-holder) also travels as a named object (key, how: checks/holder.h),
 * and every holder but a constant with how the messages spell it. */
struct bd_sum_mode {
	int n;
	int unknown;
	struct {
		int is_const, is_field, is_named;
		int64_t k;
		const char *tag, *field;
		uint64_t set, clr;
		const char *key, *show;	/* holders */
		int how;
	} v[BD_SUM_MODES];
};

struct bd_sum_get {
	const char *function, *get;
	struct bd_loc loc;
	const char *tag, *field;	/* bdev stored here (NULL: mode only) */
	const char *mode_field;		/* mode stored here, same object */
	const char *group;		/* store identity */
	int exclusive;			/* open_bdev_excl* */
	int holder;			/* 6.5's: mode is the holder it took */
	struct bd_sum_mode mode;
};

struct bd_sum_put {
	const char *function, *put;
	struct bd_loc loc;
	const char *tag, *field;	/* the bdev was read from here */
	int exclusive;			/* close_bdev_excl* */
	int holder;			/* 6.5's: mode is the holder it passes */
	int param_holder;		/* that holder is the function's parameter */
	struct bd_sum_mode mode;
	const char *from_tag, *from_field;	/* mode computed from this field */
};

/* A value stored into a field named for a mode (super_block.s_mode): in
 * the merge, a get or put reading that field took one of the values
 * every unit stores there. */
struct bd_sum_store {
	const char *tag, *field;
	struct bd_loc loc;
	struct bd_sum_mode mode;
};

/* A pair judged "unknown" only because a side reads a mode field no get
 * of this unit stored: the merge substitutes the stored values. */
struct bd_sum_defer {
	const char *function, *put, *get;
	struct bd_loc loc, get_loc;
	struct bd_sum_mode mode, get_mode;	/* the put's, the get's */
};

struct bd_sum_test {			/* an O_NDELAY test or a file write */
	struct bd_loc loc, read;	/* read.line 0: no note */
	const char *what;		/* "O_NDELAY" or "file->f_flags" */
};

struct bd_sum_fn {
	const char *name;
	int is_static, is_method;
	unsigned roles;
	const char *method;
	const char **calls;		/* callees defined in no unit seen */
	int ncalls;
	struct bd_sum_test *ndelay, *writes;
	int nndelay, nwrites;
};

struct bd_summary {
	struct bd_sum_get *gets;
	int ngets, cap_gets;
	struct bd_sum_put *puts;
	int nputs, cap_puts;
	struct bd_sum_fn *fns;
	int nfns, cap_fns;
	struct bd_sum_store *stores;
	int nstores, cap_stores;
	struct bd_sum_defer *defers;
	int ndefers, cap_defers;
	char **pool;
	int npool, cap_pool;
	struct wp_prog *wp;		/* the unit's whole-program graphs */
	struct wp_prog *wp_holder;	/* and those of 6.5's holders, or NULL */
};

struct wp_prog;
struct bd_summary *bd_summary_new(void);
void bd_summary_free(struct bd_summary *s);
const char *bd_summary_str(struct bd_summary *s, const char *str);
struct bd_sum_fn *bd_summary_fn(struct bd_summary *s, const char *name);

#endif
