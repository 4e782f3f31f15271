// SPDX-License-Identifier: GPL-2.0
/* geo.c - old ioctl and compat_ioctl methods with one-line bodies, a new getgeo. */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/hdreg.h>

static int d_ioctl(struct inode *inode, struct file *file, unsigned cmd, unsigned long arg) {
	(void)inode;
	return 0;
}

static long d_compat_ioctl(struct file *file, unsigned cmd, unsigned long arg) { (void)file; return 0; }

static int d_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	geo->heads = 4;
	return 0;
}

const struct block_device_operations d_ops = {
	.ioctl = d_ioctl,
	.compat_ioctl = d_compat_ioctl,
	.getgeo = d_getgeo,
};
