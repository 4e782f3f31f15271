// SPDX-License-Identifier: GPL-2.0
/*
 * good/deprecated_ioctl_inode_file.c - the XT-style driver converted: ioctl(bdev, mode,
 * cmd, arg), and since it relied on the BKL, it takes the BKL itself.
 *
 * Twin of bad/deprecated_ioctl_inode_file.c.  Expected: nothing.
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

#define XD_SET_RO	_IO(0xa4, 0x40)	/* driver-private: write-protect the disk */
#define XD_GET_RO	_IO(0xa4, 0x01)

struct xd_disk {
	struct gendisk *disk;
	unsigned char heads, sectors;
	unsigned short cylinders;
	int use_count;
	int ro;
};

static struct xd_disk xd_unit = { .heads = 16, .sectors = 63, .cylinders = 1024 };

static int xd_locked_ioctl(struct block_device *bdev, fmode_t mode,
			   unsigned int cmd, unsigned long arg)
{
	struct xd_disk *d = bdev->bd_disk->private_data;
	int ro;

	switch (cmd) {
	case XD_SET_RO:
		if (!(mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
			return -EPERM;
		if (get_user(ro, (int __user *)arg))
			return -EFAULT;
		d->ro = ro;
		return 0;
	case XD_GET_RO:
		return put_user(d->ro, (int __user *)arg);
	}
	return -ENOTTY;
}

static int xd_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		    unsigned long arg)
{
	int ret;

	lock_kernel();
	ret = xd_locked_ioctl(bdev, mode, cmd, arg);
	unlock_kernel();
	return ret;
}

static int xd_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	struct xd_disk *d = bdev->bd_disk->private_data;

	geo->heads = d->heads;
	geo->sectors = d->sectors;
	geo->cylinders = d->cylinders;
	return 0;
}

static struct block_device_operations xd_fops = {
	.owner	= THIS_MODULE,
	.ioctl	= xd_ioctl,
	.getgeo	= xd_getgeo,
};

static int __init xd_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 13;
	disk->first_minor = 0;
	disk->fops = &xd_fops;
	disk->private_data = &xd_unit;
	sprintf(disk->disk_name, "xda");
	set_capacity(disk, 16 * 63 * 1024);
	xd_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(xd_init);
MODULE_LICENSE("GPL");
