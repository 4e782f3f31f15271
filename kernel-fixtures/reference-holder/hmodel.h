/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmodel.h - the harness's view of the holder-era (6.5) request path.
 *
 * Included by the kernel-header translation units of reference-holder/
 * and by the libc harness (harness/holder_main.c), so plain C types only.
 */
#ifndef BDOPS_FIXTURES_HMODEL_H
#define BDOPS_FIXTURES_HMODEL_H

#define REFDISK_UNITS	2	/* refdisk0: writable; refdisk1: read-only media */

/* --- bdev.c: block device opens, as 6.5's block/bdev.c --- */
/* blkdev_get_by_path(); mode bits as BLK_OPEN_*; holder -1: NULL, else
 * the holder object with that number.  >= 0: an open reference, < 0: -errno. */
int hmodel_open(const char *name, unsigned int mode, int holder);
/* blkdev_put(bdev, holder) of reference ref, with the holder the caller
 * passes (which need not be the one the open took) */
void hmodel_close(int ref, int holder);
int hmodel_claimed_by(const char *name);	/* holder number, -1: unclaimed */
int hmodel_openers(const char *name);
int hmodel_warnings(void);			/* WARNs the block layer gave */
/* bd_abort_claiming(): drop holder's claim of the device */
void hmodel_abort_claim(const char *name, int holder);

/* --- mount.c: a filesystem that claims its device for its type --- */
int hmodel_mount(const char *name, int ro);	/* >= 0 a mount, < 0 -errno */
void hmodel_umount(int mnt);

/* --- refdisk.c: the reference driver (also of the handle and file eras:
 * harness/omodel.h) --- */
struct refdisk_stat {
	int opens, releases;
	int users;		/* opens not yet released */
	int door_locked;
	int syncs;		/* BLKFLSBUF ioctls */
};
int refdisk_stat(int unit, struct refdisk_stat *st);
int refdisk_init(void);
void refdisk_exit(void);

#endif /* BDOPS_FIXTURES_HMODEL_H */
