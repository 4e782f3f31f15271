// SPDX-License-Identifier: GPL-2.0
/*
 * hard/good_flags_in_helper.c - twin of hard/bad_flags_in_helper.c: the
 * same helpers, fed with the mode the methods receive.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/cdrom.h>

struct fh_device {
	struct gendisk *disk;
	int use_count;
	int data_opens;
	int door_locked;
	int tray_open;
};

static struct fh_device fh_unit;

static void fh_lock_door(struct fh_device *cd, int lock)
{
	cd->door_locked = lock;
}

/* the open-time flags of this reference, as saved in its mode */
static fmode_t fh_open_flags(fmode_t mode)
{
	return mode & (FMODE_NDELAY | FMODE_EXCL);
}

/* may this opener eject?  Only if nobody else holds the door */
static int fh_may_eject(struct fh_device *cd, fmode_t mode)
{
	int mine = !(mode & FMODE_NDELAY);

	return cd->data_opens - mine == 0;
}

static int fh_open(struct block_device *bdev, fmode_t mode)
{
	struct fh_device *cd = bdev->bd_disk->private_data;

	if (!(mode & FMODE_NDELAY)) {
		if (cd->tray_open)
			return -ENOMEDIUM;
		if (cd->data_opens++ == 0)
			fh_lock_door(cd, 1);
	}
	cd->use_count++;
	return 0;
}

static int fh_release(struct gendisk *disk, fmode_t mode)
{
	struct fh_device *cd = disk->private_data;

	cd->use_count--;
	if (!(fh_open_flags(mode) & FMODE_NDELAY) && --cd->data_opens == 0)
		fh_lock_door(cd, 0);
	return 0;
}

static int fh_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		    unsigned long arg __always_unused)
{
	struct fh_device *cd = bdev->bd_disk->private_data;

	switch (cmd) {
	case CDROMEJECT:
		if (!fh_may_eject(cd, mode))
			return -EBUSY;
		fh_lock_door(cd, 0);
		cd->tray_open = 1;
		return 0;
	case CDROMCLOSETRAY:
		cd->tray_open = 0;
		return 0;
	}
	return -ENOTTY;
}

static struct block_device_operations fh_fops = {
	.owner		= THIS_MODULE,
	.open		= fh_open,
	.release	= fh_release,
	.ioctl		= fh_ioctl,
};

static int __init fh_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->major = 246;
	disk->fops = &fh_fops;
	disk->private_data = &fh_unit;
	disk->flags = GENHD_FL_REMOVABLE | GENHD_FL_CD;
	sprintf(disk->disk_name, "fh0");
	fh_unit.disk = disk;
	add_disk(disk);
	return 0;
}

module_init(fh_init);
MODULE_LICENSE("GPL");
