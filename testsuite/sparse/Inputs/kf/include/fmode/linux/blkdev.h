/* SPDX-License-Identifier: GPL-2.0 */
/* A minimal fmode_t-era header for the Kbuild test. */
#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H
#ifdef __CHECKER__
#define __bitwise __attribute__((bitwise))
#else
#define __bitwise
#endif
typedef unsigned int __bitwise fmode_t;
struct block_device;
struct gendisk;
struct file {
	unsigned int f_flags;
	fmode_t f_mode;
};
struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
	void (*release)(struct gendisk *, fmode_t);
};
#endif
