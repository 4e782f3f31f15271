// SPDX-License-Identifier: GPL-2.0
/*
 * build.c - a unit's functions as whole-program graphs (wp.h).
 *
 * Per kept function, in block order: a node for each get and put
 * (put_mode.c's tables), each call to a named function (with the modes and
 * bdevs it passes and where its result goes), each store to a global flag,
 * and each branch on one.  Objects are found with bd_roots(): a bdev read
 * from a global, a parameter, or produced by a get or a call of this
 * function.  Blocks without nodes are then contracted away.
 *
 * A function keeps its graph when it is anchored: something in it matters
 * beyond put_mode.c's own pairing - a get or put of a global, a put of a
 * parameter's bdev, a bdev passed to a call, returned or got from a call,
 * a mode that depends on a global flag, a call of another unit passed a
 * constant mode (an argument the callee declares unsigned int, fmode_t's
 * type, holding FMODE bits only) - or it calls an anchored function of
 * its unit.  Gets and puts of struct fields stay put_mode.c's.  Flags are
 * the globals a branch of the unit tests; a function without a graph
 * keeps the flags it (or a callee) stores.
 *
 * 6.5's holders (p->holder, put-holder): the same graphs over the calls
 * of that era, a get's holder and a put's in place of their modes, and
 * the pointers a call passes (NULL, a named object, a parameter) in place
 * of its integers; a named object is its one wp_named() event.  A call of
 * another unit given NULL or a named object for a void * parameter (a put
 * wrapper's holder) anchors its function.
 */
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "../engine/era.h"
#include "../engine/errptr.h"
#include "../engine/flags.h"
#include "../checks/holder.h"
#include "../checks/pairing.h"
#include "../checks/put_mode.h"
#include "wp.h"

struct bnode {			/* a node while its function is built */
	struct wp_node n;
	struct bd_event *ev;
	int block;
};

struct bfn {
	struct bd_fn *fn;
	struct bnode *v;
	int nv, capv;
	int anchored;
	const char **sets;	/* flags stored, this function or callees */
	int nsets, capsets;
	int **first;		/* per block: first nodes from its start */
	int *nfirst, *state;
	/* per event number, while objects are found (index_events()): the
	 * first get or call node of the event, the first global a store
	 * keeps its value in - a huge function has thousands of each */
	int *node_at;
	const char **global_at;
};

struct build {
	struct bd_ctx *c;
	struct wp_prog *p;
	struct bfn *f;
	int n;
	const char **flags;	/* globals a branch of the unit tests */
	int nflags, capflags;
};

static int is_flag(struct build *b, const char *key)
{
	for (int i = 0; i < b->nflags; i++)
		if (b->flags[i] == key)
			return 1;
	return 0;
}

static void collect_flags(struct build *b)
{
	for (int i = 0; i < b->c->nfns; i++) {
		struct bd_fn *fn = &b->c->fns[i];
		int nz;

		if (!fn->kept)
			continue;
		for (int k = 0; k < fn->f->nblocks; k++) {
			const char *key = bd_flag_test(fn, k, &nz);

			if (key && !is_flag(b, key)) {
				BD_GROW(b->flags, b->nflags, b->capflags);
				b->flags[b->nflags++] = key;
			}
		}
	}
}

static struct wp_node *add_node(struct bfn *f, enum wp_kind kind, struct bd_event *ev, int blk)
{
	struct bnode *x;

	BD_GROW(f->v, f->nv, f->capv);
	x = &f->v[f->nv++];
	memset(x, 0, sizeof(*x));
	x->n.kind = kind;
	x->n.at = ev ? ev->loc : (struct bd_loc){ 0 };
	x->ev = ev;
	x->block = blk;
	return &x->n;
}

static int node_of(struct bfn *f, const struct bd_event *ev)
{
	int x = bd_event_index(f->fn, ev);

	return x < 0 ? -1 : f->node_at[x];
}

/* The object value v is: a global, a parameter, or a node's bdev. */
static struct wp_obj obj_of(struct build *b, struct bfn *f, bd_val v)
{
	struct wp_obj o = { WP_O_NONE, 0, NULL };
	struct bd_roots r;

	bd_roots(f->fn, v, &r);
	if (r.overflow || !r.n)
		return o;
	for (int i = 0; i < r.n; i++) {
		struct bd_event *e = r.ev[i];
		struct wp_obj x = { WP_O_NONE, 0, NULL };
		int k;

		if (!e)
			return (struct wp_obj){ WP_O_NONE, 0, NULL };
		if (e->op == BD_GLOBAL_LOAD) {
			x.kind = WP_O_GLOBAL;
			x.key = bd_global_key(b->c->u, e->name);
		} else if (e->op == BD_PARAM) {
			x.kind = WP_O_PARAM;
			x.n = (int)e->imm;
		} else if ((k = node_of(f, e)) >= 0) {
			x.kind = WP_O_LOCAL;
			x.n = k;
		} else if (e->op == BD_CONST && e->imm == 0) {
			continue;	/* NULL on some path */
		} else {
			return (struct wp_obj){ WP_O_NONE, 0, NULL };
		}
		if (i && (o.kind != x.kind || o.n != x.n || o.key != x.key))
			return (struct wp_obj){ WP_O_NONE, 0, NULL };
		o = x;
	}
	return o;
}

/* Where the bdev event e produces is kept: a global it is stored in. */
static const char *stored_global(struct bfn *f, struct bd_event *e)
{
	int x = bd_event_index(f->fn, e);

	return x < 0 ? NULL : f->global_at[x];
}

/* node_of() and stored_global() for every event at once: the first get or
 * call node of each, the first store (in block order) to a global whose
 * roots hold it. */
static void index_events(struct build *b, struct bfn *f)
{
	struct bd_func *fu = f->fn->f;
	int n = bd_fn_nevents(f->fn);

	f->node_at = bd_xcalloc(n + 1, sizeof(int));
	f->global_at = bd_xcalloc(n + 1, sizeof(*f->global_at));
	for (int x = 0; x < n; x++)
		f->node_at[x] = -1;
	for (int i = f->nv - 1; i >= 0; i--) {
		int x = f->v[i].ev ? bd_event_index(f->fn, f->v[i].ev) : -1;

		if (x >= 0 && (f->v[i].n.kind == WP_GET || f->v[i].n.kind == WP_CALL))
			f->node_at[x] = i;
	}
	for (int k = 0; k < fu->nblocks; k++)
		for (int i = 0; i < fu->blocks[k]->nevents; i++) {
			struct bd_event *s = &fu->blocks[k]->events[i];
			struct bd_roots r;

			if (s->op != BD_GLOBAL_STORE)
				continue;
			bd_roots(f->fn, s->b, &r);
			for (int j = 0; j < r.n; j++) {
				int x = r.ev[j] ? bd_event_index(f->fn, r.ev[j]) : -1;

				if (x >= 0 && !f->global_at[x])
					f->global_at[x] = bd_global_key(b->c->u, s->name);
			}
		}
}

static int pointer_type(const char *t)
{
	size_t n = t ? strlen(t) : 0;

	return n > 2 && !strcmp(t + n - 2, " *");
}

static int integer_type(const char *t)
{
	return t && !pointer_type(t) && strncmp(t, "struct ", 7) && strcmp(t, "fnptr") &&
	       strcmp(t, "other");
}

static int bdev_type(const char *t)
{
	return t && !strcmp(t, "struct block_device *");
}

/* A constant a put wrapper of another unit could be given as its mode:
 * FMODE bits only, for a parameter declared unsigned int (fmode_t). */
static int const_mode_arg(struct build *b, const struct bd_event *e, int i,
			  const struct bd_mset *m)
{
	struct bd_decl *d = bd_find_decl(b->c->u, e->name);

	if (!bd_mset_all_const(m) || !d || i >= d->nparams || !d->param_types[i] ||
	    strcmp(d->param_types[i], "unsigned int") || d->has_body)
		return 0;
	for (int k = 0; k < m->n; k++)
		if (m->v[k].k <= 0 || (m->v[k].k & ~0x1ffLL))
			return 0;
	return 1;
}

static int guarded(const struct wp_mode *m)
{
	for (int i = 0; i < m->n; i++)
		if (m->v[i].nguard)
			return 1;
	return 0;
}

static int obj_used(const struct wp_obj *o)
{
	return o->kind != WP_O_NONE;
}

/* Per node: is a bdev it produced passed to a call of the function?
 * One pass over the calls' arguments, not one per get: a huge function
 * has thousands of each. */
static char *passed_on(struct bfn *f)
{
	char *passed = bd_xcalloc(f->nv + 1, 1);

	for (int i = 0; i < f->nv; i++)
		for (int a = 0; a < f->v[i].n.nargs; a++) {
			const struct wp_obj *o = &f->v[i].n.args[a].obj;

			if (o->kind == WP_O_LOCAL && o->n >= 0 && o->n < f->nv)
				passed[o->n] = 1;
		}
	return passed;
}

static int holder_arg(struct build *b, const struct bd_event *e, int i,
		      const struct bd_mset *m);

/* Does node i matter beyond put_mode.c's pairing inside the function? */
static int anchors(struct build *b, struct bfn *f, int i, const char *passed)
{
	struct wp_node *n = &f->v[i].n;

	switch (n->kind) {
	case WP_GET:
		return n->obj.kind == WP_O_GLOBAL || guarded(&n->mode) ||
		       (n->obj.kind == WP_O_LOCAL && (n->ret || passed[i]));
	case WP_PUT:
		return n->obj.kind == WP_O_GLOBAL || n->obj.kind == WP_O_PARAM ||
		       guarded(&n->mode);
	case WP_CALL:
		if (obj_used(&n->obj))
			return 1;
		for (int a = 0; a < n->nargs; a++) {
			struct bd_mset m;

			wp_mode_get(&n->args[a].mode, &m);
			if (obj_used(&n->args[a].obj) || bd_mset_guarded(&m) ||
			    (!b->p->holder && const_mode_arg(b, f->v[i].ev, a, &m)) ||
			    holder_arg(b, f->v[i].ev, a, &m))
				return 1;
		}
		return 0;
	default:
		return 0;
	}
}

/* Parameters in a graph belong to its own function. */
static void own_params(struct bd_mset *m)
{
	for (int i = 0; i < m->n; i++)
		m->v[i].fn = NULL;
}

/* A holder as the graphs keep it: a named object is the program's one
 * event for it (wp_named()), so equal holders are one event everywhere. */
static void holder_of(struct build *b, struct bfn *f, bd_val v, struct bd_mset *m)
{
	bd_mode_eval(f->fn, v, m);
	own_params(m);
	for (int i = 0; i < m->n; i++) {
		struct bd_mexpr *x = &m->v[i];

		if (x->kind == BD_MX_EVENT && bd_holder_names(x->ev))
			x->ev = wp_named(b->p, x->ev->op, bd_holder_key(b->c->u, x->ev));
	}
}

/* A holder a put wrapper of another unit could be given: NULL or a named
 * object, for a parameter declared void * (6.5's holder type). */
static int holder_arg(struct build *b, const struct bd_event *e, int i,
		      const struct bd_mset *m)
{
	struct bd_decl *d = bd_find_decl(b->c->u, e->name);

	if (!b->p->holder || m->unknown || !m->n || !d || i >= d->nparams ||
	    !d->param_types[i] || strcmp(d->param_types[i], "void *") || d->has_body)
		return 0;
	for (int k = 0; k < m->n; k++) {
		const struct bd_mexpr *x = &m->v[k];

		if (!(x->kind == BD_MX_CONST && !x->k) &&
		    !(x->kind == BD_MX_EVENT && bd_holder_names(x->ev)))
			return 0;
	}
	return 1;
}

static void call_node(struct build *b, struct bfn *f, struct bd_event *e, int blk)
{
	struct bd_decl *cd = bd_find_decl(b->c->u, e->name);
	struct wp_node *n;

	if (!e->name || bd_errptr_pure(e->name))
		return;
	n = add_node(f, WP_CALL, e, blk);
	n->name = e->name;
	n->nargs = e->nargs;
	n->args = bd_xcalloc(e->nargs + 1, sizeof(*n->args));
	for (int i = 0; i < e->nargs; i++) {
		struct bd_event *d = bd_def(f->fn, e->args[i]);
		struct wp_arg *a = &n->args[i];

		if (!d || !d->type)
			continue;
		if (b->p->holder) {
			struct bd_mset m;
			const char *t = cd && i < cd->nparams && cd->param_types[i] ?
					cd->param_types[i] : d->type;

			/* holders are pointers (NULL may be lowered as a long
			 * 0: the callee's prototype says); the graphs of 6.5
			 * keep no modes */
			if (!pointer_type(t) || bdev_type(t))
				continue;
			holder_of(b, f, e->args[i], &m);
			a->has_mode = !m.unknown && m.n;
			if (a->has_mode)
				wp_mode_set(&a->mode, &m);
		} else if (integer_type(d->type)) {
			struct bd_mset m;

			bd_mode_eval(f->fn, e->args[i], &m);
			own_params(&m);
			a->has_mode = !m.unknown && m.n;
			if (a->has_mode)
				wp_mode_set(&a->mode, &m);
		}
	}
}

static void get_node(struct build *b, struct bfn *f, struct bd_event *e, int blk,
		     int mode_arg, int exclusive)
{
	struct wp_node *n = add_node(f, WP_GET, e, blk);

	n->name = e->name;
	n->exclusive = exclusive;
	if (b->p->holder) {
		/* 6.5's get: compared by the holder it claimed the device for */
		int h = bd_get_holder_arg(e);
		struct bd_mset m;

		n->exclusive = 0;
		if (h >= 0) {
			holder_of(b, f, e->args[h], &m);
			wp_mode_set(&n->mode, &m);
			n->has_mode = 1;
		}
	} else if (mode_arg >= 0) {
		struct bd_mset m;

		bd_mode_eval(f->fn, e->args[mode_arg], &m);
		own_params(&m);
		wp_mode_set(&n->mode, &m);
		n->has_mode = 1;
	}
}

static void put_node(struct build *b, struct bfn *f, struct bd_event *e, int blk)
{
	struct wp_node *n = add_node(f, WP_PUT, e, blk);

	n->name = e->name;
	n->exclusive = bd_put_is_exclusive(e);
	if (e->nargs >= 2) {
		struct bd_mset m;

		if (b->p->holder)
			holder_of(b, f, e->args[1], &m);
		else
			bd_mode_eval(f->fn, e->args[1], &m);
		own_params(&m);
		wp_mode_set(&n->mode, &m);
		n->has_mode = 1;
	}
}

static void add_set(struct bfn *f, const char *flag)
{
	for (int i = 0; i < f->nsets; i++)
		if (f->sets[i] == flag)
			return;
	BD_GROW(f->sets, f->nsets, f->capsets);
	f->sets[f->nsets++] = flag;
}

static int scalar_store(struct bfn *f, const struct bd_event *e)
{
	struct bd_event *d = bd_def(f->fn, e->b);

	return d && integer_type(d->type);
}

static void block_nodes(struct build *b, struct bfn *f, int blk)
{
	struct bd_block *bl = f->fn->f->blocks[blk];
	int bdev_arg, mode_arg, excl, nz;
	const char *flag;

	for (int i = 0; i < bl->nevents; i++) {
		struct bd_event *e = &bl->events[i];
		/* the calls of the graphs' era: modes, or 6.5's holders */
		int api = e->op == BD_CALL &&
			  bd_era_is_holder(bd_era_of_call(b->c->u, e)) == b->p->holder;

		if (api && bd_get_args(b->c, e, &bdev_arg, &mode_arg, &excl)) {
			get_node(b, f, e, blk, mode_arg, excl);
		} else if (api && bd_is_put(e)) {
			put_node(b, f, e, blk);
		} else if (e->op == BD_CALL) {
			call_node(b, f, e, blk);
		} else if (e->op == BD_GLOBAL_STORE && scalar_store(f, e)) {
			/* any unit's branch may test it; without a graph, only
			 * the flags this unit tests are kept */
			struct wp_node *n = add_node(f, WP_SET, e, blk);
			int64_t k;

			flag = bd_global_key(b->c->u, e->name);
			n->name = flag;
			n->value = bd_const_value(f->fn, e->b, &k) ? k != 0 : -1;
			if (is_flag(b, flag))
				add_set(f, flag);
		}
	}
	if ((flag = bd_flag_test(f->fn, blk, &nz))) {
		struct wp_node *n = add_node(f, WP_TEST, NULL, blk);

		n->name = flag;
		n->at = bl->term_loc;
		n->value = nz;	/* until contracted: the successor taken if non-zero */
	}
}

/* Objects, once every node exists: a get's bdev, a put's, a call's. */
static void fill_objects(struct build *b, struct bfn *f)
{
	int bdev_arg, mode_arg, excl;

	for (int i = 0; i < f->nv; i++) {
		struct wp_node *n = &f->v[i].n;
		struct bd_event *e = f->v[i].ev;
		const char *g;

		switch (n->kind) {
		case WP_GET:
			bd_get_args(b->c, e, &bdev_arg, &mode_arg, &excl);
			if (bdev_arg >= 0) {
				if (bdev_arg < e->nargs)
					n->obj = obj_of(b, f, e->args[bdev_arg]);
			} else if ((g = stored_global(f, e))) {
				n->obj = (struct wp_obj){ WP_O_GLOBAL, 0, g };
			} else {
				n->obj = (struct wp_obj){ WP_O_LOCAL, i, NULL };
			}
			break;
		case WP_PUT:
			if (e->nargs >= 1)
				n->obj = obj_of(b, f, e->args[0]);
			break;
		case WP_CALL:
			for (int a = 0; a < e->nargs; a++) {
				struct bd_event *d = bd_def(f->fn, e->args[a]);

				if (d && bdev_type(d->type))
					n->args[a].obj = obj_of(b, f, e->args[a]);
			}
			if (e->dst && bdev_type(e->type)) {
				g = stored_global(f, e);
				n->obj = g ? (struct wp_obj){ WP_O_GLOBAL, 0, g } :
					     (struct wp_obj){ WP_O_LOCAL, i, NULL };
			}
			break;
		default:
			break;
		}
	}
}

/* Nodes whose bdev the function returns. */
static void mark_returned(struct bfn *f)
{
	struct bd_func *fu = f->fn->f;

	for (int k = 0; k < fu->nblocks; k++) {
		struct bd_roots r;

		if (fu->blocks[k]->term != BD_T_RETURN || !fu->blocks[k]->cond)
			continue;
		bd_roots(f->fn, fu->blocks[k]->cond, &r);
		for (int j = 0; j < r.n; j++) {
			int x = r.ev[j] ? node_of(f, r.ev[j]) : -1;

			if (x >= 0)
				f->v[x].n.ret = 1;
		}
	}
}

/* ---- contraction ---- */

static void push(int **v, int *n, int x)
{
	for (int i = 0; i < *n; i++)
		if ((*v)[i] == x)
			return;
	*v = bd_xrealloc(*v, (*n + 1) * sizeof(int));
	(*v)[(*n)++] = x;
}

/* The first nodes on every path from the start of block k (WP_EXIT for a
 * return).  Blocks without nodes are looked through. */
static void first_of(struct bfn *f, int k)
{
	struct bd_block *bl;
	int first = -1;

	if (f->state[k])
		return;
	f->state[k] = 1;
	for (int i = 0; i < f->nv && first < 0; i++)
		if (f->v[i].block == k)
			first = i;
	if (first >= 0) {
		push(&f->first[k], &f->nfirst[k], first);
		f->state[k] = 2;
		return;
	}
	bl = f->fn->f->blocks[k];
	if (bl->term == BD_T_RETURN || bl->term == BD_T_NONE)
		push(&f->first[k], &f->nfirst[k], WP_EXIT);
	for (int s = 0; s < bl->nsucc; s++) {
		int t = bl->succ[s];

		if (t < 0 || t >= f->fn->f->nblocks)
			continue;
		first_of(f, t);
		for (int j = 0; j < f->nfirst[t]; j++)
			push(&f->first[k], &f->nfirst[k], f->first[t][j]);
	}
	f->state[k] = 2;
}

/* What follows block k's last node. */
static void after_block(struct bfn *f, int k, int only_succ, int **out, int *n)
{
	struct bd_block *bl = f->fn->f->blocks[k];

	if (only_succ < 0 && (bl->term == BD_T_RETURN || bl->term == BD_T_NONE))
		push(out, n, WP_EXIT);
	for (int s = 0; s < bl->nsucc; s++) {
		int t = bl->succ[s];

		if (t < 0 || t >= f->fn->f->nblocks || (only_succ >= 0 && s != only_succ))
			continue;
		first_of(f, t);
		for (int j = 0; j < f->nfirst[t]; j++)
			push(out, n, f->first[t][j]);
	}
}

static void contract(struct bfn *f, struct wp_fn *w)
{
	int nb = f->fn->f->nblocks;

	f->first = bd_xcalloc(nb, sizeof(*f->first));
	f->nfirst = bd_xcalloc(nb, sizeof(int));
	f->state = bd_xcalloc(nb, sizeof(int));
	for (int i = 0; i < f->nv; i++) {
		struct wp_node *n = &f->v[i].n;
		int last = i + 1 == f->nv || f->v[i + 1].block != f->v[i].block;

		if (!last) {
			push(&n->succ[0], &n->nsucc[0], i + 1);
		} else if (n->kind == WP_TEST) {
			int nz = n->value;

			after_block(f, f->v[i].block, nz, &n->succ[0], &n->nsucc[0]);
			after_block(f, f->v[i].block, !nz, &n->succ[1], &n->nsucc[1]);
			n->value = 0;
		} else {
			after_block(f, f->v[i].block, -1, &n->succ[0], &n->nsucc[0]);
		}
	}
	first_of(f, 0);
	w->entry = f->first[0];
	w->nentry = f->nfirst[0];
	f->first[0] = NULL;
	for (int k = 1; k < nb; k++)
		free(f->first[k]);
	free(f->first);
	free(f->nfirst);
	free(f->state);
}

/* ---- the unit ---- */

static int callee_index(struct build *b, const char *name)
{
	struct bd_fn *fn = bd_fn_by_name(b->c, name);

	return fn && fn->kept ? (int)(fn - b->c->fns) : -1;
}

/* An anchored function makes its callers of the unit anchored; flags a
 * callee stores are stored by its callers too. */
static void propagate(struct build *b)
{
	int changed = 1;

	while (changed) {
		changed = 0;
		for (int i = 0; i < b->n; i++) {
			struct bfn *f = &b->f[i];

			for (int k = 0; k < f->nv; k++) {
				int t;

				if (f->v[k].n.kind != WP_CALL ||
				    (t = callee_index(b, f->v[k].n.name)) < 0)
					continue;
				if (b->f[t].anchored && !f->anchored)
					f->anchored = changed = 1;
				for (int s = 0; s < b->f[t].nsets; s++) {
					int had = f->nsets;

					add_set(f, b->f[t].sets[s]);
					changed |= f->nsets != had;
				}
			}
		}
	}
}

/* Calls to functions of the unit that neither have a graph nor set a
 * flag do nothing the graph needs. */
static int keep_node(struct build *b, const struct wp_node *n)
{
	int t;

	if (n->kind != WP_CALL || (t = callee_index(b, n->name)) < 0)
		return 1;
	return b->f[t].anchored || b->f[t].nsets;
}

static void drop_node(struct wp_node *n)
{
	wp_mode_free(&n->mode);
	for (int i = 0; i < n->nargs; i++)
		wp_mode_free(&n->args[i].mode);
	free(n->args);
}

static void remap(struct wp_obj *o, const int *map)
{
	if (o->kind == WP_O_LOCAL && (o->n = map[o->n]) < 0)
		*o = (struct wp_obj){ WP_O_NONE, 0, NULL };
}

static void emit(struct build *b, struct bfn *f)
{
	struct wp_fn *w = wp_add_fn(b->p);
	struct bd_decl *d = f->fn->f->decl;
	int *map = bd_xcalloc(f->nv + 1, sizeof(int)), n = 0;

	w->name = d->name;
	w->unit = bd_unit_main_file(b->c->u);
	w->is_static = d->is_static;
	w->nparams = d->nparams;
	if (!f->anchored) {
		w->nsets = f->nsets;
		w->sets = bd_xcalloc(f->nsets + 1, sizeof(*w->sets));
		for (int i = 0; i < f->nsets; i++)
			w->sets[i] = (struct wp_set){ f->sets[i], -1 };
		free(map);
		return;
	}
	/* drop calls that do nothing here, keeping the order */
	for (int i = 0; i < f->nv; i++)
		map[i] = keep_node(b, &f->v[i].n) ? n++ : -1;
	if (n != f->nv) {
		struct bnode *v = bd_xcalloc(n + 1, sizeof(*v));

		for (int i = 0; i < f->nv; i++) {
			if (map[i] >= 0)
				v[map[i]] = f->v[i];
			else
				drop_node(&f->v[i].n);
		}
		for (int i = 0; i < n; i++) {
			struct wp_node *x = &v[i].n;

			remap(&x->obj, map);
			for (int a = 0; a < x->nargs; a++)
				remap(&x->args[a].obj, map);
		}
		free(f->v);
		f->v = v;
		f->nv = n;
	}
	contract(f, w);
	w->nnodes = f->nv;
	w->nodes = bd_xcalloc(f->nv + 1, sizeof(*w->nodes));
	for (int i = 0; i < f->nv; i++)
		w->nodes[i] = f->v[i].n;
	free(map);
}

void wp_build(struct bd_ctx *c, struct wp_prog *p)
{
	struct build b;
	char *passed;

	memset(&b, 0, sizeof(b));
	b.c = c;
	b.p = p;
	b.f = bd_xcalloc(c->nfns + 1, sizeof(*b.f));
	collect_flags(&b);
	for (int i = 0; i < c->nfns; i++) {
		struct bfn *f = &b.f[b.n++];

		f->fn = &c->fns[i];
		if (!f->fn->kept)
			continue;
		for (int k = 0; k < f->fn->f->nblocks; k++)
			block_nodes(&b, f, k);
		index_events(&b, f);
		fill_objects(&b, f);
		mark_returned(f);
		free(f->node_at);
		free(f->global_at);
		passed = passed_on(f);
		for (int k = 0; k < f->nv && !f->anchored; k++)
			f->anchored = anchors(&b, f, k, passed);
		free(passed);
	}
	propagate(&b);
	for (int i = 0; i < b.n; i++) {
		struct bfn *f = &b.f[i];

		if (f->fn->kept && (f->anchored || f->nsets))
			emit(&b, f);
		else
			for (int k = 0; k < f->nv; k++)
				drop_node(&f->v[k].n);
		free(f->v);
		free(f->sets);
	}
	free(b.f);
	free(b.flags);
	wp_index(p);
}
