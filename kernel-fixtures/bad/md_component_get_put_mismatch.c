// SPDX-License-Identifier: GPL-2.0
/*
 * bad/md_component_get_put_mismatch.c - md's lock_rdev()/unlock_rdev()
 * (drivers/md/md.c) with the fallback to read-only components the RFC
 * asks for, but without keeping the mode: a component opened r/o is put
 * back as if it had been opened r/w, so its driver sees a writer leave
 * that never came.
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "a bug (AFAICT) in md.c - we open raid components r/w and if it
 *   fails, it fails.  Good for our purposes, but... how about raid0 on
 *   read-only devices?  In any case, we have a ready place to store
 *   mode_t, so it's not a problem for getting the right value to
 *   blkdev_put()."
 *
 * Era: fmode_t.  Expected: the put in lock_rdev's bd_claim() failure path
 * and the put in unlock_rdev() (bdops-put-mode): both pass
 * FMODE_READ|FMODE_WRITE where the fallback open took FMODE_READ.
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct mddev;

struct md_rdev {
	struct list_head	same_set;	/* RAID devices within the same set */
	struct block_device	*bdev;		/* block device handle */
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

	bdev = open_by_devnum(dev, FMODE_READ|FMODE_WRITE);
	if (IS_ERR(bdev) && PTR_ERR(bdev) == -EROFS) {
		/* a read-only component: the array goes read-only with it */
		bdev = open_by_devnum(dev, FMODE_READ);
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
		blkdev_put(bdev, FMODE_READ|FMODE_WRITE);
		// CHECK: md_component_get_put_mismatch.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_WRITE, but the matching open_by_devnum() took FMODE_READ [bdops-put-mode]
		// CHECK-NEXT: md_component_get_put_mismatch.c:[[@LINE-14]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ here
		// CHECK-NEXT: md_component_get_put_mismatch.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: keep the mode the get took (FMODE_READ or FMODE_READ|FMODE_WRITE) and pass it
		return err;
	}
	if (!shared)
		rdev->flags |= 1UL << AllReserved;
	rdev->bdev = bdev;
	return err;
}

static void unlock_rdev(struct md_rdev *rdev)
{
	struct block_device *bdev = rdev->bdev;

	rdev->bdev = NULL;
	BUG_ON(!bdev);
	bd_release(bdev);
	blkdev_put(bdev, FMODE_READ|FMODE_WRITE);
	// CHECK: md_component_get_put_mismatch.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_WRITE, but the matching open_by_devnum() took FMODE_READ [bdops-put-mode]
	// CHECK-NEXT: md_component_get_put_mismatch.c:[[@LINE-33]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ here
	// CHECK-NEXT: md_component_get_put_mismatch.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: keep the mode the get took (FMODE_READ or FMODE_READ|FMODE_WRITE) and pass it
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
