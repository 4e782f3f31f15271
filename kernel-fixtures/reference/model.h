/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model.h - the harness's view of the request-path model.
 *
 * Included both by kernel-header translation units (the reference sources) and by
 * the libc harness (the harness sources), so it uses only plain C types.  Each
 * function plays the part of a system call or of a piece of the VFS: the
 * harness never touches kernel structures itself.
 */
#ifndef BDOPS_FIXTURES_MODEL_H
#define BDOPS_FIXTURES_MODEL_H

/* --- reference/model.c: files, mounts, I/O --- */
int model_open(const char *name, int flags);		/* open("/dev/NAME") */
int model_close(int fd);
int model_setfl(int fd, int flags);			/* fcntl(F_SETFL) */
int model_getfl(int fd);
long model_ioctl(int fd, unsigned int cmd, unsigned long arg);
long model_compat_ioctl(int fd, unsigned int cmd, unsigned long arg);
int model_mount(const char *name, int flags, const char *journal);
int model_remount(int mnt, int flags);
int model_umount(int mnt);
/* rw: 0 read, 1 write; len a multiple of 512, at most 4096 */
int model_bio_rw(const char *name, int rw, unsigned long sector,
		 void *buf, unsigned int len);
int model_openers(const char *name);			/* bd_openers, -1: no bdev */

/* --- reference/refcd.c: the reference driver --- */
#define REFCD_UNITS	3	/* refcd0, refcd1: writable media; refcd2: read-only */

struct refcd_stat {
	int use_count;		/* every open */
	int data_opens;		/* opens without FMODE_NDELAY */
	int writers;		/* opens with FMODE_WRITE */
	int door_locked;
	int tray_open;
	int opens, releases;	/* totals */
	int mode_mismatches;	/* modes released a different number of times than opened */
	unsigned int last_open_mode, last_release_mode;
};
int refcd_stat(int unit, struct refcd_stat *st);

/* --- reference/md.c: a linear md-like array over components --- */
int md_assemble(const char *const *names, int n);	/* creates md0 */
int md_read_only(void);
int md_stop(void);

/* fmode the mount's journal device was taken with, -1: none */
int model_journal_mode(int mnt);

/* module init/exit, reached through the initcall pointers */
int model_init_all(void);
void model_exit_all(void);

#endif /* BDOPS_FIXTURES_MODEL_H */
