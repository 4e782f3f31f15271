// SPDX-License-Identifier: GPL-2.0
/*
 * fieldlife.c - the lifetime of the fields that hold an opened block
 * device, across the functions of one unit (fieldlife.h).
 *
 * Flow-insensitive on purpose: it says what the unit does with a field
 * anywhere (open it only under an option, test it before giving it back),
 * which a path of another function cannot see; bdops-bdev-release adds the
 * paths.  Everything is judged on dominators (engine/func.c) and the roots
 * of values (engine/value.c), once per unit and only when some function
 * stores or reads a field of a handle or file type.
 */
#include <stdlib.h>
#include <string.h>
#include "fieldlife.h"
#include "errptr.h"
#include "api.h"

struct bd_flife_unit {
	struct bd_flife *f;
	int n, cap;
};

static int type_is(const char *t, const char *want)
{
	return t && !strcmp(t, want);
}

static enum bd_bobj kind_of_type(const char *t)
{
	if (type_is(t, "struct file *"))
		return BD_BOBJ_FILE;
	return type_is(t, "struct bdev_handle *") ? BD_BOBJ_HANDLE : BD_BOBJ_NONE;
}

static struct bd_event *one_root(struct bd_fn *fn, bd_val v)
{
	struct bd_roots r;

	bd_roots(fn, v, &r);
	return !r.overflow && r.n == 1 ? r.ev[0] : NULL;
}

static int same_rec(struct bd_fn *fn, bd_val a, bd_val b, int depth)
{
	struct bd_event *x, *y;

	if (!a || !b || depth > 8)
		return 0;
	if (a == b)
		return 1;
	x = one_root(fn, a);
	y = one_root(fn, b);
	if (!x || !y)
		return 0;
	if (x == y)
		return 1;
	if (x->op != y->op)
		return 0;
	switch (x->op) {
	case BD_PARAM:
	case BD_SLOT_ADDR:
		return x->imm == y->imm;
	case BD_GLOBAL_LOAD:
	case BD_GLOBAL_ADDR:
		return x->name == y->name;
	case BD_FIELD_LOAD:
	case BD_FIELD_ADDR:
		/* two reads of one field of one place: sbi->devs[i] twice */
		return x->tag == y->tag && x->name == y->name && same_rec(fn, x->a, y->a, depth + 1);
	default:
		return 0;
	}
}

int bd_flife_same_place(struct bd_fn *fn, bd_val a, bd_val b)
{
	return same_rec(fn, a, b, 0);
}

static struct bd_flife *find(struct bd_flife_unit *u, const char *tag, const char *field)
{
	for (int i = 0; i < u->n; i++)
		if (u->f[i].tag == tag && u->f[i].field == field)
			return &u->f[i];
	return NULL;
}

static struct bd_flife *add(struct bd_flife_unit *u, const char *tag, const char *field,
			    enum bd_bobj kind)
{
	struct bd_flife *f = find(u, tag, field);

	if (f || !tag || !field || !kind)
		return f;
	BD_GROW(u->f, u->n, u->cap);
	f = &u->f[u->n++];
	memset(f, 0, sizeof(*f));
	f->tag = tag;
	f->field = field;
	f->kind = kind;
	f->bdev = kind == BD_BOBJ_HANDLE;
	return f;
}

/* The FIELD_LOAD of a tracked field value v comes from, or NULL. */
static struct bd_event *field_load_of(struct bd_fn *fn, bd_val v)
{
	struct bd_event *e = one_root(fn, v);

	return e && e->op == BD_FIELD_LOAD && kind_of_type(e->type) ? e : NULL;
}

/* ---- conditions ---- */

/* Does the expression of condition value v read a field of the place
 * 'base' that 'want' accepts?  Looks through copies, locals, arithmetic,
 * comparisons and the arguments of calls (test_bit(N, &dev->flags)). */
typedef int (*field_pred)(const struct bd_event *e, const void *arg);

static int cond_reads(struct bd_fn *fn, bd_val v, bd_val base, field_pred want, const void *arg,
		      int depth)
{
	struct bd_roots r;

	if (!v || depth > 6)
		return 0;
	bd_roots(fn, v, &r);
	if (r.overflow)
		return 0;
	for (int i = 0; i < r.n; i++) {
		struct bd_event *e = r.ev[i];

		if (!e)
			continue;
		switch (e->op) {
		case BD_FIELD_LOAD:
		case BD_FIELD_ADDR:
			if (want(e, arg) && (!base || bd_flife_same_place(fn, e->a, base)))
				return 1;
			break;
		case BD_BINOP:
			if (cond_reads(fn, e->a, base, want, arg, depth + 1) ||
			    cond_reads(fn, e->b, base, want, arg, depth + 1))
				return 1;
			break;
		case BD_UNOP:
			if (cond_reads(fn, e->a, base, want, arg, depth + 1))
				return 1;
			break;
		case BD_CALL:
			for (int k = 0; k < e->nargs && k < 4; k++)
				if (cond_reads(fn, e->args[k], base, want, arg, depth + 1))
					return 1;
			break;
		default:
			break;
		}
	}
	return 0;
}

/* A loop's own test: its other side is the end of the loop, not an
 * option. */
static int loop_header(struct bd_fn *fn, int d)
{
	for (int i = 0; i < fn->npreds[d]; i++)
		if (bd_dominates(fn, d, fn->preds[d][i]))
			return 1;
	return 0;
}

/* The side of block d's two-way branch that block blk lies under only:
 * 0 or 1, or -1. */
static int under_side(struct bd_fn *fn, int d, int blk)
{
	struct bd_block *db = fn->f->blocks[d];

	if (db->term != BD_T_BRANCH || db->nsucc != 2 || db->succ[0] == db->succ[1])
		return -1;
	if (bd_dominates(fn, db->succ[0], blk))
		return 0;
	if (bd_dominates(fn, db->succ[1], blk))
		return 1;
	return -1;
}

/* ---- does an exit return success? ---- */

struct okx {
	struct bd_fn *fn;
	char *seen;		/* blocks reached from the other side */
	struct bd_roots tested;	/* what the branch tested */
	int ptr_ret;
};

static int tested(const struct okx *k, const struct bd_event *e)
{
	for (int i = 0; i < k->tested.n; i++)
		if (k->tested.ev[i] == e)
			return 1;
	return 0;
}

static int ok_val(struct okx *k, bd_val v, int depth);

static int ok_event(struct okx *k, struct bd_event *e, int depth)
{
	if (!e)
		return 0;
	if (tested(k, e))
		return 0;	/* if (ret) return ret; */
	switch (e->op) {
	case BD_CONST:
		return k->ptr_ret ? e->imm != 0 : e->imm >= 0;
	case BD_PHI:
		for (int i = 0; i < e->nargs; i++)
			if (e->preds[i] >= 0 && e->preds[i] < k->fn->f->nblocks &&
			    k->seen[e->preds[i]] && ok_val(k, e->args[i], depth + 1))
				return 1;
		return 0;
	case BD_CALL:
		/* the error values themselves */
		return !(e->name && (!strcmp(e->name, "PTR_ERR") || !strcmp(e->name, "ERR_PTR") ||
				     !strcmp(e->name, "ERR_CAST")));
	default:
		return 1;
	}
}

static int ok_val(struct okx *k, bd_val v, int depth)
{
	struct bd_event *e;

	if (depth > 16)
		return 0;
	e = bd_def(k->fn, v);
	while (e && e->op == BD_COPY)
		e = bd_def(k->fn, e->a);
	if (e && e->op == BD_SLOT_LOAD) {
		struct bd_roots r;

		bd_roots(k->fn, v, &r);
		if (r.overflow)
			return 0;
		for (int i = 0; i < r.n; i++)
			if (ok_event(k, r.ev[i], depth + 1))
				return 1;
		return 0;
	}
	return ok_event(k, e, depth);
}

/* Does the other side 'from' of branch d reach a return of success
 * without passing block 'avoid' (the open)? */
/* Does block b of fn open a handle or file (an API opener, or a wrapper
 * of the unit)? */
static int opens_in(struct bd_ctx *c, struct bd_fn *fn, int b)
{
	struct bd_block *blk = fn->f->blocks[b];

	for (int i = 0; i < blk->nevents; i++) {
		struct bd_event *e = &blk->events[i];
		struct bd_fn *g;

		if (bd_bapi_opener(c, e) ||
		    (e->op == BD_CALL && e->name && (g = bd_fn_by_name(c, e->name)) &&
		     bd_bapi_wrapper(c, g)))
			return 1;
	}
	return 0;
}

static int other_side_succeeds(struct bd_ctx *c, struct bd_fn *fn, int d, int from, int avoid)
{
	struct bd_func *f = fn->f;
	struct okx k;
	int *stk = bd_xcalloc(f->nblocks + 1, sizeof(int)), top = 0, ok = 0, neg;
	bd_val base = bd_cond_base(fn, f->blocks[d]->cond, &neg);
	struct bd_event *be = base ? one_root(fn, base) : NULL;

	memset(&k, 0, sizeof(k));
	k.fn = fn;
	k.seen = bd_xcalloc(f->nblocks + 1, 1);
	k.ptr_ret = f->decl && f->decl->ret_type && strchr(f->decl->ret_type, '*');
	if (base)
		bd_roots(fn, base, &k.tested);
	/* if (ret < 0) return ret;: the compared operand was tested too */
	if (be && be->op == BD_BINOP && k.tested.n < BD_MAXROOTS) {
		struct bd_event *o = one_root(fn, be->a);

		if (o)
			k.tested.ev[k.tested.n++] = o;
	}
	if (from != avoid && !opens_in(c, fn, from)) {
		stk[top++] = from;
		k.seen[from] = 1;
	}
	while (top) {
		int b = stk[--top];
		struct bd_block *blk = f->blocks[b];

		for (int i = 0; i < blk->nsucc; i++) {
			int t = blk->succ[i];

			/* not through any open: two opens on the two sides of
			 * a branch (by path, by device number) are one */
			if (t != avoid && !k.seen[t] && !opens_in(c, fn, t)) {
				k.seen[t] = 1;
				stk[top++] = t;
			}
		}
	}
	for (int b = 0; b < f->nblocks && !ok; b++) {
		struct bd_block *blk = f->blocks[b];

		if (!k.seen[b] || (blk->term != BD_T_RETURN && blk->term != BD_T_NONE))
			continue;
		ok = !blk->cond || ok_val(&k, blk->cond, 0);
	}
	free(stk);
	free(k.seen);
	return ok;
}

/* Is the open in block o of fn done only when some option or branch
 * holds: under a branch (not a NULL or error test, not a loop's test)
 * whose other side returns success without it? */
static int open_is_conditional(struct bd_ctx *c, struct bd_fn *fn, int o)
{
	int guard = fn->f->nblocks + 1;

	for (int d = fn->idom[o]; d >= 0 && guard-- > 0; d = d ? fn->idom[d] : -1) {
		struct bd_block *db = fn->f->blocks[d];
		int side = under_side(fn, d, o);
		bd_val p;

		if (side < 0 || loop_header(fn, d))
			continue;
		if (bd_errptr_test(fn, db->cond, &p) >= 0 || bd_null_test(fn, db->cond, &p) >= 0)
			continue;
		if (other_side_succeeds(c, fn, d, db->succ[!side], o))
			return 1;
	}
	return 0;
}

/* ---- the scan ---- */

static enum bd_bobj opened_value(struct bd_ctx *c, struct bd_fn *fn, bd_val v,
				 struct bd_event **at)
{
	struct bd_roots r;

	*at = NULL;
	bd_roots(fn, v, &r);
	if (r.overflow || r.n != 1 || !r.ev[0] || r.ev[0]->op != BD_CALL)
		return BD_BOBJ_NONE;
	*at = r.ev[0];
	return bd_bapi_from_opener(c, fn, v);
}

static void scan_store(struct bd_ctx *c, struct bd_flife_unit *u, struct bd_fn *fn,
		       struct bd_event *e)
{
	struct bd_func *f = fn->f;
	const char *t = e->b < f->next_val ? f->val_types[e->b] : NULL;
	struct bd_flife *fl;
	struct bd_event *at;
	enum bd_bobj k;

	if (!kind_of_type(t) || !(fl = add(u, e->tag, e->name, kind_of_type(t))))
		return;
	if (!(k = opened_value(c, fn, e->b, &at))) {
		int64_t v;

		/* log->bdev_file = sb->s_bdev_file: filled from elsewhere
		 * too, so "never opened" cannot be told */
		if (!(bd_const_value(fn, e->b, &v) && v == 0))
			fl->nother++;
		return;
	}
	fl->bdev = 1;
	fl->nopen++;
	if (open_is_conditional(c, fn, bd_event_block(fn, at)))
		fl->nopen_cond++;
	if (!fl->open_at) {
		fl->open_at = at;
		fl->opener = at->name;
		/* a wrapper of the unit: name the API call inside it */
		if (!bd_bapi_opener(c, at)) {
			struct bd_fn *g = bd_fn_by_name(c, at->name);

			for (int b = 0; g && b < g->f->nblocks; b++)
				for (int i = 0; i < g->f->blocks[b]->nevents; i++)
					if (bd_bapi_opener(c, &g->f->blocks[b]->events[i]))
						fl->opener = g->f->blocks[b]->events[i].name;
		}
	}
}

/* device->bdev = file_bdev(bdev_file) beside device->bdev_file =
 * bdev_file: the same local or value, the same object. */
static void scan_derived(struct bd_ctx *c, struct bd_flife_unit *u, struct bd_fn *fn,
			 struct bd_event *e)
{
	struct bd_func *f = fn->f;
	bd_val src = bd_bapi_bdev_source(fn, e->b);
	struct bd_event *se;

	(void)c;
	if (!src || !type_is(e->b < f->next_val ? f->val_types[e->b] : NULL,
			     "struct block_device *"))
		return;
	se = bd_strip(fn, src);
	for (int b = 0; b < f->nblocks; b++)
		for (int i = 0; i < f->blocks[b]->nevents; i++) {
			struct bd_event *s = &f->blocks[b]->events[i], *v;
			const char *t = s->b < f->next_val ? f->val_types[s->b] : NULL;
			struct bd_flife *fl;

			if (s->op != BD_FIELD_STORE || s->tag != e->tag || !kind_of_type(t) ||
			    !bd_flife_same_place(fn, s->a, e->a))
				continue;
			v = bd_strip(fn, s->b);
			if (!(bd_flife_same_place(fn, s->b, src) ||
			      (v && se && v->op == BD_SLOT_LOAD && se->op == BD_SLOT_LOAD &&
			       v->imm == se->imm)))
				continue;
			fl = add(u, s->tag, s->name, kind_of_type(t));
			if (fl && !fl->dtag) {
				fl->dtag = e->tag;
				fl->dfield = e->name;
			}
			if (fl)
				fl->bdev = 1;
		}
}

struct guard_arg {
	const char *tag, *field;
};

static int is_field(const struct bd_event *e, const void *arg)
{
	const struct guard_arg *g = arg;

	return e->tag == g->tag && e->name == g->field;
}

static void add_guards(struct bd_fn *fn, struct bd_flife *fl, bd_val cond, bd_val base,
		       int depth)
{
	struct bd_roots r;

	if (!cond || depth > 6)
		return;
	bd_roots(fn, cond, &r);
	for (int i = 0; !r.overflow && i < r.n; i++) {
		struct bd_event *e = r.ev[i];
		int dup = 0;

		if (!e)
			continue;
		if ((e->op == BD_FIELD_LOAD || e->op == BD_FIELD_ADDR) && e->tag && e->name &&
		    !(e->tag == fl->tag && e->name == fl->field) &&
		    bd_flife_same_place(fn, e->a, base)) {
			for (int k = 0; k < fl->nguard; k++)
				dup |= fl->gtag[k] == e->tag && fl->gfield[k] == e->name;
			if (!dup && fl->nguard < BD_FLIFE_GUARDS) {
				fl->gtag[fl->nguard] = e->tag;
				fl->gfield[fl->nguard++] = e->name;
			}
		} else if (e->op == BD_BINOP) {
			add_guards(fn, fl, e->a, base, depth + 1);
			add_guards(fn, fl, e->b, base, depth + 1);
		} else if (e->op == BD_UNOP) {
			add_guards(fn, fl, e->a, base, depth + 1);
		} else if (e->op == BD_CALL) {
			for (int k = 0; k < e->nargs && k < 4; k++)
				add_guards(fn, fl, e->args[k], base, depth + 1);
		}
	}
}

/* A release of fl, or a read of its block_device, at event e in block b
 * on the object 'ld' (the FIELD_LOAD of the field): what tests it is
 * under. */
static void scan_tests(struct bd_flife *fl, struct bd_fn *fn, int b, struct bd_event *e,
		       struct bd_event *ld, const char *api)
{
	int guard = fn->f->nblocks + 1;
	struct guard_arg self = { fl->tag, fl->field };

	for (int d = fn->idom[b]; d >= 0 && guard-- > 0; d = d ? fn->idom[d] : -1) {
		struct bd_block *db = fn->f->blocks[d];
		int side = under_side(fn, d, b), t, plain;
		bd_val p;

		if (side < 0)
			continue;
		/* on the side where it is not NULL: if (dev->f), or
		 * !IS_ERR_OR_NULL(dev->f) */
		plain = (t = bd_null_test(fn, db->cond, &p)) >= 0;

		if (!plain &&
		    (!bd_errptr_or_null(fn, db->cond) || (t = bd_errptr_test(fn, db->cond, &p)) < 0))
			t = -1;
		if (t >= 0 && cond_reads(fn, db->cond, ld->a, is_field, &self, 0)) {
			if (t != side)
				continue;	/* the NULL (or error) side */
			if (api && plain && !fl->pnull_rel) {
				fl->pnull_fn = fn;
				fl->pnull_rel = e;
				fl->pnull_api = api;
			}
			if (api && !fl->null_rel) {
				fl->null_fn = fn;
				fl->null_rel = e;
				fl->null_api = api;
			}
			if (!api)
				fl->null_use = 1;
			continue;
		}
		if (api)
			add_guards(fn, fl, db->cond, ld->a, 0);
	}
}

static void scan_uses(struct bd_ctx *c, struct bd_flife_unit *u, struct bd_fn *fn, int b,
		      struct bd_event *e)
{
	enum bd_bobj k;
	struct bd_event *ld = NULL;
	struct bd_flife *fl;
	const char *api = NULL;

	bd_val src;
	const struct bd_api *m;

	if (bd_bapi_release(c, e, &k)) {
		ld = field_load_of(fn, e->args[0]);
		api = e->name;
	} else if (e->dst && (src = bd_bapi_bdev_source(fn, e->dst))) {
		ld = field_load_of(fn, src);	/* file_bdev(x->f), x->h->bdev */
	}
	if (!ld || !(fl = add(u, ld->tag, ld->name, kind_of_type(ld->type))))
		return;
	/* file_bdev(), bdev_fput(), a handle: not fput(), which takes any file */
	if (!api || !(m = bd_api_find(api)) || !m->generic)
		fl->bdev = 1;
	scan_tests(fl, fn, b, e, ld, api);
}

static struct bd_flife_unit *unit(struct bd_ctx *c)
{
	struct bd_flife_unit *u = c->flife;

	if (u)
		return u;
	u = c->flife = bd_xcalloc(1, sizeof(*u));
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < c->nfns; i++) {
			struct bd_fn *fn = &c->fns[i];

			if (!fn->kept)
				continue;
			for (int b = 0; b < fn->f->nblocks; b++)
				for (int k = 0; k < fn->f->blocks[b]->nevents; k++) {
					struct bd_event *e = &fn->f->blocks[b]->events[k];

					if (pass == 0 && e->op == BD_FIELD_STORE)
						scan_store(c, u, fn, e);
					else if (pass == 1 && e->op == BD_FIELD_STORE)
						scan_derived(c, u, fn, e);
					else if (pass == 2)
						scan_uses(c, u, fn, b, e);
				}
		}
	return u;
}

const struct bd_flife *bd_flife_of(struct bd_ctx *c, const char *tag, const char *field)
{
	return tag && field ? find(unit(c), tag, field) : NULL;
}

int bd_flife_count(struct bd_ctx *c)
{
	return unit(c)->n;
}

const struct bd_flife *bd_flife_at(struct bd_ctx *c, int i)
{
	return &unit(c)->f[i];
}

/* Does a branch that block b of fn lies under test a field the pred
 * accepts (on the place 'base', or any place when base is 0)? */
static int under_test(struct bd_fn *fn, int b, bd_val base, field_pred want, const void *arg)
{
	int guard = fn->f->nblocks + 1;

	for (int d = b >= 0 ? fn->idom[b] : -1; d >= 0 && guard-- > 0; d = d ? fn->idom[d] : -1)
		if (under_side(fn, d, b) >= 0 &&
		    cond_reads(fn, fn->f->blocks[d]->cond, base, want, arg, 0))
			return 1;
	return 0;
}

/* The field itself, its block_device field, or one of its guards. */
static int fl_field(const struct bd_event *e, const void *arg)
{
	const struct bd_flife *fl = arg;

	if ((e->tag == fl->tag && e->name == fl->field) ||
	    (fl->dtag && e->tag == fl->dtag && e->name == fl->dfield))
		return 1;
	for (int i = 0; i < fl->nguard; i++)
		if (e->tag == fl->gtag[i] && e->name == fl->gfield[i])
			return 1;
	return 0;
}

int bd_flife_guarded(struct bd_ctx *c, struct bd_fn *fn, int blk, struct bd_event *fload,
		     const struct bd_flife *fl)
{
	struct bd_call_it it;
	struct bd_event *call;
	struct bd_fn *caller;
	int ncalls = 0, nguarded = 0;

	if (under_test(fn, blk, fload->a, fl_field, fl))
		return 1;
	/* every caller in the unit calls it under such a test */
	memset(&it, 0, sizeof(it));
	while ((call = bd_next_call(c, fn->f->decl->name, fn, &it, &caller))) {
		ncalls++;
		nguarded += under_test(caller, bd_event_block(caller, call), 0, fl_field, fl);
	}
	return ncalls && nguarded == ncalls;
}

void bd_flife_free(struct bd_ctx *c)
{
	struct bd_flife_unit *u = c->flife;

	if (!u)
		return;
	free(u->f);
	free(u);
	c->flife = NULL;
}
