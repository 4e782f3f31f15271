// SPDX-License-Identifier: GPL-2.0
/*
 * bdops-harness-holder: drives the holder-era (6.5) request path
 * (reference-holder/) through scenarios and asserts what 6.5's contract
 * promises: a non-NULL holder claims the device, blkdev_put() with that
 * holder gives the claim back, a put with another holder WARNs and leaves
 * the claim (what bdops-put-holder finds statically), BLK_OPEN_EXCL with a
 * NULL holder fails with a WARN, and the driver's release() runs for every
 * put.
 *
 * Prints "PASS: NAME" or "FAIL: NAME: WHY" per scenario, then
 * "N scenarios passed" (or "N scenarios passed, M failed", exit 1).
 */
#include <stdio.h>
#include <string.h>

#include "../reference-holder/hmodel.h"
#include "shims.h"
#include "scenario.h"

/* 6.5's BLK_OPEN_* values: the harness passes them through */
#define B_READ		(1u << 0)
#define B_WRITE		(1u << 1)
#define B_EXCL		(1u << 2)
#define B_NDELAY	(1u << 3)

#define NO_HOLDER	(-1)
#define K_EBUSY		16
#define K_EIO		5
#define K_EROFS		30

static struct refdisk_stat stat_of(int unit)
{
	struct refdisk_stat st;

	memset(&st, 0, sizeof(st));
	refdisk_stat(unit, &st);
	return st;
}

/* every scenario ends with nothing open and nothing claimed */
static void all_idle(void)
{
	static const char *const names[] = { "refdisk0", "refdisk1" };

	for (int unit = 0; unit < REFDISK_UNITS; unit++) {
		struct refdisk_stat st = stat_of(unit);

		EXPECT(st.users == 0);
		EXPECT(st.door_locked == 0);
		EXPECT(st.opens == st.releases);
		EXPECT(hmodel_openers(names[unit]) == 0);
		EXPECT(hmodel_claimed_by(names[unit]) == -1);
	}
}

static int warnings_before, warnings_expected;

/* after each scenario: idle, and exactly the WARNs it expects */
static void after(void)
{
	all_idle();
	EXPECT(hmodel_warnings() - warnings_before == warnings_expected);
}

static void run(const char *name, void (*fn)(void), int warnings)
{
	warnings_before = hmodel_warnings();
	warnings_expected = warnings;
	scenario_run(name, fn, after);
}

/* a shared open (NULL holder) given back with NULL */
static void shared_open_close(void)
{
	int r = hmodel_open("refdisk0", B_READ | B_WRITE, NO_HOLDER);

	EXPECT(r >= 0);
	EXPECT(hmodel_claimed_by("refdisk0") == -1);
	EXPECT(stat_of(0).door_locked == 1);
	hmodel_close(r, NO_HOLDER);
}

/* a holder claims the device: another holder is refused, a shared open is
 * not, and the put with the same holder gives the claim back */
static void exclusive_claim(void)
{
	int a = hmodel_open("refdisk0", B_READ | B_WRITE, 1), b, s;

	EXPECT(a >= 0);
	EXPECT(hmodel_claimed_by("refdisk0") == 1);
	b = hmodel_open("refdisk0", B_READ, 2);
	EXPECT(b == -K_EBUSY);
	s = hmodel_open("refdisk0", B_READ, NO_HOLDER);
	EXPECT(s >= 0);
	hmodel_close(s, NO_HOLDER);
	hmodel_close(a, 1);
	EXPECT(hmodel_claimed_by("refdisk0") == -1);
	b = hmodel_open("refdisk0", B_READ, 2);
	EXPECT(b >= 0);
	hmodel_close(b, 2);
}

/* the bug bdops-put-holder finds: a put with another holder WARNs and
 * leaves the claim; a put with NULL leaves it silently */
static void put_with_wrong_holder(void)
{
	int a = hmodel_open("refdisk0", B_READ, 1);

	EXPECT(a >= 0);
	hmodel_close(a, 2);
	EXPECT(hmodel_claimed_by("refdisk0") == 1);
	hmodel_abort_claim("refdisk0", 1);
	a = hmodel_open("refdisk0", B_READ, 1);
	EXPECT(a >= 0);
	hmodel_close(a, NO_HOLDER);
	EXPECT(hmodel_claimed_by("refdisk0") == 1);
	hmodel_abort_claim("refdisk0", 1);
}

/* BLK_OPEN_EXCL with a NULL holder fails with a WARN and opens nothing */
static void excl_without_holder(void)
{
	int r = hmodel_open("refdisk0", B_READ | B_EXCL, NO_HOLDER);

	EXPECT(r == -K_EIO);
	EXPECT(stat_of(0).opens == stat_of(0).releases);
}

/* an O_NDELAY open leaves the door alone */
static void ndelay_open(void)
{
	int r = hmodel_open("refdisk0", B_READ | B_NDELAY, NO_HOLDER);

	EXPECT(r >= 0);
	EXPECT(stat_of(0).door_locked == 0);
	hmodel_close(r, NO_HOLDER);
}

static void write_refused_on_ro_media(void)
{
	EXPECT(hmodel_open("refdisk1", B_READ | B_WRITE, NO_HOLDER) == -K_EROFS);
	EXPECT(hmodel_openers("refdisk1") == 0);
}

/* a mount claims its device for its type; umount gives it back */
static void mount_claims(void)
{
	int m = hmodel_mount("refdisk0", 0), b;

	EXPECT(m >= 0);
	EXPECT(hmodel_claimed_by("refdisk0") >= 0);
	b = hmodel_open("refdisk0", B_READ, 3);
	EXPECT(b == -K_EBUSY);
	hmodel_umount(m);
	EXPECT(hmodel_claimed_by("refdisk0") == -1);
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
	run("put-with-wrong-holder", put_with_wrong_holder, 1);
	run("excl-without-holder", excl_without_holder, 1);
	run("ndelay-open", ndelay_open, 0);
	run("write-refused-on-ro-media", write_refused_on_ro_media, 0);
	run("mount-claims", mount_claims, 0);
	refdisk_exit();
	return scenario_summary();
}
