// SPDX-License-Identifier: GPL-2.0
/* An O_NDELAY test with an fmode_t in scope: its fix is an edit. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

static int ed_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		    unsigned long arg)
{
	struct file *filp = (struct file *)arg;

	if (cmd == 1 && (filp->f_flags & O_NDELAY))
		return -EAGAIN;
	return bdev ? 0 : -ENOTTY;
}

/* no fmode_t here: the hint stays text only */
static int ed_helper_test(struct file *filp)
{
	return filp->f_flags & O_NDELAY;
}

static int ed_ioctl2(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		     unsigned long arg)
{
	return ed_helper_test((struct file *)arg) && bdev && mode && cmd;
}

/* not static: gcc -O2 keeps it, and the methods, without a user */
struct block_device_operations ed_fops = {
	.owner	= THIS_MODULE,
	.ioctl	= ed_ioctl,
};

struct block_device_operations ed_fops2 = {
	.owner	= THIS_MODULE,
	.ioctl	= ed_ioctl2,
};
