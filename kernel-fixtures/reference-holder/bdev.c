// SPDX-License-Identifier: GPL-2.0
/*
 * bdev.c - a userspace model of 6.5's block/bdev.c: block devices are
 * opened with a blk_mode_t and claimed for a holder.
 *
 *  - blkdev_get_by_dev/path(dev, mode, holder, hops): a non-NULL holder
 *    claims the device exclusively (BLK_OPEN_EXCL is implied); another
 *    holder's claim makes it fail with -EBUSY; BLK_OPEN_EXCL with a NULL
 *    holder fails with a WARN;
 *  - blkdev_put(bdev, holder) gives the claim of that holder back (a put
 *    with another holder WARNs and leaves the claim) and calls the
 *    driver's release(disk);
 *  - hmodel_*(): the calls the harness makes, with holders numbered.
 * Whole disks only; a disk's bdev lives as long as the disk.
 */
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "hmodel.h"

#define MAX_DISKS	4
#define MAX_REFS	16
#define MAX_HOLDERS	8

static struct gendisk *disks[MAX_DISKS];
static struct block_device bdevs[MAX_DISKS];
static int warnings;

/* the holder objects the harness's numbers stand for */
static int holders[MAX_HOLDERS];

struct ref {
	struct block_device *bdev;	/* NULL: free */
};
static struct ref refs[MAX_REFS];

void add_disk(struct gendisk *disk)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (!disks[i]) {
			disks[i] = disk;
			memset(&bdevs[i], 0, sizeof(bdevs[i]));
			bdevs[i].bd_dev = disk_devt(disk);
			bdevs[i].bd_disk = disk;
			return;
		}
}

void del_gendisk(struct gendisk *disk)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (disks[i] == disk)
			disks[i] = NULL;
}

static int warn(int cond)
{
	if (cond) {
		warnings++;
		printk(KERN_WARNING "WARNING in the block layer model\n");
	}
	return cond;
}

static struct block_device *bdev_of(dev_t dev)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (disks[i] && bdevs[i].bd_dev == dev)
			return &bdevs[i];
	return NULL;
}

struct block_device *blkdev_get_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				       const struct blk_holder_ops *hops)
{
	struct block_device *bdev = bdev_of(dev);
	struct gendisk *disk;
	int ret;

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
	if (disk->fops->open) {
		ret = disk->fops->open(disk, mode);
		if (ret)
			return ERR_PTR(ret);
	}
	disk->open_mode = mode;
	if (holder) {
		bdev->bd_holder = holder;
		bdev->bd_holders++;
	}
	bdev->bd_openers++;
	(void)hops;
	return bdev;
}

struct block_device *blkdev_get_by_path(const char *path, blk_mode_t mode,
					void *holder, const struct blk_holder_ops *hops)
{
	dev_t dev;
	int ret = lookup_bdev(path, &dev);

	if (ret)
		return ERR_PTR(ret);
	return blkdev_get_by_dev(dev, mode, holder, hops);
}

int lookup_bdev(const char *pathname, dev_t *dev)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (disks[i] && !strcmp(disks[i]->disk_name, pathname)) {
			*dev = bdevs[i].bd_dev;
			return 0;
		}
	return -ENOENT;
}

void bd_abort_claiming(struct block_device *bdev, void *holder)
{
	if (bdev->bd_holder == holder && bdev->bd_holders > 0 && --bdev->bd_holders == 0)
		bdev->bd_holder = NULL;
}

void blkdev_put(struct block_device *bdev, void *holder)
{
	struct gendisk *disk = bdev->bd_disk;

	if (holder && !warn(bdev->bd_holder != holder))
		bd_abort_claiming(bdev, holder);
	bdev->bd_openers--;
	if (disk->fops->release)
		disk->fops->release(disk);
}

/* ---- what the harness calls ---- */

static void *holder_ptr(int h)
{
	return h >= 0 && h < MAX_HOLDERS ? &holders[h] : NULL;
}

int hmodel_open(const char *name, unsigned int mode, int holder)
{
	struct block_device *bdev;

	for (int i = 0; i < MAX_REFS; i++) {
		if (refs[i].bdev)
			continue;
		bdev = blkdev_get_by_path(name, (__force blk_mode_t)mode, holder_ptr(holder), NULL);
		if (IS_ERR(bdev))
			return PTR_ERR(bdev);
		refs[i].bdev = bdev;
		return i;
	}
	return -EMFILE;
}

void hmodel_close(int ref, int holder)
{
	if (ref < 0 || ref >= MAX_REFS || !refs[ref].bdev)
		return;
	blkdev_put(refs[ref].bdev, holder_ptr(holder));
	refs[ref].bdev = NULL;
}

void hmodel_abort_claim(const char *name, int holder)
{
	dev_t dev;

	if (!lookup_bdev(name, &dev))
		bd_abort_claiming(bdev_of(dev), holder_ptr(holder));
}

int hmodel_claimed_by(const char *name)
{
	dev_t dev;
	struct block_device *bdev;

	if (lookup_bdev(name, &dev) || !(bdev = bdev_of(dev)) || !bdev->bd_holder)
		return -1;
	for (int h = 0; h < MAX_HOLDERS; h++)
		if (bdev->bd_holder == &holders[h])
			return h;
	return MAX_HOLDERS;	/* a holder of the kernel side (a mount) */
}

int hmodel_openers(const char *name)
{
	dev_t dev;

	if (lookup_bdev(name, &dev))
		return -1;
	return bdev_of(dev)->bd_openers;
}

int hmodel_warnings(void)
{
	return warnings;
}
