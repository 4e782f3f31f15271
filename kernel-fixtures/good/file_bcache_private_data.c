// SPDX-License-Identifier: GPL-2.0
/*
 * good/file_bcache_private_data.c - twin of bad/file_bcache_private_data.c:
 * the driver's state stays in its own structure next to the file pointer
 * (as 6.12's register_bcache() keeps it), and the file is left as the
 * block layer filled it in.
 */
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct cached_dev {
	struct file *bdev_file;
	struct block_device *bdev;
};

/* the driver's interface (sysfs calls it in the kernel) */
int register_bcache(const char *path, void *sb_disk);
void unregister_cached(struct cached_dev *dc);

int register_bcache(const char *path, void *sb_disk)
{
	struct cached_dev *dc;
	struct file *bdev_file;

	bdev_file = bdev_file_open_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, sb_disk, NULL);
	if (IS_ERR(bdev_file))
		return PTR_ERR(bdev_file);
	dc = kzalloc(sizeof(*dc), GFP_KERNEL);
	if (!dc) {
		fput(bdev_file);
		return -ENOMEM;
	}
	dc->bdev_file = bdev_file;
	dc->bdev = file_bdev(bdev_file);
	return 0;
}

void unregister_cached(struct cached_dev *dc)
{
	fput(dc->bdev_file);
	kfree(dc);
}
