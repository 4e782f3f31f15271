// SPDX-License-Identifier: GPL-2.0
/*
 * bad/deprecated_unlocked_ioctl.c - a virtual disk of 2.6.27 that already did without
 * the BKL and so used ->unlocked_ioctl(struct file *, cmd, arg), which
 * returns long.  The member is gone after the conversion.
 *
 * Seed (Jonathan Corbet, "Cleaning up the block driver API"; Al Viro, [RFC]):
 *   "Note that unlocked_ioctl() is gone: it is arguably past time to get
 *   rid of the big kernel lock (BKL) in the block ioctl() implementation."
 *
 * Era: legacy.  Expected: the unlocked_ioctl binding (bdops-deprecated-ioctl); the
 * fix needs no BKL.
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

static long vd_unlocked_ioctl(struct file *file, unsigned int cmd,
			      unsigned long arg)
{
	struct block_device *bdev = file->f_path.dentry->d_inode->i_bdev;
	struct vd_disk *d = bdev->bd_disk->private_data;
	int ro;

	switch (cmd) {
	case VD_SET_RO:
		if (!(file->f_mode & FMODE_WRITE) && !capable(CAP_SYS_ADMIN))
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
	.unlocked_ioctl	= vd_unlocked_ioctl,
	// CHECK: deprecated_unlocked_ioctl.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'unlocked_ioctl' is bound to 'vd_unlocked_ioctl', and unlocked_ioctl is removed: it becomes 'ioctl' [bdops-deprecated-ioctl]
	// CHECK-NEXT: deprecated_unlocked_ioctl.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int vd_unlocked_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
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
