/* SPDX-License-Identifier: GPL-2.0 */
/* fix_multi/lib.h: a library whose helper takes the opener's struct file. */
#ifndef FIX_MULTI_LIB_H
#define FIX_MULTI_LIB_H

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

struct ml_info {
	int data_opens;
};

int ml_open_data(struct ml_info *mi, struct file *filp);
int ml_may_write(struct file *);

#endif
