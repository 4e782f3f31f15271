// SPDX-License-Identifier: GPL-2.0
/*
 * good/file_pktcdvd_put_failed.c - twin of bad/file_pktcdvd_put_failed.c
 * as 6.12's pkt_new_dev() has it: a failed open returns PTR_ERR() and
 * gives back nothing; every later error path gives the file back once.
 */
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

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
