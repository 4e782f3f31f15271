// SPDX-License-Identifier: GPL-2.0
/*
 * wf.c - a small driver for the workflow tests: a device it attaches with
 * FMODE_NDELAY, and a probe.
 *
 * The detach now drops the device with the mode it was attached with, and
 * a scan probes a whole range of devices.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

struct wf_dev {
	struct block_device *bdev;
	int users;
};

int wf_attach(struct wf_dev *wd, dev_t dev)
{
	struct block_device *bdev = bdget(dev);
	int ret;

	if (!bdev)
		return -ENOMEM;
	ret = blkdev_get(bdev, FMODE_READ | FMODE_NDELAY);
	if (ret)
		return ret;
	wd->bdev = bdev;
	return 0;
}

void wf_detach(struct wf_dev *wd)
{
	blkdev_put(wd->bdev, FMODE_READ | FMODE_NDELAY);
	wd->bdev = NULL;
}

int wf_probe(dev_t dev)
{
	struct block_device *bdev = bdget(dev);
	int ret;

	if (!bdev)
		return -ENOMEM;
	ret = blkdev_get(bdev, FMODE_READ);
	if (ret)
		return ret;
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return 0;
}

int wf_scan(dev_t first, int n)
{
	int i, found = 0;

	for (i = 0; i < n; i++) {
		struct block_device *bdev = bdget(first + i);

		if (!bdev || blkdev_get(bdev, FMODE_READ | FMODE_WRITE))
			continue;
		found++;
		blkdev_put(bdev, FMODE_WRITE);
	}
	return found;
}
