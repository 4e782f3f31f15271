// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - whole-program graphs in a facts file ("summary"."graphs"), and
 * back (docs/facts.md).  Compact: a node is an array.
 *
 *   {"name": F, "static": 0|1, "params": N, "files": [FILE...],
 *    "entry": [NODE...], "sets": [[FLAG, VALUE]...], "nodes": [NODE...]}
 *
 * A location is [FILE INDEX, LINE, COLUMN]; a node:
 *   ["get",  LOC, API, OBJ, MODE, EXCL, RET, SUCC]
 *   ["put",  LOC, API, OBJ, MODE, EXCL, SUCC]
 *   ["call", LOC, CALLEE, OBJ, RET, [[OBJ, MODE]...], SUCC]
 *   ["set",  LOC, FLAG, VALUE, SUCC]
 *   ["test", LOC, FLAG, SUCC IF NON-ZERO, SUCC IF ZERO]
 * SUCC a list of node indices, -1 the exit.  OBJ null, ["g", KEY],
 * ["p", N] or ["l", N].  MODE null (none) or [UNKNOWN, VALUE...], a
 * value ["k", K, G], ["p", N, SET, CLR, G], ["f", TAG, FIELD, SET, CLR,
 * G] or ["o", ID, SET, CLR, G] (an opaque value, the same ID the same
 * value of this function), G its guards [[FLAG, NZ]...].  The graphs of
 * 6.5's holders ("holder_graphs") also have ["n", KEY, HOW, SET, CLR, G]:
 * a named object, HOW "a" its address, "f" a function, "v" a global's
 * value (wp_named()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include "../json.h"
#include "../checks/holder.h"
#include "wp.h"

/* ---- writing ---- */

struct wctx {
	struct bd_json_writer *w;
	int holder;
	const char **files;
	int nfiles, capfiles;
	const struct bd_event **opaque;
	int nopaque, capopaque;
};

static int file_index(struct wctx *c, const char *file)
{
	for (int i = 0; i < c->nfiles; i++)
		if (c->files[i] == file || (file && c->files[i] && !strcmp(c->files[i], file)))
			return i;
	BD_GROW(c->files, c->nfiles, c->capfiles);
	c->files[c->nfiles] = file;
	return c->nfiles++;
}

static int opaque_id(struct wctx *c, const struct bd_event *e)
{
	for (int i = 0; i < c->nopaque; i++)
		if (c->opaque[i] == e)
			return i;
	BD_GROW(c->opaque, c->nopaque, c->capopaque);
	c->opaque[c->nopaque] = e;
	return c->nopaque++;
}

static void w_loc(struct wctx *c, struct bd_loc l)
{
	bd_json_begin_array(c->w);
	bd_json_int(c->w, file_index(c, l.file));
	bd_json_int(c->w, l.line);
	bd_json_int(c->w, l.col);
	bd_json_end_array(c->w);
}

static void w_obj(struct wctx *c, const struct wp_obj *o)
{
	if (o->kind == WP_O_NONE) {
		bd_json_null(c->w);
		return;
	}
	bd_json_begin_array(c->w);
	if (o->kind == WP_O_GLOBAL) {
		bd_json_string(c->w, "g");
		bd_json_string(c->w, o->key);
	} else {
		bd_json_string(c->w, o->kind == WP_O_PARAM ? "p" : "l");
		bd_json_int(c->w, o->n);
	}
	bd_json_end_array(c->w);
}

static void w_mode(struct wctx *c, int has, const struct wp_mode *wm)
{
	struct bd_json_writer *w = c->w;
	struct bd_mset ms, *m = &ms;

	wp_mode_get(wm, &ms);
	if (!has) {
		bd_json_null(w);
		return;
	}
	bd_json_begin_array(w);
	bd_json_int(w, m->unknown);
	for (int i = 0; i < m->n; i++) {
		const struct bd_mexpr *x = &m->v[i];

		bd_json_begin_array(w);
		switch (x->kind) {
		case BD_MX_CONST:
			bd_json_string(w, "k");
			bd_json_int(w, x->k);
			break;
		case BD_MX_PARAM:
			bd_json_string(w, "p");
			bd_json_int(w, x->param);
			break;
		case BD_MX_FIELD:
			bd_json_string(w, "f");
			bd_json_string(w, x->tag);
			bd_json_string(w, x->field);
			break;
		case BD_MX_EVENT:
			if (c->holder && bd_holder_names(x->ev)) {
				char how[2] = { x->ev->op == BD_GLOBAL_ADDR ? 'a' :
						x->ev->op == BD_FUNC_ADDR ? 'f' : 'v', 0 };

				bd_json_string(w, "n");	/* wp_named() */
				bd_json_string(w, x->ev->name);
				bd_json_string(w, how);
				break;
			}
			bd_json_string(w, "o");
			bd_json_int(w, opaque_id(c, x->ev));
			break;
		}
		if (x->kind != BD_MX_CONST) {
			bd_json_int(w, (int64_t)x->set);
			bd_json_int(w, (int64_t)x->clr);
		}
		bd_json_begin_array(w);
		for (int g = 0; g < x->nguard; g++) {
			bd_json_begin_array(w);
			bd_json_string(w, x->guard[g].flag);
			bd_json_int(w, x->guard[g].nz);
			bd_json_end_array(w);
		}
		bd_json_end_array(w);
		bd_json_end_array(w);
	}
	bd_json_end_array(w);
}

static void w_list(struct bd_json_writer *w, const int *v, int n)
{
	bd_json_begin_array(w);
	for (int i = 0; i < n; i++)
		bd_json_int(w, v[i]);
	bd_json_end_array(w);
}

static const char *const kind_names[WP_KINDS] = { "get", "put", "call", "set", "test" };

static void w_node(struct wctx *c, const struct wp_node *n)
{
	struct bd_json_writer *w = c->w;

	bd_json_begin_array(w);
	bd_json_string(w, kind_names[n->kind]);
	w_loc(c, n->at);
	bd_json_string(w, n->name);
	switch (n->kind) {
	case WP_GET:
		w_obj(c, &n->obj);
		w_mode(c, n->has_mode, &n->mode);
		bd_json_int(w, n->exclusive);
		bd_json_int(w, n->ret);
		break;
	case WP_PUT:
		w_obj(c, &n->obj);
		w_mode(c, n->has_mode, &n->mode);
		bd_json_int(w, n->exclusive);
		break;
	case WP_CALL:
		w_obj(c, &n->obj);
		bd_json_int(w, n->ret);
		bd_json_begin_array(w);
		for (int i = 0; i < n->nargs; i++) {
			bd_json_begin_array(w);
			w_obj(c, &n->args[i].obj);
			w_mode(c, n->args[i].has_mode, &n->args[i].mode);
			bd_json_end_array(w);
		}
		bd_json_end_array(w);
		break;
	case WP_SET:
		bd_json_int(w, n->value);
		break;
	default:
		break;
	}
	w_list(w, n->succ[0], n->nsucc[0]);
	if (n->kind == WP_TEST)
		w_list(w, n->succ[1], n->nsucc[1]);
	bd_json_end_array(w);
}

void wp_write(struct bd_json_writer *w, const struct wp_prog *p)
{
	struct wctx c;

	memset(&c, 0, sizeof(c));
	c.w = w;
	c.holder = p->holder;
	/* 6.5's holders have graphs of their own, which readers that know
	 * only modes skip */
	bd_json_key(w, p->holder ? "holder_graphs" : "graphs");
	bd_json_begin_array(w);
	for (int i = 0; i < p->nfns; i++) {
		const struct wp_fn *f = &p->fns[i];
		int pretty = w->pretty;

		c.nfiles = c.nopaque = 0;
		bd_json_begin_object(w);
		bd_json_kv_str(w, "name", f->name);
		bd_json_kv_int(w, "static", f->is_static);
		bd_json_kv_int(w, "params", f->nparams);
		if (f->nsets) {
			bd_json_key(w, "sets");
			bd_json_begin_array(w);
			for (int k = 0; k < f->nsets; k++) {
				bd_json_begin_array(w);
				bd_json_string(w, f->sets[k].flag);
				bd_json_int(w, f->sets[k].value);
				bd_json_end_array(w);
			}
			bd_json_end_array(w);
		}
		if (f->nnodes) {
			bd_json_key(w, "entry");
			w_list(w, f->entry, f->nentry);
			bd_json_key(w, "nodes");
			bd_json_begin_array(w);
			w->pretty = 0;	/* a node per line would double the file */
			for (int k = 0; k < f->nnodes; k++)
				w_node(&c, &f->nodes[k]);
			w->pretty = pretty;
			bd_json_end_array(w);
			bd_json_key(w, "files");
			bd_json_begin_array(w);
			for (int k = 0; k < c.nfiles; k++)
				bd_json_string(w, c.files[k]);
			bd_json_end_array(w);
		}
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
	free(c.files);
	free(c.opaque);
}

/* ---- reading ---- */

struct rctx {
	struct wp_prog *p;
	struct wp_fn *f;
	const struct bd_json *files;
	char *err;
	size_t errlen;
	int bad;
};

static const struct bd_json *item(const struct bd_json *a, int i, enum bd_json_type t)
{
	if (!a || a->type != BD_JSON_ARRAY || i >= a->n || a->items[i]->type != t)
		return NULL;
	return a->items[i];
}

static int64_t num(struct rctx *c, const struct bd_json *a, int i)
{
	const struct bd_json *x = item(a, i, BD_JSON_NUMBER);

	if (!x) {
		c->bad = 1;
		return 0;
	}
	return x->integer;
}

/* An int of the graph (a line, a column, an index, a flag's value): out
 * of int's range the file is damaged, never wrapped (2^32+72 is not 72). */
static int inum(struct rctx *c, const struct bd_json *a, int i)
{
	int64_t v = num(c, a, i);

	if (v < INT_MIN || v > INT_MAX) {
		c->bad = 1;
		return 0;
	}
	return (int)v;
}

static const char *str(struct rctx *c, const struct bd_json *a, int i)
{
	const struct bd_json *x = item(a, i, BD_JSON_STRING);

	if (!x) {
		c->bad = 1;
		return NULL;
	}
	return bd_intern(c->p->names, x->string);
}

static struct bd_loc r_loc(struct rctx *c, const struct bd_json *a)
{
	struct bd_loc l = { 0 };
	int fi = inum(c, a, 0);
	const struct bd_json *file = item(c->files, fi, BD_JSON_STRING);

	l.file = file ? bd_intern(c->p->names, file->string) : NULL;
	l.line = inum(c, a, 1);
	l.col = inum(c, a, 2);
	if (fi < 0 || l.line < 0 || l.col < 0)
		c->bad = 1;
	return l;
}

static struct wp_obj r_obj(struct rctx *c, const struct bd_json *a)
{
	struct wp_obj o = { WP_O_NONE, 0, NULL };
	const char *k;

	if (!a || a->type == BD_JSON_NULL)
		return o;
	k = str(c, a, 0);
	if (!k)
		return o;
	if (!strcmp(k, "g")) {
		o.kind = WP_O_GLOBAL;
		o.key = str(c, a, 1);
	} else {
		o.kind = !strcmp(k, "p") ? WP_O_PARAM : WP_O_LOCAL;
		o.n = inum(c, a, 1);
	}
	return o;
}

/* One identity per (function, id): events the function keeps. */
static struct bd_event *opaque(struct rctx *c, int64_t id)
{
	if (id < 0 || id >= WP_OPAQUE)
		return NULL;
	if (!c->f->opaque)
		c->f->opaque = bd_xcalloc(WP_OPAQUE, sizeof(*c->f->opaque));
	return &c->f->opaque[id];
}

static int r_mset(struct rctx *c, const struct bd_json *a, struct bd_mset *m);

/* A named holder: the program's one event for it (holder graphs only). */
static struct bd_event *r_named(struct rctx *c, const char *key, const char *how)
{
	if (!key || !how || !c->p->holder)
		return NULL;
	return wp_named(c->p, *how == 'a' ? BD_GLOBAL_ADDR : *how == 'f' ? BD_FUNC_ADDR :
			BD_GLOBAL_LOAD, key);
}

static int r_mode(struct rctx *c, const struct bd_json *a, struct wp_mode *wm)
{
	struct bd_mset m;
	int has = r_mset(c, a, &m);

	if (has)
		wp_mode_set(wm, &m);
	return has;
}

static int r_mset(struct rctx *c, const struct bd_json *a, struct bd_mset *m)
{
	memset(m, 0, sizeof(*m));
	if (!a || a->type == BD_JSON_NULL)
		return 0;
	m->unknown = inum(c, a, 0);
	for (int i = 1; a->type == BD_JSON_ARRAY && i < a->n && m->n < BD_MSET_MAX; i++) {
		const struct bd_json *v = a->items[i];
		struct bd_mexpr *x = &m->v[m->n++];
		const char *k = str(c, v, 0);
		const struct bd_json *g;
		int at = 1;

		memset(x, 0, sizeof(*x));
		if (!k)
			return 1;
		switch (*k) {
		case 'k':
			x->kind = BD_MX_CONST;
			x->k = num(c, v, at++);
			break;
		case 'p':
			x->kind = BD_MX_PARAM;
			x->param = inum(c, v, at++);
			break;
		case 'f':
			x->kind = BD_MX_FIELD;
			x->tag = str(c, v, at++);
			x->field = str(c, v, at++);
			break;
		case 'n':
			x->kind = BD_MX_EVENT;
			x->ev = r_named(c, str(c, v, at), str(c, v, at + 1));
			at += 2;
			if (!x->ev)
				m->unknown = 1;
			break;
		default:
			x->kind = BD_MX_EVENT;
			x->ev = opaque(c, num(c, v, at++));
			if (!x->ev)
				m->unknown = 1;
			break;
		}
		if (x->kind != BD_MX_CONST) {
			x->set = (uint64_t)num(c, v, at++);
			x->clr = (uint64_t)num(c, v, at++);
		}
		g = item(v, at, BD_JSON_ARRAY);
		for (int k2 = 0; g && k2 < g->n && x->nguard < BD_MGUARDS; k2++) {
			x->guard[x->nguard].flag = str(c, g->items[k2], 0);
			x->guard[x->nguard++].nz = inum(c, g->items[k2], 1);
		}
	}
	return 1;
}

static void r_list(struct rctx *c, const struct bd_json *a, int **v, int *n)
{
	if (!a || a->type != BD_JSON_ARRAY) {
		c->bad = 1;
		return;
	}
	*v = bd_xcalloc(a->n + 1, sizeof(int));
	*n = a->n;
	for (int i = 0; i < a->n; i++) {
		(*v)[i] = inum(c, a, i);
		if ((*v)[i] < WP_EXIT || (*v)[i] >= c->f->nnodes)
			c->bad = 1;
	}
}

static void r_node(struct rctx *c, const struct bd_json *a, struct wp_node *n)
{
	const char *k = str(c, a, 0);
	const struct bd_json *args;
	int at = 4;

	if (!k)
		return;
	for (int i = 0; i < WP_KINDS; i++)
		if (!strcmp(k, kind_names[i]))
			n->kind = i;
	n->at = r_loc(c, item(a, 1, BD_JSON_ARRAY));
	n->name = str(c, a, 2);
	switch (n->kind) {
	case WP_GET:
	case WP_PUT:
		n->obj = r_obj(c, a->n > 3 ? a->items[3] : NULL);
		n->has_mode = r_mode(c, a->n > 4 ? a->items[4] : NULL, &n->mode);
		n->exclusive = inum(c, a, 5);
		at = 6;
		if (n->kind == WP_GET)
			n->ret = inum(c, a, at++);
		break;
	case WP_CALL:
		n->obj = r_obj(c, a->n > 3 ? a->items[3] : NULL);
		n->ret = inum(c, a, 4);
		args = item(a, 5, BD_JSON_ARRAY);
		if (!args) {
			c->bad = 1;
			break;
		}
		n->nargs = args->n;
		n->args = bd_xcalloc(args->n + 1, sizeof(*n->args));
		for (int i = 0; i < args->n; i++) {
			const struct bd_json *x = args->items[i];

			n->args[i].obj = r_obj(c, x->type == BD_JSON_ARRAY && x->n > 0 ? x->items[0] : NULL);
			n->args[i].has_mode = r_mode(c, x->type == BD_JSON_ARRAY && x->n > 1 ?
						     x->items[1] : NULL, &n->args[i].mode);
		}
		at = 6;
		break;
	case WP_SET:
		n->value = inum(c, a, 3);
		at = 4;
		break;
	default:
		at = 3;
		break;
	}
	r_list(c, item(a, at, BD_JSON_ARRAY), &n->succ[0], &n->nsucc[0]);
	if (n->kind == WP_TEST)
		r_list(c, item(a, at + 1, BD_JSON_ARRAY), &n->succ[1], &n->nsucc[1]);
}

int wp_read(struct wp_prog *p, const struct bd_json *j, const char *unit,
	    char *err, size_t errlen)
{
	struct rctx c = { p, NULL, NULL, err, errlen, 0 };
	const struct bd_json *at = NULL;
	char where[64] = "";

	if (!j)
		return 0;
	if (j->type != BD_JSON_ARRAY)
		goto bad;
	unit = bd_intern(p->names, unit);
	for (int i = 0; i < j->n; i++) {
		const struct bd_json *g = j->items[i], *nodes, *sets;
		struct wp_fn *f = wp_add_fn(p);

		c.f = f;
		f->name = bd_intern(p->names, bd_json_get_str(g, "name", ""));
		f->unit = unit;
		f->is_static = (int)bd_json_get_int(g, "static", 0);
		f->nparams = (int)bd_json_get_int(g, "params", 0);
		sets = bd_json_get(g, "sets");
		for (int k = 0; sets && sets->type == BD_JSON_ARRAY && k < sets->n; k++) {
			f->sets = bd_xrealloc(f->sets, (f->nsets + 1) * sizeof(*f->sets));
			f->sets[f->nsets].flag = str(&c, sets->items[k], 0);
			f->sets[f->nsets++].value = inum(&c, sets->items[k], 1);
		}
		nodes = bd_json_get(g, "nodes");
		if (c.bad) {
			snprintf(where, sizeof(where), "[%d].sets", i);
			at = sets;
			goto bad;
		}
		if (!nodes)
			continue;
		if (nodes->type != BD_JSON_ARRAY) {
			snprintf(where, sizeof(where), "[%d].nodes", i);
			at = nodes;
			goto bad;
		}
		c.files = bd_json_get(g, "files");
		f->nnodes = nodes->n;
		f->nodes = bd_xcalloc(nodes->n + 1, sizeof(*f->nodes));
		for (int k = 0; k < nodes->n && !c.bad; k++) {
			r_node(&c, nodes->items[k], &f->nodes[k]);
			if (c.bad) {
				snprintf(where, sizeof(where), "[%d].nodes[%d]", i, k);
				at = nodes->items[k];
			}
		}
		if (!c.bad) {
			r_list(&c, bd_json_get(g, "entry"), &f->entry, &f->nentry);
			snprintf(where, sizeof(where), "[%d].entry", i);
			at = bd_json_get(g, "entry") ? bd_json_get(g, "entry") : g;
		}
		if (c.bad)
			goto bad;
	}
	return 0;
bad:
	/* where in the unit's facts; the merge puts the file's name first */
	snprintf(err, errlen, "%d:%d: summary.%s%s: not a whole-program graph's node "
		 "(a field of the wrong type, an index or a line out of range; docs/facts.md)",
		 at ? at->line : j->line, at ? at->col : j->col,
		 p->holder ? "holder_graphs" : "graphs", where);
	return -1;
}
