// SPDX-License-Identifier: GPL-2.0
/*
 * bad/kill_block_super_s_flags.c - fs/super.c's get_sb_bdev() and
 * kill_block_super() where the unmount rebuilds the mode of the device
 * reference from sb->s_flags.  A filesystem that remounts itself read-only
 * on errors (fs_error() below, as ext2_error() does with errors=remount-ro)
 * changes s_flags, so the put no longer matches the get.  get_sb_bdev()
 * even stores the right mode in sb->s_mode; kill_block_super() ignores it.
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "kill_block_super() - need to store relevant mode_t in superblock,
 *   along with reference to bdev.  Note that just looking at sb->s_flags
 *   is *not* enough - some filesystems go read-only on errors and that
 *   changes ->s_flags."
 *
 * Era: fmode_t.  Expected: the put in kill_block_super() (bdops-put-mode).
 * The puts in get_sb_bdev() use the mode of the get and are fine.
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/string.h>

static int set_bdev_super(struct super_block *s, void *data)
{
	s->s_bdev = data;
	s->s_dev = s->s_bdev->bd_dev;
	return 0;
}

static int test_bdev_super(struct super_block *s, void *data)
{
	return (void *)s->s_bdev == data;
}

int get_sb_bdev(struct file_system_type *fs_type,
	int flags, const char *dev_name, void *data,
	int (*fill_super)(struct super_block *, void *, int),
	struct vfsmount *mnt)
{
	struct block_device *bdev;
	struct super_block *s;
	fmode_t mode = FMODE_READ;
	int error = 0;

	if (!(flags & MS_RDONLY))
		mode |= FMODE_WRITE;

	bdev = open_bdev_exclusive(dev_name, mode, fs_type);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);

	s = sget(fs_type, test_bdev_super, set_bdev_super, bdev);
	if (IS_ERR(s))
		goto error_s;

	if (s->s_root) {
		if ((flags ^ s->s_flags) & MS_RDONLY) {
			deactivate_super(s);
			error = -EBUSY;
			goto error_bdev;
		}

		close_bdev_exclusive(bdev, mode);
	} else {
		char b[BDEVNAME_SIZE];

		s->s_flags = flags;
		s->s_mode = mode;
		strlcpy(s->s_id, bdevname(bdev, b), sizeof(s->s_id));
		sb_set_blocksize(s, 512);
		error = fill_super(s, data, flags & MS_SILENT ? 1 : 0);
		if (error) {
			deactivate_super(s);
			goto error;
		}

		s->s_flags |= MS_ACTIVE;
	}

	return simple_set_mnt(mnt, s);

error_s:
	error = PTR_ERR(s);
error_bdev:
	close_bdev_exclusive(bdev, mode);
error:
	return error;
}

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;

	generic_shutdown_super(sb);
	sync_blockdev(bdev);
	close_bdev_exclusive(bdev, sb->s_flags & MS_RDONLY ?
				   FMODE_READ : FMODE_READ | FMODE_WRITE);
	// CHECK: kill_block_super_s_flags.c:[[@LINE-2]]:{{[0-9]+}}: warning: close_bdev_exclusive() passes a mode computed from 'super_block->s_flags', not the mode the matching open_bdev_exclusive() took [bdops-put-mode]
	// CHECK-NEXT: kill_block_super_s_flags.c:[[@LINE-51]]:{{[0-9]+}}: note: open_bdev_exclusive() took its mode here
	// CHECK-NEXT: kill_block_super_s_flags.c:[[@LINE-4]]:{{[0-9]+}}: note: fix: pass the stored mode 'super_block->s_mode'
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
