/* block/genhd.c (6.5), reduced: disk_scan_partitions() and the first scan
 * of device_add_disk().  -DFIXED: commit 985958b8584c.  The
 * bd_prepare_to_claim()/bd_abort_claiming() pair taken when the caller is
 * not exclusive is left out: it claims part0 for disk_scan_partitions and
 * does not touch this open's holder. */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/err.h>

int disk_scan_partitions(struct gendisk *disk, blk_mode_t mode)
{
	struct block_device *bdev;
	int ret = 0;

#ifndef FIXED
	bdev = blkdev_get_by_dev(disk_devt(disk), mode, NULL, NULL);
#else
	bdev = blkdev_get_by_dev(disk_devt(disk), mode & ~BLK_OPEN_EXCL, NULL,
				 NULL);
#endif
	if (IS_ERR(bdev))
		ret = PTR_ERR(bdev);
	else
		blkdev_put(bdev, NULL);
	return ret;
}

int device_add_disk_scan(struct gendisk *disk)
{
	return disk_scan_partitions(disk, BLK_OPEN_READ);
}
