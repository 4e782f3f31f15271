// SPDX-License-Identifier: GPL-2.0
/*
 * hard/bad_bdev_stored_put_elsewhere.c - a caching device that attaches a
 * backing disk in one function (through a setter) and detaches it in
 * another (through a local copy of the field): the get and the put never
 * meet in one function, and the put's mode is wrong.
 *
 * Seed: "we know what had matching blkdev_open() got and that's it" - here
 * the matching get is only found through cache_set.bdev.
 *
 * Era: fmode_t.  Expected: the put in cache_detach() (bdops-put-mode).
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct cache_set {
	struct list_head list;
	struct block_device *bdev;	/* the backing device */
	sector_t nr_sectors;
	int attached;
};

static void cache_set_bdev(struct cache_set *c, struct block_device *bdev)
{
	c->bdev = bdev;
	c->nr_sectors = get_capacity(bdev->bd_disk);
	c->attached = 1;
}

int cache_attach(struct cache_set *c, dev_t dev);
int cache_attach(struct cache_set *c, dev_t dev)
{
	struct block_device *bdev;

	bdev = open_by_devnum(dev, FMODE_READ | FMODE_WRITE);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	cache_set_bdev(c, bdev);
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
	blkdev_put(backing, FMODE_READ);
	// CHECK: bad_bdev_stored_put_elsewhere.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching open_by_devnum() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
	// CHECK-NEXT: bad_bdev_stored_put_elsewhere.c:[[@LINE-19]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ|FMODE_WRITE here
	// CHECK-NEXT: bad_bdev_stored_put_elsewhere.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: pass FMODE_READ|FMODE_WRITE
}
