// SPDX-License-Identifier: GPL-2.0
/*
 * refdisk.c - the reference driver of the holder era (6.5) and, unchanged,
 * of the handle (6.7/6.8) and file (6.9+) eras, which kept 6.5's methods:
 * a removable disk served from memory, written against 6.5's
 * block_device_operations.  Compiled and checked in each of the three.
 *
 *  - open(struct gendisk *, blk_mode_t) and release(struct gendisk *),
 *    called for every open and every put (bdev.c);
 *  - the door is locked by the first open without BLK_OPEN_NDELAY and
 *    unlocked by the last release (the driver counts its users: release
 *    gets no mode);
 *  - opens for write are refused on read-only media (refdisk1);
 *  - the eject ioctl needs BLK_OPEN_WRITE or BLK_OPEN_WRITE_IOCTL;
 *    BLKFLSBUF (what the models' sync_blockdev() sends) counts a sync.
 */
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/cdrom.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "hmodel.h"

#define REFDISK_MAJOR	241		/* local/experimental */

struct refdisk {
	struct gendisk	*disk;
	int		media_ro;
	int		users;
	int		door_locked;
	int		opens, releases, syncs;
};

static struct refdisk refdisks[REFDISK_UNITS];

static int refdisk_open(struct gendisk *disk, blk_mode_t mode)
{
	struct refdisk *d = disk->private_data;

	if ((mode & BLK_OPEN_WRITE) && d->media_ro)
		return -EROFS;
	if (!(mode & BLK_OPEN_NDELAY))
		d->door_locked = 1;
	d->users++;
	d->opens++;
	return 0;
}

/* 6.5: no mode here */
static void refdisk_release(struct gendisk *disk)
{
	struct refdisk *d = disk->private_data;

	if (--d->users == 0)
		d->door_locked = 0;
	d->releases++;
}

static int refdisk_ioctl(struct block_device *bdev, blk_mode_t mode,
			 unsigned int cmd, unsigned long arg)
{
	struct refdisk *d = bdev->bd_disk->private_data;

	switch (cmd) {
	case CDROMEJECT:
		if (!(mode & (BLK_OPEN_WRITE | BLK_OPEN_WRITE_IOCTL)))
			return -EPERM;
		if (d->door_locked)
			return -EBUSY;
		return 0;
	case BLKFLSBUF:
		d->syncs++;
		return 0;
	default:
		return arg ? -ENOTTY : -EINVAL;
	}
}

static const struct block_device_operations refdisk_fops = {
	.owner		= THIS_MODULE,
	.open		= refdisk_open,
	.release	= refdisk_release,
	.ioctl		= refdisk_ioctl,
	.compat_ioctl	= refdisk_ioctl,
};

int refdisk_stat(int unit, struct refdisk_stat *st)
{
	struct refdisk *d;

	if (unit < 0 || unit >= REFDISK_UNITS)
		return -EINVAL;
	d = &refdisks[unit];
	st->opens = d->opens;
	st->releases = d->releases;
	st->users = d->users;
	st->door_locked = d->door_locked;
	st->syncs = d->syncs;
	return 0;
}

int refdisk_init(void)
{
	for (int i = 0; i < REFDISK_UNITS; i++) {
		struct refdisk *d = &refdisks[i];
		struct gendisk *disk = kzalloc(sizeof(*disk), GFP_KERNEL);

		if (!disk)
			return -ENOMEM;
		memset(d, 0, sizeof(*d));
		d->media_ro = i == 1;
		disk->major = REFDISK_MAJOR;
		disk->first_minor = i;
		disk->minors = 1;
		snprintf(disk->disk_name, sizeof(disk->disk_name), "refdisk%d", i);
		disk->fops = (struct block_device_operations *)&refdisk_fops;
		disk->private_data = d;
		d->disk = disk;
		add_disk(disk);
	}
	return 0;
}

void refdisk_exit(void)
{
	for (int i = 0; i < REFDISK_UNITS; i++) {
		del_gendisk(refdisks[i].disk);
		kfree(refdisks[i].disk);
		refdisks[i].disk = NULL;
	}
}
