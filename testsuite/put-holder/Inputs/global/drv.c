// SPDX-License-Identifier: GPL-2.0
/* Gives lib.c's wrappers, and lib.c's global, another holder than their
 * gets claimed the device for. */
#include "lib.h"

static int drv_holder;

void log_exit(void)
{
	blkdev_put(log_bdev, NULL);
}

void drv_stop(void)
{
	lib_close(NULL);
}

int drv_cache(const char *path)
{
	int err = cache_open(path, &drv_holder);

	if (err)
		return err;
	cache_close(&lib_holder);
	return 0;
}
