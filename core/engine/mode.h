/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mode.h - mode expressions (see mode.c).
 */
#ifndef BDOPS_MODE_H
#define BDOPS_MODE_H

#include "engine.h"

enum bd_mx_kind { BD_MX_CONST, BD_MX_PARAM, BD_MX_FIELD, BD_MX_EVENT };

/* A mode that depends on a global flag holds each value under a guard:
 * FMODE_READ | (snapshot_test ? FMODE_EXCL : 0) is FMODE_READ if
 * snapshot_test == 0 and FMODE_READ|FMODE_EXCL if it is not. */
#define BD_MGUARDS 2
struct bd_mguard {
	const char *flag;	/* the global's key (flags.h) */
	int nz;			/* 1: flag != 0, 0: flag == 0 */
};

struct bd_mexpr {
	enum bd_mx_kind kind;
	int64_t k;		/* CONST */
	struct bd_fn *fn;	/* PARAM: whose parameter */
	int param;
	const char *tag, *field;	/* FIELD */
	struct bd_event *ev;	/* EVENT */
	uint64_t set, clr;	/* symbolic: bits forced on / off */
	int nguard;
	struct bd_mguard guard[BD_MGUARDS];
};

#define BD_MSET_MAX 8
struct bd_mset {
	int n;
	int unknown;
	struct bd_mexpr v[BD_MSET_MAX];
};

void bd_mode_eval(struct bd_fn *fn, bd_val v, struct bd_mset *out);
/* Free the modes bd_mode_eval() kept for fn's values. */
void bd_mode_memo_free(struct bd_fn *fn);
/* Same value (guards not compared). */
int bd_mexpr_equal(const struct bd_mexpr *a, const struct bd_mexpr *b);
int bd_mset_guarded(const struct bd_mset *s);
int bd_mexpr_same_base(const struct bd_mexpr *a, const struct bd_mexpr *b);
int bd_mset_has(const struct bd_mset *s, const struct bd_mexpr *m);
int bd_mset_all_const(const struct bd_mset *s);
const char *bd_mode_bits(uint64_t k, char *buf, size_t len);
/* The constant members as "A or B". */
const char *bd_mset_str(const struct bd_mset *s, char *buf, size_t len);

/* A put's mode P against its get's G, by value (guards not looked at),
 * as put-mode judges them: the same set; different constants; a bit added
 * to or dropped from the same symbol (*bits); or nothing provable. */
enum bd_verdict { BD_V_EQUAL, BD_V_CONST, BD_V_ADDED, BD_V_DROPPED, BD_V_UNKNOWN };
enum bd_verdict bd_mode_judge(const struct bd_mset *P, const struct bd_mset *G, uint64_t *bits);
/* Assume flag == 0 (nz 0) or != 0: drop the members whose guard wants the
 * other, and the guard from the others. */
void bd_mset_assume(struct bd_mset *m, const char *flag, int nz);

/* The set as it travels to other units (constants and fields only). */
void bd_mset_to_sum(const struct bd_mset *m, struct bd_sum_mode *out);

#endif
