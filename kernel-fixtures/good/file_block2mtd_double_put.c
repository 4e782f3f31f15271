// SPDX-License-Identifier: GPL-2.0
/*
 * good/file_block2mtd_double_put.c - twin of bad/file_block2mtd_double_put.c
 * as 6.12's add_device() has it: every error path after the open leaves
 * the release to block2mtd_free_device(), which gives the file back once.
 */
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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
		goto err_free_blkdev;
	}
	dev->erase_size = erase_size;
	return dev;

err_free_blkdev:
	block2mtd_free_device(dev);
	return NULL;
}
