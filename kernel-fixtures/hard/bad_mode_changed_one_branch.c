// SPDX-License-Identifier: GPL-2.0
/*
 * hard/bad_mode_changed_one_branch.c - the mode variable given to
 * blkdev_get() is changed on one branch before the same variable is given
 * to blkdev_put(): a read-only device gets FMODE_WRITE dropped "since
 * nothing will be written", so its driver is told a reader left while a
 * writer stays.  The put "uses the same variable" - only one path differs.
 *
 * Seed: "So with that having dealt with we'll get reliable mode_t passed
 * to ->release(), matching those passed on ->open().  Victory." - unless
 * the caller changes it between the two.
 *
 * Era: fmode_t.  Expected: the put (bdops-put-mode, bit dropped).
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/string.h>

#define LABEL_SECTOR	2
#define LABEL_LEN	16

/* read the volume label of a device: r/w opens may also fix it up */
int probe_label(dev_t dev, fmode_t mode, char *label);
int probe_label(dev_t dev, fmode_t mode, char *label)
{
	struct block_device *bdev;
	int err;

	bdev = bdget(dev);
	if (!bdev)
		return -ENOMEM;
	err = blkdev_get(bdev, mode);
	if (err)
		return err;

	if (bdev_read_only(bdev))
		mode &= ~FMODE_WRITE;	/* nothing will be written */

	err = -ENOSPC;
	if (get_capacity(bdev->bd_disk) > LABEL_SECTOR) {
		strlcpy(label, bdev->bd_disk->disk_name, LABEL_LEN);
		err = 0;
	}

	blkdev_put(bdev, mode);
	// CHECK: bad_mode_changed_one_branch.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes the mode of the matching blkdev_get() with FMODE_WRITE dropped [bdops-put-mode]
	// CHECK-NEXT: bad_mode_changed_one_branch.c:[[@LINE-15]]:{{[0-9]+}}: note: blkdev_get() took its mode here
	return err;
}
