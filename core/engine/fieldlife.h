/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fieldlife.h - the lifetime of the struct fields that hold an opened
 * block device (a struct bdev_handle, 6.7/6.8, or a bdev struct file, 6.9+)
 * across the functions of one unit (fieldlife.c).
 *
 * A field such as log->bdev_handle or device->bdev_file is opened in one
 * function, used in others and given back in yet another; what one
 * function may assume about it is what the rest of the unit does with it.
 * Computed once per unit, on dominators and the roots of values (no
 * paths), for each field of that type:
 *  - where an opener's result is stored into it, and whether every such
 *    open happens only when some option or branch holds: the branch it is
 *    under has another side that returns success without opening;
 *  - whether some code gives it back, or takes its block_device, only
 *    after testing it for NULL, or only under a test of another field of
 *    the same object (if (log->no_integrity) return; bdev_release(...)):
 *    the unit's own word that the field may hold nothing;
 *  - the field its block_device is kept in beside it (device->bdev =
 *    file_bdev(bdev_file); device->bdev_file = bdev_file), also when the
 *    file came from a function outside the unit.
 * bdops-bdev-release asks here whether a use of the field with no such test
 * may be of a field never opened, and whether a field given back and left
 * set will be given back again elsewhere.
 */
#ifndef BDOPS_FIELDLIFE_H
#define BDOPS_FIELDLIFE_H

#include "engine.h"
#include "bdev_api.h"

#define BD_FLIFE_GUARDS 4

struct bd_flife {
	const char *tag, *field;	/* interned */
	enum bd_bobj kind;
	int bdev;			/* known to hold block device objects */
	/* opens: an opener's result stored here */
	int nopen, nopen_cond;
	int nother;			/* stores of other values (not NULL) */
	struct bd_event *open_at;	/* the first opener call, for notes */
	const char *opener;		/* its API name */
	/* given back (or its block_device taken) after a NULL test */
	struct bd_fn *null_fn;
	struct bd_event *null_rel;	/* the release under the test */
	const char *null_api;
	int null_use;			/* its block_device taken after one */
	/* ... given back after a test for NULL only (not IS_ERR_OR_NULL):
	 * an error pointer left in it passes */
	struct bd_fn *pnull_fn;
	struct bd_event *pnull_rel;
	const char *pnull_api;
	/* other fields of the same object tested before a release */
	int nguard;
	const char *gtag[BD_FLIFE_GUARDS], *gfield[BD_FLIFE_GUARDS];
	/* the field of the same object its block_device is kept in */
	const char *dtag, *dfield;
};

/* The field (tag, field) of a handle or file, or NULL. */
const struct bd_flife *bd_flife_of(struct bd_ctx *c, const char *tag, const char *field);
int bd_flife_count(struct bd_ctx *c);
const struct bd_flife *bd_flife_at(struct bd_ctx *c, int i);

/* Is block 'blk' of fn, where field fl is read through the value 'fload'
 * (the FIELD_LOAD of it), only reached under a test that says whether the
 * field holds something: a NULL or error test of the field on the same
 * object, or a test of one of its guard fields or of its block_device
 * field on the same object?  Or is fn called in the unit only under such
 * tests? */
int bd_flife_guarded(struct bd_ctx *c, struct bd_fn *fn, int blk, struct bd_event *fload,
		     const struct bd_flife *fl);

/* Do values a and b of fn denote the same place (the same root, or the
 * same field of the same place)? */
int bd_flife_same_place(struct bd_fn *fn, bd_val a, bd_val b);

void bd_flife_free(struct bd_ctx *c);

#endif
