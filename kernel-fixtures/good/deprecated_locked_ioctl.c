// SPDX-License-Identifier: GPL-2.0
/*
 * good/deprecated_locked_ioctl.c - the 2.6.38 form: ->ioctl takes the BKL itself
 * around the old body (a note under --strict: it still needs review).
 *
 * Twin of bad/deprecated_locked_ioctl.c.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/capability.h>
#include <linux/uaccess.h>
#include <linux/smp_lock.h>

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
	int ret = -ENOTTY, ro;

	lock_kernel();
	switch (cmd) {
	case LK_SET_RO:
		ret = -EPERM;
		if (!(mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
			break;
		ret = -EFAULT;
		if (get_user(ro, (int __user *)arg))
			break;
		d->ro = ro;
		ret = 0;
		break;
	case LK_GET_RO:
		ret = put_user(d->ro, (int __user *)arg);
		break;
	}
	unlock_kernel();
	return ret;
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
	.ioctl		= lk_ioctl,
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
