// SPDX-License-Identifier: GPL-2.0
/*
 * hard/good_bdev_stored_put_elsewhere.c - twin of
 * hard/bad_bdev_stored_put_elsewhere.c: the setter stores the mode next to
 * the bdev, and the detach puts with the stored mode.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct cache_set {
	struct list_head list;
	struct block_device *bdev;	/* the backing device */
	fmode_t mode;			/* ... and how it was opened */
	sector_t nr_sectors;
	int attached;
};

static void cache_set_bdev(struct cache_set *c, struct block_device *bdev,
			   fmode_t mode)
{
	c->bdev = bdev;
	c->mode = mode;
	c->nr_sectors = get_capacity(bdev->bd_disk);
	c->attached = 1;
}

int cache_attach(struct cache_set *c, dev_t dev);
int cache_attach(struct cache_set *c, dev_t dev)
{
	const fmode_t mode = FMODE_READ | FMODE_WRITE;
	struct block_device *bdev;

	bdev = open_by_devnum(dev, mode);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	cache_set_bdev(c, bdev, mode);
	return 0;
}

void cache_detach(struct cache_set *c);
void cache_detach(struct cache_set *c)
{
	struct block_device *backing = c->bdev;

	if (!c->attached)
		return;
	c->attached = 0;
	c->bdev = NULL;
	sync_blockdev(backing);
	blkdev_put(backing, c->mode);
}
