// SPDX-License-Identifier: GPL-2.0
/*
 * wfi.c - a driver whose put takes its mode from the header that
 * '#include "wfi.h"' finds, for the review tests of changes that alter
 * what a .c file includes without touching it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include "wfi.h"

int wfi_probe(dev_t dev)
{
	struct block_device *bdev = bdget(dev);

	if (!bdev || blkdev_get(bdev, FMODE_READ | FMODE_WRITE))
		return -ENODEV;
	blkdev_put(bdev, WFI_PUT_MODE);
	return 0;
}
