// SPDX-License-Identifier: GPL-2.0
/*
 * test_era.c - engine/era.c: the era of a call and of a unit comes from the
 * prototypes the unit declares, never from version macros.  Each test
 * declares what one era's headers declare (only what a unit calling or
 * binding them would see) and asks the era API.
 */
#include <string.h>
#include "harness.h"
#include "../engine/era.h"

static void want(struct tu *t, const char *what, enum bd_era got, enum bd_era exp)
{
	if (got != exp)
		fail(t, "%s: era %s, expected %s", what, bd_era_name(got), bd_era_name(exp));
}

static void t_legacy(struct tu *t)
{
	decl(t, 1, "int blkdev_put(struct block_device *bdev)");
	decl(t, 2, "int blkdev_get(struct block_device *bdev, mode_t mode, unsigned flags)");
	decl(t, 3, "struct block_device *open_bdev_excl(const char *path, int flags, void *holder)");
	analyze(t);
	want(t, "blkdev_put", bd_era_of_api(unit_of(t), "blkdev_put"), BD_ERA_LEGACY);
	want(t, "blkdev_get", bd_era_of_api(unit_of(t), "blkdev_get"), BD_ERA_LEGACY);
	want(t, "open_bdev_excl", bd_era_of_api(unit_of(t), "open_bdev_excl"), BD_ERA_LEGACY);
	want(t, "unit", bd_era_of_unit(unit_of(t)), BD_ERA_LEGACY);
	done(t);
}

static void t_fmode(struct tu *t)
{
	decl(t, 1, "int blkdev_put(struct block_device *bdev, fmode_t mode)");
	decl(t, 2, "struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder)");
	analyze(t);
	want(t, "blkdev_put", bd_era_of_api(unit_of(t), "blkdev_put"), BD_ERA_FMODE);
	want(t, "get", bd_era_of_api(unit_of(t), "blkdev_get_by_path"), BD_ERA_FMODE);
	want(t, "unit", bd_era_of_unit(unit_of(t)), BD_ERA_FMODE);
	done(t);
}

static void t_holder(struct tu *t)
{
	decl(t, 1, "void blkdev_put(struct block_device *bdev, void *holder)");
	decl(t, 2, "struct block_device *blkdev_get_by_dev(dev_t dev, blk_mode_t mode, "
	     "void *holder, const struct blk_holder_ops *hops)");
	analyze(t);
	want(t, "blkdev_put", bd_era_of_api(unit_of(t), "blkdev_put"), BD_ERA_HOLDER);
	want(t, "get", bd_era_of_api(unit_of(t), "blkdev_get_by_dev"), BD_ERA_HOLDER);
	want(t, "unit", bd_era_of_unit(unit_of(t)), BD_ERA_HOLDER);
	done(t);
}

/* A 6.7 unit: blkdev_put(bdev, holder) beside bdev_open_by_path(). */
static void t_handle(struct tu *t)
{
	decl(t, 1, "void blkdev_put(struct block_device *bdev, void *holder)");
	decl(t, 2, "struct bdev_handle *bdev_open_by_path(const char *path, blk_mode_t mode, "
	     "void *holder, const struct blk_holder_ops *hops)");
	analyze(t);
	want(t, "blkdev_put", bd_era_of_api(unit_of(t), "blkdev_put"), BD_ERA_HOLDER);
	want(t, "unit", bd_era_of_unit(unit_of(t)), BD_ERA_HANDLE);
	done(t);
}

static void t_file(struct tu *t)
{
	decl(t, 1, "struct file *bdev_file_open_by_dev(dev_t dev, blk_mode_t mode, "
	     "void *holder, const struct blk_holder_ops *hops)");
	analyze(t);
	want(t, "unit", bd_era_of_unit(unit_of(t)), BD_ERA_FILE);
	done(t);
}

/* Methods alone tell the era: 6.5's open(gendisk *, blk_mode_t) and
 * release(gendisk *); 2.6.28's open(bdev, fmode_t); 2.6.27's (inode, file). */
static void method_unit(struct tu *t, const char *open, const char *release, enum bd_era exp)
{
	struct fb *f = fn(t, 10, open);

	at(f, 11);
	ret(f, k(f, 0));
	end(f);
	f = fn(t, 20, release);
	at(f, 21);
	ret(f, 0);
	end(f);
	bind(t, "foo_fops", "open", "foo_open", 30);
	bind(t, "foo_fops", "release", "foo_release", 31);
	only(t, "put-mode");
	analyze(t);
	want(t, "unit", bd_era_of_unit(unit_of(t)), exp);
	done(t);
}

static void t_methods_holder(struct tu *t)
{
	method_unit(t, "static int foo_open(struct gendisk *disk, blk_mode_t mode)",
		    "static void foo_release(struct gendisk *disk)", BD_ERA_HOLDER);
}

static void t_methods_fmode(struct tu *t)
{
	method_unit(t, "static int foo_open(struct block_device *bdev, fmode_t mode)",
		    "static void foo_release(struct gendisk *disk, fmode_t mode)", BD_ERA_FMODE);
}

static void t_methods_legacy(struct tu *t)
{
	method_unit(t, "static int foo_open(struct inode *inode, struct file *filp)",
		    "static int foo_release(struct inode *inode, struct file *filp)",
		    BD_ERA_LEGACY);
}

/* Nothing of the API declared: unknown, and modes print in FMODE_ names. */
static void t_unknown(struct tu *t)
{
	char buf[128];

	decl(t, 1, "int foo(int x)");
	analyze(t);
	want(t, "unit", bd_era_of_unit(unit_of(t)), BD_ERA_UNKNOWN);
	bd_era_mode_bits(unit_of(t), BD_ERA_UNKNOWN, 0x83, buf, sizeof(buf));
	if (strcmp(buf, "FMODE_READ|FMODE_WRITE|FMODE_EXCL"))
		fail(t, "fmode bits: %s", buf);
	done(t);
}

/* BLK_OPEN_* names, with the values the unit's headers define. */
static void t_blk_open_names(struct tu *t)
{
	char buf[128];

	macro(t, "BLK_OPEN_EXCL", 0x100);
	analyze(t);
	bd_era_mode_bits(unit_of(t), BD_ERA_HOLDER, 0x103, buf, sizeof(buf));
	if (strcmp(buf, "BLK_OPEN_READ|BLK_OPEN_WRITE|BLK_OPEN_EXCL"))
		fail(t, "blk_open bits: %s", buf);
	bd_era_mode_bits(unit_of(t), BD_ERA_FILE, 0x8 | 0x800, buf, sizeof(buf));
	if (strcmp(buf, "BLK_OPEN_NDELAY|0x800"))
		fail(t, "blk_open bits: %s", buf);
	done(t);
}

/* The API model (engine/api.h) is consistent: every get or opener names
 * a put or releaser as its pair and back, every era it exists in is one
 * the model knows, a name told by one era has exactly one, and argument
 * positions stay inside the calls of the era. */
static void t_api_model(struct tu *t)
{
	int gets = 0, puts = 0;

	for (int i = 0; i < bd_api_count(); i++) {
		const struct bd_api *a = bd_api_at(i), *p = bd_api_find(a->pair);

		if (bd_api_find(a->name) != a)
			fail(t, "%s: listed twice", a->name);
		if (!a->eras || (a->eras & ~BD_ERAS_ALL))
			fail(t, "%s: eras 0x%x", a->name, a->eras);
		if (a->tell == BD_TELL_ONE && (a->eras & (a->eras - 1)))
			fail(t, "%s: told by one era but lists several", a->name);
		if (!p)
			fail(t, "%s: pair %s not in the model", a->name, a->pair);
		else if ((a->role == BD_API_GET && p->role != BD_API_PUT) ||
			 (a->role == BD_API_OPEN && p->role != BD_API_RELEASE) ||
			 (a->role == BD_API_PUT && p->role != BD_API_GET) ||
			 (a->role == BD_API_RELEASE && p->role != BD_API_OPEN) ||
			 (a->role != BD_API_REF && p->obj != a->obj) ||
			 (a->role != BD_API_REF && p->exclusive != a->exclusive))
			fail(t, "%s: pair %s does not match", a->name, a->pair);
		if (a->bdev_arg < -1 || a->bdev_arg > 1 || a->mode_arg > 2 || a->holder_arg > 2)
			fail(t, "%s: argument positions", a->name);
		gets += a->role == BD_API_GET;
		puts += a->role == BD_API_PUT;
	}
	if (gets != 6 || puts != 3)
		fail(t, "%d gets and %d puts, expected 6 and 3", gets, puts);
	if (!bd_api_is_put("close_bdev_exclusive") || bd_api_is_put("blkdev_get") ||
	    !bd_api_is_get("open_by_devnum") || bd_api_find("blkdev_putx"))
		fail(t, "lookups by name");
	if (strcmp(bd_api_pair("close_bdev_excl"), "open_bdev_excl"))
		fail(t, "close_bdev_excl pairs with %s", bd_api_pair("close_bdev_excl"));
	analyze(t);
	done(t);
}

const struct test era_tests[] = {
	{ "era_api_model", t_api_model, SSA },
	{ "era_legacy", t_legacy, SSA },
	{ "era_fmode", t_fmode, SSA },
	{ "era_holder", t_holder, SSA },
	{ "era_handle", t_handle, SSA },
	{ "era_file", t_file, SSA },
	{ "era_methods_holder", t_methods_holder, SLOTS },
	{ "era_methods_fmode", t_methods_fmode, SLOTS },
	{ "era_methods_legacy", t_methods_legacy, SLOTS },
	{ "era_unknown", t_unknown, SSA },
	{ "era_blk_open_names", t_blk_open_names, SSA },
	{ NULL, NULL, SSA },
};
