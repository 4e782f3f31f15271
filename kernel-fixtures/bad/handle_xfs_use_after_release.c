// SPDX-License-Identifier: GPL-2.0
/*
 * bad/handle_xfs_use_after_release.c - a filesystem's buffer target for an
 * external log device as in 6.8's fs/xfs/xfs_buf.c: the device is a struct
 * bdev_handle kept in btp->bt_bdev_handle, its block_device beside it in
 * btp->bt_bdev.  This xfs_free_buftarg() gives the handle back before it
 * is done with the device: the sync goes through a block_device nothing
 * holds any more.
 *
 * Era: handle (6.7/6.8).  Expected: the sync (bdops-bdev-release).
 */
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none the use must move before the release

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
	bdev_release(btp->bt_bdev_handle);
	sync_blockdev(btp->bt_bdev);
// CHECK: handle_xfs_use_after_release.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from 'bdev_handle->bdev' used after bdev_release() on this path [bdops-bdev-release]
// CHECK-NEXT: handle_xfs_use_after_release.c:[[@LINE-3]]:{{[0-9]+}}: note: bdev_release() here
// CHECK-NEXT: handle_xfs_use_after_release.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: use the block device before bdev_release(), or keep the handle open until its last use
	kfree(btp);
}
