// SPDX-License-Identifier: GPL-2.0
/*
 * hard/bad_alias_local.c - the struct file is written through a local
 * alias: open() keeps its unit in f->private_data, where f is filp under
 * another name.  A matcher looking for "filp->" misses it.
 *
 * Seed: as bad/floppy_open_writes_file.c ("... and modify *file in any
 * way"); the struct file given to ->open() may not outlive open().
 *
 * Era: legacy.  Expected: the write through the alias (bdops-file-write)
 * and the three old prototypes.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

#define HX_RESET	_IO(0xa5, 0x40)

struct hx_device {
	struct gendisk *disk;
	int opens;
	int resets;
};

static struct hx_device hx_unit;

static int hx_open(struct inode *inode, struct file *filp)
{
	struct hx_device *hx = inode->i_bdev->bd_disk->private_data;
	struct file *f = filp;

	hx->opens++;
	/* remember the unit for the ioctls */
	f->private_data = hx;
	// CHECK: bad_alias_local.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'hx_open' writes 'file->private_data'; the struct file may be a temporary that does not outlive open() [bdops-file-write]
	return 0;
}

static int hx_release(struct inode *inode, struct file *filp __always_unused)
{
	struct hx_device *hx = inode->i_bdev->bd_disk->private_data;

	hx->opens--;
	return 0;
}

static int hx_ioctl(struct inode *inode __always_unused, struct file *filp,
		    unsigned int cmd, unsigned long arg __always_unused)
{
	struct hx_device *hx = filp->private_data;

	if (cmd != HX_RESET)
		return -ENOTTY;
	hx->resets++;
	return 0;
}

static struct block_device_operations hx_fops = {
	.owner		= THIS_MODULE,
	.open		= hx_open,
	// CHECK: bad_alias_local.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'hx_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_alias_local.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int hx_open(struct block_device *bdev, fmode_t mode)
	.release	= hx_release,
	// CHECK: bad_alias_local.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'hx_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_alias_local.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int hx_release(struct gendisk *disk, fmode_t mode)
	.ioctl		= hx_ioctl,
	// CHECK: bad_alias_local.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'ioctl' is bound to 'hx_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: bad_alias_local.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int hx_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
};

static int __init hx_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 250;
	disk->fops = &hx_fops;
	disk->private_data = &hx_unit;
	sprintf(disk->disk_name, "hx0");
	hx_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(hx_init);
MODULE_LICENSE("GPL");
