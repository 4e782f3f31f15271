// SPDX-License-Identifier: GPL-2.0
/*
 * bad/cdrom_release_ndelay_flags.c - a CD-ROM driver in the manner of
 * 2.6.27's drivers/cdrom/cdrom.c: an open with O_NDELAY (ioctl-only) does
 * not lock the door, and release and the eject ioctl decide what to undo by
 * looking at file->f_flags again.  fcntl() may have flipped O_NDELAY since
 * open, and release may get no file at all, so the door can stay locked or
 * be unlocked under a mounted disc.
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "Suppose somebody opens it with O_NDELAY (ioctl-only) when it's already
 *   opened for data (or mounted, for that matter).  Now we close it; how
 *   do we know if we need to unlock?  Even if we did get struct file * (and
 *   we do not, but that's a separate story), we could not rely on
 *   file->f_flags.  Why?  Because O_NDELAY can be flipped at will by
 *   fcntl() after the file got opened."
 *
 * Era: legacy.  Expected: the O_NDELAY tests of f_flags in cdl_release and
 * cdl_ioctl (bdops-ndelay-flags), and the three old prototypes.  cdl_open
 * reads f_flags too, at open time: fine.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

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
	int data_opens;		/* opens without O_NDELAY */
	int door_locked;
	int tray_open;
	int options;
};

static struct cdl_device cdl_unit = { .options = CDO_LOCK | CDO_USE_FFLAGS };

static void cdl_lock_door(struct cdl_device *cd, int lock)
{
	cd->door_locked = lock;
}

static int cdl_open(struct inode *inode, struct file *filp)
{
	struct cdl_device *cd = inode->i_bdev->bd_disk->private_data;

	if ((filp->f_mode & FMODE_WRITE))
		return -EROFS;
	if (!(filp->f_flags & O_NDELAY)) {
		if (cd->tray_open)
			return -ENOMEDIUM;
		if (cd->data_opens++ == 0 && (cd->options & CDO_LOCK))
			cdl_lock_door(cd, 1);
	}
	cd->use_count++;
	return 0;
}

static int cdl_release(struct inode *inode, struct file *filp)
{
	struct cdl_device *cd = inode->i_bdev->bd_disk->private_data;
	int opened_for_data;

	cd->use_count--;
	opened_for_data = !(cd->options & CDO_USE_FFLAGS) ||
		!(filp && filp->f_flags & O_NONBLOCK);
	// CHECK: cdrom_release_ndelay_flags.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cdl_release' tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
	// CHECK-NEXT: cdrom_release_ndelay_flags.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: use 'mode & FMODE_NDELAY'
	if (opened_for_data && --cd->data_opens == 0)
		cdl_lock_door(cd, 0);
	return 0;
}

static int cdl_ioctl(struct inode *inode, struct file *filp, unsigned int cmd,
		     unsigned long arg)
{
	struct cdl_device *cd = inode->i_bdev->bd_disk->private_data;
	int others;

	switch (cmd) {
	case CDROMEJECT:
		/* everybody else who opened for data holds the door */
		others = cd->data_opens - !(filp->f_flags & O_NDELAY);
		// CHECK: cdrom_release_ndelay_flags.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cdl_ioctl' tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
		// CHECK-NEXT: cdrom_release_ndelay_flags.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: use 'mode & FMODE_NDELAY'
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
	// CHECK: cdrom_release_ndelay_flags.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'cdl_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: cdrom_release_ndelay_flags.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int cdl_open(struct block_device *bdev, fmode_t mode)
	.release	= cdl_release,
	// CHECK: cdrom_release_ndelay_flags.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'cdl_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: cdrom_release_ndelay_flags.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int cdl_release(struct gendisk *disk, fmode_t mode)
	.ioctl		= cdl_ioctl,
	// CHECK: cdrom_release_ndelay_flags.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'ioctl' is bound to 'cdl_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: cdrom_release_ndelay_flags.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int cdl_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
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
