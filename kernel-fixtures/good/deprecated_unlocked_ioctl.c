// SPDX-License-Identifier: GPL-2.0
/*
 * good/deprecated_unlocked_ioctl.c - the virtual disk converted: its unlocked ioctl
 * becomes the new ->ioctl(bdev, mode, cmd, arg), still without the BKL.
 *
 * Twin of bad/deprecated_unlocked_ioctl.c.  Expected: nothing.
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

#define VD_SET_RO	_IO(0xa4, 0x40)	/* driver-private: write-protect the disk */
#define VD_GET_RO	_IO(0xa4, 0x01)

struct vd_disk {
	struct gendisk *disk;
	unsigned char heads, sectors;
	unsigned short cylinders;
	int use_count;
	int ro;
};

static struct vd_disk vd_unit = { .heads = 16, .sectors = 63, .cylinders = 1024 };

static int vd_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		    unsigned long arg)
{
	struct vd_disk *d = bdev->bd_disk->private_data;
	int ro;

	switch (cmd) {
	case VD_SET_RO:
		if (!(mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
			return -EPERM;
		if (get_user(ro, (int __user *)arg))
			return -EFAULT;
		d->ro = ro;
		return 0;
	case VD_GET_RO:
		return put_user(d->ro, (int __user *)arg);
	}
	return -ENOTTY;
}

static int vd_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	struct vd_disk *d = bdev->bd_disk->private_data;

	geo->heads = d->heads;
	geo->sectors = d->sectors;
	geo->cylinders = d->cylinders;
	return 0;
}

static struct block_device_operations vd_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= vd_ioctl,
	.getgeo		= vd_getgeo,
};

static int __init vd_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 252;
	disk->first_minor = 0;
	disk->fops = &vd_fops;
	disk->private_data = &vd_unit;
	sprintf(disk->disk_name, "vda");
	set_capacity(disk, 16 * 63 * 1024);
	vd_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(vd_init);
MODULE_LICENSE("GPL");
