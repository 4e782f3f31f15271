// SPDX-License-Identifier: GPL-2.0
/*
 * good/handle_dm_release_failed.c - twin of bad/handle_dm_release_failed.c
 * as 6.8's open_table_device() has it: a failed open jumps past the
 * release, straight to freeing the table device.
 */
// RUN: %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct dm_dev {
	struct bdev_handle *bdev_handle;
	struct block_device *bdev;
	blk_mode_t mode;
};

struct table_device {
	struct dm_dev dm_dev;
	int count;
};

static char _dm_claim_ptr;

/* dm's interface (a header of its own in the kernel) */
struct table_device *open_table_device(dev_t dev, blk_mode_t mode);
void close_table_device(struct table_device *td);

struct table_device *open_table_device(dev_t dev, blk_mode_t mode)
{
	struct table_device *td;
	struct bdev_handle *bdev_handle;
	int r;

	td = kmalloc(sizeof(*td), GFP_KERNEL);
	if (!td)
		return ERR_PTR(-ENOMEM);
	td->count = 1;
	bdev_handle = bdev_open_by_dev(dev, mode, &_dm_claim_ptr, NULL);
	if (IS_ERR(bdev_handle)) {
		r = PTR_ERR(bdev_handle);
		goto out_free_td;
	}
	r = sync_blockdev(bdev_handle->bdev);
	if (r)
		goto out_blkdev_put;
	td->dm_dev.mode = mode;
	td->dm_dev.bdev = bdev_handle->bdev;
	td->dm_dev.bdev_handle = bdev_handle;
	return td;

out_blkdev_put:
	bdev_release(bdev_handle);
out_free_td:
	kfree(td);
	return ERR_PTR(r);
}

void close_table_device(struct table_device *td)
{
	bdev_release(td->dm_dev.bdev_handle);
	kfree(td);
}
