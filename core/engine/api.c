// SPDX-License-Identifier: GPL-2.0
/*
 * api.c - the one model of the block-device API (api.h).
 *
 * One row per function.  A name that changed its contract across eras
 * (blkdev_put: bdev only, then a mode, then a holder in argument 1) has
 * one row with every era it exists in; era.c tells the call's era from
 * the unit's prototype as 'tell' says.
 */
#include <string.h>
#include "api.h"

#define E(x)	BD_ERA_BIT(BD_ERA_##x)

static const struct bd_api api[] = {
	/* name, role, obj, eras, tell, bdev, mode, holder, excl, int, generic, pair, kernels */
	{ "blkdev_get", BD_API_GET, BD_BOBJ_NONE, E(LEGACY) | E(FMODE), BD_TELL_GET_FLAGS,
	  0, 1, 2, 0, 1, 0, "blkdev_put", "2.6.27-6.4" },
	{ "blkdev_get_by_path", BD_API_GET, BD_BOBJ_NONE, E(FMODE) | E(HOLDER), BD_TELL_ARITY,
	  -1, 1, 2, 0, 0, 0, "blkdev_put", "2.6.38-6.7" },
	{ "blkdev_get_by_dev", BD_API_GET, BD_BOBJ_NONE, E(FMODE) | E(HOLDER), BD_TELL_ARITY,
	  -1, 1, 2, 0, 0, 0, "blkdev_put", "2.6.38-6.7" },
	{ "open_by_devnum", BD_API_GET, BD_BOBJ_NONE, E(LEGACY) | E(FMODE), BD_TELL_NONE,
	  -1, 1, -1, 0, 0, 0, "blkdev_put", "-2.6.37" },
	{ "open_bdev_excl", BD_API_GET, BD_BOBJ_NONE, E(LEGACY) | E(FMODE), BD_TELL_INT_FLAGS,
	  -1, 1, 2, 1, 0, 0, "close_bdev_excl", "-2.6.28" },
	{ "open_bdev_exclusive", BD_API_GET, BD_BOBJ_NONE, E(FMODE), BD_TELL_ONE,
	  -1, 1, 2, 1, 0, 0, "close_bdev_exclusive", "2.6.29-2.6.37" },
	/* argument 1: the mode up to 6.4, the holder from 6.5 (era.c) */
	{ "blkdev_put", BD_API_PUT, BD_BOBJ_NONE, E(LEGACY) | E(FMODE) | E(HOLDER), BD_TELL_PUT,
	  0, 1, 1, 0, 0, 0, "blkdev_get", "-6.7" },
	{ "close_bdev_excl", BD_API_PUT, BD_BOBJ_NONE, E(LEGACY) | E(FMODE), BD_TELL_ONE_ARG,
	  0, 1, -1, 1, 0, 0, "open_bdev_excl", "-2.6.28" },
	{ "close_bdev_exclusive", BD_API_PUT, BD_BOBJ_NONE, E(FMODE), BD_TELL_ONE,
	  0, 1, -1, 1, 0, 0, "open_bdev_exclusive", "2.6.29-2.6.37" },
	{ "bdev_open_by_path", BD_API_OPEN, BD_BOBJ_HANDLE, E(HANDLE), BD_TELL_ONE,
	  -1, 1, 2, 0, 0, 0, "bdev_release", "6.7-6.8" },
	{ "bdev_open_by_dev", BD_API_OPEN, BD_BOBJ_HANDLE, E(HANDLE), BD_TELL_ONE,
	  -1, 1, 2, 0, 0, 0, "bdev_release", "6.7-6.8" },
	/* 6.9+ also has an internal bdev_release(struct file *) in
	 * block/blk.h: bdev_api.c tells it by its parameter's type */
	{ "bdev_release", BD_API_RELEASE, BD_BOBJ_HANDLE, E(HANDLE), BD_TELL_ONE,
	  0, -1, -1, 0, 0, 0, "bdev_open_by_path", "6.7-6.8" },
	{ "bdev_file_open_by_path", BD_API_OPEN, BD_BOBJ_FILE, E(FILE), BD_TELL_ONE,
	  -1, 1, 2, 0, 0, 0, "bdev_fput", "6.9-" },
	{ "bdev_file_open_by_dev", BD_API_OPEN, BD_BOBJ_FILE, E(FILE), BD_TELL_ONE,
	  -1, 1, 2, 0, 0, 0, "bdev_fput", "6.9-" },
	{ "bdev_fput", BD_API_RELEASE, BD_BOBJ_FILE, E(FILE), BD_TELL_ONE,
	  0, -1, -1, 0, 0, 0, "bdev_file_open_by_path", "6.9-" },
	{ "fput", BD_API_RELEASE, BD_BOBJ_FILE, E(FILE), BD_TELL_NONE,
	  0, -1, -1, 0, 0, 1, "bdev_file_open_by_path", "6.9-" },
	/* references, not opens: a bdget()'s bdev still needs a blkdev_get() */
	{ "bdget", BD_API_REF, BD_BOBJ_NONE, E(LEGACY) | E(FMODE), BD_TELL_NONE,
	  -1, -1, -1, 0, 0, 0, "bdput", "-5.10" },
	{ "bdput", BD_API_REF, BD_BOBJ_NONE, E(LEGACY) | E(FMODE), BD_TELL_NONE,
	  0, -1, -1, 0, 0, 0, "bdget", "-5.10" },
};

#define NAPI ((int)(sizeof(api) / sizeof(api[0])))

/* The rows by a hash of their name: every call of a unit is looked up
 * here, several times, and a strcmp() per row was 0.1% of a kernel
 * compile.  Built on first use; the table never changes. */
#define NSLOT 128
_Static_assert(sizeof(api) / sizeof(api[0]) <= NSLOT / 2,
	       "api.c: more rows than half the slots of bd_api_find()'s table");

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

const struct bd_api *bd_api_find(const char *name)
{
	static signed char slot[NSLOT];
	static int ready;
	unsigned h;

	if (!name)
		return NULL;
	if (!ready) {
		memset(slot, -1, sizeof(slot));
		for (int i = 0; i < NAPI; i++) {
			h = name_hash(api[i].name) & (NSLOT - 1);
			while (slot[h] >= 0)
				h = (h + 1) & (NSLOT - 1);
			slot[h] = (signed char)i;
		}
		ready = 1;
	}
	for (h = name_hash(name) & (NSLOT - 1); slot[h] >= 0; h = (h + 1) & (NSLOT - 1))
		if (!strcmp(name, api[slot[h]].name))
			return &api[slot[h]];
	return NULL;
}

const struct bd_api *bd_api_role(const char *name, enum bd_api_role role)
{
	const struct bd_api *a = bd_api_find(name);

	return a && a->role == role ? a : NULL;
}

int bd_api_count(void)
{
	return NAPI;
}

const struct bd_api *bd_api_at(int i)
{
	return i >= 0 && i < NAPI ? &api[i] : NULL;
}

const char *bd_api_pair(const char *name)
{
	const struct bd_api *a = bd_api_find(name);

	return a ? a->pair : NULL;
}
