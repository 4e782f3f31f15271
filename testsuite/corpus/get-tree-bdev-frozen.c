// Corpus: two fixes of one error path, get_tree_bdev() on a frozen device:
//  V1: vfs: add missing blkdev_put() in get_tree_bdev()
//      commit 6fcf0c72e4b9 (Linux 5.4-rc3)
//      Link: https://lore.kernel.org/r/157062062120.32346.6331183312304681728.stgit@fedora-28
//  V2: Fix use after free in get_tree_bdev()
//      commit dd7bc8158b41 (Linux 5.7-rc5)
//      Fixes: 6fcf0c72e4b9 ("vfs: add missing blkdev_put() in get_tree_bdev()")
// Era: fmode_t (5.1 .. 5.7), kernel-fixtures/include/fmode.
// Bug: get_tree_bdev() claims the source device (FMODE_READ|FMODE_EXCL,
// plus FMODE_WRITE for a read-write mount, holder the file system type)
// and refuses to mount while it is frozen.  V1: that refusal returned
// -EBUSY without putting the device, which stayed open and claimed.  V2,
// V1's fix, put it before the warnf() that prints it ("%pg", bdev): the
// block_device is used after the put (a silent lockup in printk under
// fstests generic/085).  The final fix puts it after the warnf().
// Check: bdops-put-mode (V1: a get never put on one path; V2: the bdev
// used after its put).  SPEC has no rule for either in the fmode_t era;
// bdops-bdev-release's use after release covers handles and files (6.7+).
// The texts below are proposals.
// XFAIL: *
// # engine gap: leaked get (V1) and use of a block_device after blkdev_put() on the path (V2), fmode_t era
// RUN: not %check %s -- %kflags_fmode -DV1 2>&1 | FileCheck %s --check-prefix=V1 --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %check %s -- %kflags_fmode -DV2 2>&1 | FileCheck %s --check-prefix=V2 --implicit-check-not=warning: --implicit-check-not=note:
// Fixed twin (dd7bc8158b41's shape): get-tree-bdev-frozen.fixed.test.

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/mutex.h>

#define SB_RDONLY	1

struct fs_context {
	struct file_system_type *fs_type;
	const char *source;
	unsigned int sb_flags;
};

void warnf(struct fs_context *fc, const char *fmt, ...);
int get_tree_bdev_fill(struct fs_context *fc, struct block_device *bdev,
		       fmode_t mode);

int get_tree_bdev(struct fs_context *fc)
{
	struct block_device *bdev;
	fmode_t mode = FMODE_READ | FMODE_EXCL;

	if (!(fc->sb_flags & SB_RDONLY))
		mode |= FMODE_WRITE;

	if (!fc->source)
		return -EINVAL;

	bdev = blkdev_get_by_path(fc->source, mode, fc->fs_type);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);

	/* the s_umount of the new super block will hold off freezing */
	mutex_lock(&bdev->bd_fsfreeze_mutex);
	if (bdev->bd_fsfreeze_count > 0) {
		mutex_unlock(&bdev->bd_fsfreeze_mutex);
#if defined(V1)
		warnf(fc, "%pg: Can't mount, blockdev is frozen", bdev);
		return -EBUSY;
// V1: get-tree-bdev-frozen.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'get_tree_bdev' returns on this path without putting the block device blkdev_get_by_path() got [bdops-put-mode]
// V1-NEXT: get-tree-bdev-frozen.c:[[@LINE-12]]:{{[0-9]+}}: note: blkdev_get_by_path() got it here
#elif defined(V2)
		blkdev_put(bdev, mode);
// V2: get-tree-bdev-frozen.c:[[@LINE+1]]:{{[0-9]+}}: warning: block device used after blkdev_put() on this path [bdops-put-mode]
		warnf(fc, "%pg: Can't mount, blockdev is frozen", bdev);
// V2-NEXT: get-tree-bdev-frozen.c:[[@LINE-3]]:{{[0-9]+}}: note: blkdev_put() here
		return -EBUSY;
#else
		warnf(fc, "%pg: Can't mount, blockdev is frozen", bdev);
		blkdev_put(bdev, mode);
		return -EBUSY;
#endif
	}
	mutex_unlock(&bdev->bd_fsfreeze_mutex);

	return get_tree_bdev_fill(fc, bdev, mode);
}
