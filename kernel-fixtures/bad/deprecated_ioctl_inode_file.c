// SPDX-License-Identifier: GPL-2.0
/*
 * bad/deprecated_ioctl_inode_file.c - an XT-style disk driver (drivers/block/xd.c
 * of 2.6.27) whose only ioctl method is the old one: (struct inode *,
 * struct file *, cmd, arg), called under the big kernel lock.
 *
 * Seed (Jonathan Corbet, "Cleaning up the block driver API"; Al Viro, [RFC]):
 *   "So the new form of the ioctl() methods will be: int (*ioctl)(struct
 *   block_device *bdev, mode_t mode, unsigned int cmd, unsigned long arg);"
 *   "So any driver still using the locked version (ioctl() in the old API)
 *   will be modified to take the BKL internally."
 *
 * Era: legacy.  Expected: the ioctl binding (bdops-deprecated-ioctl); the fix
 * takes the BKL itself.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/hdreg.h>
#include <linux/capability.h>
#include <linux/uaccess.h>

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

static int xd_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	struct xd_disk *d = inode->i_bdev->bd_disk->private_data;
	int ro;

	switch (cmd) {
	case XD_SET_RO:
		if (!(file->f_mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
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
	// CHECK: deprecated_ioctl_inode_file.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'ioctl' is bound to 'xd_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: deprecated_ioctl_inode_file.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int xd_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
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
