/* SPDX-License-Identifier: GPL-2.0 */
/*
 * multi/cdrom_bad/lib.h - a cdrom.c-like helper library shared by drv1.c
 * and drv2.c: the drivers keep a cdl_info per drive and call the library
 * from their open and release methods.
 */
#ifndef MULTI_CDL_LIB_H
#define MULTI_CDL_LIB_H

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/cdrom.h>

struct cdl_info {
	int use_count;
	int data_opens;		/* opens without O_NDELAY */
	int door_locked;
	int options;
	void (*lock_door)(struct cdl_info *cdi, int lock);
};

int cdrom_open_helper(struct cdl_info *cdi, struct file *filp);
void cdrom_release_helper(struct cdl_info *cdi, struct file *filp);

#endif
