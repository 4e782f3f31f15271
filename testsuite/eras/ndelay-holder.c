// bdops-ndelay-flags in the holder era (6.5): the mode methods receive is a
// blk_mode_t, so the fix hint names BLK_OPEN_NDELAY, and the edit compiles
// with the 6.5 headers (-Werror).  The unit binds only an ioctl, whose
// prototype is the same since 2.6.28: the names the unit's headers define
// (BLK_OPEN_*) pick the spelling.
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/nd.c
// RUN: cd %t && %bdops fix nd.c -- %kflags_holder > fix.diff 2> fix.err; patch -p1 < fix.diff
// RUN: FileCheck %s --check-prefix=DIFF < %t/fix.diff
// RUN: gcc %kflags_holder -nostdinc -Werror -c %t/nd.c -o /dev/null
// RUN: %check %t/nd.c -- %kflags_holder 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning:
// DIFF: +	if (mode & BLK_OPEN_NDELAY)
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/errno.h>

static int nd_ioctl(struct block_device *bdev, blk_mode_t mode, unsigned cmd,
		    unsigned long arg)
{
	struct file *f = (struct file *)arg;

// CHECK: ndelay-holder.c:[[@LINE+2]]:{{[0-9]+}}: warning: block method 'nd_ioctl' tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & BLK_OPEN_NDELAY'
	if (f->f_flags & O_NDELAY)
		return -EAGAIN;
	if (!(mode & BLK_OPEN_WRITE))
		return -EPERM;
	return bdev && cmd && f ? 0 : -ENOTTY;
}

static const struct block_device_operations nd_fops = {
	.ioctl = nd_ioctl,
};

const struct block_device_operations *nd_ops(void)
{
	return &nd_fops;
}
// CHECK: bdops: 1 finding
