// SPDX-License-Identifier: GPL-2.0
/*
 * multi/super_good/kill.c - kill_block_super() as 2.6.28 has it, in a file
 * of its own: the device is dropped with sb->s_mode, the mode get_sb_bdev()
 * (super.c) opened it with, whatever fs_error() did to sb->s_flags since.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;
	fmode_t mode = sb->s_mode;

	generic_shutdown_super(sb);
	sync_blockdev(bdev);
	close_bdev_exclusive(bdev, mode);
}

/* errors=remount-ro: what a filesystem does on a corrupted block */
void fs_error(struct super_block *sb, const char *function);
void fs_error(struct super_block *sb, const char *function)
{
	printk(KERN_CRIT "error (device %s): %s\n", sb->s_id, function);
	if (!(sb->s_flags & MS_RDONLY)) {
		printk(KERN_CRIT "Remounting filesystem read-only\n");
		sb->s_flags |= MS_RDONLY;
	}
}
