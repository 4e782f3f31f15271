// bdops-file-write, file era (6.9+): a driver writes fields of a block
// device file it opened.  The block layer set f_flags and f_mode from the
// open's mode and keeps the holder in private_data; a driver's write
// breaks the claim (bdev_fput() finds another holder) or the mode the
// device was opened with.  Reported in any function, method or not; the
// same writes in the unit that implements bdev_file_open_by_*() are the
// block layer's own (block-layer-file.test).
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct cache {
	struct file *bdev_file;
	void *state;
};

int cache_attach(struct cache *ca, const char *path)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, ca, NULL);

	if (IS_ERR(f))
		return PTR_ERR(f);
	f->private_data = ca->state;
// CHECK: bdev-file-write.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'cache_attach' writes 'file->private_data' of a block device file it opened with bdev_file_open_by_path(); the block layer keeps the holder there [bdops-file-write]
// CHECK-NEXT: bdev-file-write.c:[[@LINE-6]]:{{[0-9]+}}: note: bdev_file_open_by_path() opened it here
// CHECK-NEXT: note: fix: keep the driver's data in its own structure, next to the file pointer
	ca->bdev_file = f;
	return 0;
}

/* through the field it is kept in, in another function */
void cache_set_nowait(struct cache *ca)
{
	ca->bdev_file->f_flags |= O_NONBLOCK;
// CHECK: bdev-file-write.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'cache_set_nowait' writes 'file->f_flags' of a block device file; the block layer set it from the mode of the open [bdops-file-write]
// CHECK-NEXT: note: fix: pass the mode to bdev_file_open_by_dev/path() instead (BLK_OPEN_*)
}

/* correct: the driver's state stays in the driver's structure */
int cache_attach_good(struct cache *ca, dev_t dev)
{
	struct file *f = bdev_file_open_by_dev(dev, BLK_OPEN_READ, ca, NULL);

	if (IS_ERR(f))
		return PTR_ERR(f);
	ca->bdev_file = f;
	ca->state = NULL;
	return 0;
}

// CHECK: bdops: 2 findings
