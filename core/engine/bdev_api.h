/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bdev_api.h - the block device objects of 6.7 and later, as one unit
 * uses them (bdev_api.c).
 *
 * From 6.7 an open block device is an object: a struct bdev_handle
 * (bdev_open_by_dev/path(), bdev_release()), from 6.9 a struct file
 * (bdev_file_open_by_dev/path(), fput()/bdev_fput()).  Which calls open or
 * give back such an object is read from the prototypes the unit declares,
 * never from version macros.  Computed once per unit: the functions of the
 * unit that return what an opener returned (wrappers), and the struct
 * fields and globals that hold such objects somewhere in the unit (and the
 * fields their block_device is kept in, beside them).  Which functions
 * open and release is the API model's (api.h).  bdops-bdev-release
 * and bdops-file-write ask here.
 */
#ifndef BDOPS_BDEV_API_H
#define BDOPS_BDEV_API_H

#include "engine.h"
#include "api.h"	/* enum bd_bobj and the openers: the API model */

/* A field (tag, field) or a global holding such objects. */
struct bd_bkey {
	const char *tag, *field, *global;
	enum bd_bobj kind;
	const char *dtag, *dfield;	/* the object's block_device kept here */
};

/* Does call e open a handle or file?  Which kind. */
enum bd_bobj bd_bapi_opener(struct bd_ctx *c, const struct bd_event *e);
/* Does call e give one back?  1: always a block device one (bdev_fput,
 * bdev_release(handle)), 2: fput(), one only for a file known to be a
 * block device file; 0: no.  *kind is set when non-zero. */
int bd_bapi_release(struct bd_ctx *c, const struct bd_event *e, enum bd_bobj *kind);
/* Is function fn of the unit a wrapper that returns an opener's result? */
enum bd_bobj bd_bapi_wrapper(struct bd_ctx *c, const struct bd_fn *fn);
/* Can value v of fn be what an opener (or a wrapper) returned? */
enum bd_bobj bd_bapi_from_opener(struct bd_ctx *c, struct bd_fn *fn, bd_val v);
/* The field or global (tag and field, or global) such objects are kept
 * in, or NULL. */
const struct bd_bkey *bd_bapi_key(struct bd_ctx *c, const char *tag, const char *field,
				  const char *global);
int bd_bapi_nkeys(struct bd_ctx *c);
const struct bd_bkey *bd_bapi_key_at(struct bd_ctx *c, int i);
/* x when v is file_bdev(x) or x->bdev of a handle, else 0. */
bd_val bd_bapi_bdev_source(struct bd_fn *fn, bd_val v);
/* Does the unit implement the API (define an opener's body)?  Then it is
 * the block layer's own code, which owns the files it hands out. */
int bd_bapi_implements(struct bd_ctx *c);
void bd_bapi_free(struct bd_ctx *c);

#endif
