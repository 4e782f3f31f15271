// block2mtd's fallback (open_by_devnum() after open_bdev_excl()) with the
// mode kept next to the bdev: the exclusive close still releases a claim
// the fallback never took, whatever mode it passes.  Both paths reach the
// close; that the exclusive path fits does not make the fallback fit.
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
	// CHECK: excl-fallback-kept-mode.c:[[@LINE-1]]:{{[0-9]+}}: warning: close_bdev_excl() passes FMODE_READ|FMODE_WRITE|FMODE_EXCL, but the matching open_by_devnum() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
	// CHECK-NEXT: excl-fallback-kept-mode.c:[[@LINE+17]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ|FMODE_WRITE here
	// CHECK-NEXT: excl-fallback-kept-mode.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: claim the device on this path too: an exclusive get with the same holder
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
		bdev_mode = FMODE_READ | FMODE_WRITE;
		bdev = open_by_devnum(devt, FMODE_READ | FMODE_WRITE);
	}
	if (IS_ERR(bdev)) {
		b2m_free(dev);
		return NULL;
	}
	dev->blkdev = bdev;
	dev->blkdev_mode = bdev_mode;
	return dev;
}
