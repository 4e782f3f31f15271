// bdops-bdev-release, the fields' lifetime across functions (issue 24
// item 5): a block device file kept in a struct field that the unit opens
// only when an option holds, and tests elsewhere before giving it back.
// A use that tests nothing - file_bdev(), a release - is on a path where
// the field may never have been opened (jfs 6306ff39a7fc, erofs
// 8bd90b6ae785 in the corpus are the handle era's).  Tested uses, uses in
// a function only called under the test, and uses under the option's own
// field are correct.
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>

#define OPT_EXTLOG	0x1

struct jsb {
	unsigned int opts;
};

struct jlog {
	struct file *log_file;
	int external;
};

int jlog_open(struct jsb *sb, struct jlog *j, const char *path)
{
	struct file *f;

	if (!(sb->opts & OPT_EXTLOG))
		return 0;		/* no external log: log_file stays NULL */
	f = bdev_file_open_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, j, NULL);
	if (IS_ERR(f))
		return PTR_ERR(f);
	j->log_file = f;
	j->external = 1;
	return 0;
}

void jlog_close(struct jlog *j)
{
	if (j->log_file)
		fput(j->log_file);
	j->log_file = NULL;
}

/* every log write, external log or not */
int jlog_flush(struct jlog *j)
{
	return sync_blockdev(file_bdev(j->log_file));
// CHECK: field-never-opened.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from file_bdev() used on a path where 'jlog->log_file' was never opened [bdops-bdev-release]
// CHECK-NEXT: field-never-opened.c:[[@LINE-20]]:{{[0-9]+}}: note: bdev_file_open_by_path() opens 'jlog->log_file' only here
// CHECK-NEXT: note: fix: use the block device only where 'jlog->log_file' was opened, or test it for NULL first
}

/* given back without the test the close has */
void jlog_drop(struct jlog *j)
{
	bdev_fput(j->log_file);
// CHECK: field-never-opened.c:[[@LINE-1]]:{{[0-9]+}}: warning: bdev_fput() of 'jlog->log_file' on a path where it was never opened [bdops-bdev-release]
// CHECK-NEXT: field-never-opened.c:[[@LINE-29]]:{{[0-9]+}}: note: bdev_file_open_by_path() opens 'jlog->log_file' only here
// CHECK-NEXT: note: fix: give it back only where it was opened, or test it for NULL first
	j->log_file = NULL;
}

/* correct: tested first */
int jlog_flush_tested(struct jlog *j)
{
	if (!j->log_file)
		return 0;
	return sync_blockdev(file_bdev(j->log_file));
}

/* correct: tested in a conditional expression */
struct block_device *jlog_bdev(struct jlog *j)
{
	return j->log_file ? file_bdev(j->log_file) : NULL;
}

/* correct: only called where the caller tested it */
static int jlog_write(struct jlog *j)
{
	return sync_blockdev(file_bdev(j->log_file));
}

int jlog_sync(struct jlog *j)
{
	if (j->log_file)
		return jlog_write(j);
	return 0;
}

/* correct: the function opened it on this path */
int jlog_reopen(struct jsb *sb, struct jlog *j, const char *path)
{
	if (!(sb->opts & OPT_EXTLOG))
		return 0;
	j->log_file = bdev_file_open_by_path(path, BLK_OPEN_READ, j, NULL);
	if (IS_ERR(j->log_file)) {
		j->log_file = NULL;
		return -EIO;
	}
	return sync_blockdev(file_bdev(j->log_file));
}

// CHECK: bdops: 2 findings
