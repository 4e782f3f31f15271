// SPDX-License-Identifier: GPL-2.0
/*
 * hard/bad_write_in_helper.c - floppy's private_data trick moved into a
 * helper: open() passes the struct file to wh_allow_ioctls(), which
 * writes it.  The write is reported once, at the call from the method,
 * with a note at the write.
 *
 * Seed: as bad/floppy_open_writes_file.c ("... modify *file in any way").
 *
 * Era: legacy.  Expected: the call (bdops-file-write, note at the write in
 * the helper) and the three old prototypes.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/capability.h>

#define WH_FORMAT	_IO(0xa6, 0x47)	/* 0x40: needs write access */

struct wh_device {
	struct gendisk *disk;
	int opens;
	int formatted;
};

static struct wh_device wh_unit;

static void wh_allow_ioctls(struct file *filp, int allowed)
{
	filp->private_data = allowed ? (void *)8 : NULL;
}

static int wh_open(struct inode *inode, struct file *filp)
{
	struct wh_device *wh = inode->i_bdev->bd_disk->private_data;

	wh->opens++;
	/* fdrawcmd-style tools open read-only but may format if they could write */
	wh_allow_ioctls(filp, (filp->f_mode & FMODE_WRITE) ||
			      !file_permission(filp, MAY_WRITE));
	// CHECK: bad_write_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: warning: block method 'wh_open' passes a struct file to 'wh_allow_ioctls', which writes 'file->private_data'; the struct file may be a temporary that does not outlive open() [bdops-file-write]
	// CHECK-NEXT: bad_write_in_helper.c:[[@LINE-12]]:{{[0-9]+}}: note: 'wh_allow_ioctls' writes 'file->private_data' here
	return 0;
}

static int wh_release(struct inode *inode, struct file *filp __always_unused)
{
	struct wh_device *wh = inode->i_bdev->bd_disk->private_data;

	wh->opens--;
	return 0;
}

static int wh_ioctl(struct inode *inode, struct file *filp, unsigned int cmd,
		    unsigned long arg __always_unused)
{
	struct wh_device *wh = inode->i_bdev->bd_disk->private_data;

	if ((cmd & 0x40) && !(filp && filp->private_data))
		return -EPERM;
	if (cmd != WH_FORMAT)
		return -ENOTTY;
	wh->formatted = 1;
	return 0;
}

static struct block_device_operations wh_fops = {
	.owner		= THIS_MODULE,
	.open		= wh_open,
	// CHECK: bad_write_in_helper.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'wh_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_write_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int wh_open(struct block_device *bdev, fmode_t mode)
	.release	= wh_release,
	// CHECK: bad_write_in_helper.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'wh_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_write_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int wh_release(struct gendisk *disk, fmode_t mode)
	.ioctl		= wh_ioctl,
	// CHECK: bad_write_in_helper.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'ioctl' is bound to 'wh_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: bad_write_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int wh_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
};

static int __init wh_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 248;
	disk->fops = &wh_fops;
	disk->private_data = &wh_unit;
	sprintf(disk->disk_name, "wh0");
	wh_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(wh_init);
MODULE_LICENSE("GPL");
