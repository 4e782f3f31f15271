// A get through an out-parameter (fs/btrfs/volumes.c btrfs_get_bdev_and_sb():
// *bdev = blkdev_get_by_path(...); fs/xfs/xfs_super.c xfs_blkdev_get()): the
// caller's local whose address it is given holds the get, with the mode the
// caller passed; xget()/xput() also put in a wrapper.  All three puts drop
// FMODE_WRITE.  Twin: out-param-get-good.c.
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: out-param-get.c:[[@LINE+35]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching blkdev_get_by_path() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
// CHECK: out-param-get.c:[[@LINE+10]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ|FMODE_WRITE here
// CHECK: out-param-get.c:[[@LINE+46]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching blkdev_get_by_path() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
// CHECK: out-param-get.c:[[@LINE+19]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ|FMODE_WRITE here

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

static int get_dev(const char *path, fmode_t mode, struct block_device **out)
{
	struct block_device *b = blkdev_get_by_path(path, mode, NULL);

	if (IS_ERR(b))
		return PTR_ERR(b);
	*out = b;
	return 0;
}

static int get_dev_direct(const char *path, fmode_t mode, void *holder,
			  struct block_device **bdev)
{
	*bdev = blkdev_get_by_path(path, mode, holder);
	if (IS_ERR(*bdev))
		return PTR_ERR(*bdev);
	return 0;
}

int user(const char *path)
{
	struct block_device *bdev;
	int err = get_dev(path, FMODE_READ | FMODE_WRITE, &bdev);

	if (err)
		return err;
	blkdev_put(bdev, FMODE_READ);
	return 0;
}

int user_direct(const char *path, void *holder)
{
	struct block_device *bdev;
	int err;

	err = get_dev_direct(path, FMODE_READ | FMODE_WRITE, holder, &bdev);
	if (err)
		return err;
	/* ... */
	blkdev_put(bdev, FMODE_READ);
	return 0;
}

/* xfs_blkdev_get()/xfs_blkdev_put(): the put is in a wrapper too. */
// CHECK: out-param-get.c:[[@LINE+13]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_EXCL, but the matching blkdev_get_by_path() took FMODE_READ|FMODE_WRITE|FMODE_EXCL [bdops-put-mode]
// CHECK: out-param-get.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ|FMODE_WRITE|FMODE_EXCL here
static int xget(void *mp, const char *name, struct block_device **bdevp)
{
	*bdevp = blkdev_get_by_path(name, FMODE_READ | FMODE_WRITE | FMODE_EXCL, mp);
	if (IS_ERR(*bdevp))
		return PTR_ERR(*bdevp);
	return 0;
}

static void xput(struct block_device *bdev)
{
	if (bdev)
		blkdev_put(bdev, FMODE_READ | FMODE_EXCL);
}

int xopen(void *mp, const char *name)
{
	struct block_device *logdev;
	int err = xget(mp, name, &logdev);

	if (err)
		return err;
	xput(logdev);
	return 0;
}
// CHECK: bdops: 3 findings
