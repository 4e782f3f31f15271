// A get that masks a bit out of a mode parameter ('mode & ~FMODE_EXCL')
// and a put that passes the parameter as it came differ exactly when the
// parameter holds that bit: which only the callers tell (callers.c).
// Reported when a caller passes the bit, or when a caller outside the
// unit may (the get's own mask says the value can hold it), with a note
// at the call; clean when every caller passes a mode without it.
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

/* static, and every caller passes a mode without FMODE_EXCL: clean */
static int scan_shared(dev_t dev, fmode_t mode)
{
	struct block_device *bdev = blkdev_get_by_dev(dev, mode & ~FMODE_EXCL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, mode);
	return 0;
}

int scan_read(dev_t dev)
{
	return scan_shared(dev, FMODE_READ) + scan_shared(dev, FMODE_READ | FMODE_WRITE);
}

/* static, and one caller two calls up passes FMODE_EXCL */
static int scan_excl(dev_t dev, fmode_t mode)
{
	struct block_device *bdev = blkdev_get_by_dev(dev, mode & ~FMODE_EXCL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, mode);
// CHECK: masked-param.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes the mode of the matching blkdev_get_by_dev() with FMODE_EXCL added [bdops-put-mode]
// CHECK-NEXT: masked-param.c:[[@LINE-6]]:{{[0-9]+}}: note: blkdev_get_by_dev() took its mode here
// CHECK-NEXT: masked-param.c:[[@LINE+16]]:{{[0-9]+}}: note: 'rescan_claimed' passes 'm' with FMODE_EXCL here
	return 0;
}

static int rescan(dev_t dev, fmode_t m)
{
	return scan_excl(dev, m);
}

int rescan_shared(dev_t dev)
{
	return rescan(dev, FMODE_READ);
}

int rescan_claimed(dev_t dev)
{
	return rescan(dev, FMODE_READ | FMODE_EXCL);
}

/* the put masks too: the same mode */
int scan_masked(dev_t dev, fmode_t mode)
{
	struct block_device *bdev = blkdev_get_by_dev(dev, mode & ~FMODE_EXCL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, mode & ~FMODE_EXCL);
	return 0;
}

/* the put masks a bit the get kept: dropped, whatever the callers pass
 * (as before) */
static int scan_write(dev_t dev, fmode_t mode)
{
	struct block_device *bdev = blkdev_get_by_dev(dev, mode | FMODE_WRITE, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, mode | FMODE_WRITE);
	return 0;
}

int scan_rw(dev_t dev)
{
	return scan_write(dev, FMODE_READ);
}
