// SPDX-License-Identifier: GPL-2.0
/*
 * bdev.c - a userspace model of 6.12's block/bdev.c: a block device is
 * opened as a struct file.
 *
 *  - bdev_file_open_by_dev/path(dev, mode, holder, hops) make the file
 *    (alloc_file_pseudo_noaccount()), and bdev_open() fills it in: f_flags,
 *    f_mode and the holder in private_data.  A non-NULL holder claims the
 *    device exclusively (another holder's claim: -EBUSY); BLK_OPEN_EXCL with
 *    a NULL holder fails with a WARN.  A failed open stores the error in
 *    private_data for ->release() and puts the file.  A write open of
 *    read-only media fails in the driver (-EROFS); by path, a device the
 *    block layer knows is read-only gives -EACCES.
 *  - The file's last fput() runs blkdev_release() -> bdev_release(), which
 *    gives the claim back and calls the driver's release(); bdev_fput()
 *    gives the claim back at once (the file's release then leaves it).
 *  - file_bdev(file) is the file's block_device.
 * The block layer makes and fills in these files: bdops-file-write leaves
 * its writes alone (the files are created here).  Whole disks only.
 */
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "../harness/omodel.h"
#include "disks.h"

#define MAX_REFS	16

static struct file *refs[MAX_REFS];

struct block_device *file_bdev(struct file *bdev_file)
{
	return bdev_file->f_inode->i_bdev;
}

int set_blocksize(struct file *file, int size)
{
	return size < 512 || (size & (size - 1)) || !file_bdev(file) ? -EINVAL : 0;
}

static void bd_end_claim(struct block_device *bdev, void *holder)
{
	if (!warn(bdev->bd_holder != holder) && --bdev->bd_holders == 0)
		bdev->bd_holder = NULL;
}

static int bdev_open(struct block_device *bdev, blk_mode_t mode, void *holder,
		     const struct blk_holder_ops *hops, struct file *bdev_file)
{
	struct gendisk *disk = bdev->bd_disk;
	int ret;

	(void)hops;
	if (holder) {
		mode |= BLK_OPEN_EXCL;
		if (bdev->bd_holder && bdev->bd_holder != holder)
			return -EBUSY;
	} else if (warn(!!(mode & BLK_OPEN_EXCL))) {
		return -EIO;
	}
	if (disk->fops->open) {
		ret = disk->fops->open(disk, mode);
		if (ret)
			return ret;
	}
	if (holder) {
		bdev->bd_holder = holder;
		bdev->bd_holders++;
	}
	bdev->bd_openers++;
	bdev_file->f_flags |= O_LARGEFILE;
	if (mode & BLK_OPEN_NDELAY)
		bdev_file->f_mode |= FMODE_NDELAY;
	bdev_file->private_data = holder;
	return 0;
}

/* ->release() of the file: the open's claim, the driver's release */
static void bdev_release(struct file *bdev_file)
{
	struct block_device *bdev = file_bdev(bdev_file);
	void *holder = bdev_file->private_data;

	if (IS_ERR(holder))
		return;		/* the open failed: nothing was opened */
	if (holder && holder != bdev)
		bd_end_claim(bdev, holder);
	bdev->bd_openers--;
	if (bdev->bd_disk->fops->release)
		bdev->bd_disk->fops->release(bdev->bd_disk);
}

static int blkdev_release(struct inode *inode, struct file *filp)
{
	(void)inode;
	bdev_release(filp);
	return 0;
}

const struct file_operations def_blk_fops = {
	.release	= blkdev_release,
};

struct file *bdev_file_open_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				   const struct blk_holder_ops *hops)
{
	struct block_device *bdev = bdev_of(dev);
	struct file *bdev_file;
	int ret;

	if (!bdev)
		return ERR_PTR(-ENXIO);
	bdev_file = alloc_file_pseudo_noaccount(bdev->bd_inode, NULL, "",
						O_RDWR | O_LARGEFILE, &def_blk_fops);
	if (IS_ERR(bdev_file))
		return bdev_file;
	ret = bdev_open(bdev, mode, holder, hops, bdev_file);
	if (ret) {
		/* We failed to open the block device. Let ->release() know. */
		bdev_file->private_data = ERR_PTR(ret);
		fput(bdev_file);
		return ERR_PTR(ret);
	}
	return bdev_file;
}

struct file *bdev_file_open_by_path(const char *path, blk_mode_t mode,
				    void *holder, const struct blk_holder_ops *hops)
{
	struct file *file;
	dev_t dev;
	int error;

	error = lookup_bdev(path, &dev);
	if (error)
		return ERR_PTR(error);
	file = bdev_file_open_by_dev(dev, mode, holder, hops);
	if (!IS_ERR(file) && (mode & BLK_OPEN_WRITE)) {
		if (bdev_read_only(file_bdev(file))) {
			fput(file);
			file = ERR_PTR(-EACCES);
		}
	}
	return file;
}

/* give the claim back now; the file's release will not (6.10) */
void bdev_fput(struct file *bdev_file)
{
	struct block_device *bdev = file_bdev(bdev_file);

	if (warn(bdev_file->f_op != &def_blk_fops))
		return;
	if (bdev_file->private_data && bdev_file->private_data != bdev) {
		bd_end_claim(bdev, bdev_file->private_data);
		bdev_file->private_data = bdev;
	}
	fput(bdev_file);
}

/* ---- what the harness calls ---- */

int omodel_open(const char *name, unsigned int mode, int holder)
{
	struct file *f;

	for (int i = 0; i < MAX_REFS; i++) {
		if (refs[i])
			continue;
		f = bdev_file_open_by_path(name, (__force blk_mode_t)mode, holder_ptr(holder), NULL);
		if (IS_ERR(f))
			return PTR_ERR(f);
		refs[i] = f;
		return i;
	}
	return -EMFILE;
}

void omodel_close(int ref)
{
	if (ref < 0 || ref >= MAX_REFS || !refs[ref])
		return;
	fput(refs[ref]);
	refs[ref] = NULL;
}

void omodel_close_now(int ref)
{
	if (ref < 0 || ref >= MAX_REFS || !refs[ref])
		return;
	bdev_fput(refs[ref]);
	refs[ref] = NULL;
}

char omodel_era(void)
{
	return 'f';
}
