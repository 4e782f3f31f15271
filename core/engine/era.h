/* SPDX-License-Identifier: GPL-2.0 */
/*
 * era.h - which block-device API contract a call or a unit follows.
 *
 * The kernel changed the contract of opening and closing block devices
 * four times (docs/eras.md).  The era is read from the prototypes the unit
 * declares - blkdev_put()'s second parameter, the get functions' parameter
 * counts, bdev_open_by_*() and bdev_file_open_by_*(), the parameters of
 * the functions bound in block_device_operations - never from version
 * macros, so an out-of-tree module that #ifdefs its way through several
 * eras is judged by the era it is compiled for.
 */
#ifndef BDOPS_ERA_H
#define BDOPS_ERA_H

#include "../internal.h"
#include "api.h"	/* enum bd_era, the API model */

/* "fmode", "holder", ...: the era's short name (docs/eras.md). */
const char *bd_era_name(enum bd_era e);
/* "2.6.28-6.4": the kernels of the era. */
const char *bd_era_kernels(enum bd_era e);

/*
 * The contract call 'e' (a BD_CALL) follows, from the prototype the unit
 * declares for its callee; BD_ERA_UNKNOWN for a call that is not part of
 * the block-device API or whose prototype does not tell (open_by_devnum()
 * takes an unsigned int in 2.6.27 and an fmode_t after).
 */
enum bd_era bd_era_of_call(const struct bd_unit *u, const struct bd_event *e);
/* The same for a function of the API by name (blkdev_put, ...). */
enum bd_era bd_era_of_api(const struct bd_unit *u, const char *name);

/*
 * The era of the unit: the latest era any declared API function or any
 * block_device_operations method of the unit shows (a 6.7 unit may still
 * call blkdev_put(bdev, holder) beside bdev_open_by_path()), or
 * BD_ERA_UNKNOWN.  Computed once per unit and cached.
 */
enum bd_era bd_era_of_unit(struct bd_unit *u);

/* An era for naming things (modes, prototypes in fix hints): the call's
 * own era, else the unit's. */
enum bd_era bd_era_for_call(struct bd_unit *u, const struct bd_event *e);

/* The era whose names a fix hint of this unit must use to compile: the
 * unit's era, or, when its prototypes do not tell (a unit that binds only
 * an ioctl, the same since 2.6.28), the holder era if its headers define
 * BLK_OPEN_* and the fmode era otherwise.  Names only: which contract a
 * call follows is never decided by a macro. */
enum bd_era bd_era_naming(struct bd_unit *u);

/* blk_mode_t era (6.5 and later): modes are BLK_OPEN_*, not FMODE_*. */
static inline int bd_era_blk_mode(enum bd_era e)
{
	return e >= BD_ERA_HOLDER;
}

/* A mode constant in the era's own names: "FMODE_READ|FMODE_EXCL" or
 * "BLK_OPEN_READ|BLK_OPEN_EXCL", with the bit values the unit's headers
 * define. */
const char *bd_era_mode_bits(const struct bd_unit *u, enum bd_era e, uint64_t k,
			     char *buf, size_t len);
/* The value of a flag macro the frontends read (bd_macro_names()), as the
 * unit defines it or its default. */
int64_t bd_era_macro(const struct bd_unit *u, const char *name);

#endif
