// SPDX-License-Identifier: GPL-2.0
/*
 * multi/md_bad/rdev.c - unlock_rdev() drops a component as if it had been
 * opened r/w, ignoring the mode lock_rdev() (md.c) kept in rdev->mode: a
 * component that fell back to r/o is put with a writer it never had.
 */
#include <linux/slab.h>
#include "md.h"

void unlock_rdev(struct md_rdev *rdev)
{
	struct block_device *bdev = rdev->bdev;

	rdev->bdev = NULL;
	BUG_ON(!bdev);
	bd_release(bdev);
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
}

static void export_rdev(struct md_rdev *rdev)
{
	list_del_init(&rdev->same_set);
	unlock_rdev(rdev);
	kfree(rdev);
}

void md_remove_components(struct mddev *mddev);
void md_remove_components(struct mddev *mddev)
{
	struct md_rdev *rdev, *tmp;

	list_for_each_entry_safe(rdev, tmp, &mddev->disks, same_set)
		export_rdev(rdev);
}
