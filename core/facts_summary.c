// SPDX-License-Identifier: GPL-2.0
/*
 * facts_summary.c - the cross-TU part of a unit's facts file (roles,
 * get/put sites with symbolic modes, field stores, calls; SPEC 5).
 * Placeholder: the engine replaces this file.  It writes members into the
 * "summary" object the writer is positioned in.
 */
#include "internal.h"
#include "json.h"

void bd_facts_summary_write(struct bd_json_writer *w, const struct bd_unit *u,
			    const struct bd_result *r)
{
	(void)w;
	(void)u;
	(void)r;
}
