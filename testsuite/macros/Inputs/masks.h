/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A block method that tests f_flags against the bits O_NDELAY and
 * O_NONBLOCK have on one architecture or another: which of these tests
 * are O_NDELAY tests depends only on the macros the including test
 * defines, as its architecture's uapi <asm/fcntl.h> spells them.
 */
struct file {
	unsigned int f_flags;
};
struct block_device;
typedef unsigned int fmode_t;

struct block_device_operations {
	int (*ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
};

static int bit_0x4(struct file *f)	{ return f->f_flags & 0x4; }
static int bit_0x80(struct file *f)	{ return f->f_flags & 0x80; }
static int bit_04000(struct file *f)	{ return f->f_flags & 04000; }
static int bit_0x4000(struct file *f)	{ return f->f_flags & 0x4000; }
static int bit_0200000(struct file *f)	{ return f->f_flags & 0200000; }
static int bit_0x1(struct file *f)	{ return f->f_flags & 0x1; }

static int drv_ioctl(struct block_device *bdev, fmode_t mode, unsigned cmd,
		     unsigned long arg)
{
	struct file *f = (struct file *)arg;

	return bit_0x4(f) + bit_0x80(f) + bit_04000(f) + bit_0x4000(f) +
	       bit_0200000(f) + bit_0x1(f) + (bdev && mode && cmd);
}

const struct block_device_operations drv_fops = {
	.ioctl = drv_ioctl,
};
