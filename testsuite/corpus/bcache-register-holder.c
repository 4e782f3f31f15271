// Corpus: bcache: Fix bcache device claiming
// Upstream: commit 2c5555983bd2 (Linux 6.5-rc1)
// Fixes: 2736e8eeb0cc ("block: use the holder as indication for exclusive opens")
// Link: https://lore.kernel.org/r/20230622164658.12861-2-jack@suse.cz
// Era: holder (6.5), kernel-fixtures/include/holder.
// Bug: register_bcache() claims the device it registers for the global
// kobject pointer bcache_kobj, but its error path (out_blkdev_put, a failed
// set_blocksize() or read_super()) puts it with the function's own address,
// register_bcache - the holder of the on-stack-holder fix 29499ab060fe -
// so blkdev_put() gives back a claim held by another holder (WARN on
// mismatching holders).  Jan Kara's fix opens shared (NULL holder) to read
// the superblock, then re-opens exclusively with a holder object allocated
// for the device and puts the shared open with NULL.
// Check: bdops-put-holder, at the error path's put: a function's address
// and a global object are provably different holders.
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_holder -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct kobject;
struct cache_sb {
	unsigned long version;
	unsigned int block_size;
};

struct kobject *bcache_kobj;

const char *read_super(struct cache_sb *sb, struct block_device *bdev);
int register_bdev(struct cache_sb *sb, struct block_device *bdev, void *holder);
void *alloc_holder_object(struct cache_sb *sb);

long register_bcache(struct kobject *k, const char *path, long size)
{
	const char *err;
	struct cache_sb *sb;
	struct block_device *bdev;
#ifdef FIXED
	struct block_device *bdev2;
	void *holder = NULL;
#endif
	long ret;

	ret = -ENOMEM;
	err = "cannot allocate memory";
	sb = kmalloc(sizeof(struct cache_sb), GFP_KERNEL);
	if (!sb)
		goto out;

	ret = -EINVAL;
	err = "failed to open device";
#ifndef FIXED
	bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE,
				  bcache_kobj, NULL);
#else
	bdev = blkdev_get_by_path(path, BLK_OPEN_READ, NULL, NULL);
#endif
	if (IS_ERR(bdev))
		goto out_free_sb;

	err = "failed to set blocksize";
	if (set_blocksize(bdev, 4096))
		goto out_blkdev_put;

	err = read_super(sb, bdev);
	if (err)
		goto out_blkdev_put;

#ifdef FIXED
	holder = alloc_holder_object(sb);
	if (!holder) {
		ret = -ENOMEM;
		err = "cannot allocate memory";
		goto out_blkdev_put;
	}

	/* Now reopen in exclusive mode with proper holder */
	bdev2 = blkdev_get_by_dev(bdev->bd_dev, BLK_OPEN_READ | BLK_OPEN_WRITE,
				  holder, NULL);
	blkdev_put(bdev, NULL);
	bdev = bdev2;
	if (IS_ERR(bdev)) {
		ret = PTR_ERR(bdev);
		goto out_free_holder;
	}
	err = "failed to register device";
	if (register_bdev(sb, bdev, holder) < 0)
		goto out_free_sb;	/* register_bdev() puts the device and frees the holder */
#else
	err = "failed to register device";
	if (register_bdev(sb, bdev, bcache_kobj) < 0)
		goto out_free_sb;
#endif
	kfree(sb);
	return size;

#ifdef FIXED
out_free_holder:
	kfree(holder);
	goto out_free_sb;
#endif
out_blkdev_put:
#ifndef FIXED
	blkdev_put(bdev, register_bcache);
// CHECK: bcache-register-holder.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes holder 'register_bcache', but the matching blkdev_get_by_path() claimed the device for 'bcache_kobj' [bdops-put-holder]
// CHECK-NEXT: bcache-register-holder.c:57:{{[0-9]+}}: note: blkdev_get_by_path() claimed the device for 'bcache_kobj' here
// CHECK-NEXT: note: fix: pass bcache_kobj
#else
	blkdev_put(bdev, holder);
#endif
out_free_sb:
	kfree(sb);
out:
	return ret;
}
