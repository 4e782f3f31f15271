// SPDX-License-Identifier: GPL-2.0
// O_NDELAY is read from the unit's own headers (here an alias of an
// O_NONBLOCK spelled as a cast shift), not assumed to be 04000: the test of
// bit 0x80 is the O_NDELAY test and the test of 04000 is not.
// REQUIRES: family-gcc
// RUN: gcc -fplugin=%gcc_plugin -c %s -o %t.o 2>&1 | FileCheck --implicit-check-not=warning: %s

struct file {
	unsigned int f_flags;
};
struct block_device;
typedef unsigned int fmode_t;

#define __force
#define O_NONBLOCK ((__force unsigned int)(1 << 7))
#define O_NDELAY O_NONBLOCK

struct block_device_operations {
	int (*ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
};

static int drv_ioctl(struct block_device *bdev, fmode_t mode, unsigned cmd,
		     unsigned long arg)
{
	struct file *f = (struct file *)arg;

	if (f->f_flags & 04000)
		return 1;
	return bdev && mode && cmd && (f->f_flags & 0x80);
// CHECK: macros.c:[[@LINE-1]]:51: warning: block method 'drv_ioctl' tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: {{.*}}f->f_flags & 0x80
// CHECK-NEXT: ^
// CHECK-NEXT: macros.c:[[@LINE-4]]:51: note: fix: use 'mode & FMODE_NDELAY'
}

const struct block_device_operations drv_fops = {
	.ioctl = drv_ioctl,
};
