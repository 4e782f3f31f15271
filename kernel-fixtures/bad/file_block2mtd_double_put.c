// SPDX-License-Identifier: GPL-2.0
/*
 * bad/file_block2mtd_double_put.c - block2mtd adding a device as in
 * 6.12's drivers/mtd/devices/block2mtd.c (add_device()): the block device
 * is opened exclusively for the driver as a file kept in dev->bdev_file,
 * and block2mtd_free_device() gives it back with bdev_fput() when it is
 * there.  A later error path gives the file back itself before jumping to
 * the common cleanup, which gives it back a second time: the second
 * bdev_fput() drops a reference the driver no longer has.
 *
 * Era: file (6.9+).  Expected: the cleanup call (bdops-bdev-release), with
 * notes at the first bdev_fput() and at the one inside the helper.
 */
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none which of the two releases to drop is the driver's choice

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct block2mtd_dev {
	struct file *bdev_file;
	int erase_size;
};

/* the driver's interface (module parameters call it in the kernel) */
struct block2mtd_dev *add_device(char *devname, int erase_size);

static void block2mtd_free_device(struct block2mtd_dev *dev)
{
	if (!dev)
		return;
	if (dev->bdev_file)
		bdev_fput(dev->bdev_file);
	kfree(dev);
}

struct block2mtd_dev *add_device(char *devname, int erase_size)
{
	const blk_mode_t mode = BLK_OPEN_READ | BLK_OPEN_WRITE;
	struct block2mtd_dev *dev;
	struct file *bdev_file;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return NULL;
	bdev_file = bdev_file_open_by_path(devname, mode, dev, NULL);
	if (IS_ERR(bdev_file)) {
		printk(KERN_ERR "error: cannot open device %s\n", devname);
		goto err_free_blkdev;
	}
	dev->bdev_file = bdev_file;
	if (!file_bdev(bdev_file)->bd_disk) {
		printk(KERN_ERR "attempting to use an MTD device as a block device\n");
		bdev_fput(bdev_file);
		goto err_free_blkdev;
	}
	dev->erase_size = erase_size;
	return dev;

err_free_blkdev:
	block2mtd_free_device(dev);
// CHECK: file_block2mtd_double_put.c:[[@LINE-1]]:{{[0-9]+}}: warning: block2mtd_free_device() gives back the same block device file a second time on this path [bdops-bdev-release]
// CHECK-NEXT: file_block2mtd_double_put.c:[[@LINE-9]]:{{[0-9]+}}: note: first bdev_fput() here
// CHECK-NEXT: file_block2mtd_double_put.c:[[@LINE-31]]:{{[0-9]+}}: note: 'block2mtd_free_device' calls bdev_fput() here
// CHECK-NEXT: file_block2mtd_double_put.c:[[@LINE-4]]:{{[0-9]+}}: note: fix: give the file back once: drop the second release, or set the pointer to NULL after the first and test it
	return NULL;
}
