// SPDX-License-Identifier: GPL-2.0
// A block driver whose ioctl keeps the pre-2.6.28 prototype when OLD_IOCTL
// is defined.  Used by the tool tests (-p and -- FLAGS).
struct inode;
struct file;
struct block_device;
typedef unsigned int fmode_t;

struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
#ifdef OLD_IOCTL
	int (*ioctl)(struct inode *, struct file *, unsigned, unsigned long);
#else
	int (*ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
#endif
};

static int drv_open(struct block_device *bdev, fmode_t mode)
{
	return bdev && mode ? 0 : -1;
}

#ifdef OLD_IOCTL
static int drv_ioctl(struct inode *inode, struct file *filp, unsigned cmd,
		     unsigned long arg)
#else
static int drv_ioctl(struct block_device *bdev, fmode_t mode, unsigned cmd,
		     unsigned long arg)
#endif
{
	return cmd == 1 && arg ? 0 : -25;
}

static const struct block_device_operations drv_fops = {
	.open = drv_open,
	.ioctl = drv_ioctl,
};

const void *drv_ops(void)
{
	return &drv_fops;
}
