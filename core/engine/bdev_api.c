// SPDX-License-Identifier: GPL-2.0
/*
 * bdev_api.c - the 6.7+ block device objects of one unit (bdev_api.h).
 *
 * Wrappers and kept fields are judged flow-insensitively, on the roots of
 * return values and stored values (engine/value.c): enough to know where
 * such objects live before the checks follow them along paths.
 */
#include <stdlib.h>
#include <string.h>
#include "bdev_api.h"

struct bd_bapi {
	enum bd_bobj *wrapper;		/* per function */
	struct bd_bkey *keys;
	int nkeys, capkeys;
	int implements;
};

static int type_is(const char *t, const char *want)
{
	return t && !strcmp(t, want);
}

static const char *object_type(enum bd_bobj k)
{
	return k == BD_BOBJ_FILE ? "struct file *" : "struct bdev_handle *";
}

static enum bd_bobj opener_named(struct bd_ctx *c, const char *name)
{
	const struct bd_api *a = bd_api_role(name, BD_API_OPEN);
	struct bd_decl *d;

	if (!a)
		return BD_BOBJ_NONE;
	/* an opener of that name returns its era's object */
	d = bd_find_decl(c->u, name);
	if (d && d->ret_type && !type_is(d->ret_type, object_type(a->obj)))
		return BD_BOBJ_NONE;
	return a->obj;
}

enum bd_bobj bd_bapi_opener(struct bd_ctx *c, const struct bd_event *e)
{
	return e->op == BD_CALL ? opener_named(c, e->name) : BD_BOBJ_NONE;
}

int bd_bapi_release(struct bd_ctx *c, const struct bd_event *e, enum bd_bobj *kind)
{
	const struct bd_api *a;
	struct bd_decl *d;

	if (e->op != BD_CALL || !e->name || e->nargs < 1 ||
	    !(a = bd_api_role(e->name, BD_API_RELEASE)))
		return 0;
	*kind = a->obj;
	if (a->generic)
		return 2;
	/* 6.9+ has an internal bdev_release(struct file *) in block/blk.h:
	 * the block layer's, not a release of an opened object */
	d = bd_find_decl(c->u, e->name);
	if (a->obj == BD_BOBJ_HANDLE && d && d->nparams >= 1 && d->param_types[0] &&
	    !type_is(d->param_types[0], "struct bdev_handle *")) {
		*kind = BD_BOBJ_FILE;
		return 0;
	}
	return 1;
}

static struct bd_bapi *bapi(struct bd_ctx *c);

static enum bd_bobj from_opener(struct bd_ctx *c, struct bd_bapi *a, struct bd_fn *fn,
				bd_val v)
{
	struct bd_roots r;
	enum bd_bobj k;

	bd_roots(fn, v, &r);
	if (r.overflow)
		return BD_BOBJ_NONE;
	for (int i = 0; i < r.n; i++) {
		struct bd_event *e = r.ev[i];
		struct bd_fn *g;

		if (!e)
			continue;
		if ((k = bd_bapi_opener(c, e)))
			return k;
		if (e->op == BD_CALL && (g = bd_fn_by_name(c, e->name)) && a->wrapper[g - c->fns])
			return a->wrapper[g - c->fns];
	}
	return BD_BOBJ_NONE;
}

static void find_wrappers(struct bd_ctx *c, struct bd_bapi *a)
{
	int changed = 1, rounds = 0;

	while (changed && rounds++ < 16) {
		changed = 0;
		for (int i = 0; i < c->nfns; i++) {
			struct bd_fn *fn = &c->fns[i];

			if (!fn->kept || a->wrapper[i])
				continue;
			for (int b = 0; b < fn->f->nblocks && !a->wrapper[i]; b++) {
				struct bd_block *blk = fn->f->blocks[b];

				if (blk->term == BD_T_RETURN && blk->cond &&
				    (a->wrapper[i] = from_opener(c, a, fn, blk->cond)))
					changed = 1;
			}
		}
	}
}

static struct bd_bkey *find_key(struct bd_bapi *a, const char *tag, const char *field,
				const char *global)
{
	for (int i = 0; i < a->nkeys; i++)
		if (a->keys[i].tag == tag && a->keys[i].field == field &&
		    a->keys[i].global == global)
			return &a->keys[i];
	return NULL;
}

static void add_key(struct bd_bapi *a, const char *tag, const char *field,
		    const char *global, enum bd_bobj kind)
{
	struct bd_bkey *k;

	if (find_key(a, tag, field, global))
		return;
	BD_GROW(a->keys, a->nkeys, a->capkeys);
	k = &a->keys[a->nkeys++];
	memset(k, 0, sizeof(*k));
	k->tag = tag;
	k->field = field;
	k->global = global;
	k->kind = kind;
}

bd_val bd_bapi_bdev_source(struct bd_fn *fn, bd_val v)
{
	struct bd_event *e = bd_strip(fn, v);

	if (!e)
		return 0;
	if (e->op == BD_CALL && e->name && !strcmp(e->name, "file_bdev") && e->nargs >= 1)
		return e->args[0];
	if (e->op == BD_FIELD_LOAD && type_is(e->tag, "bdev_handle") && type_is(e->name, "bdev"))
		return e->a;
	return 0;
}

static struct bd_event *one_root(struct bd_fn *fn, bd_val v)
{
	struct bd_roots r;

	bd_roots(fn, v, &r);
	return !r.overflow && r.n == 1 ? r.ev[0] : NULL;
}

/* A field or global an opened handle or file is stored in. */
static void key_store(struct bd_ctx *c, struct bd_bapi *a, struct bd_fn *fn,
		      struct bd_event *e)
{
	enum bd_bobj k;

	if (e->op == BD_FIELD_STORE && (k = from_opener(c, a, fn, e->b)))
		add_key(a, e->tag, e->name, NULL, k);
	else if (e->op == BD_GLOBAL_STORE && (k = from_opener(c, a, fn, e->b)))
		add_key(a, NULL, NULL, e->name, k);
}

/* sb->s_bdev_file = f; sb->s_bdev = file_bdev(f): the store of the
 * object (root 'obj') into a field of the same object 'base'. */
static struct bd_event *kept_beside(struct bd_fn *fn, struct bd_event *base, const char *tag,
				    struct bd_event *obj)
{
	if (!obj)
		return NULL;
	for (int b = 0; b < fn->f->nblocks; b++)
		for (int k = 0; k < fn->f->blocks[b]->nevents; k++) {
			struct bd_event *e = &fn->f->blocks[b]->events[k];

			if (e->op == BD_FIELD_STORE && e->tag == tag && one_root(fn, e->a) == base &&
			    one_root(fn, e->b) == obj)
				return e;
		}
	return NULL;
}

/* A field of the same object its block_device is stored in
 * (rdev->bdev = file_bdev(rdev->bdev_file)). */
static void key_derived(struct bd_ctx *c, struct bd_bapi *a, struct bd_fn *fn,
			struct bd_event *e)
{
	struct bd_event *src, *base;
	struct bd_bkey *key;
	bd_val x;

	(void)c;
	if (e->op != BD_FIELD_STORE || !(x = bd_bapi_bdev_source(fn, e->b)))
		return;
	src = bd_strip(fn, x);
	base = one_root(fn, e->a);
	if (!src || !base)
		return;
	if (src->op != BD_FIELD_LOAD || one_root(fn, src->a) != base || src->tag != e->tag)
		src = kept_beside(fn, base, e->tag, one_root(fn, x));
	if (!src)
		return;
	key = find_key(a, src->tag, src->name, NULL);
	if (key && !key->dtag) {
		key->dtag = e->tag;
		key->dfield = e->name;
	}
}

struct each {
	struct bd_ctx *c;
	struct bd_bapi *a;
	void (*fn_ev)(struct bd_ctx *, struct bd_bapi *, struct bd_fn *, struct bd_event *);
};

static int each_one(struct bd_fn *fn, struct bd_event *e, void *arg)
{
	struct each *x = arg;

	x->fn_ev(x->c, x->a, fn, e);
	return 0;
}

static void each_event(struct bd_ctx *c, struct bd_bapi *a,
		       void (*fn_ev)(struct bd_ctx *, struct bd_bapi *, struct bd_fn *,
				     struct bd_event *))
{
	struct each x = { c, a, fn_ev };

	bd_each_event(c, each_one, &x);
}

static struct bd_bapi *bapi(struct bd_ctx *c)
{
	struct bd_bapi *a = c->bapi;

	if (a)
		return a;
	a = c->bapi = bd_xcalloc(1, sizeof(*a));
	a->wrapper = bd_xcalloc(c->nfns + 1, sizeof(*a->wrapper));
	for (int i = 0; i < c->nfns; i++)
		if (opener_named(c, c->fns[i].f->decl->name))
			a->implements = 1;
	find_wrappers(c, a);
	each_event(c, a, key_store);
	each_event(c, a, key_derived);
	return a;
}

enum bd_bobj bd_bapi_wrapper(struct bd_ctx *c, const struct bd_fn *fn)
{
	return bapi(c)->wrapper[fn - c->fns];
}

enum bd_bobj bd_bapi_from_opener(struct bd_ctx *c, struct bd_fn *fn, bd_val v)
{
	return from_opener(c, bapi(c), fn, v);
}

const struct bd_bkey *bd_bapi_key(struct bd_ctx *c, const char *tag, const char *field,
				  const char *global)
{
	return find_key(bapi(c), tag, field, global);
}

int bd_bapi_nkeys(struct bd_ctx *c)
{
	return bapi(c)->nkeys;
}

const struct bd_bkey *bd_bapi_key_at(struct bd_ctx *c, int i)
{
	return &bapi(c)->keys[i];
}

int bd_bapi_implements(struct bd_ctx *c)
{
	return bapi(c)->implements;
}

void bd_bapi_free(struct bd_ctx *c)
{
	struct bd_bapi *a = c->bapi;

	if (!a)
		return;
	free(a->wrapper);
	free(a->keys);
	free(a);
	c->bapi = NULL;
}
