/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flags.h - global variables as the whole program sees them (flags.c).
 *
 * A global is named by a key: its name when it has external linkage (the
 * same variable in every unit), "name@unit" when it is static (no other
 * unit can mean it).  A flag is a scalar global a mode is computed from,
 * as swsusp_check() gets with FMODE_READ plus FMODE_EXCL if snapshot_test.
 */
#ifndef BDOPS_FLAGS_H
#define BDOPS_FLAGS_H

#include "engine.h"

const char *bd_global_key(struct bd_unit *u, const char *name);
/* The variable's name in a key, for messages. */
const char *bd_global_name(const char *key, char *buf, size_t len);

/*
 * Does block b's two-way branch test a scalar global flag (if (g),
 * if (!g), g == 0, g != 0, likely()/unlikely())?  Returns the flag's key
 * and sets *nz_succ to the successor taken when the flag is non-zero.
 */
const char *bd_flag_test(struct bd_fn *fn, int b, int *nz_succ);

#endif
