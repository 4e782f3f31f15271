// As excl-fallback-kept-mode.c, with each get stored into the field by its
// own store: two stores in one function are one open with a fallback, not
// a mount and a later remount, so the unclaimed fallback is still flagged.
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

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
	// CHECK: excl-fallback-two-stores.c:[[@LINE-1]]:{{[0-9]+}}: warning: close_bdev_excl() passes FMODE_READ|FMODE_WRITE|FMODE_EXCL, but the matching open_by_devnum() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
	// CHECK-NEXT: excl-fallback-two-stores.c:[[@LINE+15]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ|FMODE_WRITE here
	// CHECK-NEXT: excl-fallback-two-stores.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: claim the device on this path too: an exclusive get with the same holder
	kfree(dev);
}

struct b2m *b2m_add(const char *name, dev_t devt, void *holder)
{
	struct b2m *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return NULL;
	dev->blkdev_mode = FMODE_READ | FMODE_WRITE;
	dev->blkdev = open_bdev_excl(name, FMODE_READ | FMODE_WRITE, holder);
	if (IS_ERR(dev->blkdev)) {
		dev->blkdev_mode = FMODE_READ | FMODE_WRITE;
		dev->blkdev = open_by_devnum(devt, FMODE_READ | FMODE_WRITE);
	}
	if (IS_ERR(dev->blkdev)) {
		dev->blkdev = NULL;
		b2m_free(dev);
		return NULL;
	}
	return dev;
}
