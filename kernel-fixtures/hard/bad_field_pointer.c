// SPDX-License-Identifier: GPL-2.0
/*
 * hard/bad_field_pointer.c - the struct file is written through a pointer
 * to one of its fields: open() takes &filp->f_flags and clears O_NONBLOCK
 * through it, so that reads on this device always wait.  No "filp->f_flags
 * =" appears anywhere.
 *
 * Seed: as bad/floppy_open_writes_file.c - drivers must not change the
 * struct file (Corbet: "drivers will be expected not to change those flags
 * - or any other part of the file structure").
 *
 * Era: legacy.  Expected: the write through the pointer (bdops-file-write)
 * and the two old prototypes.  The mask ~O_NONBLOCK is no O_NDELAY test,
 * and it is in open anyway.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

struct fp_device {
	struct gendisk *disk;
	int opens;
	int slow_media;
};

static struct fp_device fp_unit = { .slow_media = 1 };

static int fp_open(struct inode *inode, struct file *filp)
{
	struct fp_device *fp = inode->i_bdev->bd_disk->private_data;
	unsigned int *flags = &filp->f_flags;

	fp->opens++;
	if (fp->slow_media)
		/* this medium cannot do non-blocking reads */
		*flags &= ~O_NONBLOCK;
	// CHECK: bad_field_pointer.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'fp_open' writes 'file->f_flags'; the struct file may be a temporary that does not outlive open() [bdops-file-write]
	return 0;
}

static int fp_release(struct inode *inode, struct file *filp __always_unused)
{
	struct fp_device *fp = inode->i_bdev->bd_disk->private_data;

	fp->opens--;
	return 0;
}

static struct block_device_operations fp_fops = {
	.owner		= THIS_MODULE,
	.open		= fp_open,
	// CHECK: bad_field_pointer.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'fp_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_field_pointer.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fp_open(struct block_device *bdev, fmode_t mode)
	.release	= fp_release,
	// CHECK: bad_field_pointer.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'fp_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_field_pointer.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fp_release(struct gendisk *disk, fmode_t mode)
};

static int __init fp_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 249;
	disk->fops = &fp_fops;
	disk->private_data = &fp_unit;
	sprintf(disk->disk_name, "fp0");
	fp_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(fp_init);
MODULE_LICENSE("GPL");
