// SPDX-License-Identifier: GPL-2.0
/*
 * md.c - an md-like linear array (drivers/md/md.c lock_rdev/unlock_rdev and
 * drivers/md/linear.c) as the RFC suggests it: components are opened r/w
 * and, when one is read-only, opened r/o instead and the whole array made
 * read-only.  The mode each component was opened with is kept in its rdev
 * and given back to blkdev_put().
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/slab.h>
#include <linux/major.h>
#include "model.h"

#define MD_MAX_DISKS	4

struct md_rdev {
	struct list_head	same_set;
	struct block_device	*bdev;
	fmode_t			mode;		/* what bdev was opened with */
	sector_t		start;		/* first array sector on this one */
	sector_t		sectors;
};

struct mddev {
	struct list_head	disks;
	int			raid_disks;
	int			ro;
	int			openers;
	sector_t		array_sectors;
	struct gendisk		*gendisk;
	struct request_queue	*queue;
};

static struct mddev *md_array;

static int lock_rdev(struct md_rdev *rdev, dev_t dev)
{
	struct block_device *bdev;
	fmode_t mode = FMODE_READ | FMODE_WRITE;
	int err;

	bdev = open_by_devnum(dev, mode);
	if (IS_ERR(bdev) && PTR_ERR(bdev) == -EROFS) {
		/* a read-only component: the array goes read-only with it */
		mode = FMODE_READ;
		bdev = open_by_devnum(dev, mode);
	}
	if (IS_ERR(bdev)) {
		printk(KERN_ERR "md: could not open %u:%u.\n", MAJOR(dev), MINOR(dev));
		return PTR_ERR(bdev);
	}
	err = bd_claim(bdev, rdev);
	if (err) {
		printk(KERN_ERR "md: could not bd_claim %u:%u.\n",
		       MAJOR(dev), MINOR(dev));
		blkdev_put(bdev, mode);
		return err;
	}
	rdev->bdev = bdev;
	rdev->mode = mode;
	return 0;
}

static void unlock_rdev(struct md_rdev *rdev)
{
	struct block_device *bdev = rdev->bdev;

	rdev->bdev = NULL;
	BUG_ON(!bdev);
	bd_release(bdev);
	blkdev_put(bdev, rdev->mode);
}

static int md_open(struct block_device *bdev, fmode_t mode)
{
	struct mddev *mddev = bdev->bd_disk->private_data;

	if ((mode & FMODE_WRITE) && mddev->ro)
		return -EROFS;
	mddev->openers++;
	return 0;
}

static int md_release(struct gendisk *disk, fmode_t mode)
{
	struct mddev *mddev = disk->private_data;

	(void)mode;
	mddev->openers--;
	return 0;
}

static struct block_device_operations md_fops = {
	.owner		= THIS_MODULE,
	.open		= md_open,
	.release	= md_release,
};

/* linear: send the bio to the component that holds its first sector */
static int linear_make_request(struct request_queue *q, struct bio *bio)
{
	struct mddev *mddev = q->queuedata;
	struct md_rdev *rdev;

	if (bio_data_dir(bio) && mddev->ro) {
		bio_endio(bio, -EROFS);
		return 0;
	}
	list_for_each_entry(rdev, &mddev->disks, same_set) {
		if (bio->bi_sector >= rdev->start &&
		    bio->bi_sector + (bio->bi_size >> 9) <= rdev->start + rdev->sectors) {
			bio->bi_bdev = rdev->bdev;
			bio->bi_sector -= rdev->start;
			generic_make_request(bio);
			return 0;
		}
	}
	bio_endio(bio, -EIO);
	return 0;
}

static void md_free(struct mddev *mddev)
{
	struct md_rdev *rdev, *tmp;

	list_for_each_entry_safe(rdev, tmp, &mddev->disks, same_set) {
		list_del(&rdev->same_set);
		if (rdev->bdev)
			unlock_rdev(rdev);
		kfree(rdev);
	}
	kfree(mddev);
}

int md_assemble(const char *const *names, int n)
{
	struct mddev *mddev;
	struct gendisk *disk;
	int i, err;

	if (md_array)
		return -EBUSY;
	if (n < 1 || n > MD_MAX_DISKS)
		return -EINVAL;
	mddev = kzalloc(sizeof(*mddev), GFP_KERNEL);
	if (!mddev)
		return -ENOMEM;
	INIT_LIST_HEAD(&mddev->disks);
	for (i = 0; i < n; i++) {
		struct md_rdev *rdev = kzalloc(sizeof(*rdev), GFP_KERNEL);
		dev_t dev = blk_lookup_devt(names[i], 0);

		if (!rdev) {
			err = -ENOMEM;
			goto out;
		}
		list_add_tail(&rdev->same_set, &mddev->disks);
		err = dev ? lock_rdev(rdev, dev) : -ENODEV;
		if (err)
			goto out;
		if (!(rdev->mode & FMODE_WRITE))
			mddev->ro = 1;
		rdev->start = mddev->array_sectors;
		rdev->sectors = get_capacity(rdev->bdev->bd_disk);
		mddev->array_sectors += rdev->sectors;
		mddev->raid_disks++;
	}

	err = -ENOMEM;
	mddev->queue = blk_alloc_queue(GFP_KERNEL);
	if (!mddev->queue)
		goto out;
	mddev->queue->queuedata = mddev;
	blk_queue_make_request(mddev->queue, linear_make_request);
	disk = alloc_disk(1);
	if (!disk)
		goto out_queue;
	disk->major = MD_MAJOR;
	disk->first_minor = 0;
	disk->fops = &md_fops;
	disk->private_data = mddev;
	disk->queue = mddev->queue;
	snprintf(disk->disk_name, DISK_NAME_LEN, "md0");
	set_capacity(disk, mddev->array_sectors);
	set_disk_ro(disk, mddev->ro);
	mddev->gendisk = disk;
	add_disk(disk);
	md_array = mddev;
	return 0;

out_queue:
	blk_cleanup_queue(mddev->queue);
out:
	md_free(mddev);
	return err;
}

int md_read_only(void)
{
	return md_array ? md_array->ro : -ENODEV;
}

int md_stop(void)
{
	struct mddev *mddev = md_array;

	if (!mddev)
		return -ENODEV;
	if (mddev->openers)
		return -EBUSY;
	del_gendisk(mddev->gendisk);
	put_disk(mddev->gendisk);
	blk_cleanup_queue(mddev->queue);
	md_array = NULL;
	md_free(mddev);
	return 0;
}
