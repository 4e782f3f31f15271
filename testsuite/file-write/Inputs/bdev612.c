/* A reduction of Linux 6.12 block/bdev.c: bdev_file_open_by_dev() makes a
 * new struct file (alloc_file_pseudo_noaccount()), bdev_open() fills it
 * in - f_flags, f_mode and the holder in private_data - and on failure the
 * opener stores the error in private_data for ->release().  The block
 * layer creates these files: its writes to them are not a method writing
 * a struct file it was handed. */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>

extern struct block_device *blkdev_get_no_open(dev_t dev);
extern void blkdev_put_no_open(struct block_device *bdev);
extern struct inode *bdev_inode(struct block_device *bdev);
extern struct vfsmount *blockdev_mnt;

int bdev_open(struct block_device *bdev, blk_mode_t mode, void *holder,
	      const struct blk_holder_ops *hops, struct file *bdev_file)
{
	(void)hops;
	if (!bdev->bd_disk)
		return -ENXIO;
	bdev_file->f_flags |= O_LARGEFILE;
	if (mode & BLK_OPEN_NDELAY)
		bdev_file->f_mode |= FMODE_NDELAY;
	bdev_file->private_data = holder;
	return 0;
}

struct file *bdev_file_open_by_dev(dev_t dev, blk_mode_t mode, void *holder,
				   const struct blk_holder_ops *hops)
{
	struct file *bdev_file;
	struct block_device *bdev;
	int ret;

	bdev = blkdev_get_no_open(dev);
	if (!bdev)
		return ERR_PTR(-ENXIO);
	bdev_file = alloc_file_pseudo_noaccount(bdev_inode(bdev), blockdev_mnt, "",
						O_RDWR | O_LARGEFILE, &def_blk_fops);
	if (IS_ERR(bdev_file)) {
		blkdev_put_no_open(bdev);
		return bdev_file;
	}
	ret = bdev_open(bdev, mode, holder, hops, bdev_file);
	if (ret) {
		/* We failed to open the block device. Let ->release() know. */
		bdev_file->private_data = ERR_PTR(ret);
		fput(bdev_file);
		return ERR_PTR(ret);
	}
	return bdev_file;
}
