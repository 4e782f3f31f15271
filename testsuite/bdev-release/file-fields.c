// bdops-bdev-release, file era: a block device file kept in a struct field
// or a global and given back elsewhere - by a helper of the unit, whose
// summary says what it gives back - and the block_device kept beside it
// (rdev->bdev = file_bdev(rdev->bdev_file), as md does).
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct member {
	struct file *bdev_file;
	struct block_device *bdev;
	int flags;
};

static void member_close(struct member *m)
{
	fput(m->bdev_file);
}

/* the helper gives back the error pointer the open stored */
int member_open(struct member *m, dev_t dev)
{
	m->bdev_file = bdev_file_open_by_dev(dev, BLK_OPEN_READ | BLK_OPEN_WRITE, m, NULL);
	if (IS_ERR(m->bdev_file)) {
		member_close(m);
// CHECK: file-fields.c:[[@LINE-1]]:{{[0-9]+}}: warning: member_close() on the path where bdev_file_open_by_dev() failed [bdops-bdev-release]
// CHECK-NEXT: file-fields.c:[[@LINE-4]]:{{[0-9]+}}: note: bdev_file_open_by_dev() failed here
// CHECK-NEXT: file-fields.c:[[@LINE-11]]:{{[0-9]+}}: note: 'member_close' calls fput() here
// CHECK-NEXT: note: fix: give back only a file the open returned
		return PTR_ERR(m->bdev_file);
	}
	m->bdev = file_bdev(m->bdev_file);
	return 0;
}

/* given back by the helper, then used through the field kept beside it */
void member_remove(struct member *m)
{
	member_close(m);
	sync_blockdev(m->bdev);
// CHECK: file-fields.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from file_bdev() used after member_close() on this path [bdops-bdev-release]
// CHECK-NEXT: file-fields.c:[[@LINE-3]]:{{[0-9]+}}: note: member_close() here
// CHECK-NEXT: note: fix: use the block device before the file is given back
	kfree(m);
}

/* the helper, then the field itself: twice */
void member_remove_twice(struct member *m)
{
	member_close(m);
	if (m->flags)
		bdev_fput(m->bdev_file);
// CHECK: file-fields.c:[[@LINE-1]]:{{[0-9]+}}: warning: second bdev_fput() of the same block device file on this path [bdops-bdev-release]
// CHECK-NEXT: file-fields.c:[[@LINE-4]]:{{[0-9]+}}: note: first member_close() here
// CHECK-NEXT: note: fix: give the file back once
}

/* a global, as kernel/power/swap.c keeps its resume device */
static struct file *resume_file;

int resume_open(dev_t dev, void *holder)
{
	resume_file = bdev_file_open_by_dev(dev, BLK_OPEN_READ, holder, NULL);
	if (IS_ERR(resume_file))
		return PTR_ERR(resume_file);
	return 0;
}

void resume_close(int twice)
{
	fput(resume_file);
	if (twice)
		fput(resume_file);
// CHECK: file-fields.c:[[@LINE-1]]:{{[0-9]+}}: warning: second fput() of the same block device file on this path [bdops-bdev-release]
// CHECK-NEXT: file-fields.c:[[@LINE-4]]:{{[0-9]+}}: note: first fput() here
// CHECK-NEXT: note: fix: give the file back once
}

/* a wrapper that returns what it opened (or an error pointer) */
static struct file *open_member(dev_t dev, void *holder)
{
	struct file *f = bdev_file_open_by_dev(dev, BLK_OPEN_READ, holder, NULL);

	if (IS_ERR(f))
		printk(KERN_ERR "cannot open %u\n", dev);
	return f;
}

int probe(dev_t dev, struct member *m)
{
	struct file *f = open_member(dev, m);

	if (IS_ERR(f)) {
		bdev_fput(f);
// CHECK: file-fields.c:[[@LINE-1]]:{{[0-9]+}}: warning: bdev_fput() on the path where bdev_file_open_by_dev() failed [bdops-bdev-release]
// CHECK-NEXT: file-fields.c:[[@LINE-5]]:{{[0-9]+}}: note: bdev_file_open_by_dev() failed here
// CHECK-NEXT: note: fix:
		return PTR_ERR(f);
	}
	m->bdev_file = f;
	return 0;
}

// CHECK: bdops: 5 findings
