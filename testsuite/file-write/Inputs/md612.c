/* A reduction of Linux 6.12 drivers/md/md.c: the block method md_ioctl()
 * reaches md_import_device(), which opens a component with
 * bdev_file_open_by_dev() (in another unit: block/bdev.c). */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct md_rdev {
	struct file *bdev_file;
	struct block_device *bdev;
};

static struct md_rdev *md_import_device(dev_t newdev)
{
	struct md_rdev *rdev = kzalloc(sizeof(*rdev), GFP_KERNEL);
	int err;

	if (!rdev)
		return ERR_PTR(-ENOMEM);
	rdev->bdev_file = bdev_file_open_by_dev(newdev, BLK_OPEN_READ | BLK_OPEN_WRITE,
						rdev, NULL);
	if (IS_ERR(rdev->bdev_file)) {
		err = PTR_ERR(rdev->bdev_file);
		kfree(rdev);
		return ERR_PTR(err);
	}
	rdev->bdev = file_bdev(rdev->bdev_file);
	return rdev;
}

static int md_ioctl(struct block_device *bdev, blk_mode_t mode, unsigned int cmd,
		    unsigned long arg)
{
	struct md_rdev *rdev;

	(void)bdev;
	(void)mode;
	if (cmd != 0x0921)
		return -ENOTTY;
	rdev = md_import_device((dev_t)arg);
	return PTR_ERR_OR_ZERO(rdev);
}

const struct block_device_operations md_fops = {
	.ioctl = md_ioctl,
};
