// Corpus: jfs: fix log->bdev_handle null ptr deref in lbmStartIO
// Upstream: commit 6306ff39a7fc (Linux 6.7-rc1)
// Fixes: none given (the bug came with 065f3e344306 "jfs: Convert to bdev_open_by_dev()")
// Link: https://lore.kernel.org/r/20231009094557.1398920-1-lizhi.xu@windriver.com
// Era: handle (6.7), kernel-fixtures/include/handle.
// Bug: lmLogOpen() opens an external log with bdev_open_by_dev() and keeps
// the handle in log->bdev_handle, but a JFS_NOINTEGRITY mount gets a dummy
// log from open_dummy_log(): kzalloc()ed, no_integrity set, bdev_handle
// never opened (NULL).  lbmStartIO() reads log->bdev_handle->bdev for every
// log write regardless: a NULL dereference (syzbot).  The fix reads the
// handle only when !log->no_integrity.
// Check: bdops-bdev-release (the rule of issue 24 item 5): a handle used on
// a path where it was never opened - a struct field opened only when some
// option holds and used regardless.
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_handle -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

#define JFS_NOINTEGRITY 0x00000040

struct jfs_sb_info {
	unsigned int flag;
	dev_t logdev;
	struct jfs_log *log;
};

struct jfs_log {
	struct super_block *sb;
	struct bdev_handle *bdev_handle;
	int no_integrity;
	int l2bsize;
	long base;
	int size;
};

struct lbuf {
	struct jfs_log *l_log;
	long l_blkno;
};

static struct jfs_log *dummy_log;

void log_submit(struct block_device *bdev, long sector);

/* every log page write */
void lbmStartIO(struct lbuf *bp)
{
	struct jfs_log *log = bp->l_log;
#ifdef FIXED
	struct block_device *bdev = NULL;

	if (!log->no_integrity)
		bdev = log->bdev_handle->bdev;
	log_submit(bdev, bp->l_blkno << (log->l2bsize - 9));
#else
	log_submit(log->bdev_handle->bdev, bp->l_blkno << (log->l2bsize - 9));
// CHECK: jfs-log-bdev-handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from 'bdev_handle->bdev' used on a path where 'jfs_log->bdev_handle' was never opened [bdops-bdev-release]
#endif
}


static int open_dummy_log(struct super_block *sb, struct jfs_sb_info *sbi)
{
	if (!dummy_log) {
		dummy_log = kzalloc(sizeof(struct jfs_log), GFP_KERNEL);
		if (!dummy_log)
			return -ENOMEM;
		dummy_log->no_integrity = 1;
		/* Make up some stuff */
		dummy_log->base = 0;
		dummy_log->size = 1024;
	}
	sbi->log = dummy_log;
	return 0;
}

int lmLogOpen(struct super_block *sb, struct jfs_sb_info *sbi)
{
	struct bdev_handle *bdev_handle;
	struct jfs_log *log;

	if (sbi->flag & JFS_NOINTEGRITY)
		return open_dummy_log(sb, sbi);

	log = kzalloc(sizeof(struct jfs_log), GFP_KERNEL);
	if (!log)
		return -ENOMEM;

	bdev_handle = bdev_open_by_dev(sbi->logdev, BLK_OPEN_READ | BLK_OPEN_WRITE,
				       log, NULL);
// CHECK-NEXT: jfs-log-bdev-handle.c:[[@LINE-2]]:{{[0-9]+}}: note: bdev_open_by_dev() opens 'jfs_log->bdev_handle' only here
// CHECK-NEXT: note: fix: use the block device only where 'jfs_log->bdev_handle' was opened, or test it for NULL first
	if (IS_ERR(bdev_handle)) {
		kfree(log);
		return PTR_ERR(bdev_handle);
	}
	log->bdev_handle = bdev_handle;
	sbi->log = log;
	return 0;
}

void lmLogClose(struct jfs_sb_info *sbi)
{
	struct jfs_log *log = sbi->log;

	sbi->log = NULL;
	if (log->no_integrity)
		return;
	bdev_release(log->bdev_handle);
	kfree(log);
}

