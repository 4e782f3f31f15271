// SPDX-License-Identifier: GPL-2.0
/*
 * refcd.c - the reference driver: a CD-ROM-like removable disk served from
 * memory, written in the fmode_t API the way the RFC wants cdrom.c to work.
 *
 *  - The door is locked by the first open without FMODE_NDELAY and unlocked
 *    by the last release without it.  Both decisions use the mode the method
 *    receives: ->release() gets the mode of the matching open, so an
 *    O_NDELAY open made while the disc is mounted leaves the door locked
 *    when it is closed, and fcntl() games on the open file change nothing.
 *  - Opens for write are refused on read-only media (unit 2, a pressed disc).
 *  - Ioctls that move the tray or the lock are privileged: only for opens
 *    with write access, FMODE_WRITE or FMODE_WRITE_IOCTL (floppy's rule).
 *  - compat_ioctl serves 32-bit callers with the same mode.
 *  - The request function serves reads and writes from memory.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/cdrom.h>
#include <linux/compat.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "model.h"

#define REFCD_MAJOR	240		/* local/experimental */
#define REFCD_SECTORS	64		/* 32 KiB of medium per unit */
#define REFCD_MODES	512		/* fmode_t values the bookkeeping tracks */

struct refcd_device {
	struct gendisk		*disk;
	struct request_queue	*queue;
	spinlock_t		lock;
	unsigned char		*data;
	int			media_ro;
	int			use_count;	/* every open */
	int			data_opens;	/* opens without FMODE_NDELAY */
	int			writers;
	int			door_locked;
	int			tray_open;
	int			media_changed;
	/* bookkeeping the harness reads */
	int			opens, releases;
	unsigned int		last_open_mode, last_release_mode;
	int			mode_count[REFCD_MODES];
};

static struct refcd_device refcd_units[REFCD_UNITS];

static unsigned int refcd_mode_index(fmode_t mode)
{
	return (__force unsigned int)mode % REFCD_MODES;
}

static void refcd_lock_door(struct refcd_device *cd, int lock)
{
	cd->door_locked = lock;
}

static int refcd_open(struct block_device *bdev, fmode_t mode)
{
	struct refcd_device *cd = bdev->bd_disk->private_data;

	if ((mode & FMODE_WRITE) && cd->media_ro)
		return -EROFS;
	if (!(mode & FMODE_NDELAY)) {
		/* opened for data: the medium must be there and stay there */
		if (cd->tray_open)
			return -ENOMEDIUM;
		if (cd->data_opens++ == 0)
			refcd_lock_door(cd, 1);
	}
	if (mode & FMODE_WRITE)
		cd->writers++;
	cd->use_count++;
	cd->opens++;
	cd->last_open_mode = (__force unsigned int)mode;
	cd->mode_count[refcd_mode_index(mode)]++;
	return 0;
}

static int refcd_release(struct gendisk *disk, fmode_t mode)
{
	struct refcd_device *cd = disk->private_data;

	if (!(mode & FMODE_NDELAY) && --cd->data_opens == 0)
		refcd_lock_door(cd, 0);
	if (mode & FMODE_WRITE)
		cd->writers--;
	cd->use_count--;
	cd->releases++;
	cd->last_release_mode = (__force unsigned int)mode;
	cd->mode_count[refcd_mode_index(mode)]--;
	return 0;
}

static int refcd_may_move_tray(fmode_t mode)
{
	return (mode & (FMODE_WRITE | FMODE_WRITE_IOCTL)) != 0;
}

static int refcd_ioctl(struct block_device *bdev, fmode_t mode,
		       unsigned int cmd, unsigned long arg)
{
	struct refcd_device *cd = bdev->bd_disk->private_data;

	switch (cmd) {
	case CDROMEJECT:
		if (!refcd_may_move_tray(mode))
			return -EPERM;
		/* only the sole opener may eject, and only an unlocked door */
		if (cd->use_count != 1 || cd->data_opens > 1)
			return -EBUSY;
		refcd_lock_door(cd, 0);
		cd->tray_open = 1;
		cd->media_changed = 1;
		return 0;
	case CDROMCLOSETRAY:
		if (!refcd_may_move_tray(mode))
			return -EPERM;
		cd->tray_open = 0;
		return 0;
	case CDROM_LOCKDOOR:
		if (!refcd_may_move_tray(mode))
			return -EPERM;
		if (!arg && cd->data_opens > 1)
			return -EBUSY;
		refcd_lock_door(cd, arg != 0);
		return 0;
	case CDROM_DRIVE_STATUS:
		return cd->tray_open ? CDS_TRAY_OPEN : CDS_DISC_OK;
	case CDROM_GET_CAPABILITY:
		return CDC_CLOSE_TRAY | CDC_OPEN_TRAY | CDC_LOCK | CDC_MEDIA_CHANGED;
	}
	return -ENOTTY;
}

static int refcd_compat_ioctl(struct block_device *bdev, fmode_t mode,
			      unsigned int cmd, unsigned long arg)
{
	/* no ioctl of ours carries a pointer: the native one serves both */
	return refcd_ioctl(bdev, mode, cmd, (__force unsigned long)compat_ptr(arg));
}

static int refcd_media_changed(struct gendisk *disk)
{
	struct refcd_device *cd = disk->private_data;
	int changed = cd->media_changed;

	cd->media_changed = 0;
	return changed;
}

static struct block_device_operations refcd_fops = {
	.owner		= THIS_MODULE,
	.open		= refcd_open,
	.release	= refcd_release,
	.ioctl		= refcd_ioctl,
	.compat_ioctl	= refcd_compat_ioctl,
	.media_changed	= refcd_media_changed,
};

static int refcd_transfer(struct refcd_device *cd, sector_t sector,
			  unsigned long nsect, char *buffer, int write)
{
	unsigned long offset = sector << 9;
	unsigned long nbytes = nsect << 9;

	if (sector + nsect > REFCD_SECTORS || cd->tray_open)
		return -EIO;
	if (write) {
		if (cd->media_ro)
			return -EROFS;
		memcpy(cd->data + offset, buffer, nbytes);
	} else {
		memcpy(buffer, cd->data + offset, nbytes);
	}
	return 0;
}

static void refcd_request(struct request_queue *q)
{
	struct request *req;

	while ((req = elv_next_request(q)) != NULL) {
		struct refcd_device *cd = req->rq_disk->private_data;
		int err = -EIO;

		if (blk_fs_request(req))
			err = refcd_transfer(cd, req->sector,
					     req->current_nr_sectors,
					     req->buffer, rq_data_dir(req));
		end_request(req, err == 0);
	}
}

int refcd_stat(int unit, struct refcd_stat *st)
{
	struct refcd_device *cd;
	int i;

	if (unit < 0 || unit >= REFCD_UNITS)
		return -ENODEV;
	cd = &refcd_units[unit];
	st->use_count = cd->use_count;
	st->data_opens = cd->data_opens;
	st->writers = cd->writers;
	st->door_locked = cd->door_locked;
	st->tray_open = cd->tray_open;
	st->opens = cd->opens;
	st->releases = cd->releases;
	st->last_open_mode = cd->last_open_mode;
	st->last_release_mode = cd->last_release_mode;
	st->mode_mismatches = 0;
	for (i = 0; i < REFCD_MODES; i++)
		if (cd->mode_count[i])
			st->mode_mismatches++;
	return 0;
}

static int __init refcd_init_unit(int unit)
{
	struct refcd_device *cd = &refcd_units[unit];
	struct gendisk *disk;

	spin_lock_init(&cd->lock);
	cd->media_ro = unit == REFCD_UNITS - 1;
	cd->data = kzalloc(REFCD_SECTORS << 9, GFP_KERNEL);
	if (!cd->data)
		return -ENOMEM;
	cd->queue = blk_init_queue(refcd_request, &cd->lock);
	if (!cd->queue)
		goto out_data;
	disk = alloc_disk(1);
	if (!disk)
		goto out_queue;
	disk->major = REFCD_MAJOR;
	disk->first_minor = unit;
	disk->fops = &refcd_fops;
	disk->private_data = cd;
	disk->queue = cd->queue;
	disk->flags = GENHD_FL_REMOVABLE | GENHD_FL_CD;
	snprintf(disk->disk_name, DISK_NAME_LEN, "refcd%d", unit);
	set_capacity(disk, REFCD_SECTORS);
	set_disk_ro(disk, cd->media_ro);
	cd->disk = disk;
	add_disk(disk);
	return 0;

out_queue:
	blk_cleanup_queue(cd->queue);
out_data:
	kfree(cd->data);
	return -ENOMEM;
}

static void refcd_exit_unit(int unit)
{
	struct refcd_device *cd = &refcd_units[unit];

	del_gendisk(cd->disk);
	put_disk(cd->disk);
	blk_cleanup_queue(cd->queue);
	kfree(cd->data);
}

static int __init refcd_init(void)
{
	int unit, err;

	err = register_blkdev(REFCD_MAJOR, "refcd");
	if (err < 0)
		return err;
	for (unit = 0; unit < REFCD_UNITS; unit++) {
		err = refcd_init_unit(unit);
		if (err)
			goto out;
	}
	return 0;
out:
	while (unit--)
		refcd_exit_unit(unit);
	unregister_blkdev(REFCD_MAJOR, "refcd");
	return err;
}

static void __exit refcd_exit(void)
{
	int unit;

	for (unit = 0; unit < REFCD_UNITS; unit++)
		refcd_exit_unit(unit);
	unregister_blkdev(REFCD_MAJOR, "refcd");
}

module_init(refcd_init);
module_exit(refcd_exit);
MODULE_LICENSE("GPL");
