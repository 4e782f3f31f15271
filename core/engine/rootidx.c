// SPDX-License-Identifier: GPL-2.0
/*
 * rootidx.c - which of many values share a root with a given one.
 *
 * The checks pair every get with the stores, puts and call arguments whose
 * roots meet its own.  Pair by pair that is quadratic in a huge function
 * (thousands of gets, thousands of stores); an index from each root event
 * to the items that have it answers one question in the size of its answer.
 * The answer is exactly the items bd_roots_meet() would accept, in item
 * order, so a check that walks it sees what a full walk would have seen.
 */
#include <stdlib.h>
#include <string.h>
#include "engine.h"

int bd_roots_meet(const struct bd_roots *a, const struct bd_roots *b)
{
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++)
			if (a->ev[i] && a->ev[i] == b->ev[j])
				return 1;
	return 0;
}

void bd_ints_push(struct bd_ints *s, int v)
{
	BD_GROW(s->v, s->n, s->cap);
	s->v[s->n++] = v;
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

void bd_ints_uniq(struct bd_ints *s)
{
	int m = 0;

	qsort(s->v, s->n, sizeof(int), int_cmp);
	for (int i = 0; i < s->n; i++)
		if (!m || s->v[m - 1] != s->v[i])
			s->v[m++] = s->v[i];
	s->n = m;
}

static const struct bd_roots *nth(const struct bd_roots *first, size_t stride, int i)
{
	return (const struct bd_roots *)((const char *)first + (size_t)i * stride);
}

void bd_rootidx_build(struct bd_rootidx *x, const struct bd_fn *fn, int n,
		      const struct bd_roots *first, size_t stride)
{
	int *key, nk = 0;

	memset(x, 0, sizeof(*x));
	x->fn = fn;
	x->nev = bd_fn_nevents(fn);
	x->off = bd_xcalloc(x->nev + 2, sizeof(int));
	key = bd_xcalloc((size_t)n * BD_MAXROOTS + 1, sizeof(int));
	for (int i = 0; i < n; i++) {
		const struct bd_roots *r = nth(first, stride, i);

		for (int j = 0; j < r->n; j++) {
			int k = r->ev[j] ? bd_event_index(fn, r->ev[j]) : -1;

			key[nk++] = k;
			if (k >= 0)
				x->off[k + 2]++;
		}
	}
	for (int k = 0; k < x->nev; k++)
		x->off[k + 2] += x->off[k + 1];
	x->item = bd_xcalloc(x->off[x->nev + 1] + 1, sizeof(int));
	nk = 0;
	for (int i = 0; i < n; i++) {
		const struct bd_roots *r = nth(first, stride, i);

		for (int j = 0; j < r->n; j++) {
			int k = key[nk++];

			if (k >= 0)
				x->item[x->off[k + 1]++] = i;
		}
	}
	free(key);
}

void bd_rootidx_free(struct bd_rootidx *x)
{
	free(x->off);
	free(x->item);
	memset(x, 0, sizeof(*x));
}

int bd_rootidx_meet(const struct bd_rootidx *x, const struct bd_roots *r, struct bd_ints *out)
{
	out->n = 0;
	for (int j = 0; j < r->n; j++) {
		int k = r->ev[j] ? bd_event_index(x->fn, r->ev[j]) : -1;

		if (k < 0 || k >= x->nev)
			continue;
		for (int i = x->off[k]; i < x->off[k + 1]; i++)
			bd_ints_push(out, x->item[i]);
	}
	bd_ints_uniq(out);
	return out->n;
}
