/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixture header (file era, 6.9 and later): references to struct file.
 * fput() drops one; the last one releases the file (for a block device
 * file: gives the device and its claim back), deferred to task work when
 * called from a task; __fput_sync() releases it before returning.
 */
#ifndef _LINUX_FILE_H
#define _LINUX_FILE_H

#include <linux/fs.h>

extern void fput(struct file *);
extern void __fput_sync(struct file *);
extern struct file *get_file(struct file *f);

#endif /* _LINUX_FILE_H */
