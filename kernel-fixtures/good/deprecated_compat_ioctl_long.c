// SPDX-License-Identifier: GPL-2.0
/*
 * good/deprecated_compat_ioctl_long.c - the driver converted: ioctl and compat_ioctl
 * both take (bdev, mode, cmd, arg) and return int.
 *
 * Twin of bad/deprecated_compat_ioctl_long.c.  Expected: nothing.
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
#include <linux/compat.h>

#define CX_SET_RO	_IO(0xa4, 0x40)	/* driver-private: write-protect the disk */
#define CX_GET_RO	_IO(0xa4, 0x01)

struct cx_disk {
	struct gendisk *disk;
	unsigned char heads, sectors;
	unsigned short cylinders;
	int use_count;
	int ro;
};

static struct cx_disk cx_unit = { .heads = 16, .sectors = 63, .cylinders = 1024 };

static int cx_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		    unsigned long arg)
{
	struct cx_disk *d = bdev->bd_disk->private_data;
	int ro;

	switch (cmd) {
	case CX_SET_RO:
		if (!(mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
			return -EPERM;
		if (get_user(ro, (int __user *)arg))
			return -EFAULT;
		d->ro = ro;
		return 0;
	case CX_GET_RO:
		return put_user(d->ro, (int __user *)arg);
	}
	return -ENOTTY;
}

static int cx_compat_ioctl(struct block_device *bdev, fmode_t mode,
			   unsigned int cmd, unsigned long arg)
{
	/* the commands carry an int pointer: the native code does it all */
	return cx_ioctl(bdev, mode, cmd, (__force unsigned long)compat_ptr(arg));
}

static int cx_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	struct cx_disk *d = bdev->bd_disk->private_data;

	geo->heads = d->heads;
	geo->sectors = d->sectors;
	geo->cylinders = d->cylinders;
	return 0;
}

static struct block_device_operations cx_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= cx_ioctl,
	.compat_ioctl	= cx_compat_ioctl,
	.getgeo		= cx_getgeo,
};

static int __init cx_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 253;
	disk->first_minor = 0;
	disk->fops = &cx_fops;
	disk->private_data = &cx_unit;
	sprintf(disk->disk_name, "cxa");
	set_capacity(disk, 16 * 63 * 1024);
	cx_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(cx_init);
MODULE_LICENSE("GPL");
