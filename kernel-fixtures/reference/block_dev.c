// SPDX-License-Identifier: GPL-2.0
/*
 * block_dev.c - a userspace model of fs/block_dev.c after the RFC (2.6.28):
 * every reference to a block device is taken with a mode and dropped with
 * the same mode, so ->release() receives exactly what ->open() got.
 *
 * blkdev_open() is the file_operations open of /dev nodes: it is where
 * O_NDELAY and O_EXCL are turned into FMODE_NDELAY / FMODE_EXCL, once, at
 * open time.  It writes struct file and reads f_flags legitimately: it is
 * not a block method and bdops must not report it.
 *
 * Whole disks only: no partitions, so bd_contains is always the device.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/smp_lock.h>
#include <linux/module.h>
#include "internal.h"

struct bdev_inode {
	struct block_device bdev;
	struct inode vfs_inode;
};

static LIST_HEAD(all_bdevs);
static DEFINE_SPINLOCK(bdev_lock);

struct block_device *I_BDEV(struct inode *inode)
{
	return &container_of(inode, struct bdev_inode, vfs_inode)->bdev;
}

struct block_device *bdget(dev_t dev)
{
	struct block_device *bdev;
	struct bdev_inode *ei;
	struct inode *inode;

	list_for_each_entry(bdev, &all_bdevs, bd_list) {
		if (bdev->bd_dev == dev) {
			atomic_inc(&bdev->bd_inode->i_count);
			return bdev;
		}
	}
	ei = kzalloc(sizeof(*ei), GFP_KERNEL);
	if (!ei)
		return NULL;
	bdev = &ei->bdev;
	inode = &ei->vfs_inode;
	bdev->bd_dev = dev;
	bdev->bd_inode = inode;
	bdev->bd_block_size = 512;
	mutex_init(&bdev->bd_mutex);
	INIT_LIST_HEAD(&bdev->bd_inodes);
	inode->i_mode = S_IFBLK;
	inode->i_rdev = dev;
	inode->i_bdev = bdev;
	inode->i_data.host = inode;
	inode->i_mapping = &inode->i_data;
	atomic_set(&inode->i_count, 1);
	list_add(&bdev->bd_list, &all_bdevs);
	return bdev;
}

void bdput(struct block_device *bdev)
{
	if (!atomic_dec_and_test(&bdev->bd_inode->i_count))
		return;
	BUG_ON(bdev->bd_openers);
	list_del(&bdev->bd_list);
	kfree(container_of(bdev, struct bdev_inode, bdev));
}

int bdev_openers(dev_t dev)
{
	struct block_device *bdev;

	list_for_each_entry(bdev, &all_bdevs, bd_list)
		if (bdev->bd_dev == dev)
			return bdev->bd_openers;
	return -1;
}

static struct block_device *bd_acquire(struct inode *inode)
{
	return bdget(inode->i_rdev);
}

int bdev_read_only(struct block_device *bdev)
{
	if (!bdev || !bdev->bd_disk)
		return 0;
	return get_disk_ro(bdev->bd_disk);
}

static void bd_set_size(struct block_device *bdev, loff_t size)
{
	bdev->bd_inode->i_size = size;
	bdev->bd_inode->i_blkbits = 9;
}

/*
 * The open of one reference: the driver's ->open() sees the mode of this
 * reference, whoever takes it (a /dev open, a mount, a journal, an array).
 */
static int __blkdev_get(struct block_device *bdev, fmode_t mode, int for_part)
{
	struct gendisk *disk;
	int ret = -ENXIO;
	int partno;

	lock_kernel();
	disk = get_gendisk(bdev->bd_dev, &partno);
	if (!disk)
		goto out_unlock_kernel;

	mutex_lock_nested(&bdev->bd_mutex, for_part);
	if (!bdev->bd_openers) {
		bdev->bd_disk = disk;
		bdev->bd_contains = bdev;
		if (disk->fops->open) {
			ret = disk->fops->open(bdev, mode);
			if (ret)
				goto out_clear;
		}
		bd_set_size(bdev, (loff_t)get_capacity(disk) << 9);
	} else {
		put_disk(disk);
		if (bdev->bd_disk->fops->open) {
			ret = bdev->bd_disk->fops->open(bdev, mode);
			if (ret)
				goto out_unlock_bdev;
		}
	}
	bdev->bd_openers++;
	if (for_part)
		bdev->bd_part_count++;
	mutex_unlock(&bdev->bd_mutex);
	unlock_kernel();
	return 0;

out_clear:
	bdev->bd_disk = NULL;
	bdev->bd_contains = NULL;
	put_disk(disk);
out_unlock_bdev:
	mutex_unlock(&bdev->bd_mutex);
out_unlock_kernel:
	unlock_kernel();
	bdput(bdev);
	return ret;
}

/* Takes a reference with 'mode'; on failure the bdget() reference is gone too. */
int blkdev_get(struct block_device *bdev, fmode_t mode)
{
	return __blkdev_get(bdev, mode, 0);
}
EXPORT_SYMBOL(blkdev_get);

static int __blkdev_put(struct block_device *bdev, fmode_t mode, int for_part)
{
	struct gendisk *disk = bdev->bd_disk;
	int ret = 0;

	mutex_lock_nested(&bdev->bd_mutex, for_part);
	lock_kernel();
	if (for_part)
		bdev->bd_part_count--;
	if (!--bdev->bd_openers)
		sync_blockdev(bdev);
	if (disk->fops->release)
		ret = disk->fops->release(disk, mode);
	if (!bdev->bd_openers) {
		put_disk(disk);
		bdev->bd_disk = NULL;
		bdev->bd_contains = NULL;
	}
	unlock_kernel();
	mutex_unlock(&bdev->bd_mutex);
	bdput(bdev);
	return ret;
}

/* Drops a reference; 'mode' must be the mode it was taken with. */
int blkdev_put(struct block_device *bdev, fmode_t mode)
{
	return __blkdev_put(bdev, mode, 0);
}
EXPORT_SYMBOL(blkdev_put);

int bd_claim(struct block_device *bdev, void *holder)
{
	int res;

	spin_lock(&bdev_lock);
	if (bdev->bd_holder == holder)
		res = 0;	/* already a holder */
	else if (bdev->bd_holder != NULL)
		res = -EBUSY;	/* held by someone else */
	else
		res = 0;	/* a whole device which isn't held */
	if (res == 0) {
		bdev->bd_holders++;
		bdev->bd_holder = holder;
	}
	spin_unlock(&bdev_lock);
	return res;
}

void bd_release(struct block_device *bdev)
{
	spin_lock(&bdev_lock);
	if (!--bdev->bd_holders)
		bdev->bd_holder = NULL;
	spin_unlock(&bdev_lock);
}

struct block_device *open_by_devnum(dev_t dev, fmode_t mode)
{
	struct block_device *bdev = bdget(dev);
	int err = -ENOMEM;

	if (bdev)
		err = blkdev_get(bdev, mode);
	return err ? ERR_PTR(err) : bdev;
}

/* The model's namespace: "/dev/NAME" or "NAME" names the disk NAME. */
struct block_device *lookup_bdev(const char *path)
{
	struct block_device *bdev;
	dev_t dev;

	if (!path || !*path)
		return ERR_PTR(-EINVAL);
	if (!strncmp(path, "/dev/", 5))
		path += 5;
	dev = blk_lookup_devt(path, 0);
	if (!dev)
		return ERR_PTR(-ENOENT);
	bdev = bdget(dev);
	if (!bdev)
		return ERR_PTR(-ENOMEM);
	return bdev;
}

struct block_device *open_bdev_exclusive(const char *path, fmode_t mode, void *holder)
{
	struct block_device *bdev;
	int error;

	bdev = lookup_bdev(path);
	if (IS_ERR(bdev))
		return bdev;

	error = blkdev_get(bdev, mode);
	if (error)
		return ERR_PTR(error);
	error = -EACCES;
	if ((mode & FMODE_WRITE) && bdev_read_only(bdev))
		goto blkdev_put;
	error = bd_claim(bdev, holder);
	if (error)
		goto blkdev_put;

	return bdev;

blkdev_put:
	blkdev_put(bdev, mode);
	return ERR_PTR(error);
}

void close_bdev_exclusive(struct block_device *bdev, fmode_t mode)
{
	bd_release(bdev);
	blkdev_put(bdev, mode);
}

struct block_device *open_bdev_excl(const char *path, fmode_t mode, void *holder)
{
	return open_bdev_exclusive(path, mode, holder);
}

void close_bdev_excl(struct block_device *bdev, fmode_t mode)
{
	close_bdev_exclusive(bdev, mode);
}

/*
 * The file_operations open of a block device node.  This is the one place
 * that looks at the open flags: it folds O_NDELAY and O_EXCL into f_mode,
 * where fcntl() cannot reach them, and every later use goes by f_mode.
 */
static int blkdev_open(struct inode *inode, struct file *filp)
{
	struct block_device *bdev;
	int res;

	filp->f_flags |= O_LARGEFILE;

	if (filp->f_flags & O_NDELAY)
		filp->f_mode |= FMODE_NDELAY;
	if (filp->f_flags & O_EXCL)
		filp->f_mode |= FMODE_EXCL;
	if ((filp->f_flags & O_ACCMODE) == 3)
		filp->f_mode |= FMODE_WRITE_IOCTL;

	bdev = bd_acquire(inode);
	if (bdev == NULL)
		return -ENOMEM;

	res = blkdev_get(bdev, filp->f_mode);
	if (res)
		return res;

	if (filp->f_mode & FMODE_EXCL) {
		res = bd_claim(bdev, filp);
		if (res)
			goto out_blkdev_put;
	}

	filp->f_mapping = bdev->bd_inode->i_mapping;

	return 0;

 out_blkdev_put:
	blkdev_put(bdev, filp->f_mode);
	return res;
}

static int blkdev_close(struct inode *inode, struct file *filp)
{
	struct block_device *bdev = I_BDEV(filp->f_mapping->host);

	(void)inode;
	if (bdev->bd_holder == filp)
		bd_release(bdev);
	return blkdev_put(bdev, filp->f_mode);
}

static long block_ioctl(struct file *file, unsigned cmd, unsigned long arg)
{
	struct block_device *bdev = I_BDEV(file->f_mapping->host);

	return blkdev_ioctl(bdev, file->f_mode, cmd, arg);
}

const struct file_operations def_blk_fops = {
	.open		= blkdev_open,
	.release	= blkdev_close,
	.unlocked_ioctl	= block_ioctl,
	.compat_ioctl	= compat_blkdev_ioctl,
};

int ioctl_by_bdev(struct block_device *bdev, unsigned cmd, unsigned long arg)
{
	return blkdev_ioctl(bdev, 0, cmd, arg);
}

const char *bdevname(struct block_device *bdev, char *buf)
{
	return __bdevname(bdev->bd_dev, buf);
}

const char *__bdevname(dev_t dev, char *buffer)
{
	snprintf(buffer, BDEVNAME_SIZE, "unknown-block(%u,%u)",
		 MAJOR(dev), MINOR(dev));
	return buffer;
}

int set_blocksize(struct block_device *bdev, int size)
{
	if (size < 512 || size > 4096 || (size & (size - 1)))
		return -EINVAL;
	bdev->bd_block_size = size;
	return 0;
}

int sync_blockdev(struct block_device *bdev)
{
	/* writes are synchronous in the model: nothing is ever dirty */
	return bdev ? 0 : -EINVAL;
}

void invalidate_bdev(struct block_device *bdev)
{
	(void)bdev;
}

int check_disk_change(struct block_device *bdev)
{
	struct gendisk *disk = bdev->bd_disk;

	if (!disk->fops->media_changed || !disk->fops->media_changed(disk))
		return 0;
	if (disk->fops->revalidate_disk)
		disk->fops->revalidate_disk(disk);
	return 1;
}
