// bdops-bdev-release speaks the era's own names even when the unit never
// opens the object it gives back (a field of a parameter, filled in by
// another unit): the place's type says whether it holds a block device
// file (6.9+) or a bdev_handle (6.7/6.8).
// RUN: not %check %s -- %kflags_file -DFILE_ERA 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --check-prefix=HANDLE --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

#ifdef FILE_ERA
#include <linux/file.h>

struct dev {
	struct file *f;
	int busy;
};

void dev_close(struct dev *d)
{
	bdev_fput(d->f);
	sync_blockdev(file_bdev(d->f));
// FILE: era-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from file_bdev() used after bdev_fput() on this path [bdops-bdev-release]
// FILE-NEXT: note: bdev_fput() here
// FILE-NEXT: note: fix: use the block device before the file is given back, or keep the file open until its last use
}

void dev_drop(struct dev *d)
{
	bdev_fput(d->f);
	if (d->busy)
		fput(d->f);
// FILE: era-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: second fput() of the same block device file on this path [bdops-bdev-release]
// FILE-NEXT: note: first bdev_fput() here
// FILE-NEXT: note: fix: give the file back once: drop the second release, or set the pointer to NULL after the first and test it
}
// FILE: bdops: 2 findings
#else
struct dev {
	struct bdev_handle *h;
	int busy;
};

void dev_close(struct dev *d)
{
	bdev_release(d->h);
	sync_blockdev(d->h->bdev);
// HANDLE: era-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from 'bdev_handle->bdev' used after bdev_release() on this path [bdops-bdev-release]
// HANDLE-NEXT: note: bdev_release() here
// HANDLE-NEXT: note: fix: use the block device before bdev_release(), or keep the handle open until its last use
}

void dev_drop(struct dev *d)
{
	bdev_release(d->h);
	if (d->busy)
		bdev_release(d->h);
// HANDLE: era-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: second bdev_release() of the same bdev_handle on this path [bdops-bdev-release]
// HANDLE-NEXT: note: first bdev_release() here
// HANDLE-NEXT: note: fix: give the handle back once: drop the second bdev_release(), or set the pointer to NULL after the first and test it
}
// HANDLE: bdops: 2 findings
#endif
