// SPDX-License-Identifier: GPL-2.0
/*
 * merge.c - whole-program analysis over a facts directory (SPEC 5):
 * put-mode across files, roles of helpers called from methods in other
 * files.  Placeholder: the engine replaces this file.
 *
 * Called by "bdops merge" once every unit's findings are in r; adds the
 * findings only the whole program shows with bd_result_add().  The driver
 * then applies suppressions, sorts and prints.
 */
#include "internal.h"

void bd_merge_analyze(struct bd_result *r, const char *facts_dir,
		      const struct bd_options *o)
{
	(void)r;
	(void)facts_dir;
	(void)o;
}
