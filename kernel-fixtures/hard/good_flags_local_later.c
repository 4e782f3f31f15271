// SPDX-License-Identifier: GPL-2.0
/*
 * hard/good_flags_local_later.c - twin of hard/bad_flags_local_later.c:
 * the same shape, a copy of the mode in a local tested three statements
 * later, but the mode is release()'s own argument.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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

static int fl_open(struct block_device *bdev, fmode_t mode)
{
	struct fl_device *cd = bdev->bd_disk->private_data;

	if (!(mode & FMODE_NDELAY) && cd->data_opens++ == 0)
		fl_lock_door(cd, 1);
	cd->use_count++;
	return 0;
}

static int fl_release(struct gendisk *disk, fmode_t mode)
{
	struct fl_device *cd = disk->private_data;
	fmode_t flags = mode;
	int last;

	cd->use_count--;
	last = cd->use_count == 0;
	if (last)
		fl_flush(cd);
	if (!(flags & FMODE_NDELAY) && --cd->data_opens == 0)
		fl_lock_door(cd, 0);
	return 0;
}

static struct block_device_operations fl_fops = {
	.owner		= THIS_MODULE,
	.open		= fl_open,
	.release	= fl_release,
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
