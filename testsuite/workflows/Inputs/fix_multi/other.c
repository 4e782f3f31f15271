// SPDX-License-Identifier: GPL-2.0
/* fix_multi/other.c: a driver whose open hands its struct file to lib.c. */
#include <linux/module.h>
#include <linux/genhd.h>
#include "lib.h"

static struct ml_info other_info;

static int other_open(struct inode *inode, struct file *filp)
{
	struct ml_info *mi = inode->i_bdev->bd_disk->private_data;

	if (filp->f_pos)
		return -EINVAL;
	if (!ml_may_write(filp))
		return -EROFS;
	return ml_open_data(mi, filp) < 0;
}

static struct block_device_operations other_fops = {
	.owner	= THIS_MODULE,
	.open	= other_open,
};

static int __init other_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->fops = &other_fops;
	disk->private_data = &other_info;
	add_disk(disk);
	return 0;
}

module_init(other_init);
