// Corpus: fs,block: yield devices early
// Upstream: commit 22650a99821d (Linux 6.9-rc3)
// Link: https://lore.kernel.org/r/20240326-vfs-bdev-end_holder-v1-1-20af85202918@kernel.org
// Era: file (6.9-rc1 .. 6.9-rc2), kernel-fixtures/include/file.
// Bug: setup_bdev_super() opens the device of a block-based file system as
// a file claimed for the super_block (holder 'sb'); kill_block_super() gives
// it back with fput(), which only drops a reference: the release, and with
// it the claim, runs later from task work.  umount returns while the device
// is still claimed for a super_block that is being freed, so an immediate
// mount or an exclusive open of the device fails with EBUSY (syzbot), and
// the holder ops can see a freed holder.  The fix added bdev_fput(), which
// yields the claim before returning, and uses it here (and in ext4, xfs,
// jfs, reiserfs, f2fs, bcachefs, romfs, cramfs).
// Check: bdops-bdev-release.  SPEC has no rule for a claimed block device
// file given back with a deferred fput(); the text below is a proposal.
// XFAIL: *
// # engine gap: deferred release (fput() of a block device file claimed for a holder gives the claim back only later, after the function and the holder's owner have gone; no rule yet)
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Fixed twin: super-kill-block-super-yield.fixed.test.

#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>

void generic_shutdown_super(struct super_block *sb);

int setup_bdev_super(struct super_block *sb, blk_mode_t mode)
{
	struct file *bdev_file;

	bdev_file = bdev_file_open_by_dev(sb->s_dev, mode, sb, NULL);
	if (IS_ERR(bdev_file))
		return PTR_ERR(bdev_file);
	sb->s_bdev_file = bdev_file;
	sb->s_bdev = file_bdev(bdev_file);
	return 0;
}

void kill_block_super(struct super_block *sb)
{
	struct block_device *bdev = sb->s_bdev;

	generic_shutdown_super(sb);
	if (bdev) {
		sync_blockdev(bdev);
#ifndef FIXED
		fput(sb->s_bdev_file);
// CHECK: super-kill-block-super-yield.c:[[@LINE-1]]:{{[0-9]+}}: warning: fput() gives back the block device file claimed for 'sb' only later; 'kill_block_super' returns with the device still claimed [bdops-bdev-release]
// CHECK-NEXT: super-kill-block-super-yield.c:[[@LINE-18]]:{{[0-9]+}}: note: bdev_file_open_by_dev() claimed it for 'sb' here
// CHECK-NEXT: super-kill-block-super-yield.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: give the claim back at once with bdev_fput()
#else
		bdev_fput(sb->s_bdev_file);
#endif
	}
}
