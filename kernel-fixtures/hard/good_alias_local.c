// SPDX-License-Identifier: GPL-2.0
/*
 * hard/good_alias_local.c - twin of hard/bad_alias_local.c: the unit comes
 * from the gendisk every method can reach; no struct file is involved.
 * Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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

static int hx_open(struct block_device *bdev, fmode_t mode __always_unused)
{
	struct gendisk *disk = bdev->bd_disk;
	struct hx_device *hx = disk->private_data;

	hx->opens++;
	return 0;
}

static int hx_release(struct gendisk *disk, fmode_t mode __always_unused)
{
	struct hx_device *hx = disk->private_data;

	hx->opens--;
	return 0;
}

static int hx_ioctl(struct block_device *bdev, fmode_t mode __always_unused,
		    unsigned int cmd, unsigned long arg __always_unused)
{
	struct hx_device *hx = bdev->bd_disk->private_data;

	if (cmd != HX_RESET)
		return -ENOTTY;
	hx->resets++;
	return 0;
}

static struct block_device_operations hx_fops = {
	.owner		= THIS_MODULE,
	.open		= hx_open,
	.release	= hx_release,
	.ioctl		= hx_ioctl,
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
