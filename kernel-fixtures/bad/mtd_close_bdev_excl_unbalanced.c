// SPDX-License-Identifier: GPL-2.0
/*
 * bad/mtd_close_bdev_excl_unbalanced.c - block2mtd's add_device() and
 * block2mtd_free_device() (drivers/mtd/devices/block2mtd.c): the device is
 * opened with open_bdev_excl() and a NULL holder, and when that fails
 * early at boot it falls back to open_by_devnum(), which claims nothing;
 * the free path then always calls close_bdev_excl(), which releases a
 * claim the fallback never took.
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "mtd2block may do unbalanced close_bdev_excl() and it passes bogus
 *   arguments to open_bdev_excl() - NULL holder.  Easy to fix."
 *
 * Era: fmode_t, with the RFC's close_bdev_excl(bdev, mode).  Expected:
 * the NULL holder at open_bdev_excl() and the unbalanced close_bdev_excl()
 * (bdops-put-mode).  The exclusive pair counts as taking and dropping
 * FMODE_EXCL (what blkdev_get_by_path()/blkdev_put() spell out since
 * 2.6.38), so the close does not match the open_by_devnum() get.
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

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
		close_bdev_excl(dev->blkdev, FMODE_READ|FMODE_WRITE);
		// CHECK: mtd_close_bdev_excl_unbalanced.c:[[@LINE-1]]:{{[0-9]+}}: warning: close_bdev_excl() passes FMODE_READ|FMODE_WRITE|FMODE_EXCL, but the matching open_by_devnum() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
		// CHECK-NEXT: mtd_close_bdev_excl_unbalanced.c:[[@LINE+30]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ|FMODE_WRITE here
		// CHECK-NEXT: mtd_close_bdev_excl_unbalanced.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: pass FMODE_READ|FMODE_WRITE
	}

	kfree(dev);
}

static struct block2mtd_dev *add_device(char *devname, int erase_size)
{
	struct block_device *bdev;
	struct block2mtd_dev *dev;

	if (!devname)
		return NULL;

	dev = kzalloc(sizeof(struct block2mtd_dev), GFP_KERNEL);
	if (!dev)
		return NULL;

	/* Get a handle on the device */
	bdev = open_bdev_excl(devname, FMODE_READ|FMODE_WRITE, NULL);
	// CHECK: mtd_close_bdev_excl_unbalanced.c:[[@LINE-1]]:{{[0-9]+}}: warning: exclusive open_bdev_excl() with a NULL holder [bdops-put-mode]
#ifndef MODULE
	if (IS_ERR(bdev)) {

		/* We might not have rootfs mounted at this point. Try
		   to resolve the device name by other means. */

		dev_t devt = name_to_dev_t(devname);
		if (devt) {
			bdev = open_by_devnum(devt, FMODE_WRITE | FMODE_READ);
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
