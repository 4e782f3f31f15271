// SPDX-License-Identifier: GPL-2.0
/*
 * multi/md_good/md.c - md's lock_rdev() opens a component r/w, falls back
 * to r/o (the array goes read-only with it), and keeps the bdev and the
 * mode it got in the rdev.  The matching put is unlock_rdev() in rdev.c.
 */
#include <linux/slab.h>
#include "md.h"

int lock_rdev(struct md_rdev *rdev, dev_t dev, int shared)
{
	fmode_t mode = FMODE_READ | FMODE_WRITE;
	struct block_device *bdev;
	int err;

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
	return 0;
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

int md_add_component(struct mddev *mddev, dev_t dev);
int md_add_component(struct mddev *mddev, dev_t dev)
{
	struct md_rdev *rdev = md_import_device(mddev, dev);

	return IS_ERR(rdev) ? PTR_ERR(rdev) : 0;
}
