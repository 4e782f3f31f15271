// An exclusive get with a NULL holder whose mode is a parameter: the open
// fails when a caller of the file passes BLK_OPEN_EXCL (disk_scan_partitions()
// of 6.5, 985958b8584c, with its BLKRRPART caller in the same file).
// Reported at the get with a note at that call; clean when every caller
// passes a mode without it, or masks it out, or when the mode comes only
// from outside the file (unknown is not a finding).
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

static int scan(dev_t dev, blk_mode_t mode)
{
	struct block_device *bdev = blkdev_get_by_dev(dev, mode, NULL, NULL);
// CHECK: excl-null-holder-caller.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_get_by_dev() is given BLK_OPEN_EXCL with a NULL holder: the open fails [bdops-put-holder]
// CHECK-NEXT: excl-null-holder-caller.c:[[@LINE+11]]:{{[0-9]+}}: note: 'rrpart' passes 'mode' with BLK_OPEN_EXCL here
// CHECK-NEXT: note: fix: claim the device with a non-NULL holder, or open it shared without BLK_OPEN_EXCL

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, NULL);
	return 0;
}

int rrpart(dev_t dev, blk_mode_t mode)
{
	return scan(dev, BLK_OPEN_READ | BLK_OPEN_EXCL) + scan(dev, mode);
}

int add_disk_scan(dev_t dev)
{
	return scan(dev, BLK_OPEN_READ);
}

static int scan_masked(dev_t dev, blk_mode_t mode)
{
	struct block_device *bdev = blkdev_get_by_dev(dev, mode & ~BLK_OPEN_EXCL, NULL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, NULL);
	return 0;
}

int rrpart_fixed(dev_t dev)
{
	return scan_masked(dev, BLK_OPEN_READ | BLK_OPEN_EXCL);
}

/* its mode comes from other files only: unknown, not reported */
int scan_open(dev_t dev, blk_mode_t mode)
{
	struct block_device *bdev = blkdev_get_by_dev(dev, mode, NULL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, NULL);
	return 0;
}
