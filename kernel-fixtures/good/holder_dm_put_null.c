// SPDX-License-Identifier: GPL-2.0
/*
 * good/holder_dm_put_null.c - device-mapper's table devices as in 6.5's
 * drivers/md/dm.c: every component is opened claimed for one global
 * holder, _dm_claim_ptr, and closed with that holder, as 6.5 does.
 *
 * Era: holder (6.5).  Twin of bad/holder_dm_put_null.c.  Expected: clean.
 */
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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
	blkdev_put(td->dm_dev.bdev, _dm_claim_ptr);
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
