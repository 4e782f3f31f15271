// SPDX-License-Identifier: GPL-2.0
/*
 * bad/holder_dm_put_null.c - device-mapper's table devices as in 6.5's
 * drivers/md/dm.c: every component is opened claimed for one global
 * holder, _dm_claim_ptr.  The close path was converted from
 * blkdev_put(bdev, mode | FMODE_EXCL) as if the mode argument had simply
 * become NULL: the claim is never given back, and the component stays busy
 * for every other exclusive opener (a second table load, a mount).
 *
 * Era: holder (6.5).  Expected: the put (bdops-put-holder), with the fix
 * 'pass _dm_claim_ptr', which compiles.
 */
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: clean holder

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/list.h>

static char *_dm_claim_ptr = "I belong to device-mapper";

struct dm_dev {
	struct block_device *bdev;
	blk_mode_t mode;
};

struct table_device {
	struct list_head list;
	int count;
	struct dm_dev dm_dev;
};

/* the driver's interface (a header of its own in the kernel) */
int dm_get_table_device(dev_t dev, blk_mode_t mode, struct list_head *devices);
void dm_put_table_device(struct table_device *td);

static struct table_device *open_table_device(dev_t dev, blk_mode_t mode)
{
	struct table_device *td;
	struct block_device *bdev;

	td = kzalloc(sizeof(*td), GFP_KERNEL);
	if (!td)
		return ERR_PTR(-ENOMEM);
	td->count = 1;
	bdev = blkdev_get_by_dev(dev, mode, _dm_claim_ptr, NULL);
	if (IS_ERR(bdev)) {
		kfree(td);
		return (struct table_device *)bdev;
	}
	td->dm_dev.mode = mode;
	td->dm_dev.bdev = bdev;
	return td;
}

static void close_table_device(struct table_device *td)
{
// CHECK: holder_dm_put_null.c:[[@LINE+3]]:{{[0-9]+}}: warning: blkdev_put() passes NULL, but the matching blkdev_get_by_dev() claimed the device for '_dm_claim_ptr' [bdops-put-holder]
// CHECK-NEXT: holder_dm_put_null.c:{{[0-9]+}}:{{[0-9]+}}: note: blkdev_get_by_dev() claimed the device for '_dm_claim_ptr' here
// CHECK-NEXT: note: fix: pass _dm_claim_ptr
	blkdev_put(td->dm_dev.bdev, NULL);
	list_del(&td->list);
	kfree(td);
}

int dm_get_table_device(dev_t dev, blk_mode_t mode, struct list_head *devices)
{
	struct table_device *td = open_table_device(dev, mode);

	if (IS_ERR(td))
		return PTR_ERR(td);
	list_add(&td->list, devices);
	return 0;
}

void dm_put_table_device(struct table_device *td)
{
	if (--td->count)
		return;
	close_table_device(td);
}
// CHECK: bdops: 1 finding
