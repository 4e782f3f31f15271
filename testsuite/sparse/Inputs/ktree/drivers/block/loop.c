// SPDX-License-Identifier: GPL-2.0
/* A stand-in for drivers/block/loop.c: checked with kbuild's own flags. */
#include <linux/blkdev.h>

static int lo_open(struct block_device *bdev, fmode_t mode)
{
	if (unlikely(!bdev))
		return -6;
	return (mode & FMODE_WRITE) ? 0 : 0;
}

static void lo_release(struct gendisk *disk, fmode_t mode)
{
	(void)disk;
	(void)mode;
}

static const struct block_device_operations lo_fops = {
	.open = lo_open,
	.release = lo_release,
};

const char *loop_name = KBUILD_MODNAME;

const void *loop_ops(void);
const void *loop_ops(void)
{
	return IS_ENABLED(CONFIG_BLK_DEV_LOOP) ? &lo_fops : 0;
}
