// SPDX-License-Identifier: GPL-2.0
/*
 * bdev_release.c - bdops-bdev-release: an opened block device is given back
 * once, never while it is an error pointer, and its block_device is not
 * used after it was given back.
 *
 * From 6.7 a block device is opened as a struct bdev_handle
 * (bdev_open_by_dev/path(), given back with bdev_release(handle)), from 6.9
 * as a struct file (bdev_file_open_by_dev/path(), given back with fput()
 * or, from 6.10, bdev_fput()).  Both openers return ERR_PTR() on failure.
 * Reported, at the release: a release on a path where the handle or file
 * is an error pointer (IS_ERR() or IS_ERR_OR_NULL() was true, in every
 * spelling engine/errptr.c knows), a second release on one path; and, at
 * the use, the block_device it gives (handle->bdev, file_bdev(file)) used
 * after the release on that path.  Across the functions of the unit, for
 * a handle or file kept in a struct field (engine/fieldlife.c says what
 * the unit does with the field elsewhere): a use (->bdev, file_bdev(), a
 * release) of a field the unit opens only under some option and tests
 * elsewhere, on a path that neither opened nor tested it; and a field
 * whose content on entry a function gave back and left set while another
 * function tests it for NULL and gives it back again, or left an error
 * pointer by a failed open while another tests it only for NULL.
 *
 * Values are followed through locals, SSA copies and phis, struct fields
 * and globals (a field's or global's content is tracked per path; a field
 * that is loaded where nothing stored it in the function stands for
 * whatever it held), and through the functions of the unit: each is
 * summarised bottom-up (does it return an opened handle or file, and may
 * that be an error pointer; what does it give back or store of its
 * parameters, their fields and globals), and its calls use the summary.
 * The paths are those of engine/paths.c: a fact holds on one path only,
 * branches on a tested error pointer, a NULL test or a condition already
 * taken on the path go one way.
 *
 * fput() is a release of this check only for a file known to be a block
 * device file: opened by bdev_file_open_by_*() (directly or through a
 * helper), or read from a field or global that such a file is stored in
 * somewhere in the unit.  bdev_fput() and bdev_release(handle) always are.
 *
 * Limits: a handle or file kept in an array, reached through a list, or
 * stored by another unit is not followed; a function with more paths than
 * the walk keeps (engine/paths.c) is judged on joined states, where facts
 * that differ become unknown.  Confidence: high.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "../engine/errptr.h"
#include "../engine/bdev_api.h"
#include "../engine/fieldlife.h"

/* Abstract pointer values: what a local, field or global holds. */
#define A_UNK		0		/* not followed */
#define A_NULL		1
#define A_ERRC		2		/* ERR_PTR(...) itself */
#define A_INST(i)	(3 + 2 * (i))	/* object i */
#define A_BDEV(i)	(4 + 2 * (i))	/* the block_device object i gives */
#define IS_INST(a)	((a) >= 3 && ((a) & 1))
#define IS_BDEV(a)	((a) >= 4 && !((a) & 1))
#define OBJ(a)		(((a) - 3) / 2)

/* What an object may be on a path: a mask. */
#define M_E		1	/* an error pointer */
#define M_N		2	/* NULL */
#define M_V		4	/* an open handle or file */

#define REL_MAYBE	(-1)	/* joined: given back on some paths */
#define MAXEFF		16
#define CAP_STATES	32
#define OBJW		4	/* ints per object in a state */

enum okind { O_OPEN, O_PARAM, O_LOC };

struct obj {
	enum okind kind;
	struct bd_event *ev;	/* O_OPEN: the call */
	int loc;		/* O_LOC: its location */
	int param;		/* O_PARAM */
	int bdev;		/* known to be a bdev handle or file */
	int mask0;		/* what it may be when it appears */
	enum bd_bobj fl;
	const char *opener;	/* O_OPEN: the API function that opens */
	struct bd_event *open_at;	/* ... and where, for notes */
};

struct loc {			/* a field of one object, or a global */
	struct bd_event *base;	/* root of the object pointer; NULL: global */
	const char *tag, *field, *global;
	int obj;		/* the object it holds at entry */
	int param;		/* base is parameter 'param', else -1 */
	int derived;		/* holds the bdev of loc 'derived' (+1) */
};

struct rel {			/* a release site, for notes */
	struct bd_event *ev;
	const char *name;	/* fput, bdev_fput, bdev_release, helper */
	struct bd_loc at;	/* where the API release is (helper: inside) */
	const char *api;	/* the API release called */
};

/* A summary's effect on one parameter, field of a parameter or global. */
struct eff {
	int param;		/* -1: a global */
	const char *tag, *field, *global;
	int nexit, nrel, nmaybe, nlive;
	int stored, exit_null;	/* stored on some path; NULL at every exit */
	int rel_err;		/* given back where it may be an error pointer */
	struct bd_loc rel_at;	/* the API release, for notes */
	const char *rel_api;
	int rel_fl;
	struct bd_loc site_at;	/* the API release, for any release */
	const char *site_api;
};

struct rsum {
	int state;		/* 0 not done, 1 in progress, 2 done */
	int relevant;
	int nexit, nret_obj, nret_other;
	int ret_mask;
	enum bd_bobj fl;
	const char *opener;
	struct bd_event *open_at;
	struct bd_fn *open_fn;
	int neff;
	struct eff eff[MAXEFF];
	int overflow;		/* more effects than fit: unknown */
	unsigned escapes;	/* parameters passed on to unknown functions */
};

struct br {			/* the check over one unit */
	struct bd_ctx *c;
	struct rsum *sum;	/* per function */
};

struct pending {		/* a finding, reported once per place */
	struct bd_loc loc;
	char msg[256];
	const char *fix;
	int nnotes;
	struct bd_note notes[2];
	char nbuf[2][160];
};

struct rs {			/* one function's walk */
	struct br *br;
	struct bd_fn *fn;
	struct rsum *sum;
	struct obj *o;
	int no, capo;
	struct loc *l;
	int nl, capl;
	struct rel *r;
	int nr, capr;
	int *slotidx, nts;	/* tracked slots */
	int *phiidx, ntp;	/* tracked phis, by value */
	int *evobj;		/* event number -> object of an opener call */
	int *evloc;		/* event number -> location of a field/global access */
	struct bd_event **conds;	/* conditions branched on twice or more */
	int ncond;
	int pnull[8], npnull;	/* parameters fields are read through */
	int off_slot, off_phi, off_loc, off_obj, off_cond, off_pnull, size;
	struct pending *p;
	int np, capp;
};

static int type_is(const char *t, const char *want)
{
	return t && !strcmp(t, want);
}

static int is_tracked_type(const char *t)
{
	return type_is(t, "struct file *") || type_is(t, "struct bdev_handle *") ||
	       type_is(t, "struct block_device *");
}

static int calls(const struct bd_event *e, const char *name)
{
	return e->op == BD_CALL && e->name && !strcmp(e->name, name);
}

/* What a place of type t holds, for a place no opener of the unit was
 * seen to fill: messages then still say the era's own object. */
static enum bd_bobj fl_of_type(const char *t)
{
	if (type_is(t, "struct file *"))
		return BD_BOBJ_FILE;
	return type_is(t, "struct bdev_handle *") ? BD_BOBJ_HANDLE : BD_BOBJ_NONE;
}

static const char *fl_object(enum bd_bobj fl)
{
	return fl == BD_BOBJ_FILE ? "block device file" : "bdev_handle";
}

static int evno(struct rs *x, int b, int k)
{
	return x->fn->evbase[b] + k;
}

/* The object pointer a store or load goes through, as one root. */
static struct bd_event *base_root(struct bd_fn *fn, bd_val v)
{
	struct bd_roots r;

	bd_roots(fn, v, &r);
	return !r.overflow && r.n == 1 ? r.ev[0] : NULL;
}

/* ---- one function: objects, locations, tracked values ---- */

static int new_obj(struct rs *x, enum okind kind)
{
	BD_GROW(x->o, x->no, x->capo);
	memset(&x->o[x->no], 0, sizeof(x->o[0]));
	x->o[x->no].kind = kind;
	x->o[x->no].param = -1;
	x->o[x->no].loc = -1;
	return x->no++;
}

static int find_loc(struct rs *x, struct bd_event *base, const char *tag,
		    const char *field, const char *global)
{
	for (int i = 0; i < x->nl; i++)
		if (x->l[i].base == base && x->l[i].tag == tag &&
		    x->l[i].field == field && x->l[i].global == global)
			return i;
	return -1;
}

static int add_loc(struct rs *x, struct bd_event *base, const char *tag,
		   const char *field, const char *global)
{
	int i = find_loc(x, base, tag, field, global), o;
	const struct bd_bkey *key;

	if (i >= 0)
		return i;
	BD_GROW(x->l, x->nl, x->capl);
	i = x->nl++;
	memset(&x->l[i], 0, sizeof(x->l[i]));
	x->l[i].base = base;
	x->l[i].tag = tag;
	x->l[i].field = field;
	x->l[i].global = global;
	x->l[i].param = base && base->op == BD_PARAM ? (int)base->imm : -1;
	o = new_obj(x, O_LOC);
	x->o[o].loc = i;
	x->o[o].mask0 = M_E | M_N | M_V;
	key = bd_bapi_key(x->br->c, tag, field, global);
	if (key) {
		x->o[o].bdev = 1;
		x->o[o].fl = key->kind;
	} else if (!global) {
		/* a field no opener of the unit fills, whose block_device
		 * the unit takes (file_bdev(dev->bdev_file)) */
		const struct bd_flife *fl = bd_flife_of(x->br->c, tag, field);

		if (fl && fl->bdev) {
			x->o[o].bdev = 1;
			x->o[o].fl = fl->kind;
		}
	}
	x->l[i].obj = o;
	return i;
}

static int typed_loc(struct rs *x, int l, const char *t)
{
	int o = x->l[l].obj;

	if (!x->o[o].fl)
		x->o[o].fl = fl_of_type(t);
	return l;
}

/* A field or global access whose value is a handle, file or bdev. */
static int access_loc(struct rs *x, struct bd_event *e)
{
	const char *t;
	struct bd_event *base;

	switch (e->op) {
	case BD_FIELD_LOAD:
		t = e->type;
		break;
	case BD_FIELD_STORE:
		t = e->b < x->fn->f->next_val ? x->fn->f->val_types[e->b] : NULL;
		break;
	case BD_GLOBAL_LOAD:
		t = e->type;
		return is_tracked_type(t) ? typed_loc(x, add_loc(x, NULL, NULL, NULL, e->name), t) : -1;
	case BD_GLOBAL_STORE:
		t = e->b < x->fn->f->next_val ? x->fn->f->val_types[e->b] : NULL;
		return is_tracked_type(t) ? typed_loc(x, add_loc(x, NULL, NULL, NULL, e->name), t) : -1;
	default:
		return -1;
	}
	if (!is_tracked_type(t) || !e->tag || !e->name)
		return -1;
	if (type_is(e->tag, "bdev_handle") && type_is(e->name, "bdev"))
		return -1;	/* the handle's own bdev: derived, not a place */
	base = base_root(x->fn, e->a);
	if (!base)
		return -1;
	return typed_loc(x, add_loc(x, base, e->tag, e->name, NULL), t);
}

static struct rsum *sum_of(struct br *br, const char *name)
{
	struct bd_fn *g = bd_fn_by_name(br->c, name);

	return g ? &br->sum[g - br->c->fns] : NULL;
}

static void scan_function(struct rs *x)
{
	struct bd_func *f = x->fn->f;
	int nev = x->fn->evbase[f->nblocks];

	x->evobj = bd_xcalloc(nev + 1, sizeof(int));
	x->evloc = bd_xcalloc(nev + 1, sizeof(int));
	x->slotidx = bd_xcalloc(f->nslots + 1, sizeof(int));
	x->phiidx = bd_xcalloc(f->next_val + 1, sizeof(int));
	for (int s = 0; s < f->nslots; s++)
		x->slotidx[s] = is_tracked_type(f->slot_types[s]) ? x->nts++ : -1;
	for (bd_val v = 0; v <= f->next_val; v++)
		x->phiidx[v] = -1;
	/* parameters that are handles or files */
	if (f->decl)
		for (int i = 0; i < f->decl->nparams; i++) {
			const char *t = f->decl->param_types[i];
			int o;

			if (!type_is(t, "struct file *") && !type_is(t, "struct bdev_handle *"))
				continue;
			o = new_obj(x, O_PARAM);
			x->o[o].param = i;
			x->o[o].mask0 = M_E | M_N | M_V;
			x->o[o].fl = type_is(t, "struct file *") ? BD_BOBJ_FILE : BD_BOBJ_HANDLE;
			x->o[o].bdev = x->o[o].fl == BD_BOBJ_HANDLE;
		}
	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];
			int n = evno(x, b, k);
			struct rsum *s;
			enum bd_bobj fl;

			x->evobj[n] = -1;
			x->evloc[n] = access_loc(x, e);
			if (e->op == BD_PHI && is_tracked_type(e->type) && e->dst)
				x->phiidx[e->dst] = x->ntp++;
			if ((fl = bd_bapi_opener(x->br->c, e))) {
				int o = new_obj(x, O_OPEN);

				x->o[o].ev = e;
				x->o[o].bdev = 1;
				x->o[o].mask0 = M_E | M_V;
				x->o[o].fl = fl;
				x->o[o].opener = e->name;
				x->o[o].open_at = e;
				x->evobj[n] = o;
			} else if (e->op == BD_CALL && e->name && (s = sum_of(x->br, e->name)) &&
				   s->state == 2 && s->nret_obj && !s->nret_other) {
				int o = new_obj(x, O_OPEN);

				x->o[o].ev = e;
				x->o[o].bdev = 1;
				x->o[o].mask0 = s->ret_mask;
				x->o[o].fl = s->fl;
				x->o[o].opener = s->opener;
				x->o[o].open_at = e;
				x->evobj[n] = o;
			}
		}
}

/* A field that keeps the block_device of a handle or file kept beside it
 * (rdev->bdev = file_bdev(rdev->bdev_file)) starts as that one's bdev. */
static void link_derived(struct rs *x)
{
	for (int i = 0; i < x->nl; i++)
		for (int k = 0; k < bd_bapi_nkeys(x->br->c) && !x->l[i].global; k++) {
			const struct bd_bkey *key = bd_bapi_key_at(x->br->c, k);
			int j;

			if (key->dtag != x->l[i].tag || key->dfield != x->l[i].field)
				continue;
			j = add_loc(x, x->l[i].base, key->tag, key->field, NULL);
			x->l[i].derived = j + 1;
		}
	/* ... also when the file came from outside the unit */
	for (int i = 0; i < x->nl; i++)
		for (int k = 0; k < bd_flife_count(x->br->c) && !x->l[i].global && !x->l[i].derived;
		     k++) {
			const struct bd_flife *fl = bd_flife_at(x->br->c, k);

			if (fl->dtag == x->l[i].tag && fl->dfield == x->l[i].field &&
			    !bd_bapi_key(x->br->c, fl->tag, fl->field, NULL))
				x->l[i].derived = add_loc(x, x->l[i].base, fl->tag, fl->field, NULL) + 1;
		}
}

/* The places a callee's summary speaks of, in the caller's terms. */
static void summary_locs(struct rs *x)
{
	struct bd_func *f = x->fn->f;

	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];
			struct rsum *g;

			if (e->op != BD_CALL || !e->name || !(g = sum_of(x->br, e->name)) ||
			    g->state != 2)
				continue;
			for (int i = 0; i < g->neff; i++) {
				struct eff *ef = &g->eff[i];
				struct bd_event *base;

				if (ef->global)
					add_loc(x, NULL, NULL, NULL, ef->global);
				else if (ef->tag && ef->param >= 0 && ef->param < e->nargs &&
					 (base = base_root(x->fn, e->args[ef->param])))
					add_loc(x, base, ef->tag, ef->field, NULL);
			}
		}
}

/* Conditions the function branches on more than once: a path that took
 * one way keeps to it (if (err) ... if (err) ...). */
static struct bd_event *cond_ident(struct rs *x, bd_val c)
{
	int neg;
	bd_val v = bd_cond_base(x->fn, c, &neg);
	struct bd_roots r;

	if (!v)
		return NULL;
	bd_roots(x->fn, v, &r);
	if (r.overflow || r.n != 1 || !r.ev[0] || r.ev[0]->op == BD_CONST)
		return NULL;
	return r.ev[0];
}

static void scan_conds(struct rs *x)
{
	struct bd_func *f = x->fn->f;
	struct bd_event **seen = bd_xcalloc(f->nblocks + 1, sizeof(*seen));
	int nseen = 0;

	x->conds = bd_xcalloc(16, sizeof(*x->conds));
	for (int b = 0; b < f->nblocks; b++) {
		struct bd_event *id;
		int dup = 0;

		if (f->blocks[b]->term != BD_T_BRANCH)
			continue;
		id = cond_ident(x, f->blocks[b]->cond);
		if (!id)
			continue;
		for (int i = 0; i < nseen; i++)
			dup |= seen[i] == id;
		if (!dup) {
			seen[nseen++] = id;
			continue;
		}
		dup = 0;
		for (int i = 0; i < x->ncond; i++)
			dup |= x->conds[i] == id;
		if (!dup && x->ncond < 16)
			x->conds[x->ncond++] = id;
	}
	free(seen);
}

/* ---- state ---- */

static int *S_obj(struct rs *x, int *s, int o)
{
	/* mask, release (+1), test block (+1), a release that may have
	 * happened, for the field it leaves set (+1) */
	return s + x->off_obj + OBJW * o;
}

/* A parameter whose fields are places: a path that found it NULL
 * (if (!dev) return;) did not touch them, which its summary must know. */
static int pnull_index(struct rs *x, int param)
{
	for (int i = 0; i < x->npnull; i++)
		if (x->pnull[i] == param)
			return i;
	return -1;
}

static void layout(struct rs *x)
{
	for (int i = 0; i < x->nl; i++)
		if (x->l[i].param >= 0 && pnull_index(x, x->l[i].param) < 0 && x->npnull < 8)
			x->pnull[x->npnull++] = x->l[i].param;
	x->off_slot = 0;
	x->off_phi = x->off_slot + x->nts;
	x->off_loc = x->off_phi + x->ntp;
	x->off_obj = x->off_loc + x->nl;
	x->off_cond = x->off_obj + OBJW * x->no;
	x->off_pnull = x->off_cond + x->ncond;
	x->size = x->off_pnull + x->npnull;
}

static void fresh_obj(struct rs *x, int *s, int o)
{
	int *so = S_obj(x, s, o);

	so[0] = x->o[o].mask0;
	so[1] = 0;
	so[2] = 0;
	so[3] = 0;
}

static void entry_state(struct rs *x, int *s)
{
	memset(s, 0, (size_t)x->size * sizeof(int));
	for (int i = 0; i < x->nl; i++)
		s[x->off_loc + i] = A_INST(x->l[i].obj);
	for (int i = 0; i < x->nl; i++)
		if (x->l[i].derived)
			s[x->off_loc + i] = A_BDEV(x->l[x->l[i].derived - 1].obj);
	for (int o = 0; o < x->no; o++)
		fresh_obj(x, s, o);
}

static int param_obj(struct rs *x, int p)
{
	for (int o = 0; o < x->no; o++)
		if (x->o[o].kind == O_PARAM && x->o[o].param == p)
			return o;
	return -1;
}

/* What value v holds on this path. */
static int apv(struct rs *x, const int *s, bd_val v, int depth)
{
	struct bd_event *e = bd_def(x->fn, v);
	int n, a;

	if (!e || depth > 64)
		return A_UNK;
	switch (e->op) {
	case BD_COPY:
		return apv(x, s, e->a, depth + 1);
	case BD_PHI:
		if (x->phiidx[v] >= 0)
			return s[x->off_phi + x->phiidx[v]];
		return e->nargs == 1 ? apv(x, s, e->args[0], depth + 1) : A_UNK;
	case BD_CONST:
		return e->imm == 0 ? A_NULL : A_UNK;
	case BD_PARAM:
		n = param_obj(x, (int)e->imm);
		return n >= 0 ? A_INST(n) : A_UNK;
	case BD_SLOT_LOAD:
		if (e->imm >= 0 && e->imm < x->fn->f->nslots && x->slotidx[e->imm] >= 0)
			return s[x->off_slot + x->slotidx[e->imm]];
		return A_UNK;
	case BD_FIELD_LOAD:
		if (type_is(e->tag, "bdev_handle") && type_is(e->name, "bdev")) {
			a = apv(x, s, e->a, depth + 1);
			return IS_INST(a) ? A_BDEV(OBJ(a)) : A_UNK;
		}
		/* fall through */
	case BD_GLOBAL_LOAD:
		n = x->evloc[evno(x, bd_event_block(x->fn, e), (int)(e - x->fn->f->blocks[bd_event_block(x->fn, e)]->events))];
		return n >= 0 ? s[x->off_loc + n] : A_UNK;
	case BD_CALL:
		if (calls(e, "ERR_PTR"))
			return A_ERRC;
		if (calls(e, "file_bdev") && e->nargs >= 1) {
			a = apv(x, s, e->args[0], depth + 1);
			return IS_INST(a) ? A_BDEV(OBJ(a)) : A_UNK;
		}
		n = x->evobj[evno(x, bd_event_block(x->fn, e), (int)(e - x->fn->f->blocks[bd_event_block(x->fn, e)]->events))];
		return n >= 0 ? A_INST(n) : A_UNK;
	default:
		return A_UNK;
	}
}

/* ---- findings ---- */

static void pend(struct rs *x, struct bd_loc loc, const char *fix, const char *msg,
		 int nnotes, const struct bd_loc *nl, char nm[][160])
{
	struct pending *p = NULL;

	/* One finding per line and message (file_bdev(f) used as an
	 * argument after fput(f) is one mistake, not two), whatever the
	 * columns, which differ between frontends. */
	for (int i = 0; i < x->np && !p; i++)
		if (x->p[i].loc.line == loc.line && x->p[i].loc.file == loc.file &&
		    !strcmp(x->p[i].msg, msg))
			p = &x->p[i];
	if (p) {
		/* the same finding reached by another path or another use:
		 * keep the first column and the notes that come first in the
		 * source, whatever the walk's order */
		if (loc.col < p->loc.col)
			p->loc.col = loc.col;
		if (!nnotes || !p->nnotes || nl[0].line > p->notes[0].loc.line ||
		    (nl[0].line == p->notes[0].loc.line && nl[0].col >= p->notes[0].loc.col))
			return;
		loc.col = p->loc.col;
	} else {
		BD_GROW(x->p, x->np, x->capp);
		p = &x->p[x->np++];
	}
	memset(p, 0, sizeof(*p));
	p->loc = loc;
	snprintf(p->msg, sizeof(p->msg), "%s", msg);
	p->fix = fix;
	p->nnotes = nnotes < 2 ? nnotes : 2;
	for (int i = 0; i < p->nnotes; i++) {
		snprintf(p->nbuf[i], sizeof(p->nbuf[i]), "%s", nm[i]);
		p->notes[i].loc = nl[i];
		p->notes[i].message = p->nbuf[i];
	}
}

static void flush(struct rs *x)
{
	for (int i = 0; i < x->np; i++) {
		struct pending *p = &x->p[i];

		bd_report(x->br->c, BD_CHECK_BDEV_RELEASE, BD_SEV_WARNING, p->loc,
			  x->fn->f->decl->name, p->fix, p->nnotes, p->notes, "%s", p->msg);
	}
}

static const char *fix_error(enum bd_bobj fl)
{
	return fl == BD_BOBJ_FILE ?
		"give back only a file the open returned: when IS_ERR() is true there is nothing to fput(), return PTR_ERR() instead" :
		"give back only a handle the open returned: when IS_ERR() is true there is nothing to bdev_release(), return PTR_ERR() instead";
}

static const char *fix_double(enum bd_bobj fl)
{
	return fl == BD_BOBJ_FILE ?
		"give the file back once: drop the second release, or set the pointer to NULL after the first and test it" :
		"give the handle back once: drop the second bdev_release(), or set the pointer to NULL after the first and test it";
}

static const char *fix_use(enum bd_bobj fl)
{
	return fl == BD_BOBJ_FILE ?
		"use the block device before the file is given back, or keep the file open until its last use" :
		"use the block device before bdev_release(), or keep the handle open until its last use";
}

/* The release r of object o on a path where it may only be an error
 * pointer or NULL. */
static void report_error(struct rs *x, struct bd_event *at, const struct rel *r, int o,
			 int test_block)
{
	struct obj *ob = &x->o[o];
	struct bd_loc nl[2];
	char nm[2][160], msg[256];
	int n = 0;

	if (ob->kind == O_OPEN) {
		snprintf(msg, sizeof(msg), "%s() on the path where %s() failed", r->name, ob->opener);
		snprintf(nm[n], sizeof(nm[n]), "%s() failed here", ob->opener);
		nl[n++] = ob->open_at->loc;
	} else {
		snprintf(msg, sizeof(msg), "%s() of an error pointer on this path", r->name);
		if (test_block > 0) {
			snprintf(nm[n], sizeof(nm[n]), "it is tested for an error pointer here");
			nl[n++] = x->fn->f->blocks[test_block - 1]->term_loc;
		}
	}
	if (r->api && strcmp(r->api, r->name)) {
		snprintf(nm[n], sizeof(nm[n]), "'%s' calls %s() here", r->name, r->api);
		nl[n++] = r->at;
	}
	pend(x, at->loc, fix_error(ob->fl), msg, n, nl, nm);
}

static void report_double(struct rs *x, struct bd_event *at, const struct rel *r,
			  const struct rel *first, int o)
{
	struct bd_loc nl[2];
	char nm[2][160], msg[256];
	int n = 0;

	if (r->api && strcmp(r->api, r->name))
		snprintf(msg, sizeof(msg), "%s() gives back the same %s a second time on this path",
			 r->name, fl_object(x->o[o].fl));
	else
		snprintf(msg, sizeof(msg), "second %s() of the same %s on this path",
			 r->name, fl_object(x->o[o].fl));
	snprintf(nm[n], sizeof(nm[n]), "first %s() here", first->name);
	nl[n++] = first->ev->loc;
	if (r->api && strcmp(r->api, r->name)) {
		snprintf(nm[n], sizeof(nm[n]), "'%s' calls %s() here", r->name, r->api);
		nl[n++] = r->at;
	}
	pend(x, at->loc, fix_double(x->o[o].fl), msg, n, nl, nm);
}

static void report_use(struct rs *x, struct bd_event *at, int o, const struct rel *r)
{
	struct bd_loc nl[1];
	char nm[1][160], msg[256];

	if (x->o[o].fl == BD_BOBJ_FILE)
		snprintf(msg, sizeof(msg), "block device from file_bdev() used after %s() on this path",
			 r->name);
	else
		snprintf(msg, sizeof(msg), "block device from 'bdev_handle->bdev' used after %s() on this path",
			 r->name);
	snprintf(nm[0], sizeof(nm[0]), "%s() here", r->name);
	nl[0] = r->ev->loc;
	pend(x, at->loc, fix_use(x->o[o].fl), msg, 1, nl, nm);
}

/* ---- a field never opened, a field left set (engine/fieldlife.c) ---- */

/* The FIELD_LOAD a handle or file value was read by, or NULL. */
static struct bd_event *field_read(struct rs *x, bd_val v)
{
	struct bd_event *e = base_root(x->fn, v);

	return e && e->op == BD_FIELD_LOAD ? e : NULL;
}

/* A handle or file value hv used at e (its block_device taken, or given
 * back: api) on a path where it is what the field held on entry, never
 * tested: does the unit open that field only under some option, and say
 * elsewhere that it may hold nothing? */
static void check_unopened(struct rs *x, int *s, struct bd_event *e, bd_val hv, const char *api)
{
	int a = apv(x, s, hv, 0), *so;
	struct obj *ob;
	struct loc *l;
	const struct bd_flife *fl;
	struct bd_event *ld;
	struct bd_loc nl[1];
	char nm[1][160], msg[256], what[128];
	const char *fix;

	if (!IS_INST(a))
		return;
	ob = &x->o[OBJ(a)];
	so = S_obj(x, s, OBJ(a));
	if (ob->kind != O_LOC || so[1] != 0 || !(so[0] & M_N) || !(so[0] & M_V))
		return;
	l = &x->l[ob->loc];
	if (l->global || !(fl = bd_flife_of(x->br->c, l->tag, l->field)) || !fl->nopen ||
	    fl->nopen_cond < fl->nopen || fl->nother || !fl->open_at)
		return;
	if (!fl->null_rel && !fl->null_use && !fl->nguard)
		return;
	ld = field_read(x, hv);
	if (!ld || ld->tag != l->tag || ld->name != l->field ||
	    bd_flife_guarded(x->br->c, x->fn, bd_event_block(x->fn, e), ld, fl))
		return;
	snprintf(what, sizeof(what), "%s->%s", l->tag, l->field);
	if (api) {
		snprintf(msg, sizeof(msg), "%s() of '%s' on a path where it was never opened", api, what);
		fix = "give it back only where it was opened, or test it for NULL first";
	} else if (fl->kind == BD_BOBJ_FILE) {
		snprintf(msg, sizeof(msg),
			 "block device from file_bdev() used on a path where '%s' was never opened", what);
		fix = NULL;
	} else {
		snprintf(msg, sizeof(msg),
			 "block device from 'bdev_handle->bdev' used on a path where '%s' was never opened",
			 what);
		fix = NULL;
	}
	snprintf(nm[0], sizeof(nm[0]), "%s() opens '%s' only here", fl->opener, what);
	nl[0] = fl->open_at->loc;
	if (!fix) {
		char fixbuf[256];

		snprintf(fixbuf, sizeof(fixbuf),
			 "use the block device only where '%s' was opened, or test it for NULL first",
			 what);
		fix = bd_intern(x->br->c->u, fixbuf);	/* pend() keeps the pointer */
	}
	pend(x, e->loc, fix, msg, 1, nl, nm);
}

/* At an exit: a field whose entry object this function gave back and
 * left set, while another function tests it for NULL and gives it back -
 * the stale pointer will be given back again. */
static int callers_track(struct rs *x, int param)
{
	struct bd_call_it it;
	struct bd_event *call;
	struct bd_fn *caller;
	int n = 0, tracked = 0;

	memset(&it, 0, sizeof(it));
	while ((call = bd_next_call(x->br->c, x->fn->f->decl->name, x->fn, &it, &caller))) {
		n++;
		tracked += param < call->nargs && base_root(caller, call->args[param]) != NULL;
	}
	return n && tracked == n;
}

static void check_left_set(struct rs *x, const int *s)
{
	for (int i = 0; i < x->nl; i++) {
		struct loc *l = &x->l[i];
		int a = s[x->off_loc + i], o, pi;
		const int *so;
		const struct bd_flife *fl;
		const struct rel *r;
		struct bd_loc nl[2];
		char nm[2][160], msg[320], fix[200];
		int n = 0;

		/* a field of the caller's object, which outlives the call */
		if (l->param < 0 || !IS_INST(a) || (o = OBJ(a)) != l->obj || !x->o[o].bdev)
			continue;
		so = s + x->off_obj + OBJW * o;
		if (!so[1] || so[3] <= 0)
			continue;
		pi = pnull_index(x, l->param);
		if (pi >= 0 && s[x->off_pnull + pi] == 1)
			continue;
		fl = bd_flife_of(x->br->c, l->tag, l->field);
		if (!fl || !fl->null_rel || fl->null_fn == x->fn)
			continue;
		if (callers_track(x, l->param))
			continue;	/* each caller judges what it leaves */
		r = &x->r[so[3] - 1];
		snprintf(msg, sizeof(msg),
			 "'%s' gives back '%s->%s' and leaves it set; '%s' tests it for NULL and gives it back again",
			 x->fn->f->decl->name, l->tag, l->field, fl->null_fn->f->decl->name);
		if (r->api && strcmp(r->api, r->name)) {
			snprintf(nm[n], sizeof(nm[n]), "'%s' calls %s() here", r->name, r->api);
			nl[n++] = r->at;
		}
		snprintf(nm[n], sizeof(nm[n]), "'%s' calls %s() here", fl->null_fn->f->decl->name,
			 fl->null_api);
		nl[n++] = fl->null_rel->loc;
		snprintf(fix, sizeof(fix), "set '%s->%s' to NULL when it is given back", l->tag,
			 l->field);
		pend(x, r->ev->loc, bd_intern(x->br->c->u, fix), msg, n, nl, nm);
	}
}

/* At an exit: a field of a parameter this function stored an opener's
 * result in, left an error pointer on the path where the open failed,
 * while another function tests it only for NULL before giving it back:
 * that one gives back an error pointer. */
static void check_left_error(struct rs *x, const int *s)
{
	for (int i = 0; i < x->nl; i++) {
		struct loc *l = &x->l[i];
		int a = s[x->off_loc + i], o;
		const struct bd_flife *fl;
		struct obj *ob;
		struct bd_loc nl[1];
		char nm[1][160], msg[320], fix[200];

		if (l->global || l->param < 0 || !IS_INST(a))
			continue;
		o = OBJ(a);
		ob = &x->o[o];
		if (ob->kind != O_OPEN || S_obj(x, (int *)s, o)[0] != M_E ||
		    S_obj(x, (int *)s, o)[1] != 0)
			continue;
		fl = bd_flife_of(x->br->c, l->tag, l->field);
		if (!fl || !fl->pnull_rel || fl->pnull_fn == x->fn || callers_track(x, l->param))
			continue;
		snprintf(msg, sizeof(msg),
			 "'%s' leaves '%s->%s' an error pointer when %s() fails; '%s' tests it only for NULL and gives it back",
			 x->fn->f->decl->name, l->tag, l->field, ob->opener,
			 fl->pnull_fn->f->decl->name);
		snprintf(nm[0], sizeof(nm[0]), "'%s' calls %s() here", fl->pnull_fn->f->decl->name,
			 fl->pnull_api);
		nl[0] = fl->pnull_rel->loc;
		snprintf(fix, sizeof(fix),
			 "set '%s->%s' to NULL when the open fails, or test it with IS_ERR_OR_NULL() before giving it back",
			 l->tag, l->field);
		pend(x, ob->open_at->loc, bd_intern(x->br->c->u, fix), msg, 1, nl, nm);
	}
}

/* ---- transfer ---- */

static int add_rel(struct rs *x, struct bd_event *e, const char *name, const char *api,
		   struct bd_loc at)
{
	for (int i = 0; i < x->nr; i++)
		if (x->r[i].ev == e && x->r[i].at.line == at.line)
			return i;
	BD_GROW(x->r, x->nr, x->capr);
	x->r[x->nr].ev = e;
	x->r[x->nr].name = name;
	x->r[x->nr].api = api;
	x->r[x->nr].at = at;
	return x->nr++;
}

/* Summary bookkeeping: a release of a parameter's (or global's) object
 * while it may still be an error pointer. */
static void note_rel_err(struct rs *x, int o, const struct rel *r, enum bd_bobj fl);

/* The effect of this function's summary that object o is about. */
static struct eff *eff_for_obj(struct rs *x, int o)
{
	struct obj *ob = &x->o[o];

	for (int i = 0; i < x->sum->neff; i++) {
		struct eff *ef = &x->sum->eff[i];

		if ((ob->kind == O_PARAM && ef->param == ob->param && !ef->tag && !ef->global) ||
		    (ob->kind == O_LOC && ef->tag == x->l[ob->loc].tag &&
		     ef->field == x->l[ob->loc].field && ef->global == x->l[ob->loc].global &&
		     ef->param == x->l[ob->loc].param))
			return ef;
	}
	return NULL;
}

/* Where the API call is that gives back what o is, for the notes of the
 * callers' findings. */
static void note_site(struct rs *x, int o, struct bd_loc at, const char *api)
{
	struct eff *ef = eff_for_obj(x, o);

	if (ef && !ef->site_api) {
		ef->site_at = at;
		ef->site_api = api;
	}
}

/* Object o given back at e (release site ri). */
static void release(struct rs *x, int *s, struct bd_event *e, int o, int ri, int always_bdev)
{
	int *so = S_obj(x, s, o);
	int report = x->o[o].bdev || always_bdev;

	if ((so[0] & M_E) && !(so[0] & M_V) && report)
		report_error(x, e, &x->r[ri], o, so[2]);
	else if (so[1] > 0 && report) {
		report_double(x, e, &x->r[ri], &x->r[so[1] - 1], o);
		so[3] = -1;	/* the field left set is this finding already */
	}
	if ((so[0] & M_E) && (so[0] & M_V))
		note_rel_err(x, o, &x->r[ri], x->o[o].fl);
	if (so[1] == 0)
		so[1] = ri + 1;
	if (!so[3])
		so[3] = ri + 1;
	note_site(x, o, x->r[ri].at, x->r[ri].api);
	/* past a release the object was a live one (had it not been, the
	 * release is the finding): a later release is a second one */
	if (so[0] & M_V)
		so[0] = M_V;
	/* bdev_fput()/bdev_release() take only block device ones: a later
	 * fput() of the same object gives back a block device file */
	if (always_bdev)
		x->o[o].bdev = 1;
}

static void note_rel_err(struct rs *x, int o, const struct rel *r, enum bd_bobj fl)
{
	struct rsum *sum = x->sum;

	for (int i = 0; i < sum->neff; i++) {
		struct eff *ef = &sum->eff[i];
		struct obj *ob = &x->o[o];

		if ((ob->kind == O_PARAM && ef->param == ob->param && !ef->tag && !ef->global) ||
		    (ob->kind == O_LOC && ef->tag == x->l[ob->loc].tag &&
		     ef->field == x->l[ob->loc].field && ef->global == x->l[ob->loc].global &&
		     ef->param == x->l[ob->loc].param)) {
			if (!ef->rel_err) {
				ef->rel_err = 1;
				ef->rel_at = r->at;
				ef->rel_api = r->api;
				ef->rel_fl = fl;
			}
		}
	}
}

/* Uses of a block_device after its object was given back. */
static void check_use(struct rs *x, int *s, struct bd_event *e, bd_val v)
{
	int a = apv(x, s, v, 0);
	int *so;

	if (!IS_BDEV(a))
		return;
	so = S_obj(x, s, OBJ(a));
	if (so[1] > 0)
		report_use(x, e, OBJ(a), &x->r[so[1] - 1]);
}

static void uses(struct rs *x, int *s, struct bd_event *e)
{
	switch (e->op) {
	case BD_CALL:
		if (calls(e, "file_bdev") && e->nargs >= 1) {
			int a = apv(x, s, e->args[0], 0);

			check_unopened(x, s, e, e->args[0], NULL);
			if (IS_INST(a) && S_obj(x, s, OBJ(a))[1] > 0 && x->o[OBJ(a)].bdev)
				report_use(x, e, OBJ(a), &x->r[S_obj(x, s, OBJ(a))[1] - 1]);
			return;
		}
		for (int i = 0; i < e->nargs; i++)
			check_use(x, s, e, e->args[i]);
		return;
	case BD_FIELD_LOAD:
		if (type_is(e->tag, "bdev_handle") && type_is(e->name, "bdev")) {
			int a = apv(x, s, e->a, 0);

			check_unopened(x, s, e, e->a, NULL);
			if (IS_INST(a) && S_obj(x, s, OBJ(a))[1] > 0)
				report_use(x, e, OBJ(a), &x->r[S_obj(x, s, OBJ(a))[1] - 1]);
			return;
		}
		/* fall through */
	case BD_FIELD_ADDR:
	case BD_FIELD_STORE:
	case BD_DEREF_LOAD:
	case BD_DEREF_STORE:
		check_use(x, s, e, e->a);
		return;
	default:
		return;
	}
}

static void set_loc(struct rs *x, int *s, int l, int a)
{
	s[x->off_loc + l] = a;
	/* a place that keeps the block_device of this one no longer does */
	for (int i = 0; i < x->nl; i++)
		if (x->l[i].derived == l + 1 && IS_BDEV(s[x->off_loc + i]) &&
		    OBJ(s[x->off_loc + i]) == x->l[l].obj)
			s[x->off_loc + i] = A_UNK;
}

/* Another object pointer may alias this one: a store to the same field
 * through it makes ours unknown. */
static void store_field(struct rs *x, int *s, struct bd_event *e, int l, int a)
{
	for (int i = 0; i < x->nl; i++)
		if (i != l && x->l[i].tag == e->tag && x->l[i].field == e->name && !x->l[i].global)
			s[x->off_loc + i] = A_UNK;
	if (l >= 0)
		set_loc(x, s, l, e->sub == BD_STORE_COMPOUND ? A_UNK : a);
}

/* The value event e produces replaces what is keyed on it: the locations
 * of an object it points to, the conditions it decides. */
static void redefine(struct rs *x, int *s, struct bd_event *e)
{
	for (int i = 0; i < x->nl; i++)
		if (x->l[i].base == e && e->op != BD_PARAM) {
			s[x->off_loc + i] = A_INST(x->l[i].obj);
			fresh_obj(x, s, x->l[i].obj);
		}
	for (int i = 0; i < x->ncond; i++)
		if (x->conds[i] == e)
			s[x->off_cond + i] = 0;
}

/* A function of the unit, with its summary, called at e. */
static void apply_summary(struct rs *x, int *s, struct bd_event *e, struct rsum *g);

/* The fields of the object at root r, given to a function nothing is
 * known about, become unknown - but for a handle or file this function
 * stored there itself (ca->bdev_handle = bdev_handle; cache_alloc(ca)):
 * a function given the object does not replace the opened device its
 * caller just put in it (docs/checks/bdev-release.md, "Limits"). */
static void forget_fields(struct rs *x, int *s, struct bd_event *r)
{
	for (int l = 0; r && l < x->nl; l++) {
		int a = s[x->off_loc + l];
		struct bd_event *b = x->l[l].base;

		/* sbi->dif0.file: a field of a record embedded in r's */
		for (int d = 0; b && b != r && b->op == BD_FIELD_ADDR && d < 4; d++)
			b = base_root(x->fn, b->a);
		if (b != r)
			continue;
		if (IS_INST(a) && (x->o[OBJ(a)].kind == O_OPEN || x->o[OBJ(a)].kind == O_PARAM))
			continue;
		s[x->off_loc + l] = A_UNK;
	}
}

/* A call nothing is known about may change what its pointer arguments
 * point to: fields of objects passed to it become unknown. */
static void escape(struct rs *x, int *s, struct bd_event *e)
{
	for (int i = 0; i < e->nargs; i++) {
		struct bd_event *r = base_root(x->fn, e->args[i]);
		struct bd_event *d = bd_strip(x->fn, e->args[i]);

		forget_fields(x, s, r);
		if (r && r->op == BD_PARAM && r->imm >= 0 && r->imm < 32)
			x->sum->escapes |= 1u << r->imm;
		/* &local or &p->field: an out-parameter */
		if (d && d->op == BD_SLOT_ADDR && d->imm >= 0 && d->imm < x->fn->f->nslots &&
		    x->slotidx[d->imm] >= 0)
			s[x->off_slot + x->slotidx[d->imm]] = A_UNK;
		if (d && d->op == BD_FIELD_ADDR) {
			struct bd_event *b = base_root(x->fn, d->a);
			int l = b ? find_loc(x, b, d->tag, d->name, NULL) : -1;

			if (l >= 0)
				s[x->off_loc + l] = A_UNK;
		}
		if (d && d->op == BD_GLOBAL_ADDR) {
			int l = find_loc(x, NULL, NULL, NULL, d->name);

			if (l >= 0)
				s[x->off_loc + l] = A_UNK;
		}
	}
}

static void at_call(struct rs *x, int *s, struct bd_event *e, int n)
{
	enum bd_bobj fl;
	int kind, a;
	struct rsum *g;

	if (x->evobj[n] >= 0) {
		escape(x, s, e);
		fresh_obj(x, s, x->evobj[n]);
		return;
	}
	kind = bd_bapi_release(x->br->c, e, &fl);
	if (kind) {
		a = apv(x, s, e->args[0], 0);
		if (IS_INST(a)) {
			int ri = add_rel(x, e, e->name, e->name, e->loc);

			if (kind == 1 || x->o[OBJ(a)].bdev)
				check_unopened(x, s, e, e->args[0], e->name);

			release(x, s, e, OBJ(a), ri, kind == 1);
		} else if (a == A_ERRC && kind == 1) {
			char msg[256];

			snprintf(msg, sizeof(msg), "%s() of an error pointer on this path", e->name);
			pend(x, e->loc, fix_error(fl), msg, 0, NULL, NULL);
		}
		return;
	}
	g = e->name ? sum_of(x->br, e->name) : NULL;
	if (g && g->state == 2 && g->relevant) {
		apply_summary(x, s, e, g);
		return;
	}
	if (g && g->state == 2) {
		/* a function of the unit that touches no handle or file: it
		 * may still free the object (btrfs_free_device()) */
		escape(x, s, e);
		return;
	}
	escape(x, s, e);
	if (g) {
		/* in the unit but not summarised (recursion): it may give
		 * back what it is given */
		for (int i = 0; i < e->nargs; i++) {
			a = apv(x, s, e->args[i], 0);
			if (IS_INST(a) && S_obj(x, s, OBJ(a))[1] == 0)
				S_obj(x, s, OBJ(a))[1] = REL_MAYBE;
		}
		for (int l = 0; l < x->nl; l++)
			if (x->l[l].global)
				s[x->off_loc + l] = A_UNK;
	}
}

static void run_block(struct bd_walk *w, int b, int *s)
{
	struct rs *x = w->ctx;
	struct bd_block *blk = x->fn->f->blocks[b];

	for (int k = 0; k < blk->nevents; k++) {
		struct bd_event *e = &blk->events[k];
		int n = evno(x, b, k), l = x->evloc[n];

		uses(x, s, e);
		switch (e->op) {
		case BD_SLOT_STORE:
			if (e->imm >= 0 && e->imm < x->fn->f->nslots && x->slotidx[e->imm] >= 0)
				s[x->off_slot + x->slotidx[e->imm]] = apv(x, s, e->b, 0);
			break;
		case BD_FIELD_STORE:
			store_field(x, s, e, l, l >= 0 ? apv(x, s, e->b, 0) : A_UNK);
			break;
		case BD_GLOBAL_STORE:
			if (l >= 0)
				set_loc(x, s, l, apv(x, s, e->b, 0));
			break;
		case BD_CALL:
			at_call(x, s, e, n);
			break;
		default:
			break;
		}
		if (e->dst)
			redefine(x, s, e);
	}
}

/* ---- branches ---- */

static int refine(struct rs *x, int *s, int a, int keep, int b)
{
	int *so;

	if (IS_INST(a)) {
		so = S_obj(x, s, OBJ(a));
		so[0] &= keep;
		if (!so[0])
			return 0;
		if ((keep & M_E) && !(keep & M_V))
			so[2] = b + 1;
		return 1;
	}
	if (a == A_NULL)
		return (keep & M_N) != 0;
	if (a == A_ERRC)
		return (keep & M_E) != 0;
	return 1;
}

static int edge(struct bd_walk *w, int b, int si, int *s)
{
	struct rs *x = w->ctx;
	struct bd_block *blk = x->fn->f->blocks[b];
	int t = blk->succ[si], ok = 1;

	if (blk->term == BD_T_BRANCH) {
		int taken = si == 0, side, neg;
		bd_val ptr;

		if ((side = bd_errptr_test(x->fn, blk->cond, &ptr)) >= 0) {
			int err = taken == side, on = bd_errptr_or_null(x->fn, blk->cond);
			int keep = err ? (on ? M_E | M_N : M_E) : (on ? M_V : M_N | M_V);

			ok = refine(x, s, apv(x, s, ptr, 0), keep, b);
		} else if ((side = bd_null_test(x->fn, blk->cond, &ptr)) >= 0) {
			int null = taken == side;
			struct bd_event *r = base_root(x->fn, ptr);
			int pi = r && r->op == BD_PARAM ? pnull_index(x, (int)r->imm) : -1;
			int a = apv(x, s, ptr, 0);

			ok = refine(x, s, a, null ? M_N : M_E | M_V, b);
			/* the block_device kept beside a file is NULL: the file
			 * the field held on entry was not given back by a
			 * callee that releases it only when it is set */
			if (null && IS_BDEV(a) && x->o[OBJ(a)].kind == O_LOC &&
			    S_obj(x, s, OBJ(a))[1] == REL_MAYBE) {
				S_obj(x, s, OBJ(a))[1] = 0;
				S_obj(x, s, OBJ(a))[3] = 0;
			}
			if (pi >= 0) {
				int *pn = &s[x->off_pnull + pi];

				if (*pn && *pn != (null ? 1 : 2))
					ok = 0;
				*pn = null ? 1 : 2;
			}
		}
		if (ok) {
			struct bd_event *id = cond_ident(x, blk->cond);

			bd_cond_base(x->fn, blk->cond, &neg);
			for (int i = 0; id && i < x->ncond; i++)
				if (x->conds[i] == id) {
					int want = taken != neg ? 1 : 2;	/* true, false */

					if (s[x->off_cond + i] && s[x->off_cond + i] != want)
						ok = 0;
					s[x->off_cond + i] = want;
				}
		}
	}
	if (!ok)
		return 0;
	/* phis of the target take the value from this edge */
	for (int k = 0; k < x->fn->f->blocks[t]->nevents; k++) {
		struct bd_event *p = &x->fn->f->blocks[t]->events[k];

		if (p->op != BD_PHI)
			break;
		if (x->phiidx[p->dst] < 0)
			continue;
		s[x->off_phi + x->phiidx[p->dst]] = A_UNK;
		for (int i = 0; i < p->nargs; i++)
			if (p->preds[i] == b)
				s[x->off_phi + x->phiidx[p->dst]] = apv(x, s, p->args[i], 0);
	}
	return 1;
}

static void join(struct bd_walk *w, int *into, const int *from)
{
	struct rs *x = w->ctx;

	for (int i = 0; i < x->off_obj; i++)
		if (into[i] != from[i])
			into[i] = A_UNK;
	for (int o = 0; o < x->no; o++) {
		int *a = into + x->off_obj + OBJW * o;
		const int *b = from + x->off_obj + OBJW * o;

		a[0] |= b[0];
		if (a[1] != b[1])
			a[1] = REL_MAYBE;
		if (a[2] != b[2])
			a[2] = 0;
		if (b[3] > 0 && (a[3] <= 0 || b[3] < a[3]))
			a[3] = b[3];
		else if (!a[3])
			a[3] = b[3];
	}
	for (int i = x->off_cond; i < x->size; i++)
		if (into[i] != from[i])
			into[i] = 0;
}

/* ---- summaries ---- */

static struct eff *eff_of(struct rsum *sum, int param, const char *tag, const char *field,
			  const char *global)
{
	for (int i = 0; i < sum->neff; i++)
		if (sum->eff[i].param == param && sum->eff[i].tag == tag &&
		    sum->eff[i].field == field && sum->eff[i].global == global)
			return &sum->eff[i];
	if (sum->neff == MAXEFF) {
		sum->overflow = 1;
		return NULL;
	}
	memset(&sum->eff[sum->neff], 0, sizeof(sum->eff[0]));
	sum->eff[sum->neff].param = param;
	sum->eff[sum->neff].tag = tag;
	sum->eff[sum->neff].field = field;
	sum->eff[sum->neff].global = global;
	return &sum->eff[sum->neff++];
}

/* The effects a summary can carry: parameters, their fields, globals. */
static void prepare_effects(struct rs *x)
{
	for (int o = 0; o < x->no; o++) {
		struct obj *ob = &x->o[o];

		if (ob->kind == O_PARAM)
			eff_of(x->sum, ob->param, NULL, NULL, NULL);
		else if (ob->kind == O_LOC && (x->l[ob->loc].param >= 0 || x->l[ob->loc].global))
			eff_of(x->sum, x->l[ob->loc].param, x->l[ob->loc].tag,
			       x->l[ob->loc].field, x->l[ob->loc].global);
	}
}

static void exit_effect(struct rs *x, const int *s, struct eff *ef, int o, int l)
{
	const int *so = s + x->off_obj + OBJW * o;
	int pi = l >= 0 && x->l[l].param >= 0 ? pnull_index(x, x->l[l].param) : -1;

	if (pi >= 0 && s[x->off_pnull + pi] == 1)
		return;		/* no object, no field: nothing happened to it */
	ef->nexit++;
	if (so[1] > 0)
		ef->nrel++;
	else if (so[1] == REL_MAYBE)
		ef->nmaybe++;
	else if (so[0] & M_V)
		ef->nlive++;
	if (l >= 0) {
		int a = s[x->off_loc + l];

		/* a field that keeps the block_device of another starts
		 * as that one's block_device (entry_state()) */
		if (a != (x->l[l].derived ? A_BDEV(x->l[x->l[l].derived - 1].obj) : A_INST(o)))
			ef->stored = 1;
		if (a != A_NULL)
			ef->exit_null = -1;
		else if (!ef->exit_null)
			ef->exit_null = 1;
	}
}

static void at_exit(struct bd_walk *w, int b, const int *s)
{
	struct rs *x = w->ctx;
	struct rsum *sum = x->sum;
	bd_val rv = x->fn->f->blocks[b]->cond;

	sum->nexit++;
	check_left_set(x, s);
	check_left_error(x, s);
	if (rv) {
		int a = apv(x, s, rv, 0);

		if (IS_INST(a) && x->o[OBJ(a)].kind == O_OPEN &&
		    S_obj(x, (int *)s, OBJ(a))[1] == 0) {
			struct obj *ob = &x->o[OBJ(a)];

			sum->nret_obj++;
			sum->ret_mask |= S_obj(x, (int *)s, OBJ(a))[0];
			if (!sum->opener) {
				sum->opener = ob->opener;
				sum->fl = ob->fl;
				sum->open_at = ob->open_at;
			}
		} else if (a == A_NULL) {
			sum->ret_mask |= M_N;
		} else if (a == A_ERRC) {
			sum->ret_mask |= M_E;
		} else {
			sum->nret_other++;
		}
	}
	for (int o = 0; o < x->no; o++) {
		struct obj *ob = &x->o[o];
		struct eff *ef = NULL;

		if (ob->kind == O_PARAM)
			ef = eff_of(sum, ob->param, NULL, NULL, NULL);
		else if (ob->kind == O_LOC && (x->l[ob->loc].param >= 0 || x->l[ob->loc].global))
			ef = eff_of(sum, x->l[ob->loc].param, x->l[ob->loc].tag,
				    x->l[ob->loc].field, x->l[ob->loc].global);
		if (ef)
			exit_effect(x, s, ef, o, ob->kind == O_LOC ? ob->loc : -1);
	}
}

/* The caller's object an effect is about, at call e; -1 if none. */
static int eff_target(struct rs *x, int *s, struct bd_event *e, const struct eff *ef, int *loc)
{
	struct bd_event *base;
	int a;

	*loc = -1;
	if (ef->global) {
		*loc = find_loc(x, NULL, NULL, NULL, ef->global);
		if (*loc < 0)
			return -1;
		a = s[x->off_loc + *loc];
		return IS_INST(a) ? OBJ(a) : -1;
	}
	if (ef->param < 0 || ef->param >= e->nargs)
		return -1;
	if (!ef->tag) {
		a = apv(x, s, e->args[ef->param], 0);
		return IS_INST(a) ? OBJ(a) : -1;
	}
	base = base_root(x->fn, e->args[ef->param]);
	*loc = base ? find_loc(x, base, ef->tag, ef->field, NULL) : -1;
	if (*loc < 0)
		return -1;
	a = s[x->off_loc + *loc];
	return IS_INST(a) ? OBJ(a) : -1;
}

static void apply_summary(struct rs *x, int *s, struct bd_event *e, struct rsum *g)
{
	if (g->overflow) {
		escape(x, s, e);
		return;
	}
	for (int i = 0; i < g->neff; i++) {
		struct eff *ef = &g->eff[i];
		int l, o = eff_target(x, s, e, ef, &l);
		int *so;

		if (o >= 0) {
			so = S_obj(x, s, o);
			if (ef->nrel || ef->nmaybe) {
				int ri = add_rel(x, e, e->name, ef->rel_api ? ef->rel_api : e->name,
						 ef->rel_at);
				int si = ef->site_api ? add_rel(x, e, e->name, ef->site_api, ef->site_at) : ri;
				int all = ef->nrel == ef->nexit;
				int when_live = !ef->nmaybe && !ef->nlive;

				if (!so[3])
					so[3] = si + 1;
				note_site(x, o, x->r[si].at, x->r[si].api);

				if (ef->rel_err && (so[0] & M_E) && !(so[0] & M_V)) {
					if (x->o[o].bdev || ef->rel_api)
						report_error(x, e, &x->r[ri], o, so[2]);
				} else if (all || (when_live && !(so[0] & M_E))) {
					if (so[1] > 0 && x->o[o].bdev) {
						report_double(x, e, &x->r[ri], &x->r[so[1] - 1], o);
						so[3] = -1;	/* the finding already */
					}
					if (so[1] == 0)
						so[1] = ri + 1;
					if (so[0] & M_V)
						so[0] = M_V;
				} else if (so[1] == 0) {
					so[1] = REL_MAYBE;
				}
			}
		}
		if (l >= 0 && ef->stored)
			set_loc(x, s, l, ef->exit_null == 1 ? A_NULL : A_UNK);
	}
	/* what it passes on to functions nothing is known about */
	for (int i = 0; i < e->nargs && i < 32; i++)
		if (g->escapes & (1u << i))
			forget_fields(x, s, base_root(x->fn, e->args[i]));
}

/* ---- driving ---- */

static int fn_relevant(struct br *br, struct bd_fn *fn)
{
	struct bd_func *f = fn->f;

	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];
			enum bd_bobj fl;
			struct rsum *s;

			if (bd_bapi_opener(br->c, e) || bd_bapi_release(br->c, e, &fl) ||
			    calls(e, "file_bdev"))
				return 1;
			if (e->op == BD_FIELD_LOAD && type_is(e->tag, "bdev_handle"))
				return 1;
			if (e->op == BD_CALL && e->name && (s = sum_of(br, e->name)) && s->relevant)
				return 1;
		}
	return 0;
}

static void walk_fn(struct br *br, struct bd_fn *fn)
{
	struct rs x;
	struct bd_walk w;
	int *entry;

	memset(&x, 0, sizeof(x));
	x.br = br;
	x.fn = fn;
	x.sum = &br->sum[fn - br->c->fns];
	scan_function(&x);
	summary_locs(&x);
	link_derived(&x);
	scan_conds(&x);
	layout(&x);
	prepare_effects(&x);
	entry = bd_xcalloc(x.size + 1, sizeof(int));
	entry_state(&x, entry);
	memset(&w, 0, sizeof(w));
	w.fn = fn;
	w.size = x.size;
	w.cap = fn->f->nblocks > 2000 ? CAP_STATES / 4 : CAP_STATES;
	w.ctx = &x;
	w.block = run_block;
	w.edge = edge;
	w.join = join;
	w.exit = at_exit;
	bd_walk(&w, entry);
	flush(&x);
	free(entry);
	free(x.o);
	free(x.l);
	free(x.r);
	free(x.slotidx);
	free(x.phiidx);
	free(x.evobj);
	free(x.evloc);
	free(x.conds);
	free(x.p);
}

/* Callees first, so each call finds its summary. */
static void visit(struct br *br, struct bd_fn *fn, int depth)
{
	struct rsum *sum = &br->sum[fn - br->c->fns];
	struct bd_func *f = fn->f;

	if (sum->state || !fn->kept)
		return;
	sum->state = 1;
	if (depth < 200)
		for (int b = 0; b < f->nblocks; b++)
			for (int k = 0; k < f->blocks[b]->nevents; k++) {
				struct bd_event *e = &f->blocks[b]->events[k];
				struct bd_fn *g;

				if (e->op == BD_CALL && e->name && (g = bd_fn_by_name(br->c, e->name)))
					visit(br, g, depth + 1);
			}
	sum->relevant = fn_relevant(br, fn);
	if (sum->relevant)
		walk_fn(br, fn);
	sum->state = 2;
}

void bd_check_bdev_release(struct bd_ctx *c)
{
	struct br br;

	memset(&br, 0, sizeof(br));
	br.c = c;
	br.sum = bd_xcalloc(c->nfns + 1, sizeof(*br.sum));
	for (int i = 0; i < c->nfns; i++)
		visit(&br, &c->fns[i], 0);
	free(br.sum);
}
