// SPDX-License-Identifier: GPL-2.0
/*
 * value.c - where a value can come from.
 *
 * A value's roots are the events that really produce it: a load, a call, a
 * parameter, a constant, an arithmetic result.  Copies, casts, PHIs and local
 * variables (through the stores that reach a load) are looked through.  This
 * is flow-sensitive through reaching definitions but not path-sensitive;
 * bdev.c adds paths where they matter.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

struct memo {
	unsigned gen;
	unsigned *stamp;	/* per value */
};

static unsigned next_gen(struct bd_fn *fn)
{
	struct memo *m = fn->memo;

	if (!m) {
		m = fn->memo = bd_xcalloc(1, sizeof(*m));
		m->stamp = bd_xcalloc(fn->f->next_val + 1, sizeof(unsigned));
	}
	if (++m->gen == 0) {
		memset(m->stamp, 0, (fn->f->next_val + 1) * sizeof(unsigned));
		m->gen = 1;
	}
	return m->gen;
}

void bd_value_memo_free(struct bd_fn *fn)
{
	struct memo *m = fn->memo;

	if (m)
		free(m->stamp);
	free(m);
	fn->memo = NULL;
}

static int visit(struct bd_fn *fn, bd_val v, unsigned gen)
{
	struct memo *m = fn->memo;

	if (m->stamp[v] == gen)
		return 0;
	m->stamp[v] = gen;
	return 1;
}

static void add_root(struct bd_fn *fn, struct bd_roots *r, struct bd_event *e)
{
	for (int i = 0; i < r->n; i++)
		if (r->ev[i] == e)
			return;
	if (r->n == BD_MAXROOTS) {
		r->overflow = 1;
		return;
	}
	r->fn[r->n] = fn;
	r->ev[r->n++] = e;
}

static int slot_load_index(struct bd_fn *fn, struct bd_event *e, int *blk)
{
	int b = bd_event_block(fn, e);

	*blk = b;
	if (b < 0)
		return -1;
	return (int)(e - fn->f->blocks[b]->events);
}

static void roots_rec(struct bd_fn *fn, bd_val v, struct bd_roots *r,
		      unsigned gen, int depth)
{
	struct bd_event *e, *st[BD_MAXROOTS];
	int b, i, n;

	if (!v || v >= fn->f->next_val || depth > 200 || r->overflow)
		return;
	if (!visit(fn, v, gen))
		return;
	e = bd_def(fn, v);
	if (!e) {
		add_root(fn, r, NULL);
		return;
	}
	switch (e->op) {
	case BD_COPY:
		roots_rec(fn, e->a, r, gen, depth + 1);
		return;
	case BD_PHI:
		for (i = 0; i < e->nargs; i++)
			roots_rec(fn, e->args[i], r, gen, depth + 1);
		return;
	case BD_SLOT_LOAD:
		i = slot_load_index(fn, e, &b);
		if (i < 0)
			break;
		n = bd_reaching(fn, b, i, (int)e->imm, st, BD_MAXROOTS);
		if (n > BD_MAXROOTS) {
			r->overflow = 1;
			return;
		}
		for (int k = 0; k < n; k++) {
			if (!st[k])
				add_root(fn, r, NULL);
			else
				roots_rec(fn, st[k]->b, r, gen, depth + 1);
		}
		return;
	default:
		break;
	}
	add_root(fn, r, e);
}

void bd_roots(struct bd_fn *fn, bd_val v, struct bd_roots *out)
{
	memset(out, 0, sizeof(*out));
	roots_rec(fn, v, out, next_gen(fn), 0);
}

struct bd_event *bd_strip(struct bd_fn *fn, bd_val v)
{
	for (int guard = 0; guard < 100; guard++) {
		struct bd_event *e = bd_def(fn, v), *st[2];
		int b, i;

		if (!e)
			return NULL;
		if (e->op == BD_COPY) {
			v = e->a;
			continue;
		}
		if (e->op == BD_PHI && e->nargs == 1) {
			v = e->args[0];
			continue;
		}
		if (e->op == BD_SLOT_LOAD) {
			i = slot_load_index(fn, e, &b);
			if (i >= 0 && bd_reaching(fn, b, i, (int)e->imm, st, 2) == 1 && st[0]) {
				v = st[0]->b;
				continue;
			}
		}
		return e;
	}
	return NULL;
}

int bd_const_value(struct bd_fn *fn, bd_val v, int64_t *k)
{
	struct bd_roots r;

	bd_roots(fn, v, &r);
	if (r.overflow || r.n == 0)
		return 0;
	for (int i = 0; i < r.n; i++) {
		if (!r.ev[i] || r.ev[i]->op != BD_CONST)
			return 0;
		if (i && r.ev[i]->imm != r.ev[0]->imm)
			return 0;
	}
	*k = r.ev[0]->imm;
	return 1;
}

static int is_type(const char *t, const char *want)
{
	return t && !strcmp(t, want);
}

const char *bd_file_field(struct bd_fn *fn, const char *tag, const char *name,
			  bd_val base, char *buf, size_t len)
{
	struct bd_event *d;
	char inner[256];

	if (!name)
		return NULL;
	if (tag && !strcmp(tag, "file")) {
		snprintf(buf, len, "%s", name);
		return buf;
	}
	d = bd_strip(fn, base);
	if (!d || d->op != BD_FIELD_ADDR)
		return NULL;
	if (!bd_file_field(fn, d->tag, d->name, d->a, inner, sizeof(inner)))
		return NULL;
	snprintf(buf, len, "%s.%s", inner, name);
	return buf;
}

int bd_points_into_file(struct bd_fn *fn, bd_val p, char *field, size_t len)
{
	struct bd_roots r;

	bd_roots(fn, p, &r);
	for (int i = 0; i < r.n; i++) {
		struct bd_event *e = r.ev[i];

		if (!e)
			continue;
		if (e->op == BD_FIELD_ADDR &&
		    bd_file_field(r.fn[i], e->tag, e->name, e->a, field, len))
			return 1;
		if (e->op == BD_SLOT_ADDR && e->imm >= 0 && e->imm < r.fn[i]->f->nslots &&
		    is_type(r.fn[i]->f->slot_types[e->imm], "struct file")) {
			snprintf(field, len, "%s", "");
			return 1;
		}
		if (is_type(e->type, "struct file *")) {
			snprintf(field, len, "%s", "");
			return 1;
		}
	}
	return 0;
}

bd_val bd_cond_base(struct bd_fn *fn, bd_val v, int *negated)
{
	int64_t k;

	*negated = 0;
	for (int depth = 0; depth <= 16; depth++) {
		struct bd_event *e = bd_strip(fn, v);

		if (!e)
			return 0;
		if (e->op == BD_UNOP && e->sub == BD_NOT) {
			*negated = !*negated;
			v = e->a;
			continue;
		}
		if (e->op == BD_BINOP && (e->sub == BD_NE || e->sub == BD_EQ) &&
		    bd_const_value(fn, e->b, &k) && k == 0) {
			if (e->sub == BD_EQ)
				*negated = !*negated;
			v = e->a;
			continue;
		}
		if (e->op == BD_CALL && e->name && e->nargs >= 1 &&
		    (!strcmp(e->name, "expect") || !strcmp(e->name, "__builtin_expect"))) {
			v = e->args[0];
			continue;
		}
		return v;
	}
	return 0;
}
