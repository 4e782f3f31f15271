// SPDX-License-Identifier: GPL-2.0
/*
 * summary.c - the container of a unit's cross-TU facts (summary.h).
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "summary.h"
#include "wp/wp.h"

struct bd_summary *bd_summary_new(void)
{
	return bd_xcalloc(1, sizeof(struct bd_summary));
}

const char *bd_summary_str(struct bd_summary *s, const char *str)
{
	char *p;

	if (!str)
		return NULL;
	p = bd_xstrdup(str);
	BD_GROW(s->pool, s->npool, s->cap_pool);
	s->pool[s->npool++] = p;
	return p;
}

struct bd_sum_fn *bd_summary_fn(struct bd_summary *s, const char *name)
{
	struct bd_sum_fn *f;

	for (int i = 0; i < s->nfns; i++)
		if (!strcmp(s->fns[i].name, name))
			return &s->fns[i];
	BD_GROW(s->fns, s->nfns, s->cap_fns);
	f = &s->fns[s->nfns++];
	memset(f, 0, sizeof(*f));
	f->name = bd_summary_str(s, name);
	return f;
}

void bd_summary_free(struct bd_summary *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->nfns; i++) {
		free(s->fns[i].calls);
		free(s->fns[i].ndelay);
		free(s->fns[i].writes);
	}
	for (int i = 0; i < s->npool; i++)
		free(s->pool[i]);
	free(s->pool);
	free(s->fns);
	free(s->gets);
	free(s->puts);
	free(s->stores);
	free(s->defers);
	/* freed with the result, after the frontend put the graphs into the
	 * object's facts section (bd_facts_asm); they borrow the unit's
	 * strings, and every frontend frees the result before the unit */
	wp_unit_free(s);
	free(s);
}
