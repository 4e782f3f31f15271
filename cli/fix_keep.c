// SPDX-License-Identifier: GPL-2.0
/*
 * fix_keep.c - "store the mode_t along with the reference to bdev" (Al
 * Viro, the RFC): when no single mode fits a put because the get's mode
 * depends on the path, keep the mode the get took next to the bdev and
 * give that to the put.
 *
 * The bdev a put releases lives in
 * - a local v that a get in the same function fills: a local
 *   'fmode_t v_mode;' is declared after v, set to the get's mode argument
 *   just before each such get, and copied into X->F_mode wherever v is
 *   stored into a struct field X->F;
 * - a struct field F (the put's argument is X->F, or a local read from
 *   X->F): the struct gets a member 'fmode_t F_mode;' after F, set before
 *   each 'X->F = get(...)' and after each 'X->F = v' of such a local.
 * The put then passes v_mode or X->F_mode, if it is of the gets' family
 * (an exclusive close for exclusive opens, blkdev_put() for the others).  Setting the mode before the
 * get rather than after keeps it simple (the get's mode argument has the
 * same value there, and a failed get leaves a mode nobody reads).
 *
 * This is a text transform of the driver, like the prototype
 * conversions: it adds declarations and statements, which no single
 * finding's edits (core/fixit.c) can say.  fix.c checks the result again
 * and drops it all if a put is still unmatched.
 */
#include <stdlib.h>
#include <string.h>
#include "fix.h"

#define MAXARG 6

/* The top-level arguments of the call whose '(' is token lp. */
int call_args(const struct src *s, int lp, struct range *a, int max)
{
	int k, n = 0, first = lp + 1, rp = s->t[lp].match;

	if (rp < 0)
		return 0;
	for (k = lp + 1; k <= rp && n < max; k++) {
		if (k < rp && s->t[k].match > k) {
			k = s->t[k].match;	/* skip a nested bracket */
			continue;
		}
		if (k == rp || is(s, k, ",")) {
			if (k > first)
				a[n++] = (struct range){ first, k - 1 };
			first = k + 1;
		}
	}
	return n;
}

char *range_str(const struct src *s, struct range r)
{
	int n = s->t[r.last].end - s->t[r.first].start;
	char *c = bd_xcalloc(n + 1, 1);

	memcpy(c, s->text + s->t[r.first].start, n);
	return c;
}

/* The first token of the statement holding token i (not before lo). */
static int stmt_start(const struct src *s, int i, int lo)
{
	int k;

	for (k = i - 1; k > lo; k--) {
		if (s->t[k].match >= 0 && s->t[k].match < k && strchr(")]", s->text[s->t[k].start])) {
			k = s->t[k].match;
			continue;
		}
		if (is(s, k, ";") || is(s, k, "{") || is(s, k, "}"))
			break;
	}
	return k + 1;
}

/* Offset of the start of token i's line, if only blanks precede it. */
static int line_start(const struct src *s, int i, int *indent_len)
{
	int p = s->t[i].start;

	while (p > 0 && s->text[p - 1] != '\n') {
		if (s->text[p - 1] != ' ' && s->text[p - 1] != '\t')
			return -1;
		p--;
	}
	*indent_len = s->t[i].start - p;
	return p;
}

/* Add an edit unless the same one is planned already. */
static void add_once(struct fixer *fx, int at, const char *text, const char *func)
{
	for (int i = 0; i < fx->ne; i++)
		if (fx->e[i].group == G_KEEP && fx->e[i].start == at && !strcmp(fx->e[i].text, text))
			return;
	add_edit(fx, at, at, text, G_KEEP, func);
}

/* A line "INDENT<text>\n" before the line of token i, with i's indent. */
static int line_before(struct fixer *fx, int i, const char *text, const char *func)
{
	struct buf b = { 0 };
	int ind, p = line_start(&fx->s, i, &ind);

	if (p < 0)
		return -1;
	buf_add(&b, fx->s.text + p, ind);
	buf_printf(&b, "%s\n", text);
	add_once(fx, p, b.s, func);
	free(b.s);
	return 0;
}

/* A line after the statement [st, semi], with the indent of st. */
static int line_after(struct fixer *fx, int st, int semi, const char *text, const char *func)
{
	struct buf b = { 0 };
	int ind, p = line_start(&fx->s, st, &ind), q = fx->s.t[semi].end;

	if (p < 0)
		return -1;
	while (q < fx->s.len && fx->s.text[q] != '\n')
		q++;
	if (q >= fx->s.len)
		return -1;
	buf_add(&b, fx->s.text + p, ind);
	buf_printf(&b, "%s\n", text);
	add_once(fx, q + 1, b.s, func);
	free(b.s);
	return 0;
}

static int is_id(const struct src *s, int i)
{
	return i >= 0 && i < s->n && s->t[i].kind == T_ID;
}

/* A get of the API model (engine/api.h) called at token i. */
static const struct bd_api *get_at(const struct src *s, int i)
{
	const struct bd_api *g = api_call_at(s, i, BD_API_GET);

	return g && g->mode_arg >= 0 ? g : NULL;
}

static int text_has_id(const struct src *s, const char *id)
{
	for (int i = 0; i < s->n; i++)
		if (name_is(s, i, id))
			return 1;
	return 0;
}

/* ---- a local carrier ---- */

/* Gets in [lo, hi] that fill local v: a line "v_mode = MODE;" before
 * each.  Returns how many. */
static int set_before_gets(struct fixer *fx, int lo, int hi, const char *v, const char *func)
{
	struct src *s = &fx->s;
	int i, n = 0;

	for (i = lo; i < hi; i++) {
		const struct bd_api *g = get_at(s, i);
		struct range a[MAXARG];
		int na, st, fills;
		char *m;

		if (!g)
			continue;
		na = call_args(s, i + 1, a, MAXARG);
		if (na <= g->mode_arg)
			continue;
		st = stmt_start(s, i, lo);
		if (g->bdev_arg < 0)
			fills = name_is(s, st, v) && is(s, st + 1, "=") && st + 2 == i;
		else
			fills = na > g->bdev_arg && a[g->bdev_arg].first == a[g->bdev_arg].last &&
				name_is(s, a[g->bdev_arg].first, v);
		if (!fills)
			continue;
		struct buf b = { 0 };

		m = range_str(s, a[g->mode_arg]);
		buf_printf(&b, "%s_mode = %s;", v, m);
		free(m);
		if (line_before(fx, st, b.s, func)) {
			free(b.s);
			return -1;
		}
		free(b.s);
		n++;
	}
	return n;
}

/* "struct block_device *v;" in [lo, hi]: a line "fmode_t v_mode;" after. */
static int declare_mode(struct fixer *fx, int lo, int hi, const char *v, const char *func)
{
	static const char *const bd[] = { "struct", "block_device", "*", NULL };
	struct src *s = &fx->s;
	struct buf b = { 0 };
	int i, k, r;

	for (i = lo; i < hi; i++) {
		k = seq(s, i, bd);
		if (k < 0 || !name_is(s, k, v) || !(is(s, k + 1, ";") || is(s, k + 1, "=")))
			continue;
		while (k < hi && !is(s, k, ";"))
			k++;
		buf_printf(&b, "fmode_t %s_mode;", v);
		r = line_after(fx, i, k, b.s, func);
		free(b.s);
		return r;
	}
	return -1;
}

static const char *plan_field(struct fixer *fx, const char *field, const char *func);

/* Local v of the function [lo, hi] carries a bdev from its gets. */
static const char *plan_local(struct fixer *fx, int lo, int hi, const char *v, const char *func)
{
	struct src *s = &fx->s;
	char name[256];
	int i, n;

	snprintf(name, sizeof(name), "%s_mode", v);
	if (text_has_id(s, name))
		return "a variable of the mode's name exists already";
	n = set_before_gets(fx, lo, hi, v, func);
	if (n <= 0)
		return n < 0 ? "a get does not start its line" : "no get fills the bdev";
	if (declare_mode(fx, lo, hi, v, func))
		return "the bdev's declaration is not 'struct block_device *V;'";
	/* X->F = v;  ->  and X->F_mode = v_mode; */
	for (i = lo; i < hi; i++) {
		struct buf b = { 0 };
		char *x, *f;
		const char *why;

		if (!is_id(s, i) || !is(s, i + 1, "->") || !is_id(s, i + 2) || !is(s, i + 3, "=") ||
		    !name_is(s, i + 4, v) || !is(s, i + 5, ";") || stmt_start(s, i, lo) != i)
			continue;
		x = tok_str(s, i);
		f = tok_str(s, i + 2);
		buf_printf(&b, "%s->%s_mode = %s_mode;", x, f, v);
		why = line_after(fx, i, i + 5, b.s, func) ? "a store does not start its line" :
		      plan_field(fx, f, func);
		free(b.s);
		free(x);
		free(f);
		if (why)
			return why;
	}
	return NULL;
}

/* ---- a field carrier ---- */

/* The member "struct block_device *F;" of a struct defined in this file:
 * a member "fmode_t F_mode;" after it. */
static const char *add_member(struct fixer *fx, const char *field, const char *func)
{
	static const char *const bd[] = { "struct", "block_device", "*", NULL };
	struct src *s = &fx->s;
	int i, k, found = -1, depth = 0, in_struct = 0;

	for (i = 0; i < s->n; i++) {
		if (is(s, i, "{") && depth++ == 0)	/* struct TAG { or struct { */
			in_struct = (is(s, i - 2, "struct") && is_id(s, i - 1)) || is(s, i - 1, "struct");
		if (is(s, i, "}"))
			depth--;
		k = seq(s, i, bd);
		if (in_struct && depth == 1 && k > 0 && name_is(s, k, field) && is(s, k + 1, ";")) {
			if (found >= 0)
				return "two structs have a bdev member of that name";
			found = i;
		}
	}
	if (found < 0)
		return "the struct holding the bdev is not defined in this file";
	struct buf b = { 0 };
	const char *why = NULL;

	buf_printf(&b, "fmode_t %s_mode;", field);
	for (k = found; !is(s, k, ";"); k++)
		;
	if (line_after(fx, found, k, b.s, func))
		why = "the bdev member does not start its line";
	free(b.s);
	return why;
}

static const char *plan_field(struct fixer *fx, const char *field, const char *func)
{
	struct src *s = &fx->s;
	char name[256];
	const char *why;
	int i, sources = 0;

	snprintf(name, sizeof(name), "%s_mode", field);
	for (i = 0; i < fx->nkeep_fields; i++)
		if (!strcmp(fx->keep_fields[i], field))
			return NULL;	/* planned already, or being planned */
	if (fx->nkeep_fields == 16)
		return "too many bdev members";
	fx->keep_fields[fx->nkeep_fields++] = bd_xstrdup(field);
	if (text_has_id(s, name))
		return "a member of the mode's name exists already";
	why = add_member(fx, field, func);
	if (why)
		return why;
	/* X->F = get(...);  ->  X->F_mode = MODE; before it */
	for (i = 0; i + 4 < s->n; i++) {
		const struct bd_api *g;
		struct range a[MAXARG];
		struct buf b = { 0 };
		char *x, *m;

		if (!is_id(s, i) || !is(s, i + 1, "->") || !name_is(s, i + 2, field) ||
		    !is(s, i + 3, "=") || !(g = get_at(s, i + 4)) || g->bdev_arg >= 0 ||
		    call_args(s, i + 5, a, MAXARG) <= g->mode_arg)
			continue;
		x = tok_str(s, i);
		m = range_str(s, a[g->mode_arg]);
		buf_printf(&b, "%s->%s_mode = %s;", x, field, m);
		if (line_before(fx, i, b.s, func))
			why = "a get does not start its line";
		free(b.s);
		free(x);
		free(m);
		if (why)
			return why;
		sources++;
	}
	/* X->F = v; with v a local filled by a get: plan v */
	for (i = 0; i + 5 < s->n && !why; i++) {
		struct func def;
		char *v;

		if (!is_id(s, i) || !is(s, i + 1, "->") || !name_is(s, i + 2, field) ||
		    !is(s, i + 3, "=") || !is_id(s, i + 4) || !is(s, i + 5, ";") ||
		    is(s, i + 4, "NULL"))
			continue;
		/* the function around it */
		int k, lb = -1;

		for (k = i, lb = -1; k >= 0; k--)
			if (is(s, k, "{") && s->t[k].match > i)
				lb = k;
		if (lb < 0)
			continue;
		def.lbrace = lb;
		def.rbrace = s->t[lb].match;
		v = tok_str(s, i + 4);
		why = plan_local(fx, def.lbrace, def.rbrace, v, func);
		free(v);
		sources++;
	}
	if (!why && !sources)
		why = "no get fills the bdev member";
	return why;
}

/* Keeping the mode only balances a put of the gets' own family: an
 * exclusive close releases a claim that a plain get never took.  Checked
 * over the whole file, to stay simple and on the safe side. */
static int same_family(const struct src *s, int excl_put)
{
	for (int i = 0; i < s->n; i++) {
		const struct bd_api *g = get_at(s, i);

		if (g && g->exclusive != excl_put)
			return 0;
	}
	return 1;
}

/* ---- the put ---- */

const char keep_no_put[] = "no put with a mode argument at the finding's line";

const char *keep_mode(struct fixer *fx, const struct bd_finding *f)
{
	struct src *s = &fx->s;
	struct func def;
	struct range a[MAXARG];
	const char *why = NULL;
	struct buf mode = { 0 };
	const struct bd_api *put = NULL;
	int i, k, na = 0;

	if (!func_at(s, f->function, &def))
		return "the function was not found";
	for (i = def.lbrace; i < def.rbrace; i++) {
		put = api_call_at(s, i, BD_API_PUT);
		if (put && s->t[i].line == f->loc.line)
			break;
	}
	if (i >= def.rbrace || (na = call_args(s, i + 1, a, MAXARG)) != 2)
		return keep_no_put;
	if (!same_family(s, put->exclusive))
		return "the gets and the put do not claim alike: a mode cannot balance "
		       "an exclusive close of a plain open";
	if (a[0].last == a[0].first + 2 && is_id(s, a[0].first) && is(s, a[0].first + 1, "->") &&
	    is_id(s, a[0].last)) {
		/* put(X->F, ...) */
		char *x = tok_str(s, a[0].first), *fld = tok_str(s, a[0].last);

		buf_printf(&mode, "%s->%s_mode", x, fld);
		why = plan_field(fx, fld, f->function);
		free(x);
		free(fld);
	} else if (a[0].first == a[0].last && is_id(s, a[0].first)) {
		char *v = tok_str(s, a[0].first);
		int from = -1;

		/* v = X->F; (or its declaration) in this function */
		for (k = def.lbrace; k < i; k++)
			if (name_is(s, k, v) && is(s, k + 1, "=") && is_id(s, k + 2) &&
			    is(s, k + 3, "->") && is_id(s, k + 4) && is(s, k + 5, ";"))
				from = k + 2;
		if (from >= 0) {
			char *x = tok_str(s, from), *fld = tok_str(s, from + 2);

			buf_printf(&mode, "%s->%s_mode", x, fld);
			why = plan_field(fx, fld, f->function);
			free(x);
			free(fld);
		} else {
			buf_printf(&mode, "%s_mode", v);
			why = plan_local(fx, def.lbrace, def.rbrace, v, f->function);
		}
		free(v);
	} else {
		why = "the put's bdev is neither a variable nor 'X->F'";
	}
	if (!why)
		add_edit(fx, s->t[a[1].first].start, s->t[a[1].last].end, mode.s, G_KEEP,
			 f->function);
	free(mode.s);
	return why;
}
