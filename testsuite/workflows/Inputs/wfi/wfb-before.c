// SPDX-License-Identifier: GPL-2.0
/*
 * wfb.c - a put with the wrong mode that is already there, for the review
 * test of a change that adds the same mistake above it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

int wfb_probe(dev_t dev, int quick)
{
	struct block_device *bdev = bdget(dev);

	if (!bdev || blkdev_get(bdev, FMODE_READ | FMODE_WRITE))
		return -ENODEV;
	blkdev_put(bdev, FMODE_READ);
	return 0;
}
