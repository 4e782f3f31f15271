// Corpus: mtd: block2mtd: Add a valid holder to blkdev_put()
// Upstream: commit ff6abbe85634 (applied to mtd/next in Oct 2023, then
// dropped for a conflict: in mainline the bug went away with the 6.7
// conversion 1bcded92d938 "mtd: block2mtd: Convert to
// bdev_open_by_dev/path()", which fixed it too; the bug is in 6.5 and 6.6).
// Fixes: 2736e8eeb0cc ("block: use the holder as indication for exclusive opens")
// Link: https://lore.kernel.org/r/20231021185832.25592-1-richard@nod.at
// Era: holder (6.5/6.6), kernel-fixtures/include/holder.
// Bug: add_device() claims the device for the block2mtd_dev it allocated
// (blkdev_get_by_path(devname, mode, dev)); block2mtd_free_device(), on
// add_device()'s error paths and at module exit, puts it with a NULL
// holder, so the claim is never given back ("unbreak bdev->bd_holder
// refcounting").  The fix passes dev.
// Check: bdops-put-holder, at the put in the helper.
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_holder -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct block2mtd_dev {
	struct block_device *blkdev;
	char *name;
	int erase_size;
};

static void block2mtd_free_device(struct block2mtd_dev *dev)
{
	if (!dev)
		return;

	kfree(dev->name);

	if (dev->blkdev) {
#ifndef FIXED
		blkdev_put(dev->blkdev, NULL);
// CHECK: block2mtd-holder.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes NULL, but the matching blkdev_get_by_path() claimed the device for the result of kzalloc() [bdops-put-holder]
#else
		blkdev_put(dev->blkdev, dev);
#endif
	}

	kfree(dev);
}

struct block2mtd_dev *add_device(char *devname, int erase_size, int timeout)
{
	const blk_mode_t mode = BLK_OPEN_READ | BLK_OPEN_WRITE;
	struct block_device *bdev;
	struct block2mtd_dev *dev;
	int i;

	if (!devname)
		return NULL;

	dev = kzalloc(sizeof(struct block2mtd_dev), GFP_KERNEL);
	if (!dev)
		return NULL;

	/* Get a handle on the device */
	bdev = blkdev_get_by_path(devname, mode, dev, NULL);
// CHECK-NEXT: block2mtd-holder.c:[[@LINE-1]]:{{[0-9]+}}: note: blkdev_get_by_path() claimed the device for the result of kzalloc() here
	for (i = 0; IS_ERR(bdev) && i <= timeout; i++) {
		dev_t devt = name_to_dev_t(devname);

		if (!devt)
			continue;
		bdev = blkdev_get_by_dev(devt, mode, dev, NULL);
	}
	if (IS_ERR(bdev))
		goto err_free_block2mtd;
	dev->blkdev = bdev;

	if (MAJOR(bdev->bd_dev) == 31)
		goto err_free_block2mtd;	/* attempting to use an MTD device as a block device */

	dev->erase_size = erase_size;
	return dev;

err_free_block2mtd:
	block2mtd_free_device(dev);
	return NULL;
}
