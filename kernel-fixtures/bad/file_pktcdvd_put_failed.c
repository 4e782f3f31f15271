// SPDX-License-Identifier: GPL-2.0
/*
 * bad/file_pktcdvd_put_failed.c - the packet-writing driver attaching its
 * CD-ROM as in 6.12's drivers/block/pktcdvd.c (pkt_new_dev()): the
 * device is opened as a block device file with
 * bdev_file_open_by_dev(BLK_OPEN_READ | BLK_OPEN_NDELAY).  Converted from
 * the blkdev_get_by_dev() era by turning every blkdev_put() into fput(),
 * the error path now gives back the error pointer the open returned:
 * fput(ERR_PTR(-ENXIO)) dereferences it.
 *
 * Era: file (6.9+).  Expected: the fput() on the failed path
 * (bdops-bdev-release); no mechanical fix (what to return is the
 * driver's).
 */
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none the error path must not give back what the open did not return

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct pktcdvd_device {
	struct file *bdev_file;		/* dev attached */
	dev_t pkt_dev;
};

/* the driver's interface (a header of its own in the kernel) */
int pkt_new_dev(struct pktcdvd_device *pd, dev_t dev);
void pkt_remove_dev(struct pktcdvd_device *pd);

int pkt_new_dev(struct pktcdvd_device *pd, dev_t dev)
{
	struct file *bdev_file;

	if (pd->pkt_dev == dev)
		return -EBUSY;
	bdev_file = bdev_file_open_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_NDELAY, NULL, NULL);
	if (IS_ERR(bdev_file)) {
		fput(bdev_file);
// CHECK: file_pktcdvd_put_failed.c:[[@LINE-1]]:{{[0-9]+}}: warning: fput() on the path where bdev_file_open_by_dev() failed [bdops-bdev-release]
// CHECK-NEXT: file_pktcdvd_put_failed.c:[[@LINE-4]]:{{[0-9]+}}: note: bdev_file_open_by_dev() failed here
// CHECK-NEXT: file_pktcdvd_put_failed.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: give back only a file the open returned: when IS_ERR() is true there is nothing to fput(), return PTR_ERR() instead
		return PTR_ERR(bdev_file);
	}
	if (!file_bdev(bdev_file)->bd_disk) {
		fput(bdev_file);
		return -EINVAL;
	}
	pd->bdev_file = bdev_file;
	return 0;
}

void pkt_remove_dev(struct pktcdvd_device *pd)
{
	fput(pd->bdev_file);
	pd->bdev_file = NULL;
}
