// SPDX-License-Identifier: GPL-2.0
/*
 * analyze.c - bd_analyze(): run the enabled checks over a unit.
 * (placeholder until the engine lands: counts bodies, finds nothing)
 */
#include "internal.h"

struct bd_result *bd_analyze(struct bd_unit *u, const struct bd_options *o)
{
	struct bd_result *r = bd_result_new();

	(void)o;
	r->nfuncs = bd_unit_nfuncs(u);
	bd_result_sort(r);
	return r;
}
