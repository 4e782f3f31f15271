/* SPDX-License-Identifier: GPL-2.0 */
/* A minimal pre-2.6.28 header for the Kbuild test. */
#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H
#define LEGACY_ERA 1
struct inode;
struct file {
	unsigned int f_flags;
	unsigned int f_mode;
};
struct block_device_operations {
	int (*open)(struct inode *, struct file *);
	int (*release)(struct inode *, struct file *);
};
#endif
