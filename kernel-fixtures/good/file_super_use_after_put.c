// SPDX-License-Identifier: GPL-2.0
/*
 * good/file_super_use_after_put.c - twin of bad/file_super_use_after_put.c
 * as 6.12's kill_block_super() orders it: sync through sb->s_bdev, then
 * give the file back.
 */
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

/* the filesystem's interface */
int examplefs_fill_bdev(struct super_block *sb, const char *dev_name, blk_mode_t mode);
void examplefs_kill_sb(struct super_block *sb);

int examplefs_fill_bdev(struct super_block *sb, const char *dev_name, blk_mode_t mode)
{
	struct file *bdev_file;

	bdev_file = bdev_file_open_by_path(dev_name, mode, sb->s_type, NULL);
	if (IS_ERR(bdev_file))
		return PTR_ERR(bdev_file);
	sb->s_bdev_file = bdev_file;
	sb->s_bdev = file_bdev(bdev_file);
	return 0;
}

void examplefs_kill_sb(struct super_block *sb)
{
	sync_blockdev(sb->s_bdev);
	bdev_fput(sb->s_bdev_file);
	kfree(sb->s_fs_info);
}
