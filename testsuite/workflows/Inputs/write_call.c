// SPDX-License-Identifier: GPL-2.0
/* open() writes the file's flags with a value a call computes: dropping
 * the statement would drop the call, so the conversion is refused. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

static unsigned int wc_flags(unsigned int f)
{
	return f & ~O_NONBLOCK;
}

static int wc_open(struct inode *inode, struct file *filp)
{
	filp->f_flags = wc_flags(filp->f_flags);
	return inode ? 0 : -ENXIO;
}

static struct block_device_operations wc_fops = {
	.owner	= THIS_MODULE,
	.open	= wc_open,
};

struct block_device_operations *wc_ops(void)
{
	return &wc_fops;
}
