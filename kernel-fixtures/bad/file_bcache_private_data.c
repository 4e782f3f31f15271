// SPDX-License-Identifier: GPL-2.0
/*
 * bad/file_bcache_private_data.c - a caching driver registering a backing
 * device as 6.12's drivers/md/bcache/super.c does (register_bcache()):
 * the device is opened exclusively as a block device file, the holder
 * being the driver's superblock buffer.  This version keeps its cached
 * device in the file's private_data - where the block layer keeps the
 * holder it gives back at bdev_fput() - and marks the file non-blocking
 * through f_flags, which the block layer set from the open's mode.
 *
 * Era: file (6.9+).  Expected: both writes (bdops-file-write).
 */
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none where to keep the driver's state is the driver's choice

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
	bdev_file->private_data = dc;
// CHECK: file_bcache_private_data.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'register_bcache' writes 'file->private_data' of a block device file it opened with bdev_file_open_by_path(); the block layer keeps the holder there [bdops-file-write]
// CHECK-NEXT: file_bcache_private_data.c:[[@LINE-10]]:{{[0-9]+}}: note: bdev_file_open_by_path() opened it here
// CHECK-NEXT: file_bcache_private_data.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: keep the driver's data in its own structure, next to the file pointer
	bdev_file->f_flags |= O_NONBLOCK;
// CHECK: file_bcache_private_data.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'register_bcache' writes 'file->f_flags' of a block device file it opened with bdev_file_open_by_path(); the block layer set it from the mode of the open [bdops-file-write]
// CHECK-NEXT: file_bcache_private_data.c:[[@LINE-14]]:{{[0-9]+}}: note: bdev_file_open_by_path() opened it here
// CHECK-NEXT: file_bcache_private_data.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: pass the mode to bdev_file_open_by_path() instead (BLK_OPEN_*)
	dc->bdev_file = bdev_file;
	dc->bdev = file_bdev(bdev_file);
	return 0;
}

void unregister_cached(struct cached_dev *dc)
{
	fput(dc->bdev_file);
	kfree(dc);
}
