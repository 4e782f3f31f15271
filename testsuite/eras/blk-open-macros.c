// BLK_OPEN_* are read from the unit's own headers (one list in the core,
// bd_macro_names(), that every frontend iterates), not assumed: here
// BLK_OPEN_EXCL is bit 5, spelled as a cast shift, so only the get given
// bit 5 with a NULL holder is exclusive, and the mode prints in the
// unit's names.
// RUN: not %check %s -- -std=gnu11 -Wall -Wextra 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#define NULL ((void *)0)
#define __force
typedef unsigned int blk_mode_t;
typedef unsigned int dev_t;
struct block_device;
struct blk_holder_ops;

#define BLK_OPEN_READ	((__force blk_mode_t)(1 << 0))
#define BLK_OPEN_EXCL	((__force blk_mode_t)(1 << 5))

struct block_device *blkdev_get_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				       const struct blk_holder_ops *hops);
void blkdev_put(struct block_device *bdev, void *holder);

struct block_device *excl_unit_bit(dev_t dev)
{
// CHECK: blk-open-macros.c:[[@LINE+2]]:{{[0-9]+}}: warning: blkdev_get_by_dev() is given BLK_OPEN_READ|BLK_OPEN_EXCL with a NULL holder: the open fails [bdops-put-holder]
// CHECK-NEXT: note: fix: claim the device with a non-NULL holder, or open it shared without BLK_OPEN_EXCL
	return blkdev_get_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_EXCL, NULL, NULL);
}

/* bit 2 is 6.5's BLK_OPEN_EXCL, but not this unit's */
struct block_device *not_excl_here(dev_t dev)
{
	return blkdev_get_by_dev(dev, BLK_OPEN_READ | (1 << 2), NULL, NULL);
}
// CHECK: bdops: 1 finding
