// SPDX-License-Identifier: GPL-2.0
/* fix_rules/refuse.c: what 2.6.28 changed by hand, so bdops fix refuses
 * the whole file with one line each: release handing inode->i_bdev to a
 * helper (loop's loop_clr_fd()), and an ioctl handing its inode and file
 * on through a function pointer (dm's target-type ioctl). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/genhd.h>
#include <linux/blkdev.h>

struct rf_target {
	int (*ioctl)(struct inode *inode, struct file *file, unsigned int cmd,
		     unsigned long arg);
};

static struct rf_target *rf_tgt;

static int rf_clr(struct block_device *bdev)
{
	return bdev != NULL;
}

static int rf_open(struct inode *inode, struct file *file)
{
	return 0;
}

static int rf_release(struct inode *inode, struct file *file)
{
	return rf_clr(inode->i_bdev);
}

static int rf_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	return rf_tgt->ioctl(inode, file, cmd, arg);
}

static struct block_device_operations rf_fops = {
	.owner		= THIS_MODULE,
	.open		= rf_open,
	.release	= rf_release,
	.ioctl		= rf_ioctl,
};

static int __init rf_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->fops = &rf_fops;
	add_disk(disk);
	return 0;
}

module_init(rf_init);
