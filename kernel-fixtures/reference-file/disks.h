/* SPDX-License-Identifier: GPL-2.0 */
/*
 * disks.h - the disks the object eras' block layer models know
 * (disks.c, compiled in the handle and the file era): bdev.c of each era
 * opens them.
 */
#ifndef BDOPS_FIXTURES_DISKS_H
#define BDOPS_FIXTURES_DISKS_H

struct block_device;

struct block_device *bdev_of(dev_t dev);	/* NULL: no such disk */
int warn(int cond);				/* a WARN of the block layer */
void *holder_ptr(int h);			/* the harness's holder h, NULL for -1 */

#endif
