/* block/ioctl.c (6.5), reduced: BLKRRPART rescans with the file's mode.
 * blkdev_ioctl() is named blkdev_file_ioctl() here: the fixture headers
 * declare the 2.6.28 blkdev_ioctl(). */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/capability.h>

int disk_scan_partitions(struct gendisk *disk, blk_mode_t mode);

static int blkdev_common_ioctl(struct block_device *bdev, blk_mode_t mode,
			       unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case BLKRRPART:
		if (!capable(CAP_SYS_ADMIN))
			return -EACCES;
		return disk_scan_partitions(bdev->bd_disk, mode);
	default:
		return arg ? -ENOIOCTLCMD : -EINVAL;
	}
}

long blkdev_file_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct block_device *bdev = I_BDEV(file->f_mapping->host);
	blk_mode_t mode = file_to_blk_mode(file);

	return blkdev_common_ioctl(bdev, mode, cmd, arg);
}
