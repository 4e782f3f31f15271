// SPDX-License-Identifier: GPL-2.0
/*
 * fix_lib.c - library helpers handed a method's struct file, for the
 * prototype conversion (cdrom.c's helpers in 2.6.28): the fmode_t methods
 * have no file, only its mode.
 *
 * A function of the file set is converted with the methods when
 * - a 'struct file *' parameter of it is used only for what a method's
 *   conversion handles: P->f_flags & O_NDELAY (or O_NONBLOCK), P->f_mode,
 *   a leading "P &&" test (the mode is always there);
 * - every call of it in the set is in a method being converted and passes
 *   that method's file, as a whole argument.
 * The parameter becomes 'fmode_t mode' (in the definition and in every
 * declaration, headers included), the uses become the mode's, and the
 * methods pass their mode.  A helper whose callers are not all converted
 * is dropped from the plan (lib_drop_calls()), since a method that keeps
 * its file cannot call it any more.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fix.h"

/* At i, a use of parameter p: the tokens it spans (0: not convertible). */
static int use_len(const struct src *s, int i)
{
	if (is(s, i + 1, "->") && is(s, i + 2, "f_flags") && is(s, i + 3, "&") &&
	    (is(s, i + 4, "O_NDELAY") || is(s, i + 4, "O_NONBLOCK")))
		return 5;
	if (is(s, i + 1, "->") && is(s, i + 2, "f_mode"))
		return 3;
	if (is(s, i + 1, "&&"))
		return 2;
	return 0;
}

static int bare(const struct src *s, int i, const char *name)
{
	return name_is(s, i, name) && !is(s, i - 1, "->") && !is(s, i - 1, ".");
}

/* The 'struct file *' parameter of def: its number, -1 if none. */
static int file_param(const struct src *s, const struct func *def, char **name)
{
	int first, last, nm;

	for (int a = 0; a < 8 && param_tokens(s, def, a, &first, &last, &nm); a++)
		if (is(s, first, "struct") && is(s, first + 1, "file") && is(s, first + 2, "*") &&
		    nm == first + 3) {
			*name = tok_str(s, nm);
			return a;
		}
	return -1;
}

/* Does the body of def use its parameter p only in convertible ways? */
static int only_mode_uses(const struct src *s, const struct func *def, const char *p)
{
	int uses = 0;

	for (int i = def->lparen; i < def->rbrace; i++) {
		if (bare(s, i, "mode"))
			return 0;	/* the new name is taken */
		if (i < def->lbrace)
			continue;
		if (!bare(s, i, p))
			continue;
		if (!use_len(s, i))
			return 0;
		uses++;
	}
	return uses > 0;
}

/* The function whose body holds token i, or 0. */
static int enclosing_def(const struct src *s, int i, struct func *def)
{
	for (int k = 0; k < s->n; k++) {
		if (!is(s, k, "{") || s->t[k].match < 0)
			continue;
		if (k < i && s->t[k].match > i && is(s, k - 1, ")") && s->t[k - 1].match > 0) {
			char *name = tok_str(s, s->t[k - 1].match - 1);
			int ok = func_at((struct src *)s, name, def);

			free(name);
			return ok && def->lbrace == k;
		}
		k = s->t[k].match;
	}
	return 0;
}

static int converted_method(const struct bd_result *all, const char *path, const char *func)
{
	for (int i = 0; i < all->n; i++) {
		const struct bd_finding *f = &all->v[i];

		if ((f->check == BD_CHECK_DEPRECATED_PROTOTYPE ||
		     f->check == BD_CHECK_DEPRECATED_IOCTL) && f->severity != BD_SEV_NOTE &&
		    f->function && !strcmp(f->function, func) && same_file(f->loc.file, path))
			return 1;
	}
	return 0;
}

/* Is every call of h in s in a converted method, passing its file as
 * argument argno?  Counts the calls into *calls. */
static int callers_ok(const struct src *s, const struct bd_result *all, const char *h,
		      int argno, int *calls)
{
	for (int i = 0; i < s->n; i++) {
		struct func def;
		struct range a[8];
		char *m, *file = NULL;
		int ok;

		if (!name_is(s, i, h))
			continue;
		if (!is(s, i + 1, "("))
			return 0;	/* its address taken */
		if (!enclosing_def(s, i, &def))
			continue;	/* its definition or a declaration */
		if (call_args(s, i + 1, a, 8) <= argno)
			return 0;
		m = tok_str(s, def.name);
		ok = converted_method(all, s->path, m) && file_param(s, &def, &file) >= 0 &&
		     a[argno].first == a[argno].last && name_is(s, a[argno].first, file);
		free(m);
		free(file);
		if (!ok)
			return 0;
		(*calls)++;
	}
	return 1;
}

/* The local headers ("x.h" next to a file) of the set, once each. */
static void add_headers(struct lib_plan *p, const struct src *s)
{
	const char *t = s->text, *q, *slash = strrchr(s->path, '/');

	for (q = strstr(t, "#include \""); q; q = strstr(q + 1, "#include \"")) {
		const char *e = strchr(q + 10, '"');
		char path[PATH_MAX];
		int dup = 0;

		if ((q != t && q[-1] != '\n') || !e || p->nsrc == LIB_SRCS)
			continue;
		snprintf(path, sizeof(path), "%.*s%.*s", slash ? (int)(slash - s->path + 1) : 0,
			 s->path, (int)(e - q - 10), q + 10);
		for (int k = 0; k < p->nsrc && !dup; k++)
			dup = same_file(p->srcs[k].path, path);
		if (!dup && !access(path, R_OK) && !src_load(&p->srcs[p->nsrc], bd_xstrdup(path)))
			p->nsrc++;
	}
}

void lib_plan(struct lib_plan *p, char *const *set, int nset, const struct bd_result *all)
{
	memset(p, 0, sizeof(*p));
	for (int k = 0; k < nset && p->nsrc < LIB_SRCS; k++)
		if (!src_load(&p->srcs[p->nsrc], bd_xstrdup(set[k])))
			p->nsrc++;
	p->nset = p->nsrc;
	for (int k = 0; k < p->nset; k++)
		add_headers(p, &p->srcs[k]);
	if (!all)
		return;
	for (int k = 0; k < p->nset; k++) {
		const struct src *s = &p->srcs[k];

		for (int i = 0; i < s->n; i++) {
			struct func def;
			char *name, *file = NULL;
			int argno, ok = 1, calls = 0;

			if (s->t[i].kind != T_ID || !is(s, i + 1, "(") || p->n == LIB_HELPERS)
				continue;
			name = tok_str(s, i);
			if (!func_at((struct src *)s, name, &def) || def.name != i ||
			    converted_method(all, s->path, name) ||
			    (argno = file_param(s, &def, &file)) < 0 ||
			    !only_mode_uses(s, &def, file)) {
				free(name);
				free(file);
				continue;
			}
			for (int j = 0; j < p->nset && ok; j++)
				ok = callers_ok(&p->srcs[j], all, name, argno, &calls);
			free(file);
			if (ok && calls)
				p->h[p->n++] = (struct lib_helper){ name, argno, 0 };
			else
				free(name);
		}
	}
}

static const struct lib_helper *planned(const struct lib_plan *p, const char *func)
{
	for (int k = 0; p && k < p->n; k++)
		if (!p->h[k].dropped && !strcmp(p->h[k].func, func))
			return &p->h[k];
	return NULL;
}

int lib_call_arg(const struct lib_plan *p, const struct src *s, int i)
{
	const struct lib_helper *h;
	int lp, argno;
	char *callee;

	if (!p || !(is(s, i - 1, "(") || is(s, i - 1, ",")) ||
	    !(is(s, i + 1, ",") || is(s, i + 1, ")")) || (lp = enclosing_call(s, i, &argno)) < 0)
		return 0;
	callee = tok_str(s, lp - 1);
	h = planned(p, callee);
	free(callee);
	return h && h->argno == argno;
}

/* Parameter argno of the function at fn becomes 'fmode_t mode'. */
static void param_edit(struct fixer *fx, const struct func *fn, int argno)
{
	int first, last, nm;

	if (param_tokens(&fx->s, fn, argno, &first, &last, &nm))
		add_edit(fx, fx->s.t[first].start, fx->s.t[last].end, "fmode_t mode", G_CONV, NULL);
	else if (argno == 0 && is(&fx->s, fn->lparen + 1, "struct"))	/* "struct file *" */
		add_edit(fx, fx->s.t[fn->lparen + 1].start, fx->s.t[fn->lparen + 3].end,
			 "fmode_t mode", G_CONV, NULL);
}

/* The uses of the file parameter p in def become the mode's. */
static void body_edits(struct fixer *fx, const struct func *def, const char *p)
{
	const struct src *s = &fx->s;

	for (int i = def->lbrace; i < def->rbrace; i++) {
		int n = bare(s, i, p) ? use_len(s, i) : 0, rp;

		if (n == 5) {
			add_edit(fx, s->t[i].start, s->t[i + 4].end, "mode & FMODE_NDELAY", G_CONV,
				 NULL);
		} else if (n == 3) {
			add_edit(fx, s->t[i].start, s->t[i + 2].end, "mode", G_CONV, NULL);
		} else if (n == 2) {
			/* "(P && (X))" -> "(X)" */
			rp = is(s, i + 2, "(") ? s->t[i + 2].match : -1;
			if (rp > 0 && is(s, i - 1, "(") && s->t[i - 1].match == rp + 1) {
				add_edit(fx, s->t[i].start, s->t[i + 2].end, "", G_CONV, NULL);
				add_edit(fx, s->t[rp].start, s->t[rp].end, "", G_CONV, NULL);
			} else {
				add_edit(fx, s->t[i].start, s->t[i + 2].start, "", G_CONV, NULL);
			}
		}
		i += n ? n - 1 : 0;
	}
}

void lib_edits(struct fixer *fx, const struct lib_plan *p)
{
	for (int k = 0; p && k < p->n; k++) {
		const struct lib_helper *h = &p->h[k];
		struct func def, decl[4];
		char *file = NULL;
		int nd;

		if (h->dropped)
			continue;
		if (func_at(&fx->s, h->func, &def) && file_param(&fx->s, &def, &file) == h->argno) {
			param_edit(fx, &def, h->argno);
			body_edits(fx, &def, file);
			if (fx->nhelpers < 8)
				fx->helpers[fx->nhelpers++] = bd_xstrdup(h->func);
		}
		free(file);
		nd = find_funcs(&fx->s, h->func, decl, 4, 0);
		for (int i = 0; i < nd; i++)
			param_edit(fx, &decl[i], h->argno);
	}
}

int lib_drop_calls(struct lib_plan *p, const struct src *s)
{
	int dropped = 0;

	for (int k = 0; k < p->n; k++) {
		struct func def;

		for (int i = 0; i < s->n && !p->h[k].dropped; i++)
			if (name_is(s, i, p->h[k].func) && is(s, i + 1, "(") &&
			    enclosing_def(s, i, &def) && def.name != i)
				dropped = p->h[k].dropped = 1;
	}
	return dropped;
}

void lib_free(struct lib_plan *p)
{
	for (int k = 0; k < p->n; k++)
		free(p->h[k].func);
	for (int k = 0; k < p->nsrc; k++) {
		free((char *)p->srcs[k].path);
		free(p->srcs[k].text);
		free(p->srcs[k].t);
	}
}
