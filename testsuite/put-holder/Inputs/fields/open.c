// SPDX-License-Identifier: GPL-2.0
/* Opens each device and keeps its bdev in a struct field. */
#include "dev.h"

static int open_holder;
int holder_a, holder_b;

int sdev_open(struct sdev *d, const char *path)
{
	d->bdev = blkdev_get_by_path(path, BLK_OPEN_READ, NULL, NULL);
	return IS_ERR(d->bdev) ? PTR_ERR(d->bdev) : 0;
}

int xdev_open(struct xdev *d, const char *path)
{
	d->bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, &open_holder, NULL);
	return IS_ERR(d->bdev) ? PTR_ERR(d->bdev) : 0;
}

int hdev_open(struct hdev *d, const char *path, void *holder)
{
	d->holder = holder;
	d->bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, holder, NULL);
	return IS_ERR(d->bdev) ? PTR_ERR(d->bdev) : 0;
}

int ndev_open(struct ndev *d, const char *path)
{
	d->bdev = blkdev_get_by_path(path, BLK_OPEN_READ, &holder_a, NULL);
	return IS_ERR(d->bdev) ? PTR_ERR(d->bdev) : 0;
}

int odev_open(struct odev *d, const char *path, void *owner)
{
	d->bdev = blkdev_get_by_path(path, BLK_OPEN_READ, owner, NULL);
	return IS_ERR(d->bdev) ? PTR_ERR(d->bdev) : 0;
}
