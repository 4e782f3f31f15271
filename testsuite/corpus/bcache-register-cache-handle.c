// Corpus: bcache: Fixup error handling in register_cache()
// Upstream: commit b3856da79062 (Linux 6.7-rc1)
// Fixes: dc893f51d24a ("bcache: Convert to bdev_open_by_path()")
// Link: https://lore.kernel.org/r/20231004093757.11560-1-jack@suse.cz
// Era: handle (6.7), kernel-fixtures/include/handle.
// Bug: when cache_alloc() fails, register_cache() gives the handle back
// with bdev_release() (nothing else will: the kobject is not set up) and
// then, at its err: label, prints the error with ca->bdev_handle->bdev - the
// handle it just released (Coverity).  The fix prints before releasing and
// returns.
// Check: bdops-bdev-release, "block device from 'bdev_handle->bdev' used
// after bdev_release() on this path": the handle is read back through the
// field it was stored in.
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_handle -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct cache {
	struct bdev_handle *bdev_handle;
	struct block_device *bdev;
	int discard;
};

int cache_alloc(struct cache *ca);
int cache_kobject_add(struct cache *ca, struct block_device *bdev);
void cache_kobject_put(struct cache *ca);
const char *bdev_name(struct block_device *bdev);

int register_cache(struct bdev_handle *bdev_handle, struct cache *ca)
{
	const char *err = NULL; /* must be set for any error case */
	int ret = 0;

	ca->bdev_handle = bdev_handle;
	ca->bdev = bdev_handle->bdev;

	ret = cache_alloc(ca);
	if (ret != 0) {
#ifdef FIXED
		if (ret == -ENOMEM)
			err = "cache_alloc(): -ENOMEM";
		else if (ret == -EPERM)
			err = "cache_alloc(): cache device is too small";
		else
			err = "cache_alloc(): unknown error";
		printk(KERN_NOTICE "error %s: %s\n", bdev_name(bdev_handle->bdev), err);
#endif
		/*
		 * If we failed here, it means ca->kobj is not initialized yet,
		 * kobject_put() won't be called and there is no chance to
		 * call bdev_release() to bdev in bch_cache_release(). So
		 * we explicitly call bdev_release() here.
		 */
		bdev_release(bdev_handle);
#ifdef FIXED
		return ret;
#else
		if (ret == -ENOMEM)
			err = "cache_alloc(): -ENOMEM";
		else if (ret == -EPERM)
			err = "cache_alloc(): cache device is too small";
		else
			err = "cache_alloc(): unknown error";
		goto err;
#endif
	}

	if (cache_kobject_add(ca, bdev_handle->bdev)) {
#ifdef FIXED
		printk(KERN_NOTICE "error %s: error calling kobject_add\n",
		       bdev_name(bdev_handle->bdev));
#else
		err = "error calling kobject_add";
#endif
		ret = -ENOMEM;
		goto out;
	}
	return 0;

out:
	cache_kobject_put(ca);
#ifndef FIXED
err:
	if (err)
		printk(KERN_NOTICE "error %s: %s\n", bdev_name(ca->bdev_handle->bdev), err);
// CHECK: bcache-register-cache-handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from 'bdev_handle->bdev' used after bdev_release() on this path [bdops-bdev-release]
// CHECK-NEXT: bcache-register-cache-handle.c:60:{{[0-9]+}}: note: bdev_release() here
// CHECK-NEXT: note: fix: use the block device before bdev_release(), or keep the handle open until its last use
#endif
	return ret;
}
