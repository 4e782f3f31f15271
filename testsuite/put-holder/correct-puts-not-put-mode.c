// Issue 14: on 6.5-shaped code, correct puts - blkdev_put(bdev, NULL) after
// a shared open, blkdev_put(bdev, p->owner) after an exclusive open with
// that holder - were reported as put-mode ("passes 0, but the matching
// blkdev_get_by_path() took FMODE_READ|FMODE_WRITE", fix "pass
// FMODE_READ|FMODE_WRITE", which does not compile: blkdev_put() takes a
// holder since 6.5).  The era comes from blkdev_put()'s prototype, so
// put-mode stays silent and put-holder finds both puts right.
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check --strict %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct pdev {
	struct block_device *bdev;
	void *owner;
};

int shared_open(const char *path)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, NULL, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, NULL);
	return 0;
}

int excl_open(struct pdev *p, const char *path)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE | BLK_OPEN_EXCL,
				  p->owner, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	p->bdev = bdev;
	return 0;
}

void excl_close(struct pdev *p)
{
	blkdev_put(p->bdev, p->owner);
}
