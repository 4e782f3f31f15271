// Corpus: ext4: Fix warning in blkdev_put()
// Upstream: commit a42fb5a75ccc (Linux 6.5-rc1, block tree)
// Fixes: 2736e8eeb0cc ("block: use the holder as indication for exclusive opens")
// Link: https://lore.kernel.org/r/20230622165107.13687-1-jack@suse.cz
// Era: holder (6.5), kernel-fixtures/include/holder.
// Bug: ext4_blkdev_get() claims the external journal device for the
// super_block it is given (blkdev_get_by_dev(dev, ..., sb, ...)), and
// ext4_get_dev_journal() keeps the bdev in sbi->s_journal_bdev;
// ext4_blkdev_remove() puts it with sbi->s_es, the on-disk
// ext4_super_block, not sbi->s_sb: blkdev_put() warns about the holder
// mismatch and the claim is never given back.  The fix passes sbi->s_sb.
// Check: bdops-put-holder, at the put: 'struct ext4_super_block *' and
// 'struct super_block *' are pointers to different types, so provably
// different objects (SPEC, put-holder).  No finding today; the text below
// is the proposal of docs/messages.md's "another named holder".
// XFAIL: *
// # engine gap: holder identity across functions (the get's holder is the wrapper's parameter 'sb', the bdev goes through the field ext4_sb_info->s_journal_bdev to another function, whose put passes a field of another type)
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Fixed twin: ext4-blkdev-remove-holder.fixed.test.

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct ext4_super_block {
	unsigned int s_inodes_count;
	unsigned char s_journal_uuid[16];
};

struct ext4_sb_info {
	struct ext4_super_block *s_es;	/* the on-disk super block, in a buffer */
	struct super_block *s_sb;	/* the VFS super block */
	struct block_device *s_journal_bdev;
};

static inline struct ext4_sb_info *EXT4_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static struct block_device *ext4_blkdev_get(dev_t dev, struct super_block *sb)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_WRITE, sb, NULL);
	if (IS_ERR(bdev))
		return NULL;
	return bdev;
}

static void ext4_blkdev_remove(struct ext4_sb_info *sbi)
{
	struct block_device *bdev;

	bdev = sbi->s_journal_bdev;
	if (bdev) {
#ifndef FIXED
		blkdev_put(bdev, sbi->s_es);
// CHECK: ext4-blkdev-remove-holder.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes holder 'ext4_sb_info->s_es', but the matching blkdev_get_by_dev() claimed the device for 'sb' [bdops-put-holder]
// CHECK-NEXT: ext4-blkdev-remove-holder.c:[[@LINE-15]]:{{[0-9]+}}: note: blkdev_get_by_dev() claimed the device for 'sb' here
#else
		blkdev_put(bdev, sbi->s_sb);
#endif
		sbi->s_journal_bdev = NULL;
	}
}

int ext4_get_dev_journal(struct super_block *sb, dev_t j_dev)
{
	struct block_device *bdev;

	bdev = ext4_blkdev_get(j_dev, sb);
	if (bdev == NULL)
		return -EINVAL;
	EXT4_SB(sb)->s_journal_bdev = bdev;
	return 0;
}

void ext4_put_super(struct super_block *sb)
{
	ext4_blkdev_remove(EXT4_SB(sb));
}
