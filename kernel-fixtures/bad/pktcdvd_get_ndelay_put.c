// SPDX-License-Identifier: GPL-2.0
/*
 * bad/pktcdvd_get_ndelay_put.c - the packet-writing driver's control path
 * as in drivers/block/pktcdvd.c: pkt_new_dev() takes the CD-ROM with
 * O_NDELAY (it must be able to bind a drive without a disc), and the
 * matching puts in the error path and in pkt_remove_dev() were converted
 * as if it had been a plain read open.  The CD-ROM driver's ->release()
 * then sees a data close it never saw open, and unlocks the door.
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "E.g. pktcdvd.c does blkdev_get() with O_NDELAY and blkdev_put() as
 *   matching close.  IOW, blkdev_put() can't expect that matching open had
 *   no O_NDELAY."
 *
 * Era: fmode_t (the mismatch is only visible once blkdev_put() takes a
 * mode).  Expected: both puts (bdops-put-mode).
 */
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/cdrom.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/miscdevice.h>

#define MAX_WRITERS		8
#define PKT_CTRL_CMD_SETUP	0
#define PKT_CTRL_CMD_TEARDOWN	1

struct pkt_ctrl_command {
	u32 command;
	u32 dev_index;
	u32 dev;
	u32 pkt_dev;
};

struct pktcdvd_device {
	struct block_device	*bdev;		/* dev attached */
	dev_t			pkt_dev;	/* our dev */
	char			name[20];
	int			refcnt;		/* Open count */
};

static struct pktcdvd_device *pkt_devs[MAX_WRITERS];

static int pkt_new_dev(struct pktcdvd_device *pd, dev_t dev)
{
	struct block_device *bdev;
	int ret;

	bdev = bdget(dev);
	if (!bdev)
		return -ENOMEM;
	ret = blkdev_get(bdev, FMODE_READ | FMODE_NDELAY);
	if (ret)
		return ret;

	/* This is safe, since we have a reference from open(). */
	__module_get(THIS_MODULE);

	pd->bdev = bdev;
	ret = set_blocksize(bdev, CD_FRAMESIZE);
	if (ret)
		goto out_mem;
	return 0;

out_mem:
	pd->bdev = NULL;
	blkdev_put(bdev, FMODE_READ);
	// CHECK: pktcdvd_get_ndelay_put.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching blkdev_get() took FMODE_READ|FMODE_NDELAY [bdops-put-mode]
	// CHECK-NEXT: pktcdvd_get_ndelay_put.c:[[@LINE-17]]:{{[0-9]+}}: note: blkdev_get() took FMODE_READ|FMODE_NDELAY here
	// CHECK-NEXT: pktcdvd_get_ndelay_put.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: pass FMODE_READ|FMODE_NDELAY
	/* This is safe: open() is still holding a reference. */
	module_put(THIS_MODULE);
	return ret;
}

static int pkt_setup_dev(dev_t dev, dev_t *pkt_dev)
{
	struct pktcdvd_device *pd;
	int idx, ret;

	for (idx = 0; idx < MAX_WRITERS; idx++)
		if (!pkt_devs[idx])
			break;
	if (idx == MAX_WRITERS)
		return -EBUSY;

	pd = kzalloc(sizeof(struct pktcdvd_device), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;
	sprintf(pd->name, "pktcdvd%d", idx);
	ret = pkt_new_dev(pd, dev);
	if (ret) {
		kfree(pd);
		return ret;
	}
	pd->pkt_dev = MKDEV(0, idx);
	pkt_devs[idx] = pd;
	if (pkt_dev)
		*pkt_dev = pd->pkt_dev;
	return 0;
}

static int pkt_remove_dev(dev_t pkt_dev)
{
	struct pktcdvd_device *pd = NULL;
	int idx;

	for (idx = 0; idx < MAX_WRITERS; idx++) {
		pd = pkt_devs[idx];
		if (pd && (pd->pkt_dev == pkt_dev))
			break;
	}
	if (idx == MAX_WRITERS)
		return -ENXIO;
	if (pd->refcnt > 0)
		return -EBUSY;

	blkdev_put(pd->bdev, FMODE_READ);
	// CHECK: pktcdvd_get_ndelay_put.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching blkdev_get() took FMODE_READ|FMODE_NDELAY [bdops-put-mode]
	// CHECK-NEXT: pktcdvd_get_ndelay_put.c:[[@LINE-68]]:{{[0-9]+}}: note: blkdev_get() took FMODE_READ|FMODE_NDELAY here
	// CHECK-NEXT: pktcdvd_get_ndelay_put.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: pass FMODE_READ|FMODE_NDELAY

	pkt_devs[idx] = NULL;
	kfree(pd);

	/* This is safe: open() is still holding a reference. */
	module_put(THIS_MODULE);
	return 0;
}

/* the control device: a char device of its own, not a block method */
static int pkt_ctl_ioctl(struct inode *inode __always_unused, struct file *file __always_unused,
			 unsigned int cmd, unsigned long arg)
{
	void __user *argp = (void __user *)arg;
	struct pkt_ctrl_command ctrl_cmd;
	dev_t pkt_dev = 0;
	int ret = 0;

	if (cmd != 0x5801)
		return -ENOTTY;
	if (copy_from_user(&ctrl_cmd, argp, sizeof(struct pkt_ctrl_command)))
		return -EFAULT;

	switch (ctrl_cmd.command) {
	case PKT_CTRL_CMD_SETUP:
		ret = pkt_setup_dev(ctrl_cmd.dev, &pkt_dev);
		ctrl_cmd.pkt_dev = pkt_dev;
		break;
	case PKT_CTRL_CMD_TEARDOWN:
		ret = pkt_remove_dev(ctrl_cmd.pkt_dev);
		break;
	default:
		return -ENOTTY;
	}

	if (copy_to_user(argp, &ctrl_cmd, sizeof(struct pkt_ctrl_command)))
		return -EFAULT;
	return ret;
}

static const struct file_operations pkt_ctl_fops = {
	.ioctl	 = pkt_ctl_ioctl,
	.owner	 = THIS_MODULE,
};

static struct miscdevice pkt_misc = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "pktcdvd",
	.fops		= &pkt_ctl_fops,
};

static int __init pkt_init(void)
{
	return misc_register(&pkt_misc);
}

module_init(pkt_init);
MODULE_LICENSE("GPL");
