// SPDX-License-Identifier: GPL-2.0
/* Each attach gets with one mode and detaches through a wrapper of a
 * wrapper; the first two pass a mode the get did not take. */
#include "lib.h"

int drv_attach(const char *path, void *holder)
{
	struct block_device *bdev = blkdev_get_by_path(path, FMODE_READ | FMODE_WRITE, holder);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	lib_detach(bdev, FMODE_READ);
	return 0;
}

int drv_attach_excl(const char *path, void *holder)
{
	struct block_device *bdev = blkdev_get_by_path(path, FMODE_READ | FMODE_EXCL, holder);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	lib_detach_excl(bdev, FMODE_READ | FMODE_WRITE);
	return 0;
}

int drv_attach_good(const char *path, void *holder)
{
	struct block_device *bdev = blkdev_get_by_path(path, FMODE_READ | FMODE_EXCL, holder);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	lib_detach_excl(bdev, FMODE_READ);
	lib_detach(bdev, FMODE_READ | FMODE_EXCL);
	return 0;
}
