// SPDX-License-Identifier: GPL-2.0
/*
 * good/handle_xfs_use_after_release.c - twin of
 * bad/handle_xfs_use_after_release.c as 6.8's xfs_free_buftarg() orders
 * it: flush through btp->bt_bdev, then give the handle back.
 */
// RUN: %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct xfs_buftarg {
	struct bdev_handle *bt_bdev_handle;
	struct block_device *bt_bdev;
	dev_t bt_dev;
};

/* the filesystem's interface */
struct xfs_buftarg *xfs_alloc_buftarg(const char *logname, void *mp);
void xfs_free_buftarg(struct xfs_buftarg *btp);

struct xfs_buftarg *xfs_alloc_buftarg(const char *logname, void *mp)
{
	struct xfs_buftarg *btp = kzalloc(sizeof(*btp), GFP_KERNEL);
	struct bdev_handle *handle;

	if (!btp)
		return ERR_PTR(-ENOMEM);
	handle = bdev_open_by_path(logname, BLK_OPEN_READ | BLK_OPEN_WRITE, mp, NULL);
	if (IS_ERR(handle)) {
		kfree(btp);
		return ERR_CAST(handle);
	}
	btp->bt_bdev_handle = handle;
	btp->bt_bdev = handle->bdev;
	btp->bt_dev = handle->bdev->bd_dev;
	return btp;
}

void xfs_free_buftarg(struct xfs_buftarg *btp)
{
	sync_blockdev(btp->bt_bdev);
	bdev_release(btp->bt_bdev_handle);
	kfree(btp);
}
