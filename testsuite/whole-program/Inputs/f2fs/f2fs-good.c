// SPDX-License-Identifier: GPL-2.0
/*
 * The correct twin of f2fs.c: devices put with the mode they were got with.
 * multi-device mount are got with the superblock's mode (sb->s_mode, set
 * only by fs/super.c) and all put with the bare FMODE_EXCL, dropping
 * FMODE_READ and FMODE_WRITE: which of mount_bdev()'s values s_mode holds
 * is not known here, but FMODE_EXCL is none of them.
 */
#include "fs.h"

struct f2fs_dev_info {
	struct block_device *bdev;
	char path[64];
};

struct f2fs_sb_info {
	struct super_block *sb;
	struct f2fs_dev_info *devs;
	int s_ndevs;
};

#define FDEV(i) (sbi->devs[i])

int f2fs_scan_devices(struct f2fs_sb_info *sbi, int max_devices)
{
	int i;

	for (i = 0; i < max_devices; i++) {
		if (max_devices == 1)
			FDEV(0).bdev = blkdev_get_by_dev(sbi->sb->s_bdev->bd_dev,
					sbi->sb->s_mode, sbi->sb->s_type);
		else
			FDEV(i).bdev = blkdev_get_by_path(FDEV(i).path,
					sbi->sb->s_mode, sbi->sb->s_type);
		if (IS_ERR(FDEV(i).bdev))
			return PTR_ERR(FDEV(i).bdev);
		sbi->s_ndevs = i + 1;
	}
	return 0;
}

void destroy_device_list(struct f2fs_sb_info *sbi)
{
	int i;

	for (i = 0; i < sbi->s_ndevs; i++)
		blkdev_put(FDEV(i).bdev, sbi->sb->s_mode);
}
