// SPDX-License-Identifier: GPL-2.0
/* close.c's twin: each device given back with the holder it was claimed
 * for, or one that cannot be told apart from it (odev_close()'s 'who'). */
#include "dev.h"

void sdev_close(struct sdev *d)
{
	blkdev_put(d->bdev, NULL);
}

void hdev_close(struct hdev *d)
{
	blkdev_put(d->bdev, d->holder);
}

void ndev_close(struct ndev *d)
{
	blkdev_put(d->bdev, &holder_a);
}

void odev_close(struct odev *d, void *who)
{
	blkdev_put(d->bdev, who);
}
