// Twin of excl-fallback-kept-mode.c as 2.6.38's block2mtd fixed it: the
// fallback claims too (blkdev_get_by_dev() with FMODE_EXCL and the same
// holder), and keeps that mode for the exclusive close.  No finding.
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/err.h>

struct b2m {
	struct block_device *blkdev;
	fmode_t blkdev_mode;
};

static void b2m_free(struct b2m *dev)
{
	if (dev->blkdev)
		close_bdev_excl(dev->blkdev, dev->blkdev_mode);
	kfree(dev);
}

struct b2m *b2m_add(const char *name, dev_t devt, void *holder)
{
	struct block_device *bdev;
	fmode_t bdev_mode;
	struct b2m *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return NULL;
	bdev_mode = FMODE_READ | FMODE_WRITE;
	bdev = open_bdev_excl(name, FMODE_READ | FMODE_WRITE, holder);
	if (IS_ERR(bdev)) {
		bdev_mode = FMODE_READ | FMODE_WRITE | FMODE_EXCL;
		bdev = blkdev_get_by_dev(devt, FMODE_READ | FMODE_WRITE | FMODE_EXCL, holder);
	}
	if (IS_ERR(bdev)) {
		b2m_free(dev);
		return NULL;
	}
	dev->blkdev = bdev;
	dev->blkdev_mode = bdev_mode;
	return dev;
}
