// SPDX-License-Identifier: GPL-2.0
#include <linux/blkdev.h>

int exported_counter;

static int fm_open(struct block_device *bdev, fmode_t mode)
{
	(void)bdev;
	(void)mode;
	return 0;
}

static const struct block_device_operations fm_fops = {
	.open = fm_open,
};

const struct block_device_operations *fm_get(void)
{
	return &fm_fops;
}
