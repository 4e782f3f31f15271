/* SPDX-License-Identifier: GPL-2.0 */
/*
 * multi/cdrom_good/lib.h - the cdrom.c-like library of multi/cdrom_bad
 * after the 2.6.28 conversion: open and release hand it the fmode_t the
 * block layer folded O_NDELAY into once, at open.
 */
#ifndef MULTI_CDL_LIB_H
#define MULTI_CDL_LIB_H

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/cdrom.h>

struct cdl_info {
	int use_count;
	int data_opens;		/* opens without FMODE_NDELAY */
	int door_locked;
	int options;
	void (*lock_door)(struct cdl_info *cdi, int lock);
};

int cdrom_open_helper(struct cdl_info *cdi, fmode_t mode);
void cdrom_release_helper(struct cdl_info *cdi, fmode_t mode);

#endif
