// Reduced from fs/reiserfs/journal.c (Linux 6.1) journal_init_dev() /
// release_journal_dev(): two gets in sibling branches (blkdev_get_by_dev()
// without FMODE_EXCL when the journal is on the fs device, else
// blkdev_get_by_path()), each storing j_dev_bd and j_dev_mode = the mode it
// took; the put passes j_dev_mode.  The j_dev_mode store of one branch is
// not the mode kept for the other branch's get: no finding (the Clang
// frontend and sparse reported one, GCC did not, depending on block order).
// init_dev2() keeps FMODE_EXCL for its by_dev get of FMODE_READ|FMODE_EXCL
// (the btrfs bug) and the full mode in the sibling branch: the sibling's
// store must not hide the mismatch.
// RUN: not %check %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: reiserfs-mode-per-branch.c:[[@LINE+53]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_EXCL, but the matching blkdev_get_by_dev() took FMODE_READ|FMODE_EXCL [bdops-put-mode]
// CHECK: reiserfs-mode-per-branch.c:[[@LINE+58]]:{{[0-9]+}}: note: blkdev_get_by_dev() took FMODE_READ|FMODE_EXCL here
// CHECK: reiserfs-mode-per-branch.c:[[@LINE+51]]:{{[0-9]+}}: note: fix: pass the stored mode 'journal2->j_dev_mode'
// CHECK: bdops: 1 finding

#include "Inputs/blkdev.h"

struct super_block { dev_t s_dev; struct block_device *s_bdev; };
struct reiserfs_journal { struct block_device *j_dev_bd; fmode_t j_dev_mode; };
struct journal2 { struct block_device *j_dev_bd; fmode_t j_dev_mode; };
int bdev_read_only(struct block_device *bdev);
dev_t journal_dev(struct super_block *s);

void release_journal_dev(struct super_block *super, struct reiserfs_journal *journal)
{
	if (journal->j_dev_bd != 0) {
		blkdev_put(journal->j_dev_bd, journal->j_dev_mode);
		journal->j_dev_bd = 0;
	}
}

int journal_init_dev(struct super_block *super, struct reiserfs_journal *journal,
		     const char *jdev_name)
{
	dev_t jdev;
	fmode_t blkdev_mode = FMODE_READ | FMODE_WRITE | FMODE_EXCL;

	journal->j_dev_bd = 0;
	jdev = journal_dev(super);
	if (bdev_read_only(super->s_bdev))
		blkdev_mode = FMODE_READ;
	if (!jdev_name || !jdev_name[0]) {
		if (jdev == super->s_dev)
			blkdev_mode &= ~FMODE_EXCL;
		journal->j_dev_bd = blkdev_get_by_dev(jdev, blkdev_mode, journal);
		journal->j_dev_mode = blkdev_mode;
		if (IS_ERR(journal->j_dev_bd)) {
			journal->j_dev_bd = 0;
			return -1;
		}
		return 0;
	}
	journal->j_dev_mode = blkdev_mode;
	journal->j_dev_bd = blkdev_get_by_path(jdev_name, blkdev_mode, journal);
	if (IS_ERR(journal->j_dev_bd)) {
		journal->j_dev_bd = 0;
		return -1;
	}
	return 0;
}

void release2(struct journal2 *journal)
{
	blkdev_put(journal->j_dev_bd, journal->j_dev_mode);
}

int init_dev2(struct journal2 *journal, dev_t jdev, const char *jdev_name)
{
	if (!jdev_name) {
		journal->j_dev_bd = blkdev_get_by_dev(jdev, FMODE_READ | FMODE_EXCL, journal);
		journal->j_dev_mode = FMODE_EXCL;
		return IS_ERR(journal->j_dev_bd);
	}
	journal->j_dev_mode = FMODE_READ | FMODE_EXCL;
	journal->j_dev_bd = blkdev_get_by_path(jdev_name, FMODE_READ | FMODE_EXCL, journal);
	return IS_ERR(journal->j_dev_bd);
}
