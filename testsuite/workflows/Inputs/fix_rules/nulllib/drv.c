// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/genhd.h>
#include <linux/blkdev.h>
#include "lib.h"

static int nd_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	return nl_cmd(file, cmd) ? : (int)arg + nl_internal(0);
}

static struct block_device_operations nd_fops = {
	.owner	= THIS_MODULE,
	.ioctl	= nd_ioctl,
};

static int __init nd_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->fops = &nd_fops;
	add_disk(disk);
	return 0;
}

module_init(nd_init);
