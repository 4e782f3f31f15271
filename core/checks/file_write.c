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
 * Limits: a struct file reached through a global or a list is judged only
 * where it is written.  Writes through function pointers are not followed.
 * Confidence: high.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"

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

		if (!pw->set)
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

static void scan(struct fw *w, struct bd_fn *fn, int final, int *changed)
{
	struct bd_func *f = fn->f;
	char path[PATHLEN];

	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];
			bd_val base;

			switch (e->op) {
			case BD_FIELD_STORE:
				if (!bd_file_field(fn, e->tag, e->name, e->a, path, sizeof(path)))
					break;
				base = file_base(fn, e->tag, e->a);
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
	struct fw w = { c, bd_xcalloc(c->nfns + 1, sizeof(*w.sum)) };
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
}
