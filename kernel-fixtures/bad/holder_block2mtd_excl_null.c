// SPDX-License-Identifier: GPL-2.0
/*
 * bad/holder_block2mtd_excl_null.c - block2mtd's open as a half-done 6.5
 * conversion of drivers/mtd/devices/block2mtd.c: FMODE_EXCL became
 * BLK_OPEN_EXCL, but the holder argument the device was claimed for became
 * NULL.  Since 6.5 a NULL holder means a shared open, and BLK_OPEN_EXCL
 * with one makes blkdev_get_by_path() fail with a WARN: the device can
 * never be added.
 *
 * Era: holder (6.5).  Expected: the get (bdops-put-holder); no mechanical
 * fix (which object should claim the device is the driver's choice: 6.5
 * claims it for the block2mtd_dev).
 */
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none the holder to claim the device for is the driver's choice

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
		blkdev_put(dev->blkdev, NULL);
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
// CHECK: holder_block2mtd_excl_null.c:[[@LINE+2]]:{{[0-9]+}}: warning: blkdev_get_by_path() is given BLK_OPEN_READ|BLK_OPEN_WRITE|BLK_OPEN_EXCL with a NULL holder: the open fails [bdops-put-holder]
// CHECK-NEXT: note: fix: claim the device with a non-NULL holder, or open it shared without BLK_OPEN_EXCL
	bdev = blkdev_get_by_path(devname, mode, NULL, NULL);
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
// CHECK: bdops: 1 finding
