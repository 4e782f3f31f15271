// SPDX-License-Identifier: GPL-2.0
/*
 * good/holder_block2mtd_excl_null.c - block2mtd's open as 6.5's
 * drivers/mtd/devices/block2mtd.c does it: the device is claimed for the
 * block2mtd_dev (the holder), and given back with that holder.
 *
 * Era: holder (6.5).  Twin of bad/holder_block2mtd_excl_null.c.  Expected:
 * clean.
 */
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct block2mtd_dev {
	struct block_device *blkdev;
	int erase_size;
};

/* the driver's interface (a header of its own in the kernel) */
struct block2mtd_dev *add_device(const char *devname, int erase_size);
void del_device(struct block2mtd_dev *dev);

static void block2mtd_free_device(struct block2mtd_dev *dev)
{
	if (dev->blkdev)
		blkdev_put(dev->blkdev, dev);
	kfree(dev);
}

struct block2mtd_dev *add_device(const char *devname, int erase_size)
{
	const blk_mode_t mode = BLK_OPEN_READ | BLK_OPEN_WRITE | BLK_OPEN_EXCL;
	struct block_device *bdev;
	struct block2mtd_dev *dev;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return NULL;
	bdev = blkdev_get_by_path(devname, mode, dev, NULL);
	if (IS_ERR(bdev)) {
		kfree(dev);
		return NULL;
	}
	dev->blkdev = bdev;
	dev->erase_size = erase_size;
	return dev;
}

void del_device(struct block2mtd_dev *dev)
{
	block2mtd_free_device(dev);
}
