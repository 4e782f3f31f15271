// SPDX-License-Identifier: GPL-2.0
/*
 * bad/deprecated_compat_ioctl_long.c - a disk driver of 2.6.27 with a 32-bit compat
 * ioctl: ->compat_ioctl(struct file *, cmd, arg) returning long, next to
 * the old locked ->ioctl(inode, file, cmd, arg).
 *
 * Seed (Jonathan Corbet, "Cleaning up the block driver API"; Al Viro, [RFC]):
 *   "->compat_ioctl() is even more ridiculous, since it's called from 32bit
 *   task doing ioctl(2) and returning native long is particulary dumb."
 *
 * Era: legacy.  Expected: the compat_ioctl binding and the ioctl binding
 * (bdops-deprecated-ioctl).
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

static int cx_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	struct cx_disk *d = inode->i_bdev->bd_disk->private_data;
	int ro;

	switch (cmd) {
	case CX_SET_RO:
		if (!(file->f_mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
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

static long cx_compat_ioctl(struct file *file, unsigned int cmd,
			    unsigned long arg)
{
	struct inode *inode = file->f_path.dentry->d_inode;

	/* the commands carry an int pointer: the native code does it all */
	return cx_ioctl(inode, file, cmd, (__force unsigned long)compat_ptr(arg));
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
	// CHECK: deprecated_compat_ioctl_long.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'ioctl' is bound to 'cx_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: deprecated_compat_ioctl_long.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int cx_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
	.compat_ioctl	= cx_compat_ioctl,
	// CHECK: deprecated_compat_ioctl_long.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'compat_ioctl' is bound to 'cx_compat_ioctl', which takes (struct file *, ...): the old compat_ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: deprecated_compat_ioctl_long.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int cx_compat_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
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
