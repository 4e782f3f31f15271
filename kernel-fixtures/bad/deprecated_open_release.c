// SPDX-License-Identifier: GPL-2.0
/*
 * bad/deprecated_open_release.c - a removable disk of 2.6.27 with the old open
 * and release prototypes.  It only uses inode->i_bdev and file->f_mode,
 * and has to cope with a NULL file in release, as the RFC describes.
 *
 * Seed (Jonathan Corbet, "Cleaning up the block driver API"; Al Viro, [RFC]):
 *   "int (*open)(struct block_device *bdev, mode_t mode);" ... "int
 *   (*release)(struct gendisk *disk, mode_t mode);" - "In this case, filp
 *   is often passed as NULL by the kernel, forcing drivers to check the
 *   value and implement some sort of default behavior"
 *
 * Era: legacy.  Expected: the open and release bindings
 * (bdops-deprecated-prototype).
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

struct rd_disk {
	struct gendisk *disk;
	unsigned char heads, sectors;
	unsigned short cylinders;
	int use_count;
	int ro;
	int writers;
};

static struct rd_disk rd_unit = { .heads = 16, .sectors = 63, .cylinders = 1024 };

static int rd_open(struct inode *inode, struct file *filp)
{
	struct rd_disk *d = inode->i_bdev->bd_disk->private_data;

	if ((filp->f_mode & FMODE_WRITE) && d->ro)
		return -EROFS;
	if (filp->f_mode & FMODE_WRITE)
		d->writers++;
	d->use_count++;
	return 0;
}

static int rd_release(struct inode *inode, struct file *filp)
{
	struct rd_disk *d = inode->i_bdev->bd_disk->private_data;

	/* no file on umount: assume it was not a writer */
	if (filp && (filp->f_mode & FMODE_WRITE))
		d->writers--;
	d->use_count--;
	return 0;
}

static int rd_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	struct rd_disk *d = bdev->bd_disk->private_data;

	geo->heads = d->heads;
	geo->sectors = d->sectors;
	geo->cylinders = d->cylinders;
	return 0;
}

static struct block_device_operations rd_fops = {
	.owner		= THIS_MODULE,
	.open		= rd_open,
	// CHECK: deprecated_open_release.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'rd_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: deprecated_open_release.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int rd_open(struct block_device *bdev, fmode_t mode)
	.release	= rd_release,
	// CHECK: deprecated_open_release.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'rd_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: deprecated_open_release.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int rd_release(struct gendisk *disk, fmode_t mode)
	.getgeo		= rd_getgeo,
};

static int __init rd_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 251;
	disk->first_minor = 0;
	disk->fops = &rd_fops;
	disk->private_data = &rd_unit;
	sprintf(disk->disk_name, "rda");
	set_capacity(disk, 16 * 63 * 1024);
	rd_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(rd_init);
MODULE_LICENSE("GPL");
