// SPDX-License-Identifier: GPL-2.0
/*
 * Reduced from fs/super.c (Linux 6.1): mount_bdev() opens the device with
 * FMODE_READ|FMODE_EXCL, plus FMODE_WRITE unless mounting read-only, and
 * keeps that mode in sb->s_mode; kill_block_super() puts with it.
 */
#include "fs.h"

int mount_bdev(struct file_system_type *fs_type, int flags, const char *dev_name)
{
	struct block_device *bdev;
	struct super_block *s;
	fmode_t mode = FMODE_READ | FMODE_EXCL;

	if (!(flags & SB_RDONLY))
		mode |= FMODE_WRITE;
	bdev = blkdev_get_by_path(dev_name, mode, fs_type);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	s = sget(fs_type, bdev, flags);
	if (IS_ERR(s)) {
		blkdev_put(bdev, mode);
		return PTR_ERR(s);
	}
	s->s_mode = mode;
	return fill_super(s);
}

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;
	fmode_t mode = sb->s_mode;

	blkdev_put(bdev, mode | FMODE_EXCL);
}
