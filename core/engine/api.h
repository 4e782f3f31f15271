/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api.h - the one model of the Linux block-device API (api.c).
 *
 * Every function that gets, puts, opens or releases a block device in any
 * kernel from 2.6.27 on, with the era(s) it exists in, which argument is
 * the bdev, the mode and the holder, what it returns, whether it claims
 * the device by its name, and its counterpart.  The engine, the checks,
 * the whole-program graphs (wp/), fix hints (fixit.c) and `bdops fix`
 * (cli/fix*.c) read this table; none keeps a list of its own.
 *
 * The header stands alone (no IR, no unit): cli/ includes it as
 * "engine/api.h".  Which era one call follows is not in the table - the
 * same name means different things in different eras - but how its
 * prototype tells the era is (enum bd_api_tell); engine/era.c applies it
 * to the prototypes the unit declares.
 *
 *   blkdev_get(bdev, mode_t, unsigned flags)              2.6.27
 *   blkdev_get(bdev, fmode_t[, holder])                   2.6.28 .. 6.4
 *   blkdev_get_by_path/dev(.., fmode_t, holder)           2.6.38 .. 6.4
 *   blkdev_get_by_path/dev(.., blk_mode_t, holder, hops)  6.5 .. 6.7
 *   open_by_devnum(dev, mode)                             .. 2.6.37
 *   open_bdev_excl(path, flags, holder), close_bdev_excl  .. 2.6.28
 *   open_bdev_exclusive(path, fmode_t, holder), close_*   2.6.29 .. 2.6.37
 *   blkdev_put(bdev)                                      2.6.27
 *   blkdev_put(bdev, fmode_t)                             2.6.28 .. 6.4
 *   blkdev_put(bdev, void *holder)                        6.5 .. 6.7
 *   bdev_open_by_path/dev() -> bdev_handle, bdev_release  6.7 .. 6.8
 *   bdev_file_open_by_path/dev() -> file, bdev_fput/fput  6.9 ..
 */
#ifndef BDOPS_API_H
#define BDOPS_API_H

enum bd_era {
	BD_ERA_UNKNOWN,	/* nothing in the unit tells */
	BD_ERA_LEGACY,	/* .. 2.6.27: methods take (inode, file); blkdev_put(bdev) */
	BD_ERA_FMODE,	/* 2.6.28 .. 6.4: fmode_t; blkdev_put(bdev, mode) */
	BD_ERA_HOLDER,	/* 6.5 .. 6.6: blk_mode_t; blkdev_put(bdev, holder) */
	BD_ERA_HANDLE,	/* 6.7 .. 6.8: bdev_open_by_*() -> struct bdev_handle * */
	BD_ERA_FILE,	/* 6.9 ..: bdev_file_open_by_*() -> struct file * */
	BD_ERA_COUNT
};

#define BD_ERA_BIT(e)	(1u << (e))
#define BD_ERAS_ALL	(BD_ERA_BIT(BD_ERA_LEGACY) | BD_ERA_BIT(BD_ERA_FMODE) | \
			 BD_ERA_BIT(BD_ERA_HOLDER) | BD_ERA_BIT(BD_ERA_HANDLE) | \
			 BD_ERA_BIT(BD_ERA_FILE))

/* What a call does with a block device. */
enum bd_api_role {
	BD_API_GET,	/* opens a struct block_device (result or bdev_arg) */
	BD_API_PUT,	/* gives a struct block_device back */
	BD_API_OPEN,	/* opens a handle or a file (6.7+) */
	BD_API_RELEASE,	/* gives a handle or a file back */
	BD_API_REF,	/* takes or drops a reference only (bdget/bdput):
			 * not an open, not paired by the checks */
};

/* The object a 6.7+ opener returns and its releaser takes. */
enum bd_bobj { BD_BOBJ_NONE, BD_BOBJ_FILE, BD_BOBJ_HANDLE };

/* How the prototype the unit declares tells the call's era. */
enum bd_api_tell {
	BD_TELL_ONE,		/* the function exists in one era only */
	BD_TELL_NONE,		/* cannot tell (open_by_devnum, bdget) */
	BD_TELL_PUT,		/* blkdev_put: 1 parameter legacy, a pointer
				 * second holder, else fmode */
	BD_TELL_ARITY,		/* blkdev_get_by_*: 4 parameters holder, 3 fmode */
	BD_TELL_GET_FLAGS,	/* blkdev_get: 3 with an int third legacy */
	BD_TELL_INT_FLAGS,	/* open_bdev_excl: int second legacy */
	BD_TELL_ONE_ARG,	/* close_bdev_excl: 1 parameter legacy */
};

struct bd_api {
	const char *name;
	enum bd_api_role role;
	enum bd_bobj obj;	/* OPEN/RELEASE: the handle or file */
	unsigned eras;		/* BD_ERA_BIT()s it exists in */
	enum bd_api_tell tell;
	int bdev_arg;		/* the bdev, handle or file: -1 the result */
	int mode_arg;		/* -1: none (blkdev_put: up to 6.4) */
	int holder_arg;		/* -1: none (blkdev_put: from 6.5) */
	int exclusive;		/* claims / releases a claim by its name */
	int int_result;		/* GET: returns 0 or -errno, not the bdev */
	int generic;		/* RELEASE: not a block API function (fput):
				 * a release only of a known bdev file */
	const char *pair;	/* the put of a get, the get of a put */
	const char *kernels;	/* where it exists, for messages and docs */
};

/* The entry named 'name', or NULL. */
const struct bd_api *bd_api_find(const char *name);
/* The entry named 'name' if it has role 'role', or NULL. */
const struct bd_api *bd_api_role(const char *name, enum bd_api_role role);
/* The table, for iteration: 0 <= i < bd_api_count(). */
int bd_api_count(void);
const struct bd_api *bd_api_at(int i);

/* Shorthands over the table. */
static inline int bd_api_is_get(const char *name)
{
	return bd_api_role(name, BD_API_GET) != 0;
}

static inline int bd_api_is_put(const char *name)
{
	return bd_api_role(name, BD_API_PUT) != 0;
}

/* The counterpart of a get or put ("blkdev_get" for blkdev_put), or NULL. */
const char *bd_api_pair(const char *name);

#endif
