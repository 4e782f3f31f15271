// SPDX-License-Identifier: GPL-2.0
/*
 * bad/holder_pktcdvd_put_null.c - the packet-writing driver's data path as
 * in 6.5's drivers/block/pktcdvd.c: pkt_open_dev() reopens the CD-ROM
 * claimed for the pktcdvd device (the holder is pd), and
 * pkt_release_dev() gives it back.  Converted by dropping the old
 * FMODE_EXCL mode for NULL, the release never gives the claim back: the
 * drive stays claimed by pktcdvd after the packet device is closed.
 *
 * Era: holder (6.5).  Expected: the put (bdops-put-holder); no mechanical
 * fix, since the holder the get took is pkt_open_dev()'s parameter (the
 * message names it).
 */
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none the holder is the get's parameter: pass the same object

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct pktcdvd_device {
	struct block_device *bdev;	/* dev attached */
	dev_t pkt_dev;
	int write_congestion_on;
};

/* the driver's interface (a header of its own in the kernel) */
int pkt_open(struct pktcdvd_device *pd, bool write);
void pkt_close(struct pktcdvd_device *pd);

static int pkt_open_dev(struct pktcdvd_device *pd, bool write)
{
	struct block_device *bdev;

	/* We need to re-open the cdrom device without O_NONBLOCK to be able
	 * to read/write from/to it. */
	bdev = blkdev_get_by_dev(pd->bdev->bd_dev, BLK_OPEN_READ, pd, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	pd->write_congestion_on = write;
	return 0;
}

static void pkt_release_dev(struct pktcdvd_device *pd)
{
// CHECK: holder_pktcdvd_put_null.c:[[@LINE+2]]:{{[0-9]+}}: warning: blkdev_put() passes NULL, but the matching blkdev_get_by_dev() claimed the device for 'pd' [bdops-put-holder]
// CHECK-NEXT: holder_pktcdvd_put_null.c:{{[0-9]+}}:{{[0-9]+}}: note: blkdev_get_by_dev() claimed the device for 'pd' here
	blkdev_put(pd->bdev, NULL);
}

int pkt_open(struct pktcdvd_device *pd, bool write)
{
	return pkt_open_dev(pd, write);
}

void pkt_close(struct pktcdvd_device *pd)
{
	pkt_release_dev(pd);
}
// CHECK: bdops: 1 finding
