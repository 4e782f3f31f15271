/* SPDX-License-Identifier: GPL-2.0 */
/* wfh.h - the device of wfh.c, and how it gives its bdev back. */
#ifndef WFH_H
#define WFH_H

#define WFH_MODE (FMODE_READ | FMODE_WRITE)

struct wfh_dev {
	struct block_device *bdev;
};

static inline void wfh_put(struct wfh_dev *wd)
{
	blkdev_put(wd->bdev, WFH_MODE);
	wd->bdev = NULL;
}

#endif
