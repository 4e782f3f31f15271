// bdops-bdev-release, handle era (6.7/6.8): a struct bdev_handle from
// bdev_open_by_*() is given back once with bdev_release(), never while it
// is an error pointer, and handle->bdev is not used after.  Messages and
// fix hints name the era's own calls.
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct target {
	struct bdev_handle *handle;
	struct block_device *bdev;
};

int target_open(struct target *t, const char *path)
{
	t->handle = bdev_open_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, t, NULL);
	if (IS_ERR(t->handle)) {
		bdev_release(t->handle);
// CHECK: handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: bdev_release() on the path where bdev_open_by_path() failed [bdops-bdev-release]
// CHECK-NEXT: handle.c:[[@LINE-4]]:{{[0-9]+}}: note: bdev_open_by_path() failed here
// CHECK-NEXT: note: fix: give back only a handle the open returned: when IS_ERR() is true there is nothing to bdev_release(), return PTR_ERR() instead
		return PTR_ERR(t->handle);
	}
	t->bdev = t->handle->bdev;
	return 0;
}

/* gives the handle back and leaves t->handle set, while good_close()
 * tests it for NULL and would give it back again (the field's lifetime
 * across functions) */
void target_close(struct target *t)
{
	bdev_release(t->handle);
// CHECK: handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'target_close' gives back 'target->handle' and leaves it set; 'good_close' tests it for NULL and gives it back again [bdops-bdev-release]
// CHECK-NEXT: handle.c:[[@LINE+59]]:{{[0-9]+}}: note: 'good_close' calls bdev_release() here
// CHECK-NEXT: note: fix: set 'target->handle' to NULL when it is given back
	sync_blockdev(t->bdev);
// CHECK: handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from 'bdev_handle->bdev' used after bdev_release() on this path [bdops-bdev-release]
// CHECK-NEXT: handle.c:[[@LINE-6]]:{{[0-9]+}}: note: bdev_release() here
// CHECK-NEXT: note: fix: use the block device before bdev_release(), or keep the handle open until its last use
}

int flush_once(dev_t dev, int again)
{
	struct bdev_handle *h = bdev_open_by_dev(dev, BLK_OPEN_READ, NULL, NULL);
	int err;

	if (IS_ERR(h))
		return PTR_ERR(h);
	err = sync_blockdev(h->bdev);
	bdev_release(h);
	if (again)
		bdev_release(h);
// CHECK: handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: second bdev_release() of the same bdev_handle on this path [bdops-bdev-release]
// CHECK-NEXT: handle.c:[[@LINE-4]]:{{[0-9]+}}: note: first bdev_release() here
// CHECK-NEXT: note: fix: give the handle back once: drop the second bdev_release(), or set the pointer to NULL after the first and test it
	return err;
}

/* reading handle->bdev after the handle is gone */
int late_bdev(dev_t dev)
{
	struct bdev_handle *h = bdev_open_by_dev(dev, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(h))
		return PTR_ERR(h);
	bdev_release(h);
	return bdev_read_only(h->bdev);
// CHECK: handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from 'bdev_handle->bdev' used after bdev_release() on this path [bdops-bdev-release]
// CHECK-NEXT: handle.c:[[@LINE-3]]:{{[0-9]+}}: note: bdev_release() here
// CHECK-NEXT: note: fix:
}

/* correct: the handle era's usual shapes */
int good_handle(dev_t dev, struct target *t)
{
	struct bdev_handle *h = bdev_open_by_dev(dev, BLK_OPEN_READ, t, NULL);

	if (IS_ERR(h))
		return PTR_ERR(h);
	t->handle = h;
	t->bdev = h->bdev;
	if (sync_blockdev(t->bdev)) {
		bdev_release(h);
		t->handle = NULL;
		return -EIO;
	}
	return 0;
}

void good_close(struct target *t)
{
	if (t->handle)
		bdev_release(t->handle);
	t->handle = NULL;
	t->bdev = NULL;
}

// CHECK: bdops: 5 findings
