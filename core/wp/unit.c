// SPDX-License-Identifier: GPL-2.0
/*
 * unit.c - the whole-program part of put-mode inside one unit: its graphs
 * built, analysed as far as the unit shows, and kept for its facts file.
 */
#include <stdlib.h>
#include "../engine/engine.h"
#include "wp.h"

struct unit_out {
	struct wp_out o;
	struct bd_ctx *c;
};

static void unit_report(struct wp_out *o, enum bd_severity sev, struct bd_loc at,
			const char *function, const char *fix, int nnotes,
			const struct bd_note *notes, const char *msg)
{
	struct unit_out *u = (struct unit_out *)o;

	bd_report(u->c, BD_CHECK_PUT_MODE, sev, at, function, fix, nnotes, notes, "%s", msg);
}

void wp_check_unit(struct bd_ctx *c)
{
	struct unit_out out = { { unit_report, c->o->strict, 0 }, c };
	struct wp_prog *p = bd_xcalloc(1, sizeof(*p));

	wp_prog_init(p, c->u);
	wp_build(c, p);
	wp_analyze(p, &out.o);
	c->sum->wp = p;
}

void wp_unit_free(struct bd_summary *s)
{
	if (!s || !s->wp)
		return;
	wp_prog_free(s->wp);
	free(s->wp);
	s->wp = NULL;
}
