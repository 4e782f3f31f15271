// SPDX-License-Identifier: GPL-2.0
/*
 * good/mtd_close_bdev_excl_unbalanced.c - block2mtd as 2.6.38 fixed it:
 * both ways of opening the device take it exclusively, with the
 * block2mtd_dev as holder and FMODE_EXCL in the mode, and the free path
 * drops it with that same mode.
 *
 * Twin of bad/mtd_close_bdev_excl_unbalanced.c.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/string.h>

#define ERROR(fmt, args...) printk(KERN_ERR "block2mtd: " fmt "\n" , ## args)

struct mtd_info {
	u64 size;
	u32 erasesize;
	char *name;
	void *priv;
};

struct block2mtd_dev {
	struct list_head list;
	struct block_device *blkdev;
	struct mtd_info mtd;
};

static LIST_HEAD(blkmtd_device_list);

static void block2mtd_free_device(struct block2mtd_dev *dev)
{
	if (!dev)
		return;

	kfree(dev->mtd.name);

	if (dev->blkdev) {
		invalidate_bdev(dev->blkdev);
		blkdev_put(dev->blkdev, FMODE_READ|FMODE_WRITE|FMODE_EXCL);
	}

	kfree(dev);
}

static struct block2mtd_dev *add_device(char *devname, int erase_size)
{
	const fmode_t mode = FMODE_READ | FMODE_WRITE | FMODE_EXCL;
	struct block_device *bdev;
	struct block2mtd_dev *dev;

	if (!devname)
		return NULL;

	dev = kzalloc(sizeof(struct block2mtd_dev), GFP_KERNEL);
	if (!dev)
		return NULL;

	/* Get a handle on the device */
	bdev = blkdev_get_by_path(devname, mode, dev);
#ifndef MODULE
	if (IS_ERR(bdev)) {

		/* We might not have rootfs mounted at this point. Try
		   to resolve the device name by other means. */

		dev_t devt = name_to_dev_t(devname);
		if (devt) {
			bdev = blkdev_get_by_dev(devt, mode, dev);
		}
	}
#endif

	if (IS_ERR(bdev)) {
		ERROR("error: cannot open device %s", devname);
		goto devinit_err;
	}
	dev->blkdev = bdev;

	if (MAJOR(bdev->bd_dev) == 31) {	/* MTD_BLOCK_MAJOR */
		ERROR("attempting to use an MTD device as a block device");
		goto devinit_err;
	}

	/* Setup the MTD structure */
	dev->mtd.name = kmalloc(sizeof("block2mtd: ") + strlen(devname), GFP_KERNEL);
	if (!dev->mtd.name)
		goto devinit_err;
	sprintf(dev->mtd.name, "block2mtd: %s", devname);
	dev->mtd.size = dev->blkdev->bd_inode->i_size & ~(erase_size - 1);
	dev->mtd.erasesize = erase_size;
	dev->mtd.priv = dev;

	list_add(&dev->list, &blkmtd_device_list);
	return dev;

devinit_err:
	block2mtd_free_device(dev);
	return NULL;
}

static char block2mtd_paramline[80 + 12];

static int __init block2mtd_init(void)
{
	if (block2mtd_paramline[0] && !add_device(block2mtd_paramline, 65536))
		return -EINVAL;
	return 0;
}

static void __exit block2mtd_exit(void)
{
	struct block2mtd_dev *dev, *next;

	list_for_each_entry_safe(dev, next, &blkmtd_device_list, list) {
		list_del(&dev->list);
		block2mtd_free_device(dev);
	}
}

module_init(block2mtd_init);
module_exit(block2mtd_exit);
MODULE_LICENSE("GPL");
