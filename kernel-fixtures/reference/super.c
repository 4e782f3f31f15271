// SPDX-License-Identifier: GPL-2.0
/*
 * super.c - a userspace model of the block-device parts of fs/super.c as
 * the RFC asks for them:
 *  - get_sb_bdev() keeps the mode it opened the device with in sb->s_mode,
 *  - kill_block_super() drops the device with sb->s_mode, never with a mode
 *    rebuilt from sb->s_flags (a filesystem that goes read-only on errors
 *    changes s_flags, not the reference it holds),
 *  - do_remount_sb() tells the driver: it takes a reference with the new
 *    mode (bdget() + blkdev_get()) and drops the old one with the old mode.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "internal.h"

static struct file_system_type *file_systems;

int register_filesystem(struct file_system_type *fs)
{
	if (fs->next)
		return -EBUSY;
	INIT_LIST_HEAD(&fs->fs_supers);
	fs->next = file_systems;
	file_systems = fs;
	return 0;
}

int unregister_filesystem(struct file_system_type *fs)
{
	struct file_system_type **p;

	for (p = &file_systems; *p; p = &(*p)->next) {
		if (*p == fs) {
			*p = fs->next;
			fs->next = NULL;
			return 0;
		}
	}
	return -EINVAL;
}

struct file_system_type *get_fs_type(const char *name)
{
	struct file_system_type *fs;

	for (fs = file_systems; fs; fs = fs->next)
		if (!strcmp(fs->name, name))
			return fs;
	return NULL;
}

struct super_block *sget(struct file_system_type *type,
			int (*test)(struct super_block *, void *),
			int (*set)(struct super_block *, void *),
			void *data)
{
	struct super_block *s;
	int err;

	list_for_each_entry(s, &type->fs_supers, s_instances) {
		if (test && test(s, data)) {
			atomic_inc(&s->s_active);
			return s;
		}
	}
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&s->s_list);
	s->s_count = 1;
	atomic_set(&s->s_active, 1);
	err = set(s, data);
	if (err) {
		kfree(s);
		return ERR_PTR(err);
	}
	s->s_type = type;
	strlcpy(s->s_id, type->name, sizeof(s->s_id));
	list_add(&s->s_instances, &type->fs_supers);
	return s;
}

static void put_super(struct super_block *sb)
{
	kfree(sb);
}

void generic_shutdown_super(struct super_block *sb)
{
	const struct super_operations *sop = sb->s_op;

	if (sb->s_root) {
		if (sop && sop->put_super)
			sop->put_super(sb);
		kfree(sb->s_root);
		sb->s_root = NULL;
	}
	list_del_init(&sb->s_instances);
}

void deactivate_super(struct super_block *s)
{
	struct file_system_type *fs = s->s_type;

	if (atomic_dec_and_test(&s->s_active)) {
		fs->kill_sb(s);
		put_super(s);
	}
}

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

int simple_set_mnt(struct vfsmount *mnt, struct super_block *sb)
{
	mnt->mnt_sb = sb;
	mnt->mnt_root = sb->s_root;
	return 0;
}

int sb_set_blocksize(struct super_block *sb, int size)
{
	if (set_blocksize(sb->s_bdev, size))
		return 0;
	sb->s_blocksize = size;
	sb->s_blocksize_bits = 9;
	while ((1UL << sb->s_blocksize_bits) < sb->s_blocksize)
		sb->s_blocksize_bits++;
	return size;
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

		/* the superblock already holds the device with its own mode */
		close_bdev_exclusive(bdev, mode);
	} else {
		s->s_flags = flags;
		s->s_mode = mode;
		sb_set_blocksize(s, 512);
		error = fill_super(s, data, flags & MS_SILENT ? 1 : 0);
		if (error) {
			deactivate_super(s);
			goto error;
		}

		s->s_flags |= MS_ACTIVE;
		bdev->bd_super = s;
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
	fmode_t mode = sb->s_mode;

	bdev->bd_super = NULL;
	generic_shutdown_super(sb);
	sync_blockdev(bdev);
	close_bdev_exclusive(bdev, mode);
}

int do_remount_sb(struct super_block *sb, int flags, void *data, int force)
{
	struct block_device *bdev = NULL;
	fmode_t mode = sb->s_mode;
	int retval;

	(void)force;
	if (!(flags & MS_RDONLY) && bdev_read_only(sb->s_bdev))
		return -EACCES;

	/*
	 * r/o <-> r/w: tell the driver.  Take a reference for the new mode
	 * first, so that a driver that refuses writes can say so ...
	 */
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

	if (sb->s_op && sb->s_op->remount_fs) {
		retval = sb->s_op->remount_fs(sb, &flags, data);
		if (retval) {
			if (bdev)
				blkdev_put(bdev, mode);
			return retval;
		}
	}
	sb->s_flags = (sb->s_flags & ~MS_RMT_MASK) | (flags & MS_RMT_MASK);

	/* ... then drop the old reference with the mode it was taken with. */
	if (bdev) {
		blkdev_put(sb->s_bdev, sb->s_mode);
		sb->s_bdev = bdev;
		sb->s_mode = mode;
	}
	return 0;
}
