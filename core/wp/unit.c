// SPDX-License-Identifier: GPL-2.0
/*
 * unit.c - the whole-program part of put-mode inside one unit: its graphs
 * built, analysed as far as the unit shows, and kept for its facts file.
 */
#include <stdlib.h>
#include "../engine/engine.h"
#include "../engine/era.h"
#include "../checks/pairing.h"
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

	bd_report(u->c, o->holder ? BD_CHECK_PUT_HOLDER : BD_CHECK_PUT_MODE, sev, at, function, fix, nnotes, notes, "%s", msg);
}

/* Does the unit declare 6.5's blkdev_put() or gets (holders), or, calling
 * no API function itself, have 6.5's headers (BLK_OPEN_*: a driver that
 * only calls another unit's put wrapper)? */
static int holder_unit(struct bd_ctx *c)
{
	for (int i = 0; i < bd_api_count(); i++) {
		const struct bd_api *a = bd_api_at(i);

		if ((a->role == BD_API_GET || a->role == BD_API_PUT) &&
		    (a->eras & BD_ERA_BIT(BD_ERA_HOLDER)) &&
		    bd_era_of_api(c->u, a->name) == BD_ERA_HOLDER)
			return 1;
	}
	return bd_era_of_unit(c->u) == BD_ERA_UNKNOWN &&
	       bd_era_naming(c->u) == BD_ERA_HOLDER;
}

static struct wp_prog *check_era(struct bd_ctx *c, int holder)
{
	struct unit_out out = { { unit_report, c->o->strict, 0, 0 }, c };
	struct wp_prog *p = bd_xcalloc(1, sizeof(*p));

	wp_prog_init(p, c->u);
	p->holder = holder;
	wp_build(c, p);
	wp_analyze(p, &out.o);
	return p;
}

void wp_check_unit(struct bd_ctx *c)
{
	c->sum->wp = check_era(c, 0);
	/* put-holder's graphs: only a unit of that era has them */
	if (holder_unit(c))
		c->sum->wp_holder = check_era(c, 1);
}

void wp_unit_free(struct bd_summary *s)
{
	if (!s)
		return;
	if (s->wp)
		wp_prog_free(s->wp);
	if (s->wp_holder)
		wp_prog_free(s->wp_holder);
	free(s->wp);
	free(s->wp_holder);
	s->wp = s->wp_holder = NULL;
}
