// bdops-bdev-release, file era (6.9+): a block device file from
// bdev_file_open_by_*() given back on the path where the open failed, twice
// on one path, or its block_device used after it was given back - through
// locals, branches, error paths and the error-pointer spellings of
// linux/err.h (IS_ERR, IS_ERR_OR_NULL, PTR_ERR_OR_ZERO).
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>

int put_failed(const char *path, void *holder)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, holder, NULL);

	if (IS_ERR(f)) {
		fput(f);
// CHECK: file-paths.c:[[@LINE-1]]:{{[0-9]+}}: warning: fput() on the path where bdev_file_open_by_path() failed [bdops-bdev-release]
// CHECK-NEXT: file-paths.c:[[@LINE-5]]:{{[0-9]+}}: note: bdev_file_open_by_path() failed here
// CHECK-NEXT: note: fix: give back only a file the open returned: when IS_ERR() is true there is nothing to fput(), return PTR_ERR() instead
		return PTR_ERR(f);
	}
	fput(f);
	return 0;
}

/* the failure known through a local error code */
int put_failed_or_zero(dev_t dev, void *holder)
{
	struct file *f;
	int err;

	f = bdev_file_open_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_WRITE, holder, NULL);
	err = PTR_ERR_OR_ZERO(f);
	if (err)
		goto out;
	sync_blockdev(file_bdev(f));
out:
	bdev_fput(f);
// CHECK: file-paths.c:[[@LINE-1]]:{{[0-9]+}}: warning: bdev_fput() on the path where bdev_file_open_by_dev() failed [bdops-bdev-release]
// CHECK-NEXT: file-paths.c:[[@LINE-8]]:{{[0-9]+}}: note: bdev_file_open_by_dev() failed here
// CHECK-NEXT: note: fix: give back only a file the open returned
	return err;
}

/* IS_ERR_OR_NULL on the way in: the error side */
void put_error_or_null(const char *path)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR_OR_NULL(f))
		bdev_fput(f);
// CHECK: file-paths.c:[[@LINE-1]]:{{[0-9]+}}: warning: bdev_fput() on the path where bdev_file_open_by_path() failed [bdops-bdev-release]
// CHECK-NEXT: file-paths.c:[[@LINE-5]]:{{[0-9]+}}: note: bdev_file_open_by_path() failed here
// CHECK-NEXT: note: fix:
	else
		bdev_fput(f);
}

int put_twice(const char *path, int flush)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(f))
		return PTR_ERR(f);
	if (flush)
		fput(f);
	fput(f);
// CHECK: file-paths.c:[[@LINE-1]]:{{[0-9]+}}: warning: second fput() of the same block device file on this path [bdops-bdev-release]
// CHECK-NEXT: file-paths.c:[[@LINE-3]]:{{[0-9]+}}: note: first fput() here
// CHECK-NEXT: note: fix: give the file back once: drop the second release, or set the pointer to NULL after the first and test it
	return 0;
}

/* fput() then bdev_fput() of the same file, through a copy */
void put_twice_copy(dev_t dev, void *holder)
{
	struct file *f = bdev_file_open_by_dev(dev, BLK_OPEN_READ, holder, NULL);
	struct file *g;

	if (IS_ERR(f))
		return;
	g = f;
	fput(f);
	bdev_fput(g);
// CHECK: file-paths.c:[[@LINE-1]]:{{[0-9]+}}: warning: second bdev_fput() of the same block device file on this path [bdops-bdev-release]
// CHECK-NEXT: file-paths.c:[[@LINE-3]]:{{[0-9]+}}: note: first fput() here
// CHECK-NEXT: note: fix:
}

int use_after(const char *path)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, NULL, NULL);
	struct block_device *bdev;

	if (IS_ERR(f))
		return PTR_ERR(f);
	bdev = file_bdev(f);
	fput(f);
	return sync_blockdev(bdev);
// CHECK: file-paths.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from file_bdev() used after fput() on this path [bdops-bdev-release]
// CHECK-NEXT: file-paths.c:[[@LINE-3]]:{{[0-9]+}}: note: fput() here
// CHECK-NEXT: note: fix: use the block device before the file is given back, or keep the file open until its last use
}

/* file_bdev() of a file already given back */
bool ro_after(const char *path)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(f))
		return false;
	bdev_fput(f);
	return bdev_read_only(file_bdev(f));
// CHECK: file-paths.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from file_bdev() used after bdev_fput() on this path [bdops-bdev-release]
// CHECK-NEXT: file-paths.c:[[@LINE-3]]:{{[0-9]+}}: note: bdev_fput() here
// CHECK-NEXT: note: fix:
}

// CHECK: bdops: 7 findings
