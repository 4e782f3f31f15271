// SPDX-License-Identifier: GPL-2.0
/*
 * good/remount_never_tells_driver.c - do_remount_sb() as the RFC proposes:
 * on a r/o <-> r/w change, bdget() + blkdev_get() with the new mode (the
 * driver's ->open() sees the writer come, and may refuse), then
 * blkdev_put() of the old reference with the old mode, sb->s_mode.  The
 * superblock keeps the new reference and its mode for kill_block_super().
 *
 * Note for checkers: blkdev_get(bdev, mode) and blkdev_put(sb->s_bdev,
 * sb->s_mode) here are two different references to one device.  The put
 * is matched by the stored mode, not to the get above it.
 *
 * Twin of bad/remount_never_tells_driver.c.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

int do_remount_sb(struct super_block *sb, int flags, void *data, int force)
{
	struct block_device *bdev = NULL;
	fmode_t mode = sb->s_mode;
	int retval;

	(void)force;
	if (!(flags & MS_RDONLY) && bdev_read_only(sb->s_bdev))
		return -EACCES;

	if (sb->s_bdev && ((flags ^ sb->s_flags) & MS_RDONLY)) {
		mode = FMODE_READ;
		if (!(flags & MS_RDONLY))
			mode |= FMODE_WRITE;
		bdev = bdget(sb->s_bdev->bd_dev);
		if (!bdev)
			return -ENOMEM;
		retval = blkdev_get(bdev, mode);
		if (retval)
			return retval;
	}

	if (sb->s_op->remount_fs) {
		retval = sb->s_op->remount_fs(sb, &flags, data);
		if (retval) {
			if (bdev)
				blkdev_put(bdev, mode);
			return retval;
		}
	}
	sb->s_flags = (sb->s_flags & ~MS_RMT_MASK) | (flags & MS_RMT_MASK);

	if (bdev) {
		blkdev_put(sb->s_bdev, sb->s_mode);
		sb->s_bdev = bdev;
		sb->s_mode = mode;
	}
	return 0;
}

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;
	fmode_t mode = sb->s_mode;

	generic_shutdown_super(sb);
	sync_blockdev(bdev);
	close_bdev_exclusive(bdev, mode);
}
