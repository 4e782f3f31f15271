// SPDX-License-Identifier: GPL-2.0
/*
 * disks.c - what the block layer models of the handle (6.7/6.8) and file
 * (6.9+) eras share: the disks (add_disk(), del_gendisk(), lookup_bdev()),
 * each with its block_device and that device's inode (a file era block
 * device file is a file of that inode), the WARNs, and the answers to the
 * harness's questions about claims and openers.  Compiled in each era.
 */
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/string.h>
#include "../harness/omodel.h"
#include "disks.h"

#define MAX_DISKS	4
#define MAX_HOLDERS	8

static struct gendisk *disks[MAX_DISKS];
static struct block_device bdevs[MAX_DISKS];
static struct inode bd_inodes[MAX_DISKS];
static int warnings;
static int holders[MAX_HOLDERS];	/* what the harness's numbers stand for */

void add_disk(struct gendisk *disk)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (!disks[i]) {
			disks[i] = disk;
			memset(&bdevs[i], 0, sizeof(bdevs[i]));
			memset(&bd_inodes[i], 0, sizeof(bd_inodes[i]));
			bdevs[i].bd_dev = disk_devt(disk);
			bdevs[i].bd_disk = disk;
			bdevs[i].bd_inode = &bd_inodes[i];
			bd_inodes[i].i_bdev = &bdevs[i];
			return;
		}
}

void del_gendisk(struct gendisk *disk)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (disks[i] == disk)
			disks[i] = NULL;
}

int warn(int cond)
{
	if (cond) {
		warnings++;
		printk(KERN_WARNING "WARNING in the block layer model\n");
	}
	return cond;
}

struct block_device *bdev_of(dev_t dev)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (disks[i] && bdevs[i].bd_dev == dev)
			return &bdevs[i];
	return NULL;
}

int lookup_bdev(const char *pathname, dev_t *dev)
{
	for (int i = 0; i < MAX_DISKS; i++)
		if (disks[i] && !strcmp(disks[i]->disk_name, pathname)) {
			*dev = bdevs[i].bd_dev;
			return 0;
		}
	return -ENOENT;
}

bool bdev_read_only(struct block_device *bdev)
{
	return get_disk_ro(bdev->bd_disk);
}

/* the driver counts it: the models' stand-in for writing back */
int sync_blockdev(struct block_device *bdev)
{
	return bdev->bd_disk->fops->ioctl(bdev, BLK_OPEN_READ, BLKFLSBUF, 0);
}

void *holder_ptr(int h)
{
	return h >= 0 && h < MAX_HOLDERS ? &holders[h] : NULL;
}

int omodel_claimed_by(const char *name)
{
	struct block_device *bdev;
	dev_t dev;

	if (lookup_bdev(name, &dev) || !(bdev = bdev_of(dev)) || !bdev->bd_holder)
		return -1;
	for (int h = 0; h < MAX_HOLDERS; h++)
		if (bdev->bd_holder == &holders[h])
			return h;
	return MAX_HOLDERS;	/* a holder of the kernel side (a mount, a member) */
}

int omodel_openers(const char *name)
{
	dev_t dev;

	if (lookup_bdev(name, &dev))
		return -1;
	return bdev_of(dev)->bd_openers;
}

int omodel_warnings(void)
{
	return warnings;
}
