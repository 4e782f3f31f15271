// SPDX-License-Identifier: GPL-2.0
/*
 * bad/deprecated_locked_ioctl.c - a driver of the 2.6.28-2.6.37 transition: the
 * new prototype already, but bound to ->locked_ioctl, which the block layer
 * calls under the BKL.  That member was removed in 2.6.38.
 *
 * Seed (Jonathan Corbet, "Cleaning up the block driver API"; Al Viro, [RFC]):
 *   "Moreover, we don't have enough instances of ->ioctl() to justify a
 *   separate methods for locked and unlocked; taking BKL into the former
 *   and merging them is easy enough."
 *
 * Era: fmode_t.  Expected: the locked_ioctl binding (bdops-deprecated-ioctl); the
 * fix moves the BKL into the method.
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/capability.h>
#include <linux/uaccess.h>

#define LK_SET_RO	_IO(0xa4, 0x40)	/* driver-private: write-protect the disk */
#define LK_GET_RO	_IO(0xa4, 0x01)

struct lk_disk {
	struct gendisk *disk;
	unsigned char heads, sectors;
	unsigned short cylinders;
	int use_count;
	int ro;
};

static struct lk_disk lk_unit = { .heads = 16, .sectors = 63, .cylinders = 1024 };

static int lk_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		    unsigned long arg)
{
	struct lk_disk *d = bdev->bd_disk->private_data;
	int ro;

	switch (cmd) {
	case LK_SET_RO:
		if (!(mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
			return -EPERM;
		if (get_user(ro, (int __user *)arg))
			return -EFAULT;
		d->ro = ro;
		return 0;
	case LK_GET_RO:
		return put_user(d->ro, (int __user *)arg);
	}
	return -ENOTTY;
}

static int lk_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	struct lk_disk *d = bdev->bd_disk->private_data;

	geo->heads = d->heads;
	geo->sectors = d->sectors;
	geo->cylinders = d->cylinders;
	return 0;
}

static struct block_device_operations lk_fops = {
	.owner		= THIS_MODULE,
	.locked_ioctl	= lk_ioctl,
	// CHECK: deprecated_locked_ioctl.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'locked_ioctl' is bound to 'lk_ioctl', and locked_ioctl is removed: it becomes 'ioctl', taking the BKL itself [bdops-deprecated-ioctl]
	// CHECK-NEXT: deprecated_locked_ioctl.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int lk_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
	.getgeo		= lk_getgeo,
};

static int __init lk_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 254;
	disk->first_minor = 0;
	disk->fops = &lk_fops;
	disk->private_data = &lk_unit;
	sprintf(disk->disk_name, "lka");
	set_capacity(disk, 16 * 63 * 1024);
	lk_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(lk_init);
MODULE_LICENSE("GPL");
