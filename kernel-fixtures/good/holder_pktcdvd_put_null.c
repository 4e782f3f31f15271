// SPDX-License-Identifier: GPL-2.0
/*
 * good/holder_pktcdvd_put_null.c - the packet-writing driver's data path
 * as in 6.5's drivers/block/pktcdvd.c: the CD-ROM is reopened claimed for
 * the pktcdvd device and given back with that holder.
 *
 * Era: holder (6.5).  Twin of bad/holder_pktcdvd_put_null.c.  Expected:
 * clean.
 */
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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
	blkdev_put(pd->bdev, pd);
}

int pkt_open(struct pktcdvd_device *pd, bool write)
{
	return pkt_open_dev(pd, write);
}

void pkt_close(struct pktcdvd_device *pd)
{
	pkt_release_dev(pd);
}
