// SPDX-License-Identifier: GPL-2.0
/*
 * bdops-harness: drives real scenarios through the request-path model
 * (reference/) and asserts what the RFC promises once every reference to a
 * block device carries its mode: ->release() gets exactly the mode of the
 * matching ->open(), O_NDELAY opens do not disturb the door, fcntl() after
 * open changes nothing, remount tells the driver, and so on.
 *
 * Prints "PASS: NAME" or "FAIL: NAME: WHY" per scenario, then
 * "N scenarios passed" (or "N scenarios passed, M failed", exit 1).
 */
#include <stdio.h>
#include <string.h>

#include "../reference/model.h"
#include "shims.h"
#include "scenario.h"

/* kernel values (x86_64, asm-generic): the harness passes them through */
#define K_O_RDONLY	00
#define K_O_RDWR	02
#define K_O_ACCMODE3	03		/* open(.., 3, ..): ioctl-only write access */
#define K_O_EXCL	0200
#define K_O_NDELAY	04000
#define K_MS_RDONLY	1

#define FM_READ		0x1u
#define FM_WRITE	0x2u
#define FM_LSEEK	0x4u
#define FM_PREAD	0x8u
#define FM_PWRITE	0x10u
#define FM_NDELAY	0x40u
#define FM_EXCL		0x80u
#define FM_WRITE_IOCTL	0x100u
#define FM_FILE		(FM_LSEEK | FM_PREAD | FM_PWRITE)	/* every open file has these */

#define K_EPERM		1
#define K_EBUSY		16
#define K_EACCES	13
#define K_EROFS		30

#define K_CDROMEJECT		0x5309
#define K_CDROMCLOSETRAY	0x5319
#define K_CDROM_DRIVE_STATUS	0x5326
#define K_CDS_TRAY_OPEN		2
#define K_CDS_DISC_OK		4
#define K_BLKROGET		0x125e		/* _IO(0x12, 94) */

static struct refcd_stat stat_of(int unit)
{
	struct refcd_stat st;

	memset(&st, 0, sizeof(st));
	refcd_stat(unit, &st);
	return st;
}

static void all_idle(void)
{
	static const char *names[] = { "refcd0", "refcd1", "refcd2" };
	int unit;

	for (unit = 0; unit < REFCD_UNITS; unit++) {
		struct refcd_stat st = stat_of(unit);

		EXPECT(st.use_count == 0);
		EXPECT(st.data_opens == 0);
		EXPECT(st.writers == 0);
		EXPECT(st.door_locked == 0);
		EXPECT(st.opens == st.releases);
		EXPECT(st.mode_mismatches == 0);
		EXPECT(model_openers(names[unit]) <= 0);
	}
	EXPECT(shim_bkl_depth == 0);
}

/* The RFC's case: O_NDELAY open while the disc is mounted, then closed. */
static void ndelay_open_while_mounted(void)
{
	struct refcd_stat st;
	int mnt, fd;

	mnt = model_mount("/dev/refcd0", 0, NULL);
	EXPECT(mnt >= 0);
	st = stat_of(0);
	EXPECT(st.door_locked == 1);
	EXPECT(st.last_open_mode == (FM_READ | FM_WRITE));

	fd = model_open("refcd0", K_O_RDONLY | K_O_NDELAY);
	EXPECT(fd >= 0);
	st = stat_of(0);
	EXPECT(st.use_count == 2);
	EXPECT(st.data_opens == 1);
	EXPECT(st.last_open_mode == (FM_READ | FM_FILE | FM_NDELAY));
	EXPECT(model_close(fd) == 0);

	st = stat_of(0);
	EXPECT(st.last_release_mode == (FM_READ | FM_FILE | FM_NDELAY));
	EXPECT(st.door_locked == 1);		/* still mounted: still locked */
	EXPECT(st.data_opens == 1);

	EXPECT(model_umount(mnt) == 0);
	st = stat_of(0);
	EXPECT(st.door_locked == 0);
	EXPECT(st.last_release_mode == (FM_READ | FM_WRITE));
	all_idle();
}

/* fcntl(F_SETFL) flips O_NDELAY in f_flags; release goes by the open's mode. */
static void fcntl_flip_after_open(void)
{
	struct refcd_stat st;
	int fd;

	fd = model_open("refcd1", K_O_RDONLY);
	EXPECT(fd >= 0);
	EXPECT(stat_of(1).door_locked == 1);
	EXPECT(model_setfl(fd, K_O_NDELAY) == 0);
	EXPECT((model_getfl(fd) & K_O_NDELAY) != 0);
	EXPECT(model_close(fd) == 0);
	st = stat_of(1);
	EXPECT(st.door_locked == 0);
	EXPECT(st.data_opens == 0);
	EXPECT((st.last_release_mode & FM_NDELAY) == 0);

	fd = model_open("refcd1", K_O_RDONLY | K_O_NDELAY);
	EXPECT(fd >= 0);
	EXPECT(stat_of(1).door_locked == 0);
	EXPECT(model_setfl(fd, 0) == 0);
	EXPECT((model_getfl(fd) & K_O_NDELAY) == 0);
	EXPECT(model_close(fd) == 0);
	st = stat_of(1);
	EXPECT(st.door_locked == 0);
	EXPECT(st.data_opens == 0);
	EXPECT((st.last_release_mode & FM_NDELAY) != 0);
	all_idle();
}

/* Open with every kind of flags, close in another order: modes must pair up. */
static void release_gets_open_mode(void)
{
	static const int flags[] = {
		K_O_RDONLY, K_O_RDWR, K_O_ACCMODE3, K_O_RDONLY | K_O_NDELAY,
		K_O_RDWR | K_O_EXCL, K_O_RDONLY | K_O_NDELAY,
	};
	static const unsigned int want[] = {
		FM_READ | FM_FILE, FM_READ | FM_WRITE | FM_FILE,
		FM_FILE | FM_WRITE_IOCTL, FM_READ | FM_FILE | FM_NDELAY,
		FM_READ | FM_WRITE | FM_FILE | FM_EXCL, FM_READ | FM_FILE | FM_NDELAY,
	};
	int fds[6];
	unsigned int modes[6];
	int i, n = 6;

	for (i = 0; i < n; i++) {
		fds[i] = model_open("refcd0", flags[i]);
		EXPECT(fds[i] >= 0);
		modes[i] = stat_of(0).last_open_mode;
		EXPECT(modes[i] == want[i]);
	}
	EXPECT(stat_of(0).use_count == n);
	EXPECT(stat_of(0).writers == 2);
	/* a second O_EXCL open fails while the first holds the device */
	EXPECT(model_open("refcd0", K_O_RDONLY | K_O_EXCL) == -K_EBUSY);
	for (i = n - 1; i >= 0; i -= 2) {
		EXPECT(model_close(fds[i]) == 0);
		EXPECT(stat_of(0).last_release_mode == modes[i]);
	}
	for (i = 0; i < n; i += 2) {
		EXPECT(model_close(fds[i]) == 0);
		EXPECT(stat_of(0).last_release_mode == modes[i]);
	}
	all_idle();
}

static void write_refused_on_ro_media(void)
{
	int fd;

	EXPECT(model_open("refcd2", K_O_RDWR) == -K_EROFS);
	EXPECT(stat_of(2).use_count == 0);
	fd = model_open("refcd2", K_O_RDONLY);
	EXPECT(fd >= 0);
	EXPECT(model_close(fd) == 0);
	all_idle();
}

/* Tray ioctls want write access (FMODE_WRITE or open(.., 3, ..)); compat too. */
static void privileged_ioctls(void)
{
	int ro, ioc, ro_flag = -1;

	ro = model_open("refcd0", K_O_RDONLY);
	EXPECT(ro >= 0);
	EXPECT(model_ioctl(ro, K_CDROMEJECT, 0) == -K_EPERM);
	EXPECT(model_compat_ioctl(ro, K_CDROMEJECT, 0) == -K_EPERM);
	EXPECT(model_ioctl(ro, K_CDROM_DRIVE_STATUS, 0) == K_CDS_DISC_OK);
	EXPECT(model_ioctl(ro, K_BLKROGET, (unsigned long)&ro_flag) == 0);
	EXPECT(ro_flag == 0);
	EXPECT(model_close(ro) == 0);

	ioc = model_open("refcd0", K_O_ACCMODE3 | K_O_NDELAY);
	EXPECT(ioc >= 0);
	EXPECT(model_compat_ioctl(ioc, K_CDROMEJECT, 0) == 0);
	EXPECT(model_compat_ioctl(ioc, K_CDROM_DRIVE_STATUS, 0) == K_CDS_TRAY_OPEN);
	EXPECT(model_open("refcd0", K_O_RDONLY) < 0);	/* no medium */
	EXPECT(model_ioctl(ioc, K_CDROMCLOSETRAY, 0) == 0);
	EXPECT(model_close(ioc) == 0);
	all_idle();
}

static void bio_roundtrip(void)
{
	unsigned char out[1024], in[1024];
	unsigned int i;

	for (i = 0; i < sizeof(out); i++)
		out[i] = (unsigned char)(i * 7 + 3);
	EXPECT(model_bio_rw("refcd0", 1, 8, out, sizeof(out)) == 0);
	memset(in, 0, sizeof(in));
	EXPECT(model_bio_rw("refcd0", 0, 8, in, sizeof(in)) == 0);
	EXPECT(memcmp(in, out, sizeof(in)) == 0);
	EXPECT(model_bio_rw("refcd0", 0, 63, in, 1024) != 0);	/* past the end */
	EXPECT(model_bio_rw("refcd2", 1, 0, out, 512) == -K_EROFS);
	all_idle();
}

static void remount_tells_driver(void)
{
	struct refcd_stat st;
	int mnt;

	mnt = model_mount("refcd0", K_MS_RDONLY, NULL);
	EXPECT(mnt >= 0);
	st = stat_of(0);
	EXPECT(st.writers == 0);
	EXPECT(st.last_open_mode == FM_READ);

	EXPECT(model_remount(mnt, 0) == 0);
	st = stat_of(0);
	EXPECT(st.writers == 1);
	EXPECT(st.use_count == 1);
	EXPECT(st.last_open_mode == (FM_READ | FM_WRITE));
	EXPECT(st.last_release_mode == FM_READ);

	EXPECT(model_remount(mnt, K_MS_RDONLY) == 0);
	st = stat_of(0);
	EXPECT(st.writers == 0);
	EXPECT(st.last_release_mode == (FM_READ | FM_WRITE));
	EXPECT(model_umount(mnt) == 0);
	EXPECT(stat_of(0).last_release_mode == FM_READ);

	/* read-only media: r/w remount refused, driver state untouched */
	mnt = model_mount("refcd2", K_MS_RDONLY, NULL);
	EXPECT(mnt >= 0);
	EXPECT(model_remount(mnt, 0) == -K_EACCES);
	EXPECT(stat_of(2).use_count == 1);
	EXPECT(model_umount(mnt) == 0);
	all_idle();
}

static void journal_mode_kept(void)
{
	struct refcd_stat st;
	int mnt;

	mnt = model_mount("refcd0", K_MS_RDONLY, "refcd1");
	EXPECT(mnt >= 0);
	EXPECT(model_journal_mode(mnt) == (int)FM_READ);
	/* the journal was opened r/o: the filesystem refuses r/w, the driver is told both ways */
	EXPECT(model_remount(mnt, 0) == -K_EROFS);
	st = stat_of(0);
	EXPECT(st.writers == 0);
	EXPECT(st.last_release_mode == (FM_READ | FM_WRITE));
	EXPECT(model_umount(mnt) == 0);
	EXPECT(stat_of(1).last_release_mode == FM_READ);

	mnt = model_mount("refcd0", 0, "refcd1");
	EXPECT(mnt >= 0);
	EXPECT(model_journal_mode(mnt) == (int)(FM_READ | FM_WRITE));
	EXPECT(stat_of(1).writers == 1);
	EXPECT(model_umount(mnt) == 0);
	EXPECT(stat_of(1).last_release_mode == (FM_READ | FM_WRITE));
	all_idle();
}

static void md_fallback_ro(void)
{
	static const char *const mixed[] = { "refcd0", "refcd2" };
	static const char *const rw[] = { "refcd0", "refcd1" };
	unsigned char out[512], in[512];
	int fd;

	EXPECT(md_assemble(mixed, 2) == 0);
	EXPECT(md_read_only() == 1);
	EXPECT(stat_of(0).last_open_mode == (FM_READ | FM_WRITE));
	EXPECT(stat_of(2).last_open_mode == FM_READ);
	EXPECT(model_open("md0", K_O_RDWR) == -K_EROFS);
	fd = model_open("md0", K_O_RDONLY);
	EXPECT(fd >= 0);
	EXPECT(md_stop() == -K_EBUSY);
	EXPECT(model_close(fd) == 0);
	EXPECT(md_stop() == 0);
	EXPECT(stat_of(2).last_release_mode == FM_READ);
	all_idle();

	EXPECT(md_assemble(rw, 2) == 0);
	EXPECT(md_read_only() == 0);
	memset(out, 0xa5, sizeof(out));
	EXPECT(model_bio_rw("md0", 1, 64 + 4, out, sizeof(out)) == 0);
	EXPECT(md_stop() == 0);
	EXPECT(model_bio_rw("refcd1", 0, 4, in, sizeof(in)) == 0);
	EXPECT(memcmp(in, out, sizeof(in)) == 0);
	all_idle();
}

static void run(const char *name, void (*fn)(void))
{
	scenario_run(name, fn, NULL);
}

int main(int argc, char **argv)
{
	int err;

	shim_verbose = argc > 1 && !strcmp(argv[1], "-v");
	err = model_init_all();
	if (err) {
		printf("FAIL: init: %d\n", err);
		return 1;
	}
	run("ndelay-open-while-mounted", ndelay_open_while_mounted);
	run("fcntl-flip-after-open", fcntl_flip_after_open);
	run("release-gets-open-mode", release_gets_open_mode);
	run("write-refused-on-ro-media", write_refused_on_ro_media);
	run("privileged-ioctls", privileged_ioctls);
	run("bio-roundtrip", bio_roundtrip);
	run("remount-tells-driver", remount_tells_driver);
	run("journal-mode-kept", journal_mode_kept);
	run("md-fallback-ro", md_fallback_ro);
	model_exit_all();
	return scenario_summary();
}
