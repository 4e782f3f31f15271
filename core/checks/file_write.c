// SPDX-License-Identifier: GPL-2.0
/*
 * file_write.c - bdops-file-write: a block method writes to struct file.
 *
 * "struct file we pass to ->open() is often a fake one and it certainly
 * won't live until ->release()" (Al Viro).  Any store into a struct file in
 * method context is reported: plain and compound stores, stores through an
 * alias or a pointer to a field, memset/memcpy onto it, and calls to a
 * function of the unit that writes the struct file it is given (reported at
 * the call, with a note at the write).
 *
 * Writes a helper makes to a struct file it received as a parameter are
 * reported at the calls that pass it one, not in the helper: that is where
 * the struct file comes from.
 *
 * A struct file the code created itself (a VFS constructor such as
 * alloc_file_pseudo_noaccount(), or a function of the unit returning what
 * one made) is its creator's to fill in: never reported.  This is the
 * block layer building block device files (6.12's bdev_file_open_by_dev()
 * and bdev_open()), decided on the value, not on a path like block/.
 *
 * File era (6.9+): a write, in any function, to a field of a block device
 * file the code opened with bdev_file_open_by_*() (or kept in a field or
 * global of the unit) is reported too: the block layer set f_flags and
 * f_mode from the open and keeps the holder in private_data.  A unit that
 * implements the openers is the block layer itself and is not reported.
 *
 * Limits: a struct file reached through a global or a list is judged only
 * where it is written.  Writes through function pointers are not followed.
 * Confidence: high.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "../engine/bdev_api.h"

#define PATHLEN 256
#define MAXPARAMS 16

struct pwrite {
	int set;
	char path[PATHLEN];	/* below the parameter: "f_flags", "" for *p */
	struct bd_loc loc;
	const char *writer;
};

struct fw {
	struct bd_ctx *c;
	struct pwrite (*sum)[MAXPARAMS];	/* per function, per param */
	char *made;		/* per function: returns a struct file it created */
};

static const char *const mem_writers[] = {
	"memset", "memcpy", "memmove", "memzero_explicit", "copy_from_user",
	"__copy_from_user", NULL,
};

static int is_mem_writer(const char *name)
{
	for (int i = 0; mem_writers[i]; i++)
		if (!strcmp(name, mem_writers[i]))
			return 1;
	return 0;
}

/* The parameter number every root of v is, or -1. */
static int param_root(struct bd_fn *fn, bd_val v)
{
	struct bd_roots r;
	int p = -1;

	bd_roots(fn, v, &r);
	if (r.overflow || !r.n)
		return -1;
	for (int i = 0; i < r.n; i++) {
		if (!r.ev[i] || r.ev[i]->op != BD_PARAM)
			return -1;
		if (p >= 0 && p != (int)r.ev[i]->imm)
			return -1;
		p = (int)r.ev[i]->imm;
	}
	return p;
}

/* The struct file base of a field store: walk FIELD_ADDRs down to it. */
static bd_val file_base(struct bd_fn *fn, const char *tag, bd_val base)
{
	for (int guard = 0; guard < 16; guard++) {
		struct bd_event *d;

		if (tag && !strcmp(tag, "file"))
			return base;
		d = bd_strip(fn, base);
		if (!d || d->op != BD_FIELD_ADDR)
			return 0;
		tag = d->tag;
		base = d->a;
	}
	return 0;
}

/* The VFS calls that make a new struct file nobody else has seen yet:
 * the code that calls them fills the file in (block/bdev.c's
 * bdev_file_open_by_dev() stores the holder in private_data). */
static const char *const creators[] = {
	"alloc_file_pseudo", "alloc_file_pseudo_noaccount", "alloc_file_clone",
	"alloc_empty_file", "alloc_empty_file_noaccount", "alloc_empty_backing_file",
	NULL,
};

static int is_creator_call(struct bd_ctx *c, const struct bd_event *e, const char *made)
{
	struct bd_fn *g;

	if (e->op != BD_CALL || !e->name)
		return 0;
	for (int i = 0; creators[i]; i++)
		if (!strcmp(e->name, creators[i]))
			return 1;
	g = bd_fn_by_name(c, e->name);
	return g && made && made[g - c->fns];
}

/* Is the struct file behind value v one this code created itself (every
 * root a creator call, or a call of a function of the unit that returns
 * what it created)?  Its creator may fill it in: that is no write to a
 * file the block layer handed to a method. */
static int created_file(struct bd_ctx *c, struct bd_fn *fn, bd_val v, const char *made)
{
	struct bd_roots r;

	bd_roots(fn, file_base(fn, NULL, v) ? file_base(fn, NULL, v) : v, &r);
	if (r.overflow || !r.n)
		return 0;
	for (int i = 0; i < r.n; i++)
		if (!r.ev[i] || !is_creator_call(c, r.ev[i], made))
			return 0;
	return 1;
}

/* Functions of the unit that return a struct file they created. */
static char *find_makers(struct bd_ctx *c)
{
	char *made = bd_xcalloc(c->nfns + 1, 1);
	int changed = 1, rounds = 0;

	while (changed && rounds++ < 16) {
		changed = 0;
		for (int i = 0; i < c->nfns; i++) {
			struct bd_fn *fn = &c->fns[i];

			if (!fn->kept || made[i])
				continue;
			for (int b = 0; b < fn->f->nblocks && !made[i]; b++) {
				struct bd_block *blk = fn->f->blocks[b];
				struct bd_roots r;

				if (blk->term != BD_T_RETURN || !blk->cond)
					continue;
				bd_roots(fn, blk->cond, &r);
				for (int k = 0; k < r.n && !r.overflow; k++)
					if (r.ev[k] && is_creator_call(c, r.ev[k], made))
						made[i] = changed = 1;
			}
		}
	}
	return made;
}

static void join_path(char *out, size_t len, const char *outer, const char *inner)
{
	if (!*outer && !*inner)
		snprintf(out, len, "*file");
	else if (!*outer)
		snprintf(out, len, "file->%s", inner);
	else if (!*inner)
		snprintf(out, len, "file->%s", outer);
	else
		snprintf(out, len, "file->%s.%s", outer, inner);
}

static const char *fname(struct bd_fn *fn)
{
	return fn->f->decl->name;
}

static void report_write(struct fw *w, struct bd_fn *fn, struct bd_loc loc,
			 const char *what)
{
	char who[512];

	bd_report(w->c, BD_CHECK_FILE_WRITE, BD_SEV_WARNING, loc, fname(fn), NULL,
		  0, NULL, "%s writes '%s'; the struct file may be a temporary "
		  "that does not outlive open()", bd_who(fn, who, sizeof(who)), what);
}

/* No method of this unit reaches fn: one in another unit may (merge.c). */
static void record_write(struct fw *w, struct bd_fn *fn, struct bd_loc loc,
			 const char *what)
{
	struct bd_sum_fn *s = bd_summary_fn(w->c->sum, fname(fn));
	struct bd_sum_test *t;

	s->writes = bd_xrealloc(s->writes, (s->nwrites + 1) * sizeof(*t));
	t = &s->writes[s->nwrites++];
	memset(t, 0, sizeof(*t));
	t->loc = loc;
	t->what = bd_summary_str(w->c->sum, what);
}

static void note_param(struct fw *w, struct bd_fn *fn, int p, const char *path,
		       struct bd_loc loc, const char *writer, int *changed)
{
	struct pwrite *pw;

	if (p < 0 || p >= MAXPARAMS)
		return;
	pw = &w->sum[fn - w->c->fns][p];
	if (pw->set)
		return;
	pw->set = 1;
	snprintf(pw->path, sizeof(pw->path), "%s", path);
	pw->loc = loc;
	pw->writer = writer;
	*changed = 1;
}

/* A direct write of 'path' below object value 'obj' at loc.  'final' says
 * whether to report (second pass) or only summarise (first pass). */
static void direct_write(struct fw *w, struct bd_fn *fn, bd_val obj,
			 const char *inner, int is_file_obj, struct bd_loc loc,
			 int final, int *changed)
{
	int p = param_root(fn, obj);
	char what[PATHLEN * 2], field[PATHLEN];

	if (created_file(w->c, fn, obj, w->made))
		return;
	if (!final) {
		note_param(w, fn, p, inner, loc, fname(fn), changed);
		return;
	}
	if (p >= 0 && !fn->is_method)
		return;
	if (is_file_obj) {
		join_path(what, sizeof(what), "", inner);
	} else {
		if (!bd_points_into_file(fn, obj, field, sizeof(field)))
			return;
		join_path(what, sizeof(what), field, inner);
	}
	if (!fn->roles) {
		record_write(w, fn, loc, what);
		return;
	}
	report_write(w, fn, loc, what);
}

static void at_call(struct fw *w, struct bd_fn *fn, struct bd_event *e,
		    int final, int *changed)
{
	struct bd_fn *g;
	char field[PATHLEN], what[PATHLEN * 2], who[512], note[PATHLEN * 3];

	if (!e->name)
		return;
	if (is_mem_writer(e->name)) {
		if (e->nargs > 0)
			direct_write(w, fn, e->args[0], "", 0, e->loc, final, changed);
		return;
	}
	g = bd_fn_by_name(w->c, e->name);
	if (!g || g == fn)
		return;
	for (int i = 0; i < e->nargs && i < MAXPARAMS; i++) {
		struct pwrite *pw = &w->sum[g - w->c->fns][i];
		int p;

		if (!pw->set || created_file(w->c, fn, e->args[i], w->made))
			continue;
		p = param_root(fn, e->args[i]);
		if (!final) {
			note_param(w, fn, p, pw->path, pw->loc, pw->writer, changed);
			continue;
		}
		if (!fn->roles || (p >= 0 && !fn->is_method))
			continue;
		if (!bd_points_into_file(fn, e->args[i], field, sizeof(field)))
			continue;
		join_path(what, sizeof(what), field, pw->path);
		snprintf(note, sizeof(note), "'%s' writes '%s' here", pw->writer, what);
		{
			struct bd_note n = { pw->loc, note };

			bd_report(w->c, BD_CHECK_FILE_WRITE, BD_SEV_WARNING, e->loc,
				  fname(fn), NULL, 1, &n,
				  "%s passes a struct file to '%s', which writes '%s'; "
				  "the struct file may be a temporary that does not "
				  "outlive open()", bd_who(fn, who, sizeof(who)),
				  e->name, what);
		}
	}
}

/* The block device file behind value v (6.9+): every root an opener of
 * the file era (or a wrapper of one), or a field or global such files are
 * kept in.  Returns 1 and the opener, when one is in sight, in *open. */
static int bdev_file(struct bd_ctx *c, struct bd_fn *fn, bd_val v, struct bd_event **open)
{
	struct bd_roots r;
	const struct bd_bkey *k;

	*open = NULL;
	bd_roots(fn, v, &r);
	if (r.overflow || !r.n)
		return 0;
	for (int i = 0; i < r.n; i++) {
		struct bd_event *e = r.ev[i];
		struct bd_fn *g;

		if (!e)
			return 0;
		if (bd_bapi_opener(c, e) == BD_BOBJ_FILE ||
		    (e->op == BD_CALL && (g = bd_fn_by_name(c, e->name)) &&
		     bd_bapi_wrapper(c, g) == BD_BOBJ_FILE)) {
			if (!*open)
				*open = e;
			continue;
		}
		k = e->op == BD_FIELD_LOAD ? bd_bapi_key(c, e->tag, e->name, NULL) :
		    e->op == BD_GLOBAL_LOAD ? bd_bapi_key(c, NULL, NULL, e->name) : NULL;
		if (!k || k->kind != BD_BOBJ_FILE)
			return 0;
	}
	return 1;
}

/* A write to a block device file the code opened: the block layer
 * filled that file in and keeps using it (the holder is its
 * private_data).  The block layer's own code - a unit that implements
 * the openers - owns those files and is never reported. */
static void bdev_file_write(struct fw *w, struct bd_fn *fn, struct bd_event *e,
			    const char *field, struct bd_event *open)
{
	const char *why, *fix;
	char msg[512], note[256], fixbuf[256];
	struct bd_note n;
	const char *opener = open ? open->name : NULL;

	if (bd_bapi_implements(w->c))
		return;
	if (!strcmp(field, "private_data")) {
		why = "the block layer keeps the holder there";
		fix = "keep the driver's data in its own structure, next to the file pointer";
	} else if (!strcmp(field, "f_flags") || !strcmp(field, "f_mode")) {
		why = "the block layer set it from the mode of the open";
		snprintf(fixbuf, sizeof(fixbuf), "pass the mode to %s() instead (BLK_OPEN_*)",
			 opener ? opener : "bdev_file_open_by_dev/path");
		fix = fixbuf;
	} else {
		why = "the file belongs to the block layer";
		fix = "do not write a file the block layer opened; keep the state in the driver";
	}
	if (opener)
		snprintf(msg, sizeof(msg), "'%s' writes 'file->%s' of a block device file it opened with %s(); %s",
			 fname(fn), field, opener, why);
	else
		snprintf(msg, sizeof(msg), "'%s' writes 'file->%s' of a block device file; %s",
			 fname(fn), field, why);
	n.loc = open ? open->loc : e->loc;
	snprintf(note, sizeof(note), "%s() opened it here", opener ? opener : "");
	n.message = note;
	bd_report(w->c, BD_CHECK_FILE_WRITE, BD_SEV_WARNING, e->loc, fname(fn),
		  bd_result_str(w->c->r, fix), open ? 1 : 0, &n, "%s", msg);
}

static void scan(struct fw *w, struct bd_fn *fn, int final, int *changed)
{
	struct bd_func *f = fn->f;
	char path[PATHLEN];

	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k], *open;
			bd_val base;

			switch (e->op) {
			case BD_FIELD_STORE:
				if (!bd_file_field(fn, e->tag, e->name, e->a, path, sizeof(path)))
					break;
				base = file_base(fn, e->tag, e->a);
				if (bdev_file(w->c, fn, base, &open)) {
					if (final)
						bdev_file_write(w, fn, e, path, open);
					break;
				}
				direct_write(w, fn, base, path, 1, e->loc, final, changed);
				break;
			case BD_DEREF_STORE:
				direct_write(w, fn, e->a, "", 0, e->loc, final, changed);
				break;
			case BD_CALL:
				at_call(w, fn, e, final, changed);
				break;
			default:
				break;
			}
		}
}

void bd_check_file_write(struct bd_ctx *c)
{
	struct fw w = { c, bd_xcalloc(c->nfns + 1, sizeof(*w.sum)), find_makers(c) };
	int changed = 1, rounds = 0;

	/* Summaries first, to a fixed point (helpers calling helpers). */
	while (changed && rounds++ < 20) {
		changed = 0;
		for (int i = 0; i < c->nfns; i++)
			if (c->fns[i].kept)
				scan(&w, &c->fns[i], 0, &changed);
	}
	for (int i = 0; i < c->nfns; i++)
		if (c->fns[i].kept)
			scan(&w, &c->fns[i], 1, &changed);
	free(w.sum);
	free(w.made);
}
