// SPDX-License-Identifier: GPL-2.0
/* block2mtd's unbalanced close, with the device in a static struct: the
 * exclusive get's NULL holder has no pointer to become, so bdops fix
 * leaves the close and the holder alone. */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct b2m {
	struct block_device *blkdev;
};

static struct b2m b2m_dev;

void b2m_free(void)
{
	if (b2m_dev.blkdev)
		close_bdev_excl(b2m_dev.blkdev, FMODE_READ | FMODE_WRITE);
}

int b2m_add(const char *name, dev_t devt)
{
	struct block_device *bdev;

	bdev = open_bdev_excl(name, FMODE_READ | FMODE_WRITE, NULL);
	if (IS_ERR(bdev))
		bdev = open_by_devnum(devt, FMODE_READ | FMODE_WRITE);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	b2m_dev.blkdev = bdev;
	return 0;
}
