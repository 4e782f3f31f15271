// SPDX-License-Identifier: GPL-2.0
/*
 * fixit.c - the fix hints that are mechanical at the finding's line, as
 * edits (struct bd_edit): what --fix, --export-fixes, SARIF fixes[] and
 * "bdops fix" apply.
 *
 * Why from the source line and not from ranges in the IR: the IR contract
 * gives every frontend the same file and line but not the same column
 * (docs/design.md), and GCC's GIMPLE keeps no expression ranges at all.
 * The core therefore finds the exact bytes on the finding's line (the line
 * of the '&' of the test, of the put's callee name) in the source text,
 * and checks what it finds against the IR, so the edits are the same
 * under every frontend by construction.
 *
 * Edits made here:
 * - ndelay-flags: 'X->f_flags & O_NDELAY' (or O_NONBLOCK) becomes
 *   'MODE & FMODE_NDELAY' (BLK_OPEN_NDELAY from 6.5) when the function has
 *   exactly one fmode_t (blk_mode_t) parameter MODE;
 * - put-mode "pass M": the put's second argument becomes M (the call may
 *   go on over the next lines); "pass the stored mode 'T->F'": it becomes
 *   'V->F' when the IR reads the put's bdev from V->field, V a variable
 *   pointing to a struct T;
 * - put-holder "pass H" and "pass the stored holder 'T->F'" likewise.
 * Anything else keeps its text hint only.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "engine/engine.h"
#include "engine/api.h"

/* ---- tokens of one line ---- */

struct ltok {
	int start, end;		/* byte offsets in the line */
	int line;		/* 1-based */
	const char *s;		/* the line's text */
};

#define MAXTOK 256

static int lex_line(const char *s, int line, struct ltok *t, int max)
{
	int i = 0, n = 0;

	while (s[i] && n < max) {
		int st = i;

		if (isspace((unsigned char)s[i])) {
			i++;
			continue;
		}
		if (s[i] == '/' && (s[i + 1] == '/' || s[i + 1] == '*'))
			break;		/* the rest is (or may be) a comment */
		if (isalnum((unsigned char)s[i]) || s[i] == '_') {
			while (isalnum((unsigned char)s[i]) || s[i] == '_')
				i++;
		} else if (s[i] == '-' && s[i + 1] == '>') {
			i += 2;
		} else if ((s[i] == '&' || s[i] == '|') && s[i + 1] == s[i]) {
			i += 2;
		} else {
			i++;
		}
		t[n++] = (struct ltok){ st, i, line, s };
	}
	return n;
}

/* The tokens of 'count' lines from 'line' on (a call may go on). */
static int lex_lines(const char *file, int line, int count, struct ltok *t, int max)
{
	int n = 0;

	for (int l = line; l < line + count; l++) {
		const char *s = bd_source_line(file, l);

		if (!s)
			break;
		n += lex_line(s, l, t + n, max - n);
	}
	return n;
}

static int tok_is(const struct ltok *t, const char *text)
{
	size_t n = strlen(text);

	return (size_t)(t->end - t->start) == n && !strncmp(t->s + t->start, text, n);
}

static int tok_id(const struct ltok *t)
{
	return isalpha((unsigned char)t->s[t->start]) || t->s[t->start] == '_';
}

/* Replace the tokens from..to (inclusive) with text. */
static void add_edit(struct bd_result *r, struct bd_finding *f, const struct ltok *from,
		     const struct ltok *to, const char *text)
{
	f->edits = bd_xrealloc(f->edits, (f->nedits + 1) * sizeof(*f->edits));
	f->edits[f->nedits++] = (struct bd_edit){
		.loc = { f->loc.file, from->line, from->start + 1 },
		.end_line = to->line,
		.end_col = to->end + 1,
		.text = bd_result_str(r, text),
	};
}

/* ---- ndelay-flags ---- */

/* The one fmode_t (blk_mode_t from 6.5) parameter of the definition at
 * 'file':'at', from its source text (the canonical IR type of both is
 * "unsigned int", as for cmd).  The file is the finding's: a test lies in
 * its function's file. */
static int mode_param(const char *file, int at, char *out, size_t len)
{
	struct ltok t[MAXTOK];
	int n = lex_lines(file, at, 8, t, MAXTOK), depth = 0, found = 0;

	for (int i = 0; i < n; i++) {
		if (tok_is(&t[i], "(")) {
			depth++;
		} else if (tok_is(&t[i], ")") && --depth == 0) {
			return found == 1;
		} else if (depth == 1 && (tok_is(&t[i], "fmode_t") ||
					  tok_is(&t[i], "blk_mode_t")) && i + 1 < n &&
			   tok_id(&t[i + 1])) {
			found++;
			snprintf(out, len, "%.*s", t[i + 1].end - t[i + 1].start,
				 t[i + 1].s + t[i + 1].start);
		}
	}
	return 0;
}

static void fix_ndelay(struct bd_ctx *c, struct bd_finding *f)
{
	struct bd_fn *fn = bd_fn_by_name(c, f->function);
	struct ltok t[MAXTOK];
	char mode[128], rep[160];
	int n, i;

	if (!fn || !mode_param(f->loc.file, fn->f->loc.line, mode, sizeof(mode)))
		return;
	n = lex_lines(f->loc.file, f->loc.line, 1, t, MAXTOK);
	for (i = 0; i + 4 < n; i++) {
		if (!tok_id(&t[i]) || !tok_is(&t[i + 1], "->") || !tok_is(&t[i + 2], "f_flags") ||
		    !tok_is(&t[i + 3], "&") ||
		    !(tok_is(&t[i + 4], "O_NDELAY") || tok_is(&t[i + 4], "O_NONBLOCK")))
			continue;
		if (i > 0 && (tok_is(&t[i - 1], "->") || tok_is(&t[i - 1], ".")))
			continue;	/* a->file->f_flags: keep to the plain form */
		snprintf(rep, sizeof(rep), "%s & %s", mode,
			 strstr(f->fix, "BLK_OPEN_NDELAY") ? "BLK_OPEN_NDELAY" : "FMODE_NDELAY");
		add_edit(c->r, f, &t[i], &t[i + 4], rep);
		return;
	}
}

/* ---- put-mode ---- */


/* The put calls of a function by line, sorted on first use: a huge
 * function has thousands of findings, each asking for its put. */
struct putlines {
	int built, n, cap;
	struct putline {
		int line;
		struct bd_event *e;
	} *v;
};

static int putline_cmp(const void *x, const void *y)
{
	const struct putline *a = x, *b = y;

	return (a->line > b->line) - (a->line < b->line);
}

static void putlines_build(struct putlines *pl, struct bd_fn *fn)
{
	struct bd_func *f = fn->f;

	pl->built = 1;
	for (int b = 0; b < f->nblocks; b++)
		for (int i = 0; i < f->blocks[b]->nevents; i++) {
			struct bd_event *e = &f->blocks[b]->events[i];

			if (e->op != BD_CALL || !bd_api_is_put(e->name))
				continue;
			BD_GROW(pl->v, pl->n, pl->cap);
			pl->v[pl->n++] = (struct putline){ e->loc.line, e };
		}
	qsort(pl->v, pl->n, sizeof(*pl->v), putline_cmp);
}

/* The put call of fn at line; NULL if none or several. */
static struct bd_event *put_at(struct putlines *pl, struct bd_fn *fn, int line)
{
	int lo = 0, hi;

	if (!pl->built)
		putlines_build(pl, fn);
	for (hi = pl->n; lo < hi;) {
		int mid = (lo + hi) / 2;

		if (pl->v[mid].line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= pl->n || pl->v[lo].line != line ||
	    (lo + 1 < pl->n && pl->v[lo + 1].line == line))
		return NULL;
	return pl->v[lo].e;
}

/* The source name of the variable value v was read from, or NULL. */
static const char *var_name(struct bd_fn *fn, bd_val v)
{
	struct bd_event *d = bd_strip(fn, v);
	struct bd_func *f = fn->f;

	if (d && d->op == BD_PARAM && d->imm >= 0 && d->imm < f->decl->nparams &&
	    f->decl->param_names)
		return f->decl->param_names[d->imm];
	if (d && d->op == BD_SLOT_LOAD && d->imm >= 0 && d->imm < f->nslots && f->slot_names)
		return f->slot_names[d->imm];
	return NULL;
}

/* "pass the stored mode 'T->F'": 'V->F' when the IR loads the put's bdev
 * from V->field with V a struct T pointer variable.  0 if not so simple. */
static int stored_mode(struct bd_fn *fn, struct bd_event *put, const char *fix,
		       char *out, size_t len)
{
	const char *p = strchr(fix, '\'') + 1, *arrow = strstr(p, "->"), *q;
	struct bd_event *d;
	const char *v;

	if (!arrow || !(q = strchr(arrow, '\'')) || put->nargs < 1)
		return 0;
	d = bd_strip(fn, put->args[0]);
	if (!d || d->op != BD_FIELD_LOAD || !d->tag || strlen(d->tag) != (size_t)(arrow - p) ||
	    strncmp(d->tag, p, arrow - p))
		return 0;
	v = var_name(fn, d->a);
	if (!v)
		return 0;
	snprintf(out, len, "%s->%.*s", v, (int)(q - arrow - 2), arrow + 2);
	return 1;
}

static void fix_put(struct bd_ctx *c, struct bd_finding *f, struct putlines *pls)
{
	struct bd_fn *fn = bd_fn_by_name(c, f->function);
	struct bd_event *put;
	struct ltok t[MAXTOK];
	char mode[256];
	int n, i, k, depth, comma = -1, rp = -1;

	if (!fn || !f->fix || strncmp(f->fix, "pass ", 5) ||
	    !(put = put_at(&pls[fn - c->fns], fn, f->loc.line)))
		return;
	n = lex_lines(f->loc.file, f->loc.line, 4, t, MAXTOK);
	for (i = 0; i + 1 < n; i++)
		if (t[i].line == f->loc.line && tok_is(&t[i], put->name) && tok_is(&t[i + 1], "("))
			break;
	if (i + 1 >= n)
		return;
	for (k = i + 2, depth = 0; k < n && rp < 0; k++) {
		if (tok_is(&t[k], "(") || tok_is(&t[k], "["))
			depth++;
		else if ((tok_is(&t[k], ")") || tok_is(&t[k], "]")) && depth-- == 0)
			rp = k;
		else if (!depth && tok_is(&t[k], ",") && comma < 0)
			comma = k;
	}
	if (comma < 0 || rp < 0 || comma + 1 >= rp)
		return;
	if (!strncmp(f->fix, "pass the stored mode '", 22) ||
	    !strncmp(f->fix, "pass the stored holder '", 24)) {
		if (!stored_mode(fn, put, f->fix, mode, sizeof(mode)))
			return;
	} else {
		size_t m = 0;

		/* FMODE_READ|FMODE_EXCL -> FMODE_READ | FMODE_EXCL */
		for (const char *p = f->fix + 5; *p && m + 4 < sizeof(mode); p++)
			m += snprintf(mode + m, sizeof(mode) - m, *p == '|' ? " | " : "%c", *p);
	}
	add_edit(c->r, f, &t[comma + 1], &t[rp - 1], mode);
}

void bd_fixits(struct bd_ctx *c)
{
	struct putlines *pls = bd_xcalloc(c->nfns + 1, sizeof(*pls));

	for (int i = 0; i < c->r->n; i++) {
		struct bd_finding *f = &c->r->v[i];

		if (f->nedits || !f->fix || !f->function || !f->loc.file)
			continue;
		if (f->check == BD_CHECK_NDELAY_FLAGS)
			fix_ndelay(c, f);
		else if (f->check == BD_CHECK_PUT_MODE || f->check == BD_CHECK_PUT_HOLDER)
			fix_put(c, f, pls);
	}
	for (int i = 0; i < c->nfns; i++)
		free(pls[i].v);
	free(pls);
}
