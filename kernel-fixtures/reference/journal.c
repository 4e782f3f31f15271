// SPDX-License-Identifier: GPL-2.0
/*
 * journal.c - reffs, a filesystem of the model with an external journal
 * device in the manner of fs/reiserfs/journal.c.  The journal may be opened
 * r/o or r/w, so the mode is kept with the reference (j_dev_mode, as the
 * RFC says: "we can store the mode_t just fine along with the reference to
 * bdev") and the put uses it.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include "internal.h"

struct reffs_journal {
	struct block_device *j_dev_bd;
	fmode_t j_dev_mode;
};

struct reffs_sb_info {
	struct reffs_journal journal;
};

static int journal_init_dev(struct super_block *super,
			    struct reffs_journal *journal,
			    const char *jdev_name)
{
	fmode_t blkdev_mode = FMODE_READ | FMODE_WRITE;
	dev_t jdev;

	journal->j_dev_bd = NULL;
	if (!jdev_name)
		return 0;
	jdev = blk_lookup_devt(jdev_name, 0);
	if (!jdev)
		return -ENOENT;

	if ((super->s_flags & MS_RDONLY) || bdev_read_only(super->s_bdev))
		blkdev_mode = FMODE_READ;

	journal->j_dev_mode = blkdev_mode;
	journal->j_dev_bd = open_by_devnum(jdev, blkdev_mode);
	if (IS_ERR(journal->j_dev_bd)) {
		int result = PTR_ERR(journal->j_dev_bd);

		journal->j_dev_bd = NULL;
		printk(KERN_WARNING "reffs: cannot init journal device '%s': %i\n",
		       jdev_name, result);
		return result;
	}
	return 0;
}

static int release_journal_dev(struct reffs_journal *journal)
{
	int result = 0;

	if (journal->j_dev_bd != NULL) {
		result = blkdev_put(journal->j_dev_bd, journal->j_dev_mode);
		journal->j_dev_bd = NULL;
	}
	return result;
}

static void reffs_put_super(struct super_block *sb)
{
	struct reffs_sb_info *sbi = sb->s_fs_info;

	release_journal_dev(&sbi->journal);
	kfree(sbi);
	sb->s_fs_info = NULL;
}

static int reffs_remount(struct super_block *sb, int *flags, char *data)
{
	struct reffs_sb_info *sbi = sb->s_fs_info;

	(void)data;
	/* a journal opened read-only cannot take a read-write mount */
	if (!(*flags & MS_RDONLY) && sbi->journal.j_dev_bd &&
	    !(sbi->journal.j_dev_mode & FMODE_WRITE))
		return -EROFS;
	return 0;
}

static const struct super_operations reffs_sops = {
	.put_super	= reffs_put_super,
	.remount_fs	= reffs_remount,
};

static int reffs_fill_super(struct super_block *sb, void *data, int silent)
{
	struct reffs_sb_info *sbi;
	int err;

	(void)silent;
	sbi = kzalloc(sizeof(*sbi), GFP_KERNEL);
	if (!sbi)
		return -ENOMEM;
	sb->s_fs_info = sbi;
	sb->s_op = &reffs_sops;
	sb->s_root = kzalloc(sizeof(struct dentry), GFP_KERNEL);
	if (!sb->s_root)
		return -ENOMEM;
	err = journal_init_dev(sb, &sbi->journal, data);
	if (err)
		return err;
	return 0;
}

static int reffs_get_sb(struct file_system_type *fs_type, int flags,
			const char *dev_name, void *data, struct vfsmount *mnt)
{
	return get_sb_bdev(fs_type, flags, dev_name, data, reffs_fill_super, mnt);
}

static struct file_system_type reffs_fs_type = {
	.name		= "reffs",
	.get_sb		= reffs_get_sb,
	.kill_sb	= kill_block_super,
	.fs_flags	= FS_REQUIRES_DEV,
};

int reffs_sb_journal_mode(struct super_block *sb)
{
	struct reffs_sb_info *sbi = sb->s_fs_info;

	if (sb->s_type != &reffs_fs_type || !sbi->journal.j_dev_bd)
		return -1;
	return (int)(__force unsigned)sbi->journal.j_dev_mode;
}

static int __init reffs_init(void)
{
	return register_filesystem(&reffs_fs_type);
}

static void __exit reffs_exit(void)
{
	unregister_filesystem(&reffs_fs_type);
}

module_init(reffs_init);
module_exit(reffs_exit);
