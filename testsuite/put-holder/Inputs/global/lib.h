/* SPDX-License-Identifier: GPL-2.0 */
/* A library (lib.c) that keeps its bdevs in globals, and puts them
 * through wrappers given the holder by their callers (drv.c, exit.c). */
#ifndef LIB_H
#define LIB_H
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

extern struct block_device *log_bdev;
extern int log_holder, lib_holder;

int log_open(const char *path);
int lib_open(const char *path);
void lib_close(void *holder);
int cache_open(const char *path, void *holder);
void cache_close(void *holder);
int shared_open(const char *path);
void shared_close(void *holder);
#endif
