// SPDX-License-Identifier: GPL-2.0
/*
 * users.c - two users of the handle era's block device handles (6.8
 * shapes):
 *
 *  - a filesystem (fs/super.c): the mount opens its device for the
 *    filesystem type, keeps the handle in sb->s_bdev_handle and its
 *    block_device in sb->s_bdev; kill_block_super() syncs the device and
 *    gives the handle back with bdev_release();
 *  - an md-like array member (drivers/md/md.c): opened read-write with
 *    the member as holder, falling back to read-only on read-only media,
 *    the handle kept in m->bdev_handle and its block_device beside it in
 *    m->bdev (m->bdev = m->bdev_handle->bdev); removed with bdev_release().
 * Every error path gives back only what was opened, once, and uses no
 * block_device after its handle is given back.
 */
// RUN: %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check --strict %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>
#include "../harness/omodel.h"

#define MAX_MOUNTS	4
#define MAX_MEMBERS	4

static struct file_system_type handlefs_type = {
	.name = "handlefs",
	.fs_flags = FS_REQUIRES_DEV,
};

static struct super_block *mounts[MAX_MOUNTS];

static int get_tree_bdev(const char *source, int ro, struct super_block **out)
{
	blk_mode_t mode = ro ? BLK_OPEN_READ : BLK_OPEN_READ | BLK_OPEN_WRITE;
	struct super_block *sb = kzalloc(sizeof(*sb), GFP_KERNEL);
	int err;

	if (!sb)
		return -ENOMEM;
	sb->s_type = &handlefs_type;
	sb->s_bdev_handle = bdev_open_by_path(source, mode, sb->s_type, NULL);
	if (IS_ERR(sb->s_bdev_handle)) {
		err = PTR_ERR(sb->s_bdev_handle);
		kfree(sb);
		return err;
	}
	sb->s_bdev = sb->s_bdev_handle->bdev;
	err = set_blocksize(sb->s_bdev, 512);
	if (err) {
		bdev_release(sb->s_bdev_handle);
		kfree(sb);
		return err;
	}
	*out = sb;
	return 0;
}

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;

	if (bdev) {
		sync_blockdev(bdev);
		bdev_release(sb->s_bdev_handle);
	}
	kfree(sb);
}

int omodel_mount(const char *name, int ro)
{
	struct super_block *sb = NULL;
	int ret;

	for (int i = 0; i < MAX_MOUNTS; i++) {
		if (mounts[i])
			continue;
		ret = get_tree_bdev(name, ro, &sb);
		if (ret)
			return ret;
		mounts[i] = sb;
		return i;
	}
	return -EBUSY;
}

void omodel_umount(int mnt)
{
	if (mnt < 0 || mnt >= MAX_MOUNTS || !mounts[mnt])
		return;
	kill_block_super(mounts[mnt]);
	mounts[mnt] = NULL;
}

struct member {
	struct bdev_handle *bdev_handle;
	struct block_device *bdev;
	int ro;
};

static struct member *members[MAX_MEMBERS];

static const struct blk_holder_ops member_holder_ops;

static struct member *member_import(dev_t dev)
{
	struct member *m = kzalloc(sizeof(*m), GFP_KERNEL);
	int err;

	if (!m)
		return ERR_PTR(-ENOMEM);
	m->bdev_handle = bdev_open_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_WRITE, m,
					     &member_holder_ops);
	if (IS_ERR(m->bdev_handle) && PTR_ERR(m->bdev_handle) == -EROFS) {
		m->ro = 1;
		m->bdev_handle = bdev_open_by_dev(dev, BLK_OPEN_READ, m, &member_holder_ops);
	}
	if (IS_ERR(m->bdev_handle)) {
		err = PTR_ERR(m->bdev_handle);
		goto out_free;
	}
	m->bdev = m->bdev_handle->bdev;
	err = sync_blockdev(m->bdev);
	if (err)
		goto out_put;
	return m;
out_put:
	bdev_release(m->bdev_handle);
out_free:
	kfree(m);
	return ERR_PTR(err);
}

static void member_export(struct member *m)
{
	sync_blockdev(m->bdev);
	bdev_release(m->bdev_handle);
	m->bdev = NULL;
	kfree(m);
}

int omodel_member_add(const char *name)
{
	struct member *m;
	dev_t dev;
	int err = lookup_bdev(name, &dev);

	if (err)
		return err;
	for (int i = 0; i < MAX_MEMBERS; i++) {
		if (members[i])
			continue;
		m = member_import(dev);
		if (IS_ERR(m))
			return PTR_ERR(m);
		members[i] = m;
		return i;
	}
	return -EBUSY;
}

int omodel_member_ro(int i)
{
	return i >= 0 && i < MAX_MEMBERS && members[i] ? members[i]->ro : -EINVAL;
}

int omodel_member_sync(int i)
{
	if (i < 0 || i >= MAX_MEMBERS || !members[i])
		return -EINVAL;
	return sync_blockdev(members[i]->bdev);
}

void omodel_member_remove(int i)
{
	if (i < 0 || i >= MAX_MEMBERS || !members[i])
		return;
	member_export(members[i]);
	members[i] = NULL;
}
