// SPDX-License-Identifier: GPL-2.0
/*
 * bad/handle_dm_release_failed.c - device-mapper opening a table device as
 * 6.8's drivers/md/dm.c does (open_table_device()): the device is opened
 * as a struct bdev_handle claimed for dm, kept in the table device with
 * its block_device beside it.  This version sends a failed open to the
 * label that gives the handle back: bdev_release() of the error pointer
 * dereferences it.
 *
 * Era: handle (6.7/6.8).  Expected: the bdev_release() on the failed path
 * (bdops-bdev-release).
 */
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none the failed open must jump past the release

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
		goto out_blkdev_put;
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
// CHECK: handle_dm_release_failed.c:[[@LINE-1]]:{{[0-9]+}}: warning: bdev_release() on the path where bdev_open_by_dev() failed [bdops-bdev-release]
// CHECK-NEXT: handle_dm_release_failed.c:[[@LINE-16]]:{{[0-9]+}}: note: bdev_open_by_dev() failed here
// CHECK-NEXT: handle_dm_release_failed.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: give back only a handle the open returned: when IS_ERR() is true there is nothing to bdev_release(), return PTR_ERR() instead
	kfree(td);
	return ERR_PTR(r);
}

void close_table_device(struct table_device *td)
{
	bdev_release(td->dm_dev.bdev_handle);
	kfree(td);
}
