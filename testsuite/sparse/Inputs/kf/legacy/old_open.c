// SPDX-License-Identifier: GPL-2.0
// Built against the old headers: %kflags_legacy
#include <linux/blkdev.h>
#ifndef LEGACY_ERA
#error wrong era
#endif

static int old_open(struct inode *inode, struct file *filp)
{
	(void)inode;
	filp->f_flags = 0;
	return 0;
}

static const struct block_device_operations old_fops = {
	.open = old_open,
};

const void *old_get(void)
{
	return &old_fops;
}
