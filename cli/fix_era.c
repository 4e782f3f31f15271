// SPDX-License-Identifier: GPL-2.0
/* fix_era.c - "bdops fix --to-era ERA FILES" (being written). */
#include "fix.h"

int bd_fix_era(struct drv *d)
{
	fprintf(stderr, "bdops fix: --to-era %s: not built yet\n", d->to_era);
	return EXIT_USAGE;
}
