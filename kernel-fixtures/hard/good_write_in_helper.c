// SPDX-License-Identifier: GPL-2.0
/*
 * hard/good_write_in_helper.c - twin of hard/bad_write_in_helper.c: the
 * helper decides from the mode (FMODE_WRITE_IOCTL is what blkdev_open()
 * saves for open(.., 3, ..)) and writes nothing.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

#define WH_FORMAT	_IO(0xa6, 0x47)	/* 0x40: needs write access */

struct wh_device {
	struct gendisk *disk;
	int opens;
	int formatted;
};

static struct wh_device wh_unit;

static int wh_ioctls_allowed(fmode_t mode)
{
	return (mode & (FMODE_WRITE | FMODE_WRITE_IOCTL)) != 0;
}

static int wh_open(struct block_device *bdev, fmode_t mode __always_unused)
{
	struct wh_device *wh = bdev->bd_disk->private_data;

	wh->opens++;
	return 0;
}

static int wh_release(struct gendisk *disk, fmode_t mode __always_unused)
{
	struct wh_device *wh = disk->private_data;

	wh->opens--;
	return 0;
}

static int wh_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		    unsigned long arg __always_unused)
{
	struct wh_device *wh = bdev->bd_disk->private_data;

	if ((cmd & 0x40) && !wh_ioctls_allowed(mode))
		return -EPERM;
	if (cmd != WH_FORMAT)
		return -ENOTTY;
	wh->formatted = 1;
	return 0;
}

static struct block_device_operations wh_fops = {
	.owner		= THIS_MODULE,
	.open		= wh_open,
	.release	= wh_release,
	.ioctl		= wh_ioctl,
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
