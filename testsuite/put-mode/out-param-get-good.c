// Twin of out-param-get.c: the gets through out-parameters are put with
// the mode the callers passed.  No finding (without the out-parameter rule a
// --strict run would also note puts with no get).
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check --strict %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

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
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
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
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return 0;
}

/* xfs_blkdev_get()/xfs_blkdev_put(): the put is in a wrapper too. */
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
		blkdev_put(bdev, FMODE_READ | FMODE_WRITE | FMODE_EXCL);
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
// CHECK: bdops: 0 findings
