// SPDX-License-Identifier: GPL-2.0
/* fix_multi/named.c: the helper has a parameter named 'mode' already
 * (unused in its body), so its file cannot become 'fmode_t mode'. */
#include <linux/module.h>
#include <linux/genhd.h>
#include "lib.h"

static int named_check(struct file *filp, int mode)
{
	return (filp->f_mode & FMODE_WRITE) != 0;
}

static int named_open(struct inode *inode, struct file *filp)
{
	return named_check(filp, iminor(inode));
}

static struct block_device_operations named_fops = {
	.owner	= THIS_MODULE,
	.open	= named_open,
};

static int __init named_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->fops = &named_fops;
	add_disk(disk);
	return 0;
}

module_init(named_init);
