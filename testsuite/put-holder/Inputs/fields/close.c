// SPDX-License-Identifier: GPL-2.0
/* Closes each device with another holder than open.c claimed it for. */
#include "dev.h"

void sdev_close(struct sdev *d)
{
	blkdev_put(d->bdev, d);
}

void xdev_close(struct xdev *d)
{
	blkdev_put(d->bdev, NULL);
}

void hdev_close(struct hdev *d)
{
	blkdev_put(d->bdev, NULL);
}

void ndev_close(struct ndev *d)
{
	blkdev_put(d->bdev, &holder_b);
}

void odev_close(struct odev *d, void *who)
{
	blkdev_put(d->bdev, NULL);
	(void)who;
}
