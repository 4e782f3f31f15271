// SPDX-License-Identifier: GPL-2.0
/*
 * bdev.c - a userspace model of 6.8's block/bdev.c: a block device is
 * opened as a struct bdev_handle.
 *
 *  - bdev_open_by_dev/path(dev, mode, holder, hops) open the device (a
 *    non-NULL holder claims it exclusively; another holder's claim gives
 *    -EBUSY; BLK_OPEN_EXCL with a NULL holder fails with a WARN) and
 *    return a handle keeping the block_device, the holder and the mode;
 *    by path, a device the block layer knows is read-only gives -EACCES
 *    for a write open;
 *  - bdev_release(handle) gives the claim back, calls the driver's
 *    release() and frees the handle.
 * Whole disks only.
 */
// RUN: %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "../harness/omodel.h"
#include "../reference-file/disks.h"

#define MAX_REFS	16

static int live;
static struct bdev_handle *refs[MAX_REFS];

int set_blocksize(struct block_device *bdev, int size)
{
	return size < 512 || (size & (size - 1)) || !bdev ? -EINVAL : 0;
}

struct bdev_handle *bdev_open_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				     const struct blk_holder_ops *hops)
{
	struct block_device *bdev = bdev_of(dev);
	struct bdev_handle *handle;
	struct gendisk *disk;
	int ret;

	(void)hops;
	if (!bdev)
		return ERR_PTR(-ENXIO);
	disk = bdev->bd_disk;
	if (holder) {
		mode |= BLK_OPEN_EXCL;
		if (bdev->bd_holder && bdev->bd_holder != holder)
			return ERR_PTR(-EBUSY);
	} else if (warn(!!(mode & BLK_OPEN_EXCL))) {
		return ERR_PTR(-EIO);
	}
	handle = kmalloc(sizeof(*handle), GFP_KERNEL);
	if (!handle)
		return ERR_PTR(-ENOMEM);
	if (disk->fops->open) {
		ret = disk->fops->open(disk, mode);
		if (ret) {
			kfree(handle);
			return ERR_PTR(ret);
		}
	}
	if (holder) {
		bdev->bd_holder = holder;
		bdev->bd_holders++;
	}
	bdev->bd_openers++;
	handle->bdev = bdev;
	handle->holder = holder;
	handle->mode = mode;
	live++;
	return handle;
}

struct bdev_handle *bdev_open_by_path(const char *path, blk_mode_t mode,
				      void *holder, const struct blk_holder_ops *hops)
{
	struct bdev_handle *handle;
	dev_t dev;
	int error;

	error = lookup_bdev(path, &dev);
	if (error)
		return ERR_PTR(error);
	handle = bdev_open_by_dev(dev, mode, holder, hops);
	if (!IS_ERR(handle) && (mode & BLK_OPEN_WRITE) && bdev_read_only(handle->bdev)) {
		bdev_release(handle);
		return ERR_PTR(-EACCES);
	}
	return handle;
}

void bdev_release(struct bdev_handle *handle)
{
	struct block_device *bdev = handle->bdev;

	if (handle->holder && !warn(bdev->bd_holder != handle->holder) &&
	    --bdev->bd_holders == 0)
		bdev->bd_holder = NULL;
	bdev->bd_openers--;
	if (bdev->bd_disk->fops->release)
		bdev->bd_disk->fops->release(bdev->bd_disk);
	live--;
	kfree(handle);
}

/* ---- what the harness calls ---- */

int omodel_open(const char *name, unsigned int mode, int holder)
{
	struct bdev_handle *h;

	for (int i = 0; i < MAX_REFS; i++) {
		if (refs[i])
			continue;
		h = bdev_open_by_path(name, (__force blk_mode_t)mode, holder_ptr(holder), NULL);
		if (IS_ERR(h))
			return PTR_ERR(h);
		refs[i] = h;
		return i;
	}
	return -EMFILE;
}

/* a handle is given back at once: bdev_release() either way */
void omodel_close(int ref)
{
	if (ref < 0 || ref >= MAX_REFS || !refs[ref])
		return;
	bdev_release(refs[ref]);
	refs[ref] = NULL;
}

void omodel_close_now(int ref)
{
	omodel_close(ref);
}

void omodel_task_work(void)
{
}

int omodel_objects(void)
{
	return live;
}

char omodel_era(void)
{
	return 'h';
}
