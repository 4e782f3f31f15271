// SPDX-License-Identifier: GPL-2.0
/*
 * wfh.c - a driver whose put lives in its own header's static inline
 * (wfh.h), for the header review tests.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include "wfh.h"

int wfh_attach(struct wfh_dev *wd, dev_t dev)
{
	struct block_device *bdev = bdget(dev);
	int ret;

	if (!bdev)
		return -ENOMEM;
	ret = blkdev_get(bdev, WFH_MODE);
	if (ret)
		return ret;
	wd->bdev = bdev;
	return 0;
}

void wfh_detach(struct wfh_dev *wd)
{
	wfh_put(wd);
}
