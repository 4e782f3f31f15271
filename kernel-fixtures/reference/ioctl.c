// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl.c - a userspace model of block/ioctl.c and block/compat_ioctl.c as
 * of 2.6.28: the generic block ioctls, then the driver's ->ioctl() (or
 * ->locked_ioctl() under the BKL) with the mode of the open file, never
 * the file itself.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/capability.h>
#include <linux/compat.h>
#include <linux/smp_lock.h>
#include <linux/uaccess.h>

static int put_int(unsigned long arg, int val)
{
	return put_user(val, (int __user *)arg);
}

static int put_u64(unsigned long arg, u64 val)
{
	return put_user(val, (u64 __user *)arg);
}

static int is_unrecognized_ioctl(int ret)
{
	return ret == -EINVAL || ret == -ENOTTY || ret == -ENOIOCTLCMD;
}

int __blkdev_driver_ioctl(struct block_device *bdev, fmode_t mode,
			  unsigned cmd, unsigned long arg)
{
	struct gendisk *disk = bdev->bd_disk;
	int ret;

	if (disk->fops->ioctl)
		return disk->fops->ioctl(bdev, mode, cmd, arg);

	if (disk->fops->locked_ioctl) {
		lock_kernel();
		ret = disk->fops->locked_ioctl(bdev, mode, cmd, arg);
		unlock_kernel();
		return ret;
	}

	return -ENOTTY;
}

int blkdev_ioctl(struct block_device *bdev, fmode_t mode, unsigned cmd,
		 unsigned long arg)
{
	int ret, n;

	switch (cmd) {
	case BLKROSET:
		ret = __blkdev_driver_ioctl(bdev, mode, cmd, arg);
		if (!is_unrecognized_ioctl(ret))
			return ret;
		if (!capable(CAP_SYS_ADMIN))
			return -EACCES;
		if (get_user(n, (int __user *)(arg)))
			return -EFAULT;
		set_disk_ro(bdev->bd_disk, n);
		return 0;
	case BLKROGET:
		return put_int(arg, bdev_read_only(bdev) != 0);
	case BLKSSZGET:
		return put_int(arg, 512);
	case BLKGETSIZE64:
		return put_u64(arg, bdev->bd_inode->i_size);
	default:
		ret = __blkdev_driver_ioctl(bdev, mode, cmd, arg);
	}
	return ret;
}

long compat_blkdev_ioctl(struct file *file, unsigned cmd, unsigned long arg)
{
	struct block_device *bdev = I_BDEV(file->f_mapping->host);
	struct gendisk *disk = bdev->bd_disk;
	fmode_t mode = file->f_mode;
	int ret = -ENOIOCTLCMD;

	switch (cmd) {
	case BLKROGET:
	case BLKROSET:
	case BLKSSZGET:
	case BLKGETSIZE64:
		return blkdev_ioctl(bdev, mode, cmd,
				    (__force unsigned long)compat_ptr(arg));
	}
	if (disk->fops->compat_ioctl)
		ret = disk->fops->compat_ioctl(bdev, mode, cmd, arg);
	if (ret != -ENOIOCTLCMD)
		return ret;
	return -ENOTTY;
}
