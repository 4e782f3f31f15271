// SPDX-License-Identifier: GPL-2.0
/*
 * wp.c - the whole-program graphs' container (wp.h).
 */
#include <stdlib.h>
#include <string.h>
#include "wp.h"

void wp_prog_init(struct wp_prog *p, struct bd_unit *names)
{
	memset(p, 0, sizeof(*p));
	p->names = names;
	if (!names) {
		p->names = bd_unit_new("<whole program>");
		p->own_names = 1;
	}
}

struct bd_event *wp_named(struct wp_prog *p, int op, const char *key)
{
	struct bd_event *e;

	key = bd_intern(p->names, key);
	for (int i = 0; i < p->nnamed; i++)
		if ((int)p->named[i]->op == op && p->named[i]->name == key)
			return p->named[i];
	e = bd_xcalloc(1, sizeof(*e));
	e->op = op;
	e->name = key;
	BD_GROW(p->named, p->nnamed, p->capnamed);
	p->named[p->nnamed++] = e;
	return e;
}

struct wp_fn *wp_add_fn(struct wp_prog *p)
{
	struct wp_fn *f;

	BD_GROW(p->fns, p->nfns, p->cap_fns);
	f = &p->fns[p->nfns++];
	memset(f, 0, sizeof(*f));
	f->next = -1;
	return f;
}

void wp_mode_set(struct wp_mode *m, const struct bd_mset *s)
{
	m->n = s->n;
	m->unknown = s->unknown;
	m->v = s->n ? bd_xcalloc(s->n, sizeof(*m->v)) : NULL;
	if (s->n)	/* memcpy(NULL, .., 0) is undefined (fuzz: facts) */
		memcpy(m->v, s->v, s->n * sizeof(*m->v));
}

void wp_mode_get(const struct wp_mode *m, struct bd_mset *s)
{
	memset(s, 0, sizeof(*s));
	s->n = m->n < BD_MSET_MAX ? m->n : BD_MSET_MAX;
	s->unknown = m->unknown;
	if (s->n)
		memcpy(s->v, m->v, s->n * sizeof(*m->v));
}

void wp_mode_free(struct wp_mode *m)
{
	free(m->v);
	m->v = NULL;
	m->n = 0;
}

static void free_node(struct wp_node *n)
{
	wp_mode_free(&n->mode);
	for (int i = 0; i < n->nargs; i++)
		wp_mode_free(&n->args[i].mode);
	free(n->args);
	free(n->succ[0]);
	free(n->succ[1]);
}

void wp_sum_free(struct wp_sum *s);

void wp_prog_free(struct wp_prog *p)
{
	for (int i = 0; i < p->nfns; i++) {
		struct wp_fn *f = &p->fns[i];

		for (int k = 0; k < f->nnodes; k++)
			free_node(&f->nodes[k]);
		free(f->nodes);
		free(f->entry);
		free(f->sets);
		free(f->opaque);
		wp_sum_free(f->sum);
	}
	free(p->fns);
	free(p->hash);
	for (int i = 0; i < p->nnamed; i++)
		free(p->named[i]);
	free(p->named);
	if (p->own_names)
		bd_unit_free(p->names);
	memset(p, 0, sizeof(*p));
}

static unsigned hash_str(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* Chains by name: a static function is found only from its own unit. */
void wp_index(struct wp_prog *p)
{
	free(p->hash);
	p->hsize = 64;
	while (p->hsize < 2 * p->nfns)
		p->hsize *= 2;
	p->hash = bd_xcalloc(p->hsize, sizeof(int));
	for (int i = 0; i < p->hsize; i++)
		p->hash[i] = -1;
	for (int i = p->nfns - 1; i >= 0; i--) {
		unsigned h = hash_str(p->fns[i].name) & (p->hsize - 1);

		p->fns[i].next = p->hash[h];
		p->hash[h] = i;
	}
}

struct wp_fn *wp_find(struct wp_prog *p, const char *name, const char *unit)
{
	struct wp_fn *ext = NULL;

	if (!p->hsize || !name)
		return NULL;
	for (int i = p->hash[hash_str(name) & (p->hsize - 1)]; i >= 0; i = p->fns[i].next) {
		struct wp_fn *f = &p->fns[i];

		if (strcmp(f->name, name))
			continue;
		if (f->is_static) {
			if (unit && !strcmp(f->unit, unit))
				return f;
		} else if (!ext) {
			ext = f;
		}
	}
	return ext;
}
