// SPDX-License-Identifier: GPL-2.0
/*
 * hard/bad_flags_in_helper.c - O_NDELAY read from f_flags and tested in
 * different functions: fh_open_flags() returns f_flags and release tests
 * the result; ioctl passes f_flags to fh_may_eject(), which tests it.
 *
 * Seed: as bad/cdrom_release_ndelay_flags.c ("we need different cleanups
 * at close(), and that doesn't work at all").
 *
 * Era: legacy.  Expected: the test in fh_may_eject (reached from the
 * ioctl; note at the read in fh_ioctl), the test in fh_release (note at
 * the read in fh_open_flags), both bdops-ndelay-flags, and the three old
 * prototypes.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

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

/* release may get no file (umount): then it was a data open */
static unsigned int fh_open_flags(struct file *filp)
{
	return filp ? filp->f_flags : 0;
}

/* may this opener eject?  Only if nobody else holds the door */
static int fh_may_eject(struct fh_device *cd, unsigned int flags)
{
	int mine = !(flags & O_NDELAY);
	// CHECK: bad_flags_in_helper.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'fh_may_eject' (called from block method 'fh_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
	// CHECK-NEXT: bad_flags_in_helper.c:[[@LINE+40]]:{{[0-9]+}}: note: 'file->f_flags' is read here
	// CHECK-NEXT: bad_flags_in_helper.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: use 'mode & FMODE_NDELAY'

	return cd->data_opens - mine == 0;
}

static int fh_open(struct inode *inode, struct file *filp)
{
	struct fh_device *cd = inode->i_bdev->bd_disk->private_data;

	if (!(filp->f_flags & O_NDELAY)) {
		if (cd->tray_open)
			return -ENOMEDIUM;
		if (cd->data_opens++ == 0)
			fh_lock_door(cd, 1);
	}
	cd->use_count++;
	return 0;
}

static int fh_release(struct inode *inode, struct file *filp)
{
	struct fh_device *cd = inode->i_bdev->bd_disk->private_data;

	cd->use_count--;
	if (!(fh_open_flags(filp) & O_NDELAY) && --cd->data_opens == 0)
		fh_lock_door(cd, 0);
	// CHECK: bad_flags_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: warning: block method 'fh_release' tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
	// CHECK-NEXT: bad_flags_in_helper.c:[[@LINE-36]]:{{[0-9]+}}: note: 'file->f_flags' is read here
	// CHECK-NEXT: bad_flags_in_helper.c:[[@LINE-4]]:{{[0-9]+}}: note: fix: use 'mode & FMODE_NDELAY'
	return 0;
}

static int fh_ioctl(struct inode *inode, struct file *filp, unsigned int cmd,
		    unsigned long arg __always_unused)
{
	struct fh_device *cd = inode->i_bdev->bd_disk->private_data;

	switch (cmd) {
	case CDROMEJECT:
		if (!fh_may_eject(cd, filp->f_flags))
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
	// CHECK: bad_flags_in_helper.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'fh_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_flags_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fh_open(struct block_device *bdev, fmode_t mode)
	.release	= fh_release,
	// CHECK: bad_flags_in_helper.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'fh_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: bad_flags_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fh_release(struct gendisk *disk, fmode_t mode)
	.ioctl		= fh_ioctl,
	// CHECK: bad_flags_in_helper.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'ioctl' is bound to 'fh_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: bad_flags_in_helper.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fh_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
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
