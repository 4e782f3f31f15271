// SPDX-License-Identifier: GPL-2.0
/*
 * result.c - the list of findings of one run, with the strings it owns.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "summary.h"

/* Forget bd_result_get()'s last answer: v or a suppression changed. */
static void bd_result_forget_get(struct bd_result *r)
{
	r->get_i = r->get_k = 0;
}

struct bd_result *bd_result_new(void)
{
	return bd_xcalloc(1, sizeof(struct bd_result));
}

const char *bd_result_str(struct bd_result *r, const char *s)
{
	char *p;

	if (!s)
		return NULL;
	p = bd_xstrdup(s);
	BD_GROW(r->pool, r->npool, r->cap_pool);
	r->pool[r->npool++] = p;
	return p;
}

void bd_result_add(struct bd_result *r, const struct bd_finding *f)
{
	struct bd_finding *n;
	int i;

	bd_result_forget_get(r);
	BD_GROW(r->v, r->n, r->cap);
	n = &r->v[r->n++];
	*n = *f;
	n->loc.file = bd_result_str(r, f->loc.file);
	n->function = bd_result_str(r, f->function);
	n->message = bd_result_str(r, f->message);
	n->fix = bd_result_str(r, f->fix);
	n->notes = NULL;
	if (f->nnotes > 0) {
		n->notes = bd_xcalloc(f->nnotes, sizeof(*n->notes));
		for (i = 0; i < f->nnotes; i++) {
			n->notes[i].loc = f->notes[i].loc;
			n->notes[i].loc.file = bd_result_str(r, f->notes[i].loc.file);
			n->notes[i].message = bd_result_str(r, f->notes[i].message);
		}
	}
	n->edits = NULL;
	if (f->nedits > 0) {
		n->edits = bd_xcalloc(f->nedits, sizeof(*n->edits));
		for (i = 0; i < f->nedits; i++) {
			n->edits[i] = f->edits[i];
			n->edits[i].loc.file = bd_result_str(r, f->edits[i].loc.file);
			n->edits[i].text = bd_result_str(r, f->edits[i].text);
		}
	}
}

void bd_result_not_analysed(struct bd_result *r, const char *file, const char *why)
{
	for (int i = 0; i < r->nlost; i++)
		if (!strcmp(r->lost[i].why, why ? why : "") &&
		    !strcmp(r->lost[i].file ? r->lost[i].file : "", file ? file : ""))
			return;
	BD_GROW(r->lost, r->nlost, r->cap_lost);
	r->lost[r->nlost].file = bd_result_str(r, file);
	r->lost[r->nlost++].why = bd_result_str(r, why ? why : "");
}

void bd_result_absorb(struct bd_result *to, const struct bd_result *from)
{
	int i;

	for (i = 0; i < from->n; i++)
		bd_result_add(to, &from->v[i]);
	for (i = 0; i < from->nlost; i++)
		bd_result_not_analysed(to, from->lost[i].file, from->lost[i].why);
	to->nfuncs += from->nfuncs;
	if (from->internal)
		bd_result_set_internal(to, from->internal);
	if (from->failure)
		bd_result_set_failure(to, "%s", from->failure);
	bd_result_recount(to);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct bd_finding *x = a, *y = b;
	int c = strcmp(x->loc.file ? x->loc.file : "", y->loc.file ? y->loc.file : "");

	if (c)
		return c;
	if (x->loc.line != y->loc.line)
		return x->loc.line < y->loc.line ? -1 : 1;
	if (x->loc.col != y->loc.col)
		return x->loc.col < y->loc.col ? -1 : 1;
	if (x->check != y->check)
		return x->check < y->check ? -1 : 1;
	return strcmp(x->message, y->message);
}

void bd_result_sort(struct bd_result *r)
{
	bd_result_forget_get(r);
	if (r->n > 1)
		qsort(r->v, r->n, sizeof(*r->v), cmp_finding);
}

/* Warnings and errors: --strict notes are listed but are not findings
 * that fail a run. */
int bd_result_problems(const struct bd_result *r)
{
	int n = 0;

	for (int i = 0; i < r->n; i++)
		n += !r->v[i].suppressed && r->v[i].severity != BD_SEV_NOTE;
	return n;
}

int bd_result_count(const struct bd_result *r)
{
	int i, n = 0;

	for (i = 0; i < r->n; i++)
		n += !r->v[i].suppressed;
	return n;
}

/* Frontends read the findings in order, i = 0, 1, ...: start from the last
 * answer when i is past it (the result is the caller's, only the memo
 * changes, so the const is cast away). */
const struct bd_finding *bd_result_get(const struct bd_result *r, int i)
{
	struct bd_result *m = (struct bd_result *)r;
	int k = 0, want = i;

	if (i < 0)
		return NULL;
	if (i >= r->get_i && r->get_k < r->n && !r->v[r->get_k].suppressed) {
		k = r->get_k;
		i -= r->get_i;
	}
	for (; k < r->n; k++) {
		if (r->v[k].suppressed)
			continue;
		if (i-- == 0) {
			m->get_i = want;
			m->get_k = k;
			return &r->v[k];
		}
	}
	return NULL;
}

int bd_result_suppressed(const struct bd_result *r) { return r->nsuppressed; }
int bd_result_functions(const struct bd_result *r) { return r->nfuncs; }
const char *bd_result_internal(const struct bd_result *r) { return r->internal; }
const char *bd_result_failure(const struct bd_result *r) { return r->failure; }

void bd_result_set_failure(struct bd_result *r, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	if (r->failure)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	r->failure = bd_xstrdup(buf);
}

void bd_result_set_internal(struct bd_result *r, const char *msg)
{
	if (!r->internal)
		r->internal = bd_xstrdup(msg);
}

void bd_finding_free_parts(struct bd_finding *f)
{
	free(f->notes);
	free(f->edits);
	f->notes = NULL;
	f->edits = NULL;
	f->nnotes = f->nedits = 0;
}

void bd_result_free(struct bd_result *r)
{
	int i;

	if (!r)
		return;
	for (i = 0; i < r->n; i++)
		bd_finding_free_parts(&r->v[i]);
	for (i = 0; i < r->npool; i++)
		free(r->pool[i]);
	free(r->pool);
	free(r->v);
	free(r->lost);
	free(r->internal);
	free(r->failure);
	bd_summary_free(r->summary);
	free(r);
}

static int same_finding(const struct bd_finding *x, const struct bd_finding *y)
{
	return x->check == y->check && x->loc.line == y->loc.line &&
	       x->loc.col == y->loc.col &&
	       !strcmp(x->loc.file ? x->loc.file : "", y->loc.file ? y->loc.file : "") &&
	       !strcmp(x->message ? x->message : "", y->message ? y->message : "");
}

void bd_result_uniq(struct bd_result *r)
{
	int i, k = 0;

	for (i = 0; i < r->n; i++) {
		if (k && same_finding(&r->v[k - 1], &r->v[i])) {
			/* Keep the weaker suppression state: shown beats hidden. */
			if (!r->v[i].suppressed)
				r->v[k - 1].suppressed = 0;
			bd_finding_free_parts(&r->v[i]);
			continue;
		}
		r->v[k++] = r->v[i];
	}
	r->n = k;
	bd_result_recount(r);
}

void bd_result_recount(struct bd_result *r)
{
	int i;

	bd_result_forget_get(r);
	r->nsuppressed = 0;
	for (i = 0; i < r->n; i++)
		r->nsuppressed += !!r->v[i].suppressed;
}
