// SPDX-License-Identifier: GPL-2.0
/*
 * good/cdrom_release_ndelay_flags.c - the CD-ROM driver after the
 * conversion: open, release and ioctl all get the mode of the open, where
 * FMODE_NDELAY was saved once by blkdev_open() and fcntl() cannot reach it.
 *
 * Twin of bad/cdrom_release_ndelay_flags.c.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/cdrom.h>
#include <linux/major.h>

struct cdl_device {
	struct gendisk *disk;
	int use_count;
	int data_opens;		/* opens without FMODE_NDELAY */
	int door_locked;
	int tray_open;
	int options;
};

static struct cdl_device cdl_unit = { .options = CDO_LOCK | CDO_USE_FFLAGS };

static void cdl_lock_door(struct cdl_device *cd, int lock)
{
	cd->door_locked = lock;
}

static int cdl_open(struct block_device *bdev, fmode_t mode)
{
	struct cdl_device *cd = bdev->bd_disk->private_data;

	if (mode & FMODE_WRITE)
		return -EROFS;
	if (!(mode & FMODE_NDELAY)) {
		if (cd->tray_open)
			return -ENOMEDIUM;
		if (cd->data_opens++ == 0 && (cd->options & CDO_LOCK))
			cdl_lock_door(cd, 1);
	}
	cd->use_count++;
	return 0;
}

static int cdl_release(struct gendisk *disk, fmode_t mode)
{
	struct cdl_device *cd = disk->private_data;
	int opened_for_data;

	cd->use_count--;
	opened_for_data = !(cd->options & CDO_USE_FFLAGS) ||
		!(mode & FMODE_NDELAY);
	if (opened_for_data && --cd->data_opens == 0)
		cdl_lock_door(cd, 0);
	return 0;
}

static int cdl_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		     unsigned long arg)
{
	struct cdl_device *cd = bdev->bd_disk->private_data;
	int others;

	switch (cmd) {
	case CDROMEJECT:
		/* everybody else who opened for data holds the door */
		others = cd->data_opens - !(mode & FMODE_NDELAY);
		if (others > 0)
			return -EBUSY;
		cdl_lock_door(cd, 0);
		cd->tray_open = 1;
		return 0;
	case CDROMCLOSETRAY:
		cd->tray_open = 0;
		return 0;
	case CDROM_LOCKDOOR:
		if (!arg && cd->data_opens > 1)
			return -EBUSY;
		cdl_lock_door(cd, arg != 0);
		return 0;
	case CDROM_DRIVE_STATUS:
		return cd->tray_open ? CDS_TRAY_OPEN : CDS_DISC_OK;
	}
	return -ENOTTY;
}

static struct block_device_operations cdl_fops = {
	.owner		= THIS_MODULE,
	.open		= cdl_open,
	.release	= cdl_release,
	.ioctl		= cdl_ioctl,
};

static int __init cdl_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = SCSI_CDROM_MAJOR;
	disk->first_minor = 0;
	disk->fops = &cdl_fops;
	disk->private_data = &cdl_unit;
	disk->flags = GENHD_FL_REMOVABLE | GENHD_FL_CD;
	sprintf(disk->disk_name, "cdl0");
	cdl_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(cdl_init);
MODULE_LICENSE("GPL");
