// SPDX-License-Identifier: GPL-2.0
/*
 * A static global of the same name as log.c's, got and put FMODE_READ|
 * FMODE_EXCL: another variable.  Were it taken for log.c's, exit.c's put
 * would seem to fit it.
 */
typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_EXCL	((fmode_t)0x80)
struct block_device { unsigned int bd_dev; };
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);

static struct block_device *log_bdev;

void other_open(const char *path, void *holder)
{
	log_bdev = blkdev_get_by_path(path, FMODE_READ | FMODE_EXCL, holder);
}

void other_close(void)
{
	blkdev_put(log_bdev, FMODE_READ | FMODE_EXCL);
}
