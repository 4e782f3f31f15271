// SPDX-License-Identifier: GPL-2.0
/*
 * hard/good_field_pointer.c - twin of hard/bad_field_pointer.c: the driver
 * keeps its own state through a pointer to a field of its own structure,
 * and leaves the open flags alone.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

struct fp_device {
	struct gendisk *disk;
	int opens;
	int slow_media;
	int blocking_reads;
};

static struct fp_device fp_unit = { .slow_media = 1 };

static int fp_open(struct block_device *bdev, fmode_t mode __always_unused)
{
	struct fp_device *fp = bdev->bd_disk->private_data;
	int *blocking = &fp->blocking_reads;

	fp->opens++;
	if (fp->slow_media)
		/* this medium cannot do non-blocking reads */
		*blocking = 1;
	return 0;
}

static int fp_release(struct gendisk *disk, fmode_t mode __always_unused)
{
	struct fp_device *fp = disk->private_data;

	fp->opens--;
	return 0;
}

static struct block_device_operations fp_fops = {
	.owner		= THIS_MODULE,
	.open		= fp_open,
	.release	= fp_release,
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
