/* SPDX-License-Identifier: GPL-2.0 */
/* Devices one unit opens (open.c) and another closes (close.c). */
#ifndef DEV_H
#define DEV_H
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct sdev {			/* opened shared: a NULL holder */
	struct block_device *bdev;
};

struct xdev {			/* claimed for a global of open.c */
	struct block_device *bdev;
};

struct hdev {			/* claimed for the caller's holder, kept */
	struct block_device *bdev;
	void *holder;
};

struct ndev {			/* claimed for an extern global */
	struct block_device *bdev;
};

struct odev {			/* claimed for the caller's holder, not kept */
	struct block_device *bdev;
};

extern int holder_a, holder_b;

int sdev_open(struct sdev *d, const char *path);
int xdev_open(struct xdev *d, const char *path);
int hdev_open(struct hdev *d, const char *path, void *holder);
int ndev_open(struct ndev *d, const char *path);
int odev_open(struct odev *d, const char *path, void *owner);
void sdev_close(struct sdev *d);
void xdev_close(struct xdev *d);
void hdev_close(struct hdev *d);
void ndev_close(struct ndev *d);
void odev_close(struct odev *d, void *who);
#endif
