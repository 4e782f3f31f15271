// SPDX-License-Identifier: GPL-2.0
/*
 * bad/journal_mode_not_kept.c - a reiserfs-style external journal device
 * (fs/reiserfs/journal.c journal_init_dev / release_journal_dev): the
 * journal is opened r/o when the filesystem's device is read-only and r/w
 * otherwise, but the mode is not kept with the reference, and the release
 * puts it as r/w.
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "we have reiserfs journal that could've been opened r/o or r/w.
 *   BFD - we can store the mode_t just fine along with the reference to
 *   bdev."
 *
 * Era: fmode_t.  Expected: the put in release_journal_dev()
 * (bdops-put-mode), against the r/o open.
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct reiserfs_journal {
	struct block_device *j_dev_bd;
	int j_errno;
	unsigned long j_state;
};

struct reiserfs_sb_info {
	struct reiserfs_journal *s_journal;
	dev_t s_jdev;			/* from the "jdev=" mount option, or 0 */
};

static int journal_init_dev(struct super_block *super,
			    struct reiserfs_journal *journal,
			    dev_t jdev)
{
	int result;
	fmode_t blkdev_mode = FMODE_READ | FMODE_WRITE;
	char b[BDEVNAME_SIZE];

	result = 0;

	journal->j_dev_bd = NULL;
	if (!jdev)
		jdev = super->s_dev;

	if (bdev_read_only(super->s_bdev))
		blkdev_mode = FMODE_READ;

	journal->j_dev_bd = open_by_devnum(jdev, blkdev_mode);
	if (IS_ERR(journal->j_dev_bd)) {
		result = PTR_ERR(journal->j_dev_bd);
		journal->j_dev_bd = NULL;
		printk(KERN_WARNING "sh-458: journal_init_dev: "
		       "cannot init journal device '%s': %i\n",
		       __bdevname(jdev, b), result);
		return result;
	} else if (jdev != super->s_dev)
		set_blocksize(journal->j_dev_bd, super->s_blocksize);

	return 0;
}

static int release_journal_dev(struct super_block *super __always_unused,
			       struct reiserfs_journal *journal)
{
	int result = 0;

	if (journal->j_dev_bd != NULL) {
		result = blkdev_put(journal->j_dev_bd, FMODE_READ | FMODE_WRITE);
		// CHECK: journal_mode_not_kept.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_WRITE, but the matching open_by_devnum() took FMODE_READ [bdops-put-mode]
		// CHECK-NEXT: journal_mode_not_kept.c:[[@LINE-22]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ here
		// CHECK-NEXT: journal_mode_not_kept.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: keep the mode the get took (FMODE_READ or FMODE_READ|FMODE_WRITE) and pass it
		journal->j_dev_bd = NULL;
	}

	if (result != 0)
		printk(KERN_WARNING "sh-457: release_journal_dev: Cannot release journal device: %i\n",
		       result);
	return result;
}

int journal_init(struct super_block *sb);
int journal_init(struct super_block *sb)
{
	struct reiserfs_sb_info *sbi = sb->s_fs_info;
	struct reiserfs_journal *journal;
	int ret;

	journal = kzalloc(sizeof(struct reiserfs_journal), GFP_KERNEL);
	if (!journal)
		return -ENOMEM;
	sbi->s_journal = journal;
	ret = journal_init_dev(sb, journal, sbi->s_jdev);
	if (ret) {
		kfree(journal);
		sbi->s_journal = NULL;
	}
	return ret;
}

int journal_release(struct super_block *sb);
int journal_release(struct super_block *sb)
{
	struct reiserfs_sb_info *sbi = sb->s_fs_info;

	release_journal_dev(sb, sbi->s_journal);
	kfree(sbi->s_journal);
	sbi->s_journal = NULL;
	return 0;
}
