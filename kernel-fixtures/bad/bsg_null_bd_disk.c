// SPDX-License-Identifier: GPL-2.0
/*
 * bad/bsg_null_bd_disk.c - block/bsg.c as of 2.6.27: bsg_ioctl() hands the
 * SCSI ioctls to scsi_cmd_ioctl() with a NULL bd_disk (bsg nodes have a
 * queue but no gendisk), and the helper still receives the struct file.
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "BTW, what the hell is block/bsg.c doing with passing NULL bd_disk to
 *   scsi_cmd_ioctl()?  Not a problem for this patch series, but it looks
 *   fishy..."
 *
 * Era: legacy.  Expected: nothing.  No bdops check covers a NULL disk
 * passed to a helper (the RFC itself leaves it out of the series); this
 * file documents the case.  It also guards against false positives: bsg is
 * a char device, so bsg_open() may set file->private_data and bsg_read()/
 * bsg_write() may test O_NONBLOCK in f_flags on every call - none of them
 * is a block method.
 */
// RUN: %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

/* <scsi/sg.h>, <scsi/scsi_ioctl.h> */
#define SCSI_IOCTL_SEND_COMMAND		1
#define SCSI_IOCTL_GET_IDLUN		0x5382
#define SCSI_IOCTL_GET_BUS_NUMBER	0x5386
#define SG_SET_TIMEOUT			0x2201
#define SG_GET_TIMEOUT			0x2202
#define SG_EMULATED_HOST		0x2203
#define SG_GET_COMMAND_Q		0x2270
#define SG_SET_COMMAND_Q		0x2271
#define SG_GET_RESERVED_SIZE		0x2272
#define SG_SET_RESERVED_SIZE		0x2275
#define SG_GET_VERSION_NUM		0x2282

#define BSG_DEFAULT_CMDS	64

enum {
	BSG_F_BLOCK		= 1,
	BSG_F_WRITE_PERM	= 2,
};

struct bsg_device {
	struct request_queue *queue;
	int queued_cmds;
	int done_cmds;
	int max_queue;
	unsigned long flags;
	struct request_queue *(*lookup)(struct inode *);
};

extern struct request_queue *bsg_queue_of(struct inode *inode);

static void bsg_set_block(struct bsg_device *bd, struct file *file)
{
	if (file->f_flags & O_NONBLOCK)
		bd->flags &= ~(1UL << BSG_F_BLOCK);
	else
		bd->flags |= 1UL << BSG_F_BLOCK;
}

static ssize_t bsg_read(struct file *file, char __user *buf __always_unused,
			size_t count, loff_t *ppos __always_unused)
{
	struct bsg_device *bd = file->private_data;

	bsg_set_block(bd, file);
	if (!bd->done_cmds && !(bd->flags & (1UL << BSG_F_BLOCK)))
		return -EAGAIN;
	return count;
}

static ssize_t bsg_write(struct file *file, const char __user *buf __always_unused,
			 size_t count, loff_t *ppos __always_unused)
{
	struct bsg_device *bd = file->private_data;

	bsg_set_block(bd, file);
	if (file->f_mode & FMODE_WRITE)
		bd->flags |= 1UL << BSG_F_WRITE_PERM;
	else
		bd->flags &= ~(1UL << BSG_F_WRITE_PERM);
	return count;
}

static int bsg_open(struct inode *inode, struct file *file)
{
	struct bsg_device *bd = kzalloc(sizeof(*bd), GFP_KERNEL);

	if (!bd)
		return -ENOMEM;
	bd->queue = bsg_queue_of(inode);
	bd->max_queue = BSG_DEFAULT_CMDS;
	bsg_set_block(bd, file);
	file->private_data = bd;
	return 0;
}

static int bsg_release(struct inode *inode __always_unused, struct file *file)
{
	struct bsg_device *bd = file->private_data;

	file->private_data = NULL;
	kfree(bd);
	return 0;
}

static long bsg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct bsg_device *bd = file->private_data;
	int __user *uarg = (int __user *) arg;

	switch (cmd) {
	/*
	 * our own ioctls
	 */
	case SG_GET_COMMAND_Q:
		return put_user(bd->max_queue, uarg);
	case SG_SET_COMMAND_Q: {
		int queue;

		if (get_user(queue, uarg))
			return -EFAULT;
		if (queue < 1)
			return -EINVAL;
		bd->max_queue = queue;
		return 0;
	}

	/*
	 * SCSI/sg ioctls
	 */
	case SG_GET_VERSION_NUM:
	case SCSI_IOCTL_GET_IDLUN:
	case SCSI_IOCTL_GET_BUS_NUMBER:
	case SG_SET_TIMEOUT:
	case SG_GET_TIMEOUT:
	case SG_GET_RESERVED_SIZE:
	case SG_SET_RESERVED_SIZE:
	case SG_EMULATED_HOST:
	case SCSI_IOCTL_SEND_COMMAND: {
		void __user *argp = (void __user *) arg;
		return scsi_cmd_ioctl(file, bd->queue, NULL, cmd, argp);
	}
	default:
		return -ENOTTY;
	}
}

static const struct file_operations bsg_fops = {
	.read		=	bsg_read,
	.write		=	bsg_write,
	.open		=	bsg_open,
	.release	=	bsg_release,
	.unlocked_ioctl	=	bsg_ioctl,
	.owner		=	THIS_MODULE,
};

extern int bsg_register_fops(const struct file_operations *fops);

static int __init bsg_init(void)
{
	return bsg_register_fops(&bsg_fops);
}

module_init(bsg_init);
MODULE_LICENSE("GPL");
