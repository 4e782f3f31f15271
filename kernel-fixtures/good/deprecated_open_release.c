// SPDX-License-Identifier: GPL-2.0
/*
 * good/deprecated_open_release.c - open(bdev, mode) and release(disk, mode): the
 * release always knows whether it closes a writer.
 *
 * Twin of bad/deprecated_open_release.c.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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

static int rd_open(struct block_device *bdev, fmode_t mode)
{
	struct rd_disk *d = bdev->bd_disk->private_data;

	if ((mode & FMODE_WRITE) && d->ro)
		return -EROFS;
	if (mode & FMODE_WRITE)
		d->writers++;
	d->use_count++;
	return 0;
}

static int rd_release(struct gendisk *disk, fmode_t mode)
{
	struct rd_disk *d = disk->private_data;

	if (mode & FMODE_WRITE)
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
	.release	= rd_release,
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
