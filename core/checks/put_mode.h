/* SPDX-License-Identifier: GPL-2.0 */
/*
 * put_mode.h - what put_mode.c tells the rest of put-mode (put_paths.c,
 * the whole-program graphs of wp/) about the get and put calls it knows.
 */
#ifndef BDOPS_PUT_MODE_H
#define BDOPS_PUT_MODE_H

#include "../engine/engine.h"

/* Is e a get, and how does it report failure (an int result, as
 * blkdev_get(), or an error pointer)? */
int bd_get_info(const struct bd_event *e, int *bdev_arg, int *int_result);
/* Is e a get: which argument is the bdev (-1: the result), which the mode
 * (-1: none, or the legacy int flags), and is it exclusive by name? */
int bd_get_args(struct bd_ctx *c, const struct bd_event *e, int *bdev_arg,
		int *mode_arg, int *exclusive);
int bd_is_put(const struct bd_event *e);
/* The argument a get takes its holder in (6.5's), or -1. */
int bd_get_holder_arg(const struct bd_event *e);
/* close_bdev_excl*(): releases a claim by name */
int bd_put_is_exclusive(const struct bd_event *put);

void bd_check_put_paths(struct bd_ctx *c, struct bd_fn *fn);

#endif
