// SPDX-License-Identifier: GPL-2.0
/*
 * bad/file_super_use_after_put.c - a block device filesystem's mount and
 * kill_sb as in 6.12's fs/super.c: the superblock keeps its device's file
 * in sb->s_bdev_file and the block_device beside it in sb->s_bdev
 * (sb->s_bdev = file_bdev(sb->s_bdev_file)).  This kill_sb gives the file
 * back first and then syncs through sb->s_bdev: the device may be gone by
 * then (the file held the only reference), and the claim is already
 * released to the next opener.
 *
 * Era: file (6.9+).  Expected: the sync (bdops-bdev-release), with a note
 * at bdev_fput().
 */
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// FIX: none the use must move before the release

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
	bdev_fput(sb->s_bdev_file);
	sync_blockdev(sb->s_bdev);
// CHECK: file_super_use_after_put.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from file_bdev() used after bdev_fput() on this path [bdops-bdev-release]
// CHECK-NEXT: file_super_use_after_put.c:[[@LINE-3]]:{{[0-9]+}}: note: bdev_fput() here
// CHECK-NEXT: file_super_use_after_put.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: use the block device before the file is given back, or keep the file open until its last use
	kfree(sb->s_fs_info);
}
