// SPDX-License-Identifier: GPL-2.0
/*
 * hard/good_mode_changed_one_branch.c - twin of
 * hard/bad_mode_changed_one_branch.c: the read-only case is remembered in
 * a flag of its own; the mode given to blkdev_put() is the one given to
 * blkdev_get() on every path.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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
	int err, ro = 0;

	bdev = bdget(dev);
	if (!bdev)
		return -ENOMEM;
	err = blkdev_get(bdev, mode);
	if (err)
		return err;

	if (bdev_read_only(bdev))
		ro = 1;		/* nothing will be written */

	err = -ENOSPC;
	if (get_capacity(bdev->bd_disk) > LABEL_SECTOR) {
		if (!ro && (mode & FMODE_WRITE))
			set_blocksize(bdev, 512);
		strlcpy(label, bdev->bd_disk->disk_name, LABEL_LEN);
		err = 0;
	}

	blkdev_put(bdev, mode);
	return err;
}
