// SPDX-License-Identifier: GPL-2.0
/*
 * mount.c - a filesystem of the holder era (6.5's fs/super.c shape): the
 * mount claims its device for the filesystem type, and kill_sb gives it
 * back with the type the superblock keeps: fc->fs_type at the get,
 * sb->s_type - stored next to sb->s_bdev from the same value - at the put.
 * bdops-put-holder follows the holder into that field, as put-mode follows
 * a mode into sb->s_mode, and finds the put right, even under --strict.
 */
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check --strict %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>
#include "hmodel.h"

#define MAX_MOUNTS	4

struct fs_context {
	struct file_system_type *fs_type;
	const char *source;
	int ro;
};

static struct file_system_type holderfs_type = {
	.name = "holderfs",
	.fs_flags = FS_REQUIRES_DEV,
};

static struct super_block *mounts[MAX_MOUNTS];

static int get_tree_bdev(struct fs_context *fc, struct super_block **out)
{
	blk_mode_t mode = fc->ro ? BLK_OPEN_READ : BLK_OPEN_READ | BLK_OPEN_WRITE;
	struct super_block *sb;
	struct block_device *bdev;

	bdev = blkdev_get_by_path(fc->source, mode, fc->fs_type, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	sb = kzalloc(sizeof(*sb), GFP_KERNEL);
	if (!sb) {
		blkdev_put(bdev, fc->fs_type);
		return -ENOMEM;
	}
	sb->s_type = fc->fs_type;
	sb->s_bdev = bdev;
	*out = sb;
	return 0;
}

static void kill_block_super_holder(struct super_block *sb)
{
	blkdev_put(sb->s_bdev, sb->s_type);
	kfree(sb);
}

int hmodel_mount(const char *name, int ro)
{
	struct fs_context fc = { &holderfs_type, name, ro };
	struct super_block *sb = NULL;
	int ret;

	for (int i = 0; i < MAX_MOUNTS; i++) {
		if (mounts[i])
			continue;
		ret = get_tree_bdev(&fc, &sb);
		if (ret)
			return ret;
		mounts[i] = sb;
		return i;
	}
	return -EBUSY;
}

void hmodel_umount(int mnt)
{
	if (mnt < 0 || mnt >= MAX_MOUNTS || !mounts[mnt])
		return;
	kill_block_super_holder(mounts[mnt]);
	mounts[mnt] = NULL;
}
