// SPDX-License-Identifier: GPL-2.0
/* wfh-via.c - reaches wfh.h only through another header (wfh-all.h). */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <wfh-all.h>

static struct wfh_dev via_dev;

int wfh_via_open(dev_t dev)
{
	struct block_device *bdev = bdget(dev);

	if (!bdev || blkdev_get(bdev, WFH_MODE))
		return -ENODEV;
	via_dev.bdev = bdev;
	return 0;
}

void wfh_via_close(void)
{
	wfh_put(&via_dev);
}
