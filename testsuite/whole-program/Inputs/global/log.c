// SPDX-License-Identifier: GPL-2.0
/* Opens the log device into an extern global. */
#include "log.h"

struct block_device *log_bdev;

int log_open(const char *path, void *holder)
{
	log_bdev = blkdev_get_by_path(path, FMODE_READ | FMODE_WRITE | FMODE_EXCL, holder);
	if (IS_ERR(log_bdev))
		return PTR_ERR(log_bdev);
	return 0;
}
