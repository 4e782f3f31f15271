// SPDX-License-Identifier: GPL-2.0
/*
 * multi/md_good/rdev.c - unlock_rdev() drops a component with the mode
 * lock_rdev() (md.c) kept in rdev->mode: r/w, or r/o after the fallback.
 */
#include <linux/slab.h>
#include "md.h"

void unlock_rdev(struct md_rdev *rdev)
{
	struct block_device *bdev = rdev->bdev;

	rdev->bdev = NULL;
	BUG_ON(!bdev);
	bd_release(bdev);
	blkdev_put(bdev, rdev->mode);
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
