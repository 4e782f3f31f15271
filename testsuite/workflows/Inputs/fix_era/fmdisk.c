// SPDX-License-Identifier: GPL-2.0
/*
 * fmdisk.c - a driver of the fmode_t era (2.6.38 .. 6.4) for bdops fix
 * --to-era (fix-era.test): block methods taking fmode_t, an exclusive
 * claim of a backing device by path kept in a struct, given back with the
 * mode it was got with, and a shared open of another device kept in a
 * local.  Moved to the holder era, then the handle and file eras, it
 * compiles with each era's headers and checks clean.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/err.h>

struct fmdisk {
	struct gendisk *disk;
	struct block_device *backing;
	int users;
	int ro;
};

static struct fmdisk fmd;

static int fmdisk_open(struct block_device *bdev, fmode_t mode)
{
	struct fmdisk *d = bdev->bd_disk->private_data;

	if ((mode & FMODE_WRITE) && d->ro)
		return -EROFS;
	d->users++;
	return 0;
}

static int fmdisk_release(struct gendisk *disk, fmode_t mode)
{
	struct fmdisk *d = disk->private_data;

	d->users--;
	return 0;
}

static int fmdisk_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
			unsigned long arg)
{
	if (!bdev->bd_disk)
		return -ENXIO;
	if (!(mode & FMODE_WRITE))
		return -EPERM;
	return cmd == 1 && !arg ? 0 : -ENOTTY;
}

const struct block_device_operations fmdisk_fops = {
	.owner		= THIS_MODULE,
	.open		= fmdisk_open,
	.release	= fmdisk_release,
	.ioctl		= fmdisk_ioctl,
};

int fmdisk_attach(const char *path)
{
	fmd.backing = blkdev_get_by_path(path, FMODE_READ | FMODE_WRITE | FMODE_EXCL, &fmd);
	if (IS_ERR(fmd.backing))
		return PTR_ERR(fmd.backing);
	return 0;
}

void fmdisk_detach(void)
{
	blkdev_put(fmd.backing, FMODE_READ | FMODE_WRITE | FMODE_EXCL);
}

int fmdisk_peek(const char *path)
{
	struct block_device *bdev;
	int same;

	bdev = blkdev_get_by_path(path, FMODE_READ, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	same = bdev == fmd.backing;
	blkdev_put(bdev, FMODE_READ);
	return same;
}
