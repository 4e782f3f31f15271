// Corpus: reiserfs: fix blkdev_put() warning from release_journal_dev()
// Upstream: commit c576c4bf9ecf (Linux 6.5-rc1)
// Fixes: 2736e8eeb0cc ("block: use the holder as indication for exclusive opens")
// Link: https://lore.kernel.org/r/20230620111322.1014775-1-yukuai1@huaweicloud.com
// Era: holder (6.5), kernel-fixtures/include/holder.
// Bug: journal_init_dev() opens the journal device with the journal as
// holder, except when the journal lives on the filesystem's own device
// (jdev == super->s_dev): then the holder is NULL, a shared open.
// release_journal_dev() puts with the journal unconditionally, so for an
// internal journal blkdev_put() gives back a claim that was never taken
// (WARN in bd_end_claim, syzbot).  The fix chooses the holder at the put by
// the same condition.
// Check: bdops-put-holder, at the put: the holder was chosen by a condition
// at the get that the put does not repeat.  Proposed: the existing message,
// a note at the condition, and a text fix (no one holder is right).
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_holder -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct reiserfs_journal {
	struct block_device *j_dev_bd;
	unsigned int j_trans_max;
};

void release_journal_dev(struct super_block *super, struct reiserfs_journal *journal)
{
	if (journal->j_dev_bd != NULL) {
#ifndef FIXED
		blkdev_put(journal->j_dev_bd, journal);
// CHECK: reiserfs-journal-holder.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes holder 'journal', but the matching blkdev_get_by_dev() took a NULL holder [bdops-put-holder]
#else
		void *holder = NULL;

		if (journal->j_dev_bd->bd_dev != super->s_dev)
			holder = journal;

		blkdev_put(journal->j_dev_bd, holder);
#endif
		journal->j_dev_bd = NULL;
	}
}

int journal_init_dev(struct super_block *super, struct reiserfs_journal *journal,
		     const char *jdev_name, dev_t ondisk_jdev)
{
	blk_mode_t blkdev_mode = BLK_OPEN_READ;
	void *holder = journal;
	int result = 0;
	dev_t jdev;

	journal->j_dev_bd = NULL;
	jdev = ondisk_jdev ? ondisk_jdev : super->s_dev;

	if (!bdev_read_only(super->s_bdev))
		blkdev_mode |= BLK_OPEN_WRITE;

	/* there is no "jdev" option and journal is on separate device */
	if (!jdev_name || !jdev_name[0]) {
		if (jdev == super->s_dev)
			holder = NULL;
		journal->j_dev_bd = blkdev_get_by_dev(jdev, blkdev_mode, holder, NULL);
// CHECK-NEXT: reiserfs-journal-holder.c:[[@LINE-1]]:{{[0-9]+}}: note: blkdev_get_by_dev() took a NULL holder here
// CHECK-NEXT: reiserfs-journal-holder.c:[[@LINE-4]]:{{[0-9]+}}: note: on the path where this condition chooses NULL
// CHECK-NEXT: note: fix: keep the holder the get took (NULL or 'journal') and pass it
		if (IS_ERR(journal->j_dev_bd)) {
			result = PTR_ERR(journal->j_dev_bd);
			journal->j_dev_bd = NULL;
			return result;
		} else if (jdev != super->s_dev)
			set_blocksize(journal->j_dev_bd, super->s_blocksize);
		return 0;
	}

	journal->j_dev_bd = blkdev_get_by_path(jdev_name, blkdev_mode, holder, NULL);
	if (IS_ERR(journal->j_dev_bd)) {
		result = PTR_ERR(journal->j_dev_bd);
		journal->j_dev_bd = NULL;
		return result;
	}
	set_blocksize(journal->j_dev_bd, super->s_blocksize);
	return 0;
}
