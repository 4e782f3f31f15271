// bdops-bdev-release, the fields' lifetime across functions: a block
// device file given back by one function that leaves the field set, while
// another function tests the field for NULL and gives it back - the stale
// pointer is given back again (btrfs aec8e6bf8391 in the corpus).  Clearing
// the field, freeing the object, or a caller that clears it are correct.
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct rdev {
	struct file *bdev_file;
	struct block_device *bdev;
	int flags;
};

int rdev_open(struct rdev *r, dev_t dev)
{
	struct file *f = bdev_file_open_by_dev(dev, BLK_OPEN_READ, r, NULL);

	if (IS_ERR(f))
		return PTR_ERR(f);
	r->bdev_file = f;
	r->bdev = file_bdev(f);
	return 0;
}

/* the one that tests it */
void rdev_free_extra(struct rdev *r)
{
	if (r->bdev_file) {
		fput(r->bdev_file);
		r->bdev_file = NULL;
		r->bdev = NULL;
	}
}

/* bad: gives it back, clears only the block_device */
void rdev_close(struct rdev *r)
{
	fput(r->bdev_file);
// CHECK: field-left-set.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'rdev_close' gives back 'rdev->bdev_file' and leaves it set; 'rdev_free_extra' tests it for NULL and gives it back again [bdops-bdev-release]
// CHECK-NEXT: field-left-set.c:[[@LINE-11]]:{{[0-9]+}}: note: 'rdev_free_extra' calls fput() here
// CHECK-NEXT: note: fix: set 'rdev->bdev_file' to NULL when it is given back
	r->bdev = NULL;
}

/* bad, through a helper: the caller is judged (it sees the field through
 * the helper's summary), with a note at the helper's release */
static void rdev_put_file(struct rdev *r)
{
	bdev_fput(r->bdev_file);
}

void rdev_kick(struct rdev *r)
{
	r->flags = 0;
	rdev_put_file(r);
// CHECK: field-left-set.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'rdev_kick' gives back 'rdev->bdev_file' and leaves it set; 'rdev_free_extra' tests it for NULL and gives it back again [bdops-bdev-release]
// CHECK-NEXT: field-left-set.c:[[@LINE-8]]:{{[0-9]+}}: note: 'rdev_put_file' calls bdev_fput() here
// CHECK-NEXT: field-left-set.c:[[@LINE-29]]:{{[0-9]+}}: note: 'rdev_free_extra' calls fput() here
// CHECK-NEXT: note: fix: set 'rdev->bdev_file' to NULL when it is given back
}

/* correct: cleared with the release */
void rdev_close_clear(struct rdev *r)
{
	fput(r->bdev_file);
	r->bdev_file = NULL;
	r->bdev = NULL;
}

/* correct: the helper's caller clears it */
void rdev_close_helper(struct rdev *r)
{
	rdev_put_file(r);
	r->bdev_file = NULL;
}

/* correct: the object goes with it */
void rdev_destroy(struct rdev *r)
{
	fput(r->bdev_file);
	kfree(r);
}

/* correct: released only when the block_device kept beside it is set,
 * and the caller clears both then */
static void rdev_close_bdev(struct rdev *r)
{
	if (!r->bdev)
		return;
	fput(r->bdev_file);
}

void rdev_close_one(struct rdev *r)
{
	rdev_close_bdev(r);
	if (r->bdev) {
		r->bdev = NULL;
		r->bdev_file = NULL;
	}
}

// CHECK: bdops: 2 findings
