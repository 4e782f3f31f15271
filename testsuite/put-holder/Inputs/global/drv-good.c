// SPDX-License-Identifier: GPL-2.0
/* drv.c's twin: each device given back with the holder it was claimed for. */
#include "lib.h"

static int drv_holder;

void log_exit(void)
{
	blkdev_put(log_bdev, &log_holder);
}

void drv_stop(void)
{
	lib_close(&lib_holder);
}

int drv_cache(const char *path)
{
	int err = cache_open(path, &drv_holder);

	if (err)
		return err;
	cache_close(&drv_holder);
	return 0;
}

/* a holder the caller chose: not told apart from the get's */
void drv_close_for(void *who)
{
	cache_close(who);
}

/* cache_open()'s holder is its callers': this NULL may be one of them */
void drv_cache_stop(void)
{
	cache_close(NULL);
}
