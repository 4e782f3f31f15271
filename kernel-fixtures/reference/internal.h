/* SPDX-License-Identifier: GPL-2.0 */
/*
 * internal.h - what the reference translation units share beyond the
 * kernel headers (the parts of block/ and fs/ that are private there).
 */
#ifndef BDOPS_FIXTURES_INTERNAL_H
#define BDOPS_FIXTURES_INTERNAL_H

#include <linux/fs.h>
#include <linux/genhd.h>

struct vfsmount;

/* block/genhd.c */
extern void genhd_exit(void);

/* fs/block_dev.c */
extern int bdev_openers(dev_t dev);

/* fs/super.c */
extern struct file_system_type *get_fs_type(const char *name);

/* reference/journal.c */
extern int reffs_sb_journal_mode(struct super_block *sb);

#endif /* BDOPS_FIXTURES_INTERNAL_H */
