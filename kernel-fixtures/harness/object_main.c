// SPDX-License-Identifier: GPL-2.0
/*
 * bdops-harness-handle, bdops-harness-file: drive the request path of the
 * eras in which an open block device is an object - a struct bdev_handle
 * (6.7/6.8, reference-handle/) or a struct file (6.9+, reference-file/) -
 * through the same scenarios, linked once against each era's model, and
 * assert the contract bdops-bdev-release and bdops-file-write rely on:
 * every open is an object given back once, a failed open returns an error
 * pointer and leaves nothing to give back, the holder claims the device
 * until the object is given back (a file's fput() leaves that to task
 * work, bdev_fput() does it at once), and the block_device of an object is
 * usable while it is held.
 *
 * Prints "PASS: NAME" or "FAIL: NAME: WHY" per scenario, then
 * "N scenarios passed" (or "N scenarios passed, M failed", exit 1).
 */
#include <stdio.h>
#include <string.h>

#include "omodel.h"
#include "shims.h"
#include "scenario.h"

/* BLK_OPEN_* values (6.5 and later): the harness passes them through */
#define B_READ		(1u << 0)
#define B_WRITE		(1u << 1)
#define B_EXCL		(1u << 2)
#define B_NDELAY	(1u << 3)

#define NO_HOLDER	(-1)
#define K_EIO		5
#define K_ENXIO		6
#define K_EBUSY		16
#define K_EROFS		30
#define K_ENOENT	2

static struct refdisk_stat stat_of(int unit)
{
	struct refdisk_stat st;

	memset(&st, 0, sizeof(st));
	refdisk_stat(unit, &st);
	return st;
}

static int warnings_before, warnings_expected;

/* every scenario ends, once task work ran, with nothing open, nothing
 * claimed, no object alive and exactly the WARNs it expects */
static void after(void)
{
	static const char *const names[] = { "refdisk0", "refdisk1" };

	omodel_task_work();
	for (int unit = 0; unit < REFDISK_UNITS; unit++) {
		struct refdisk_stat st = stat_of(unit);

		EXPECT(st.users == 0);
		EXPECT(st.door_locked == 0);
		EXPECT(st.opens == st.releases);
		EXPECT(omodel_openers(names[unit]) == 0);
		EXPECT(omodel_claimed_by(names[unit]) == -1);
	}
	EXPECT(omodel_objects() == 0);
	EXPECT(omodel_warnings() - warnings_before == warnings_expected);
}

static void run(const char *name, void (*fn)(void), int warnings)
{
	warnings_before = omodel_warnings();
	warnings_expected = warnings;
	scenario_run(name, fn, after);
}

/* a shared open, given back */
static void shared_open_close(void)
{
	int r = omodel_open("refdisk0", B_READ | B_WRITE, NO_HOLDER);

	EXPECT(r >= 0);
	EXPECT(omodel_objects() == 1);
	EXPECT(stat_of(0).door_locked == 1);
	omodel_close_now(r);
}

/* a holder claims the device until its object is given back */
static void exclusive_claim(void)
{
	int a = omodel_open("refdisk0", B_READ | B_WRITE, 1), b, s;

	EXPECT(a >= 0);
	EXPECT(omodel_claimed_by("refdisk0") == 1);
	b = omodel_open("refdisk0", B_READ, 2);
	EXPECT(b == -K_EBUSY);
	s = omodel_open("refdisk0", B_READ, NO_HOLDER);
	EXPECT(s >= 0);
	omodel_close_now(s);
	omodel_close_now(a);
	EXPECT(omodel_claimed_by("refdisk0") == -1);
	b = omodel_open("refdisk0", B_READ, 2);
	EXPECT(b >= 0);
	omodel_close_now(b);
}

/* a file given back with fput() keeps its claim until task work runs;
 * bdev_fput() gives it back at once (a handle: bdev_release() at once) */
static void release_gives_claim_back(void)
{
	int a = omodel_open("refdisk0", B_READ, 1);

	EXPECT(a >= 0);
	omodel_close(a);
	if (omodel_era() == 'f') {
		EXPECT(omodel_claimed_by("refdisk0") == 1);
		EXPECT(omodel_open("refdisk0", B_READ, 2) == -K_EBUSY);
		omodel_task_work();
	}
	EXPECT(omodel_claimed_by("refdisk0") == -1);
	a = omodel_open("refdisk0", B_READ, 1);
	EXPECT(a >= 0);
	omodel_close_now(a);
	EXPECT(omodel_claimed_by("refdisk0") == -1);	/* at once, either era */
	if (omodel_era() == 'f')
		EXPECT(stat_of(0).users == 1);		/* the file's release is deferred */
	omodel_task_work();
	EXPECT(stat_of(0).users == 0);
}

/* failed opens return an error pointer and leave nothing behind */
static void failed_open(void)
{
	EXPECT(omodel_open("nodisk", B_READ, NO_HOLDER) == -K_ENOENT);
	EXPECT(omodel_open("refdisk1", B_READ | B_WRITE, 1) == -K_EROFS);
	EXPECT(omodel_claimed_by("refdisk1") == -1);
	EXPECT(omodel_open("refdisk0", B_READ | B_EXCL, NO_HOLDER) == -K_EIO);
	omodel_task_work();
	EXPECT(omodel_objects() == 0);
}

/* an O_NDELAY open leaves the door alone */
static void ndelay_open(void)
{
	int r = omodel_open("refdisk0", B_READ | B_NDELAY, NO_HOLDER);

	EXPECT(r >= 0);
	EXPECT(stat_of(0).door_locked == 0);
	omodel_close_now(r);
}

/* a mount claims its device for its type; umount syncs and gives it back */
static void mount_claims(void)
{
	int syncs = stat_of(0).syncs;
	int m = omodel_mount("refdisk0", 0), b;

	EXPECT(m >= 0);
	EXPECT(omodel_claimed_by("refdisk0") >= 0);
	b = omodel_open("refdisk0", B_READ, 3);
	EXPECT(b == -K_EBUSY);
	omodel_umount(m);
	EXPECT(stat_of(0).syncs == syncs + 1);
	EXPECT(omodel_claimed_by("refdisk0") == -1);
	EXPECT(omodel_mount("refdisk1", 0) == -K_EROFS);
	m = omodel_mount("refdisk1", 1);
	EXPECT(m >= 0);
	omodel_umount(m);
}

/* an array member falls back to read-only media and uses its
 * block_device while it holds it */
static void member_fallback_ro(void)
{
	int a = omodel_member_add("refdisk0"), b = omodel_member_add("refdisk1");
	int syncs = stat_of(1).syncs;

	EXPECT(a >= 0 && b >= 0);
	EXPECT(omodel_member_ro(a) == 0);
	EXPECT(omodel_member_ro(b) == 1);
	EXPECT(omodel_member_sync(b) == 0);
	EXPECT(stat_of(1).syncs == syncs + 1);
	EXPECT(omodel_member_add("nodisk") == -K_ENOENT);
	omodel_member_remove(a);
	omodel_member_remove(b);
}

int main(int argc, char **argv)
{
	shim_verbose = argc > 1 && !strcmp(argv[1], "-v");
	if (refdisk_init()) {
		printf("FAIL: init\n");
		return 1;
	}
	run("shared-open-close", shared_open_close, 0);
	run("exclusive-claim", exclusive_claim, 0);
	run("release-gives-claim-back", release_gives_claim_back, 0);
	run("failed-open", failed_open, 1);
	run("ndelay-open", ndelay_open, 0);
	run("mount-claims", mount_claims, 0);
	run("member-fallback-ro", member_fallback_ro, 0);
	refdisk_exit();
	return scenario_summary();
}
