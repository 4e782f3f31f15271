// SPDX-License-Identifier: GPL-2.0
/*
 * test_verify.c - bd_unit_verify() (core/verify.c) accepts a well-formed
 * unit and names what is wrong in a broken one: the invariants a
 * frontend's lowering must keep.
 */
#include <string.h>
#include "harness.h"

enum breakage { NONE, UNDEFINED, TWICE, BAD_SUCC, BAD_SLOT, LATE_PHI, NO_COND };

/* int f(int a) { return a + 1; }, broken as asked */
static struct bd_unit *unit(enum breakage how)
{
	struct bd_unit *u = bd_unit_new("v.c");
	struct bd_loc l = bd_loc_make(u, "v.c", 1, 1);
	const char *pt[] = { "int" };
	struct bd_decl *d = bd_declare(u, "f", 0, "int", 1, pt, NULL, l);
	struct bd_func *f = bd_func_begin(u, d, l);
	int b1 = bd_block_new(f);
	bd_val a = bd_param(f, 0, 0, "int", l), one = bd_const(f, 0, 1, l), s;
	struct bd_event ev;

	s = bd_binop(f, 0, BD_ADD, a, how == UNDEFINED ? 99 : one, "int", l);
	if (how == TWICE) {
		memset(&ev, 0, sizeof(ev));
		ev.op = BD_COPY;
		ev.dst = one;
		ev.a = a;
		bd_emit(f, 0, &ev);
	}
	if (how == BAD_SLOT)
		bd_slot_store(f, 0, 3, s, l);
	if (how == LATE_PHI) {
		int from[] = { 0 };

		memset(&ev, 0, sizeof(ev));
		ev.op = BD_PHI;
		ev.nargs = 1;
		ev.args = &s;
		ev.preds = from;
		ev.type = "int";
		bd_emit(f, 0, &ev);
	}
	if (how == NO_COND)
		bd_branch(f, 0, 0, b1, b1, l);
	else
		bd_goto(f, 0, how == BAD_SUCC ? 7 : b1);
	bd_return(f, b1, s, l);
	bd_func_end(f);
	return u;
}

static const struct {
	enum breakage how;
	const char *why;
} cases[] = {
	{ NONE, NULL },
	{ UNDEFINED, "function 'f', b0, event 2: its second operand v99 is never defined" },
	{ TWICE, "function 'f', b0, event 3: v2 is defined twice" },
	{ BAD_SUCC, "function 'f', b0: successor 0 is no block" },
	{ BAD_SLOT, "function 'f', b0, event 3: slot 3 of 0" },
	{ LATE_PHI, "function 'f', b0, event 3: a PHI after other events" },
	{ NO_COND, "function 'f', b0: the branch condition is no value (v0)" },
};

static void t_verify(struct tu *t)
{
	char err[512];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct bd_unit *u = unit(cases[i].how);
		int rc;

		err[0] = 0;
		rc = bd_unit_verify(u, err, sizeof(err));
		if (!cases[i].why && rc)
			fail(t, "case %zu: a good unit does not verify: %s", i, err);
		else if (cases[i].why && (!rc || strcmp(err, cases[i].why)))
			fail(t, "case %zu: '%s', expected '%s'", i, rc ? err : "(verifies)",
			     cases[i].why);
		bd_unit_free(u);
	}
	analyze(t);
	done(t);
}

const struct test verify_tests[] = {
	{ "verify", t_verify, SSA },
	{ NULL, NULL, SSA },
};
