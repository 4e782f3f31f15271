// SPDX-License-Identifier: GPL-2.0
/*
 * bad/remount_never_tells_driver.c - do_remount_sb() as fs/super.c had it
 * before the RFC: a r/o -> r/w remount flips MS_RDONLY in sb->s_flags and
 * the filesystem starts writing, but the driver still holds only the r/o
 * open it got at mount time; nothing tells it a writer arrived (nor, on
 * r/w -> r/o, that the writer left).
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "Another side of that is explicit remount from r/o to r/w and there we
 *   have a bug - we do _not_ tell the driver that something had happened.
 *   Proper fix is simple enough - bdget() + blkdev_get() for write +
 *   blkdev_put() with old mode_t (i.e. FMODE_READ) once we are done
 *   remounting (and similar for explicit remount to r/o)."
 *
 * Era: fmode_t.  Expected: nothing yet.  No bdops check covers a missing
 * get/put: every get here still has its matching put (kill_block_super()
 * uses sb->s_mode), so bdops-put-mode is silent by design.  A check for
 * "s_flags loses MS_RDONLY on a superblock with s_bdev and no blkdev_get()
 * follows" would find it; until one exists this file documents the case
 * and guards against false positives on the pre-RFC remount.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

int do_remount_sb(struct super_block *sb, int flags, void *data, int force)
{
	int retval;
	int remount_rw;

	(void)force;
	if (!(flags & MS_RDONLY) && bdev_read_only(sb->s_bdev))
		return -EACCES;
	remount_rw = !(flags & MS_RDONLY) && (sb->s_flags & MS_RDONLY);

	if (sb->s_op->remount_fs) {
		retval = sb->s_op->remount_fs(sb, &flags, data);
		if (retval)
			return retval;
	}
	sb->s_flags = (sb->s_flags & ~MS_RMT_MASK) | (flags & MS_RMT_MASK);
	if (remount_rw)
		printk(KERN_INFO "%s: remounted read-write\n", sb->s_id);
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
