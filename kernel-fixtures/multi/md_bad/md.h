/* SPDX-License-Identifier: GPL-2.0 */
/*
 * multi/md_bad/md.h - what md.c and rdev.c share: a component device of
 * the array keeps its block device and the mode it was opened with.
 */
#ifndef MULTI_MD_H
#define MULTI_MD_H

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/list.h>

struct mddev;

struct md_rdev {
	struct list_head	same_set;	/* RAID devices within the same set */
	struct block_device	*bdev;		/* block device handle */
	fmode_t			mode;		/* what bdev was opened with */
	struct mddev		*mddev;		/* RAID array if running */
	unsigned long		flags;
};

struct mddev {
	struct list_head	disks;
	int			ro;
};

#define AllReserved	6

int lock_rdev(struct md_rdev *rdev, dev_t dev, int shared);
void unlock_rdev(struct md_rdev *rdev);

#endif
