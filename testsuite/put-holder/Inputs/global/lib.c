// SPDX-License-Identifier: GPL-2.0
/* Gets into globals; the wrappers put them with their callers' holder. */
#include "lib.h"

struct block_device *log_bdev;
int log_holder, lib_holder;
static struct block_device *lib_bdev, *cache_bdev, *shared_bdev;

int log_open(const char *path)
{
	log_bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, &log_holder, NULL);
	return IS_ERR(log_bdev) ? PTR_ERR(log_bdev) : 0;
}

int lib_open(const char *path)
{
	lib_bdev = blkdev_get_by_path(path, BLK_OPEN_READ, &lib_holder, NULL);
	return IS_ERR(lib_bdev) ? PTR_ERR(lib_bdev) : 0;
}

void lib_close(void *holder)
{
	blkdev_put(lib_bdev, holder);
}

int cache_open(const char *path, void *holder)
{
	cache_bdev = blkdev_get_by_path(path, BLK_OPEN_READ, holder, NULL);
	return IS_ERR(cache_bdev) ? PTR_ERR(cache_bdev) : 0;
}

void cache_close(void *holder)
{
	blkdev_put(cache_bdev, holder);
}

int shared_open(const char *path)
{
	shared_bdev = blkdev_get_by_path(path, BLK_OPEN_READ, NULL, NULL);
	return IS_ERR(shared_bdev) ? PTR_ERR(shared_bdev) : 0;
}

void shared_close(void *holder)
{
	blkdev_put(shared_bdev, holder);
}
