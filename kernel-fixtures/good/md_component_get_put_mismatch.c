// SPDX-License-Identifier: GPL-2.0
/*
 * good/md_component_get_put_mismatch.c - lock_rdev()/unlock_rdev() with the
 * read-only fallback done right: the mode a component was opened with is
 * kept in the rdev, next to the bdev, and every put uses it.
 *
 * Twin of bad/md_component_get_put_mismatch.c.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct mddev;

struct md_rdev {
	struct list_head	same_set;	/* RAID devices within the same set */
	struct block_device	*bdev;		/* block device handle */
	fmode_t			mode;		/* what bdev was opened with */
	struct mddev		*mddev;		/* RAID array if running */
	unsigned long		flags;
};

struct mddev {
	struct list_head	disks;
	int			ro;
};

#define AllReserved	6

static int lock_rdev(struct md_rdev *rdev, dev_t dev, int shared)
{
	int err = 0;
	struct block_device *bdev;
	fmode_t mode = FMODE_READ|FMODE_WRITE;

	bdev = open_by_devnum(dev, mode);
	if (IS_ERR(bdev) && PTR_ERR(bdev) == -EROFS) {
		/* a read-only component: the array goes read-only with it */
		mode = FMODE_READ;
		bdev = open_by_devnum(dev, mode);
		if (!IS_ERR(bdev))
			rdev->mddev->ro = 1;
	}
	if (IS_ERR(bdev)) {
		printk(KERN_ERR "md: could not open %u:%u.\n", MAJOR(dev), MINOR(dev));
		return PTR_ERR(bdev);
	}
	err = bd_claim(bdev, shared ? (void *)rdev->mddev : rdev);
	if (err) {
		printk(KERN_ERR "md: could not bd_claim %u:%u.\n",
			MAJOR(dev), MINOR(dev));
		blkdev_put(bdev, mode);
		return err;
	}
	if (!shared)
		rdev->flags |= 1UL << AllReserved;
	rdev->bdev = bdev;
	rdev->mode = mode;
	return err;
}

static void unlock_rdev(struct md_rdev *rdev)
{
	struct block_device *bdev = rdev->bdev;

	rdev->bdev = NULL;
	BUG_ON(!bdev);
	bd_release(bdev);
	blkdev_put(bdev, rdev->mode);
}

static struct md_rdev *md_import_device(struct mddev *mddev, dev_t newdev)
{
	struct md_rdev *rdev;
	int err;

	rdev = kzalloc(sizeof(*rdev), GFP_KERNEL);
	if (!rdev)
		return ERR_PTR(-ENOMEM);
	rdev->mddev = mddev;
	err = lock_rdev(rdev, newdev, 0);
	if (err) {
		kfree(rdev);
		return ERR_PTR(err);
	}
	list_add_tail(&rdev->same_set, &mddev->disks);
	return rdev;
}

static void export_rdev(struct md_rdev *rdev)
{
	list_del_init(&rdev->same_set);
	unlock_rdev(rdev);
	kfree(rdev);
}

int md_add_component(struct mddev *mddev, dev_t dev);
int md_add_component(struct mddev *mddev, dev_t dev)
{
	struct md_rdev *rdev = md_import_device(mddev, dev);

	return IS_ERR(rdev) ? PTR_ERR(rdev) : 0;
}

void md_remove_components(struct mddev *mddev);
void md_remove_components(struct mddev *mddev)
{
	struct md_rdev *rdev, *tmp;

	list_for_each_entry_safe(rdev, tmp, &mddev->disks, same_set)
		export_rdev(rdev);
}
