// SPDX-License-Identifier: GPL-2.0
/*
 * good/handle_iblock_double_release.c - twin of
 * bad/handle_iblock_double_release.c: the shutdown path clears the field
 * after giving the handle back, so iblock_destroy_device() finds nothing
 * to give back.
 */
// RUN: %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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
	ib_dev->ibd_bdev_handle = NULL;
	ib_dev->ibd_bd = NULL;
	iblock_destroy_device(ib_dev);
}
