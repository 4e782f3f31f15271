// SPDX-License-Identifier: GPL-2.0
/*
 * multi/cdrom_bad/drv2.c - a CD-ROM driver whose open and release
 * methods hand their struct file to the library in lib.c.
 *
 * Era: legacy.  The build and compile-all.sh take a fixture's era from
 * its RUN line; this file's is in test.test: RUN: %check ... %kflags_legacy
 */
#include <linux/module.h>
#include <linux/genhd.h>
#include <linux/major.h>
#include "lib.h"

static void drv2_lock_door(struct cdl_info *cdi, int lock)
{
	cdi->door_locked = lock;
}

static struct cdl_info drv2_info = {
	.options	= CDO_LOCK | CDO_USE_FFLAGS,
	.lock_door	= drv2_lock_door,
};

static int drv2_open(struct inode *inode, struct file *filp)
{
	struct cdl_info *cdi = inode->i_bdev->bd_disk->private_data;

	return cdrom_open_helper(cdi, filp);
}

static int drv2_release(struct inode *inode, struct file *filp)
{
	struct cdl_info *cdi = inode->i_bdev->bd_disk->private_data;

	cdrom_release_helper(cdi, filp);
	return 0;
}

static struct block_device_operations drv2_fops = {
	.owner		= THIS_MODULE,
	.open		= drv2_open,
	.release	= drv2_release,
};

static int __init drv2_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = SCSI_CDROM_MAJOR;
	disk->first_minor = 2;
	disk->fops = &drv2_fops;
	disk->private_data = &drv2_info;
	sprintf(disk->disk_name, "drv2");
	add_disk(disk);
	return 0;
}

module_init(drv2_init);
