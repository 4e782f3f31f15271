// SPDX-License-Identifier: GPL-2.0
/*
 * lib_release() puts with the mode it is given; lib_detach() passes its
 * own parameter on to it, lib_detach_excl() that parameter plus
 * FMODE_EXCL: wrappers of a wrapper.
 */
#include "lib.h"

void lib_release(struct block_device *bdev, fmode_t mode)
{
	blkdev_put(bdev, mode);
}

void lib_detach(struct block_device *bdev, fmode_t mode)
{
	lib_release(bdev, mode);
}

void lib_detach_excl(struct block_device *bdev, fmode_t mode)
{
	lib_release(bdev, mode | FMODE_EXCL);
}
