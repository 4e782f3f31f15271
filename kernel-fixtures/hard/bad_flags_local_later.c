// SPDX-License-Identifier: GPL-2.0
/*
 * hard/bad_flags_local_later.c - release() copies f_flags into a local at
 * the top and tests O_NDELAY in it three statements later, after a
 * ternary that copes with the NULL file of a umount.  The test and the
 * read are on different lines.
 *
 * Seed: as bad/cdrom_release_ndelay_flags.c ("we could not rely on
 * file->f_flags.  Why?  Because O_NDELAY can be flipped at will by fcntl()
 * after the file got opened.").
 *
 * Era: legacy.  Expected: the test (bdops-ndelay-flags, note at the read)
 * and the two old prototypes.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

struct fl_device {
	struct gendisk *disk;
	int use_count;
	int data_opens;
	int door_locked;
	int dirty;
};

static struct fl_device fl_unit;

static void fl_lock_door(struct fl_device *cd, int lock)
{
	cd->door_locked = lock;
}

static void fl_flush(struct fl_device *cd)
{
	cd->dirty = 0;
}

static int fl_open(struct inode *inode, struct file *filp)
{
	struct fl_device *cd = inode->i_bdev->bd_disk->private_data;

	if (!(filp->f_flags & O_NDELAY) && cd->data_opens++ == 0)
		fl_lock_door(cd, 1);
	cd->use_count++;
	return 0;
}

static int fl_release(struct inode *inode, struct file *filp)
{
	struct fl_device *cd = inode->i_bdev->bd_disk->private_data;
	unsigned int flags = filp ? filp->f_flags : 0;
	int last;

	cd->use_count--;
	last = cd->use_count == 0;
	if (last)
		fl_flush(cd);
	if (!(flags & O_NDELAY) && --cd->data_opens == 0)
		fl_lock_door(cd, 0);
	// CHECK: bad_flags_local_later.c:[[@LINE-2]]:{{[0-9]+}}: warning: block method 'fl_release' tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
	// CHECK-NEXT: bad_flags_local_later.c:[[@LINE-10]]:{{[0-9]+}}: note: 'file->f_flags' is read here
	// CHECK-NEXT: bad_flags_local_later.c:[[@LINE-4]]:{{[0-9]+}}: note: fix: use 'mode & FMODE_NDELAY'
	return 0;
}

static struct block_device_operations fl_fops = {
	.owner		= THIS_MODULE,
	.open		= fl_open,
	// CHECK: bad_flags_local_later.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'fl_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_flags_local_later.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fl_open(struct block_device *bdev, fmode_t mode)
	.release	= fl_release,
	// CHECK: bad_flags_local_later.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'fl_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_flags_local_later.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fl_release(struct gendisk *disk, fmode_t mode)
};

static int __init fl_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 247;
	disk->fops = &fl_fops;
	disk->private_data = &fl_unit;
	sprintf(disk->disk_name, "fl0");
	fl_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(fl_init);
MODULE_LICENSE("GPL");
