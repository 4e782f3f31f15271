// Corpus: target/iblock: a read-only LUN opened FMODE_READ|FMODE_EXCL and
// put with FMODE_WRITE|FMODE_READ|FMODE_EXCL (fixed in passing)
// Upstream: the mismatch went away with commit 2736e8eeb0cc ("block: use
// the holder as indication for exclusive opens", Linux 6.5), which turned
// both puts into blkdev_put(ib_dev->ibd_bd, ib_dev); no commit fixed it as
// a bug.  The shape is in every kernel from the 'readonly' attribute (3.x)
// to 6.4.
// Link: https://git.kernel.org/torvalds/c/2736e8eeb0cc
// Era: fmode_t (3.x .. 6.4), kernel-fixtures/include/fmode.
// Bug: iblock_configure_device() opens the backing device
// FMODE_READ|FMODE_EXCL, adding FMODE_WRITE only when the LUN is not
// read-only; its error path and iblock_destroy_device() put it with a
// constant FMODE_WRITE|FMODE_READ|FMODE_EXCL, so a read-only LUN is closed
// with a write mode it never opened.
// Check: bdops-put-mode, at both puts (the get's mode differs by path).
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_fmode -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings
// The twin keeps the meaning of the upstream change in this era's API: the
// put gives back what the get took (the mode kept next to the bdev).

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct se_device {
	unsigned int dev_flags;
};
#define DF_READ_ONLY	0x00000001

struct iblock_dev {
	struct se_device dev;
	char ibd_udev_path[64];
	int ibd_readonly;
	struct block_device *ibd_bd;
#ifdef FIXED
	fmode_t ibd_mode;
#endif
};

static struct iblock_dev *IBLOCK_DEV(struct se_device *dev)
{
	return (struct iblock_dev *)dev;
}

int iblock_setup_queue(struct block_device *bd);

int iblock_configure_device(struct se_device *dev)
{
	struct iblock_dev *ib_dev = IBLOCK_DEV(dev);
	struct block_device *bd;
	fmode_t mode;
	int ret;

	mode = FMODE_READ|FMODE_EXCL;
	if (!ib_dev->ibd_readonly)
		mode |= FMODE_WRITE;
	else
		dev->dev_flags |= DF_READ_ONLY;

	bd = blkdev_get_by_path(ib_dev->ibd_udev_path, mode, ib_dev);
	if (IS_ERR(bd))
		return PTR_ERR(bd);
	ib_dev->ibd_bd = bd;
#ifdef FIXED
	ib_dev->ibd_mode = mode;
#endif

	ret = iblock_setup_queue(bd);
	if (ret)
		goto out_blkdev_put;
	return 0;

out_blkdev_put:
#ifndef FIXED
	blkdev_put(ib_dev->ibd_bd, FMODE_WRITE|FMODE_READ|FMODE_EXCL);
// CHECK: iblock-readonly-put-mode.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_WRITE|FMODE_EXCL, but the matching blkdev_get_by_path() took FMODE_READ|FMODE_EXCL [bdops-put-mode]
// CHECK-NEXT: iblock-readonly-put-mode.c:[[@LINE-17]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ|FMODE_EXCL here
// CHECK-NEXT: iblock-readonly-put-mode.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: keep the mode the get took (FMODE_READ|FMODE_EXCL or FMODE_READ|FMODE_WRITE|FMODE_EXCL) and pass it
#else
	blkdev_put(ib_dev->ibd_bd, ib_dev->ibd_mode);
#endif
	return ret;
}

void iblock_destroy_device(struct se_device *dev)
{
	struct iblock_dev *ib_dev = IBLOCK_DEV(dev);

	if (ib_dev->ibd_bd != NULL)
#ifndef FIXED
		blkdev_put(ib_dev->ibd_bd, FMODE_WRITE|FMODE_READ|FMODE_EXCL);
// CHECK: iblock-readonly-put-mode.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_WRITE|FMODE_EXCL, but the matching blkdev_get_by_path() took FMODE_READ|FMODE_EXCL [bdops-put-mode]
// CHECK-NEXT: iblock-readonly-put-mode.c:[[@LINE-33]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ|FMODE_EXCL here
// CHECK-NEXT: iblock-readonly-put-mode.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: keep the mode the get took (FMODE_READ|FMODE_EXCL or FMODE_READ|FMODE_WRITE|FMODE_EXCL) and pass it
#else
		blkdev_put(ib_dev->ibd_bd, ib_dev->ibd_mode);
#endif
}
