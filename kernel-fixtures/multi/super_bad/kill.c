// SPDX-License-Identifier: GPL-2.0
/*
 * multi/super_bad/kill.c - kill_block_super() in a file of its own,
 * rebuilding the device's mode from sb->s_flags, which a filesystem that
 * remounts itself read-only on errors (fs_error()) changes after the get
 * in super.c.
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;

	generic_shutdown_super(sb);
	sync_blockdev(bdev);
	close_bdev_exclusive(bdev, sb->s_flags & MS_RDONLY ?
				   FMODE_READ : FMODE_READ | FMODE_WRITE);
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
