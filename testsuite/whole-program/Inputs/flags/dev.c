// SPDX-License-Identifier: GPL-2.0
/* dev_open() gets FMODE_READ, plus FMODE_EXCL if exclusive_mode. */
#include "dev.h"

int exclusive_mode;
static struct block_device *the_bdev;
static int holder;

int dev_open(void)
{
	fmode_t mode = exclusive_mode ? FMODE_READ | FMODE_EXCL : FMODE_READ;

	the_bdev = blkdev_get_by_path("/dev/x", mode, &holder);
	return IS_ERR(the_bdev) ? -1 : 0;
}

void dev_close(fmode_t mode)
{
	blkdev_put(the_bdev, mode);
}
