// SPDX-License-Identifier: GPL-2.0
/*
 * bad/handle_iblock_double_release.c - the SCSI target's block backend as
 * in 6.8's drivers/target/target_core_iblock.c: the backing device is a
 * struct bdev_handle kept in ib_dev->ibd_bdev_handle, and
 * iblock_destroy_device() gives it back when it is there.  This shutdown
 * path gives the handle back itself and then destroys the device without
 * clearing the field: the second bdev_release() frees the handle twice.
 *
 * Era: handle (6.7/6.8).  Expected: the destroy call
 * (bdops-bdev-release), with notes at the first bdev_release() and at the
 * one inside the helper.
 */
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none clearing the field or dropping a release is the driver's choice

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct iblock_dev {
	struct bdev_handle *ibd_bdev_handle;
	struct block_device *ibd_bd;
	int ibd_readonly;
};

/* the backend's interface (target core calls it in the kernel) */
int iblock_configure_device(struct iblock_dev *ib_dev, const char *udev_path);
void iblock_shutdown(struct iblock_dev *ib_dev);

static void iblock_destroy_device(struct iblock_dev *ib_dev)
{
	if (ib_dev->ibd_bdev_handle)
		bdev_release(ib_dev->ibd_bdev_handle);
}

int iblock_configure_device(struct iblock_dev *ib_dev, const char *udev_path)
{
	blk_mode_t mode = BLK_OPEN_READ;
	struct bdev_handle *bdev_handle;

	if (!ib_dev->ibd_readonly)
		mode |= BLK_OPEN_WRITE;
	bdev_handle = bdev_open_by_path(udev_path, mode, ib_dev, NULL);
	if (IS_ERR(bdev_handle))
		return PTR_ERR(bdev_handle);
	ib_dev->ibd_bdev_handle = bdev_handle;
	ib_dev->ibd_bd = bdev_handle->bdev;
	return 0;
}

void iblock_shutdown(struct iblock_dev *ib_dev)
{
	sync_blockdev(ib_dev->ibd_bd);
	bdev_release(ib_dev->ibd_bdev_handle);
	iblock_destroy_device(ib_dev);
// CHECK: handle_iblock_double_release.c:[[@LINE-1]]:{{[0-9]+}}: warning: iblock_destroy_device() gives back the same bdev_handle a second time on this path [bdops-bdev-release]
// CHECK-NEXT: handle_iblock_double_release.c:[[@LINE-3]]:{{[0-9]+}}: note: first bdev_release() here
// CHECK-NEXT: handle_iblock_double_release.c:[[@LINE-25]]:{{[0-9]+}}: note: 'iblock_destroy_device' calls bdev_release() here
// CHECK-NEXT: handle_iblock_double_release.c:[[@LINE-4]]:{{[0-9]+}}: note: fix: give the handle back once: drop the second bdev_release(), or set the pointer to NULL after the first and test it
}
