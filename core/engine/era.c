// SPDX-License-Identifier: GPL-2.0
/*
 * era.c - the block-device API era of a call and of a unit, read from the
 * prototypes the unit declares (see era.h and docs/eras.md).
 *
 *   blkdev_put(bdev)                         2.6.27
 *   blkdev_put(bdev, fmode_t)                2.6.28 .. 6.4
 *   blkdev_put(bdev, void *holder)           6.5 .. 6.7
 *   blkdev_get_by_path/dev(.., mode, holder)         2.6.38 .. 6.4
 *   blkdev_get_by_path/dev(.., mode, holder, hops)   6.5 .. 6.7
 *   bdev_open_by_path/dev(), bdev_release()  6.7 .. 6.8
 *   bdev_file_open_by_path/dev(), bdev_fput() 6.9 ..
 *   open(inode *, file *)                    2.6.27
 *   open(block_device *, fmode_t)            2.6.28 .. 6.4
 *   open(gendisk *, blk_mode_t), release(gendisk *)  6.5 ..
 *
 * fmode_t and blk_mode_t are both 'unsigned int' once typedefs are
 * resolved, so the parameter counts and the pointer-or-integer shape of
 * the parameters decide, not the typedef names.
 */
#include <stdio.h>
#include <string.h>
#include "era.h"
#include "engine.h"

static const struct {
	const char *name, *kernels;
} eras[BD_ERA_COUNT] = {
	[BD_ERA_UNKNOWN] = { "unknown", "?" },
	[BD_ERA_LEGACY] = { "legacy", "2.6.27" },
	[BD_ERA_FMODE] = { "fmode", "2.6.28-6.4" },
	[BD_ERA_HOLDER] = { "holder", "6.5-6.6" },
	[BD_ERA_HANDLE] = { "handle", "6.7-6.8" },
	[BD_ERA_FILE] = { "file", "6.9+" },
};

const char *bd_era_name(enum bd_era e)
{
	return (unsigned)e < BD_ERA_COUNT ? eras[e].name : "unknown";
}

const char *bd_era_kernels(enum bd_era e)
{
	return (unsigned)e < BD_ERA_COUNT ? eras[e].kernels : "?";
}

static int is_ptr(const char *t)
{
	size_t n = t ? strlen(t) : 0;

	return n > 2 && !strcmp(t + n - 2, " *");
}

static int is_int(const char *t)
{
	return t && !is_ptr(t) && strncmp(t, "struct ", 7) && strncmp(t, "union ", 6) &&
	       strcmp(t, "fnptr") && strcmp(t, "other") && strcmp(t, "void");
}

/* Parameter i's type, or NULL when the unit has no prototype for it. */
static const char *ptype(const struct bd_decl *d, int i)
{
	return d && d->nparams > i && d->param_types ? d->param_types[i] : NULL;
}

/* nparams of the prototype, or the call's argument count without one. */
static int arity(const struct bd_decl *d, const struct bd_event *e)
{
	if (d && d->nparams >= 0 && d->param_types)
		return d->nparams;
	return e ? e->nargs : -1;
}

/* The era a call of API function a follows, as its prototype tells
 * (api.h, enum bd_api_tell). */
static enum bd_era era_of(const struct bd_decl *d, const char *name, const struct bd_event *e)
{
	const struct bd_api *a = bd_api_find(name);
	int n = arity(d, e);
	const char *t1 = ptype(d, 1), *t2 = ptype(d, 2);

	if (!a || a->generic)
		return BD_ERA_UNKNOWN;
	switch (a->tell) {
	case BD_TELL_ONE:
		for (int x = BD_ERA_LEGACY; x < BD_ERA_COUNT; x++)
			if (a->eras == BD_ERA_BIT(x))
				return (enum bd_era)x;
		return BD_ERA_UNKNOWN;
	case BD_TELL_PUT:
		if (n == 1)
			return BD_ERA_LEGACY;
		if (is_ptr(t1))
			return BD_ERA_HOLDER;
		return n == 2 ? BD_ERA_FMODE : BD_ERA_UNKNOWN;
	case BD_TELL_ARITY:
		if (n >= 4)
			return BD_ERA_HOLDER;
		return n == 3 ? BD_ERA_FMODE : BD_ERA_UNKNOWN;
	case BD_TELL_GET_FLAGS:
		/* 2.6.27: blkdev_get(bdev, mode_t, unsigned flags) */
		if (n == 3 && is_int(t2))
			return BD_ERA_LEGACY;
		return n >= 2 ? BD_ERA_FMODE : BD_ERA_UNKNOWN;
	case BD_TELL_INT_FLAGS:
		return t1 && !strcmp(t1, "int") ? BD_ERA_LEGACY : BD_ERA_FMODE;
	case BD_TELL_ONE_ARG:
		return n == 1 ? BD_ERA_LEGACY : BD_ERA_FMODE;
	case BD_TELL_NONE:
		break;
	}
	return BD_ERA_UNKNOWN;
}

enum bd_era bd_era_of_call(const struct bd_unit *u, const struct bd_event *e)
{
	if (!e || e->op != BD_CALL || !e->name)
		return BD_ERA_UNKNOWN;
	return era_of(bd_find_decl((struct bd_unit *)u, e->name), e->name, e);
}

enum bd_era bd_era_of_api(const struct bd_unit *u, const char *name)
{
	struct bd_decl *d = bd_find_decl((struct bd_unit *)u, name);

	if (!d)
		return BD_ERA_UNKNOWN;
	return era_of(d, name, NULL);
}

/* The era a block_device_operations method's prototype shows. */
static enum bd_era era_of_method(const char *member, const struct bd_decl *d)
{
	const char *t0 = ptype(d, 0), *t1 = ptype(d, 1);

	if (!t0)
		return BD_ERA_UNKNOWN;
	if (!strcmp(t0, "struct inode *") && t1 && !strcmp(t1, "struct file *"))
		return BD_ERA_LEGACY;
	if (!strcmp(member, "open")) {
		if (!strcmp(t0, "struct block_device *"))
			return BD_ERA_FMODE;
		if (!strcmp(t0, "struct gendisk *"))
			return BD_ERA_HOLDER;
	}
	if (!strcmp(member, "release") && !strcmp(t0, "struct gendisk *"))
		return d->nparams == 1 ? BD_ERA_HOLDER : BD_ERA_FMODE;
	return BD_ERA_UNKNOWN;
}

static enum bd_era compute_unit_era(struct bd_unit *u)
{
	enum bd_era best = BD_ERA_UNKNOWN, e;

	for (int i = 0; i < bd_api_count(); i++) {
		e = bd_era_of_api(u, bd_api_at(i)->name);
		if (e > best)
			best = e;
	}
	for (int i = 0; i < u->nbindings; i++) {
		const struct bd_binding *b = &u->bindings[i];

		if (!bd_is_bdops_tag(b->tag))
			continue;
		e = era_of_method(b->member, bd_find_decl(u, b->func));
		if (e > best)
			best = e;
	}
	return best;
}

enum bd_era bd_era_of_unit(struct bd_unit *u)
{
	if (!u->era)
		u->era = (int)compute_unit_era(u) + 1;
	return (enum bd_era)(u->era - 1);
}

enum bd_era bd_era_for_call(struct bd_unit *u, const struct bd_event *e)
{
	enum bd_era era = bd_era_of_call(u, e);

	return era != BD_ERA_UNKNOWN ? era : bd_era_of_unit(u);
}

enum bd_era bd_era_naming(struct bd_unit *u)
{
	enum bd_era era = bd_era_of_unit(u);

	if (era != BD_ERA_UNKNOWN)
		return era;
	/* -1 is no flag value: the unit's headers did not define it */
	return bd_unit_macro(u, "BLK_OPEN_READ", -1) != -1 ? BD_ERA_HOLDER : BD_ERA_FMODE;
}

int64_t bd_era_macro(const struct bd_unit *u, const char *name)
{
	return bd_unit_macro(u, name, bd_macro_default(name));
}

static const char *const fmode_bits[] = {
	"FMODE_READ", "FMODE_WRITE", "FMODE_LSEEK", "FMODE_PREAD",
	"FMODE_PWRITE", "FMODE_EXEC", "FMODE_NDELAY", "FMODE_EXCL",
	"FMODE_WRITE_IOCTL", NULL,
};

static const char *const blk_open_bits[] = {
	"BLK_OPEN_READ", "BLK_OPEN_WRITE", "BLK_OPEN_EXCL", "BLK_OPEN_NDELAY",
	"BLK_OPEN_WRITE_IOCTL", "BLK_OPEN_RESTRICT_WRITES",
	"BLK_OPEN_STRICT_SCAN", NULL,
};

const char *bd_era_mode_bits(const struct bd_unit *u, enum bd_era e, uint64_t k,
			     char *buf, size_t len)
{
	const char *const *names = bd_era_blk_mode(e) ? blk_open_bits : fmode_bits;
	uint64_t rest = k;
	size_t used = 0;

	buf[0] = 0;
	if (!k) {
		snprintf(buf, len, "0");
		return buf;
	}
	for (int i = 0; names[i]; i++) {
		uint64_t bit = (uint64_t)bd_era_macro(u, names[i]);

		if (!bit || (bit & (bit - 1)) || !(rest & bit))
			continue;
		used += snprintf(buf + used, used < len ? len - used : 0, "%s%s",
				 used ? "|" : "", names[i]);
		rest &= ~bit;
	}
	if (rest)
		snprintf(buf + used, used < len ? len - used : 0, "%s0x%llx",
			 used ? "|" : "", (unsigned long long)rest);
	return buf;
}
