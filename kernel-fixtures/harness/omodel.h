/* SPDX-License-Identifier: GPL-2.0 */
/*
 * omodel.h - the harness's view of the request path of the eras in which
 * an open block device is an object: a struct bdev_handle (6.7/6.8,
 * reference-handle/) or a struct file (6.9+, reference-file/).  One set of
 * scenarios (harness/object_main.c) runs against each era's model.
 *
 * Included by kernel-header translation units of both references and by
 * the libc harness, so plain C types only.
 */
#ifndef BDOPS_FIXTURES_OMODEL_H
#define BDOPS_FIXTURES_OMODEL_H

/* --- bdev.c: block device opens as objects --- */
/* Open NAME (bdev_open_by_path() / bdev_file_open_by_path()); mode bits
 * as BLK_OPEN_*; holder -1: NULL, else the holder object with that
 * number.  >= 0: a reference, < 0: -errno. */
int omodel_open(const char *name, unsigned int mode, int holder);
/* Give reference ref back: bdev_release() / fput().  fput() leaves the
 * last release to task work (omodel_task_work()), as the kernel does. */
void omodel_close(int ref);
/* bdev_release() / bdev_fput(): the claim is given back at once. */
void omodel_close_now(int ref);
void omodel_task_work(void);			/* the deferred fput()s */
int omodel_claimed_by(const char *name);	/* holder number, -1: none */
int omodel_openers(const char *name);
int omodel_objects(void);			/* handles or files alive */
int omodel_warnings(void);
/* the era: 'h' handle, 'f' file */
char omodel_era(void);

/* --- users.c: a filesystem and an md-like array member --- */
int omodel_mount(const char *name, int ro);	/* >= 0 a mount */
void omodel_umount(int mnt);
/* open a member read-write, falling back to read-only media; >= 0 a
 * member, < 0 -errno */
int omodel_member_add(const char *name);
int omodel_member_ro(int m);
int omodel_member_sync(int m);		/* uses the member's block_device */
void omodel_member_remove(int m);

/* --- refdisk.c: the reference driver, the holder era's (6.5 methods) --- */
#include "../reference-holder/hmodel.h"

#endif /* BDOPS_FIXTURES_OMODEL_H */
