// SPDX-License-Identifier: GPL-2.0
/*
 * wfl.c - a driver whose put mode comes from <wfl.h>, which the tree
 * reaches through a symlink (include/fmode/wfl.h -> drivers/block/wfl-real.h).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <wfl.h>

int wfl_probe(dev_t dev)
{
	struct block_device *bdev = bdget(dev);

	if (!bdev || blkdev_get(bdev, FMODE_READ | FMODE_WRITE))
		return -ENODEV;
	blkdev_put(bdev, WFL_PUT_MODE);
	return 0;
}
