// SPDX-License-Identifier: GPL-2.0
/*
 * fix_helpers.c - helpers that carry f_flags for an O_NDELAY test, for the
 * prototype conversion: the fmode_t methods have the mode instead.
 *
 * - a helper given FILE->f_flags whose parameter is only tested for
 *   O_NDELAY/O_NONBLOCK: the methods pass the mode, the parameter becomes
 *   fmode_t and the tests FMODE_NDELAY;
 * - a helper that only returns FILE->f_flags (or FILE ? FILE->f_flags : 0)
 *   tested for O_NDELAY by the method: the test becomes the mode's, and
 *   the helper goes when nothing else calls it (-Wunused-function).
 */
#include <stdlib.h>
#include <string.h>
#include "fix.h"

static int def_of(const struct src *s, const char *name, struct func *def)
{
	return find_funcs(s, name, def, 1, 1) == 1;
}

/* The tokens of parameter argno of def: [first, last], name at *name. */
int param_tokens(const struct src *s, const struct func *def, int argno, int *first,
		 int *last, int *name)
{
	int k = def->lparen + 1, n = 0, depth = 0, start = k;

	for (; k <= def->rparen; k++) {
		if (k < def->rparen && s->t[k].match > k) {
			k = s->t[k].match;
			continue;
		}
		if (k == def->rparen || (!depth && is(s, k, ","))) {
			if (n++ == argno) {
				*first = start;
				*last = k - 1;
				*name = k - 1;
				while (*name > start && !strncmp(s->text + s->t[*name].start, "__", 2))
					(*name)--;
				return s->t[*name].kind == T_ID;
			}
			start = k + 1;
		}
	}
	return 0;
}

static int ndelay_test(const struct src *s, int i)
{
	return is(s, i, "&") && (is(s, i + 1, "O_NDELAY") || is(s, i + 1, "O_NONBLOCK"));
}

int flags_param_helper(const struct src *s, const char *callee, int argno)
{
	struct func def;
	int first, last, name, uses = 0;
	char *p;

	if (!def_of(s, callee, &def) || !param_tokens(s, &def, argno, &first, &last, &name))
		return 0;
	p = tok_str(s, name);
	for (int i = def.lbrace; i < def.rbrace; i++) {
		if (!name_is(s, i, p) || is(s, i - 1, "->") || is(s, i - 1, "."))
			continue;
		if (!ndelay_test(s, i + 1)) {
			free(p);
			return 0;
		}
		uses++;
	}
	free(p);
	return uses > 0;
}

int flags_getter(const struct src *s, const char *callee)
{
	static const char *const ff[] = { "->", "f_flags", NULL };
	struct func def;
	int first, last, name, k;
	char *f;

	if (!def_of(s, callee, &def) || !param_tokens(s, &def, 0, &first, &last, &name) ||
	    !is(s, def.lbrace + 1, "return"))
		return 0;
	f = tok_str(s, name);
	k = def.lbrace + 2;
	if (name_is(s, k, f) && is(s, k + 1, "?"))
		k += 2;
	if (name_is(s, k, f) && (k = seq(s, k + 1, ff)) > 0) {
		if (is(s, k, ":") && is(s, k + 1, "0"))
			k += 2;
	} else {
		k = -1;
	}
	free(f);
	return k > 0 && is(s, k, ";") && k + 1 == def.rbrace;
}

/* Parameter argno of callee becomes fmode_t; its tests FMODE_NDELAY. */
static void convert_param(struct fixer *fx, const char *callee, int argno)
{
	struct src *s = &fx->s;
	struct func def;
	int first, last, name;
	char *p;

	if (!def_of(s, callee, &def) || !param_tokens(s, &def, argno, &first, &last, &name))
		return;
	add_edit(fx, s->t[first].start, s->t[name].start, "fmode_t ", G_CONV, NULL);
	p = tok_str(s, name);
	for (int i = def.lbrace; i < def.rbrace; i++)
		if (name_is(s, i, p) && ndelay_test(s, i + 1))
			add_edit(fx, s->t[i + 2].start, s->t[i + 2].end, "FMODE_NDELAY", G_CONV,
				 NULL);
	free(p);
}

/* Remove the definition of callee, with the comment right above it. */
static void remove_func(struct fixer *fx, const char *callee)
{
	struct src *s = &fx->s;
	struct func def;
	int a, b;

	if (!def_of(s, callee, &def))
		return;
	a = s->t[def.spec].start;
	while (a > 0 && s->text[a - 1] != '\n')
		a--;
	/* a comment ending on the line above belongs to it */
	if (a >= 3 && !strncmp(s->text + a - 3, "*/\n", 3)) {
		char *c = NULL;

		for (int k = a - 3; k > 0 && !c; k--)
			if (!strncmp(s->text + k, "/*", 2))
				c = s->text + k;
		if (c && (c == s->text || c[-1] == '\n'))
			a = c - s->text;
	}
	b = s->t[def.rbrace].end;
	while (b < s->len && s->text[b] != '\n')
		b++;
	b++;
	if (b < s->len && s->text[b] == '\n')
		b++;	/* and the blank line after it */
	add_edit(fx, a, b, "", G_CONV, NULL);
}

void helper_edits(struct fixer *fx, const struct helper_req *r, int n)
{
	for (int i = 0; i < n; i++) {
		if (r[i].getter) {
			/* every call was in a converted method and rewritten */
			int refs = 0;

			for (int k = 0; k < fx->s.n; k++)
				refs += name_is(&fx->s, k, r[i].func);
			if (refs - 1 == r[i].calls)
				remove_func(fx, r[i].func);
		} else {
			convert_param(fx, r[i].func, r[i].argno);
			if (fx->nhelpers < 8)
				fx->helpers[fx->nhelpers++] = bd_xstrdup(r[i].func);
		}
	}
}
