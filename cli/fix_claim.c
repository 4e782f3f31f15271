// SPDX-License-Identifier: GPL-2.0
/*
 * fix_claim.c - an exclusive close of a bdev whose fallback get claimed
 * nothing (block2mtd: open_bdev_excl(), else open_by_devnum(); then
 * close_bdev_excl() either way).  No mode balances that close: it releases
 * a claim the fallback never took.  What the kernel itself did (block2mtd,
 * 2.6.38) is to make the fallback claim too, with the exclusive get's
 * holder and mode:
 *	V = open_by_devnum(DEV, M);
 *   -> V = blkdev_get_by_dev(DEV, MODE | FMODE_EXCL, HOLDER);
 * with MODE and HOLDER the arguments of "V = open_bdev_excl(PATH, MODE,
 * HOLDER);" in the same function, so the close balances both paths.  A
 * NULL holder ("exclusive ... with a NULL holder", a finding of its own)
 * becomes, in both gets, the object the bdev is stored into (X for
 * "X->F = V;" or "X->F = get(...)"), when X is a pointer declared in the
 * function; otherwise nothing is changed.
 *
 * Keyed on the put-mode finding at the close (its note names the plain
 * get); fix.c checks the file again with the edits, and with
 * -Werror=implicit-function-declaration so that an era whose headers lack
 * blkdev_get_by_dev() refuses, and drops them unless the close and the
 * gets check clean.
 */
#include <stdlib.h>
#include <string.h>
#include "fix.h"

const char claim_not_mine[] = "not an exclusive close of a plain get";

/* The calls this fix reads, from the API model (engine/api.h). */
enum claim_call {
	EXCL_CLOSE,	/* a put that gives a claim back by its name */
	EXCL_GET,	/* a get that claims by its name */
	PLAIN_GET,	/* a get of the 2.6.27 era returning the bdev, no claim
			 * (open_by_devnum) */
};

static int name_in(const struct src *s, int i, enum claim_call what)
{
	const struct bd_api *a = api_call_at(s, i, what == EXCL_CLOSE ? BD_API_PUT : BD_API_GET);

	if (!a)
		return 0;
	if (what == PLAIN_GET)
		return !a->exclusive && a->bdev_arg < 0 && (a->eras & BD_ERA_BIT(BD_ERA_LEGACY));
	return a->exclusive;
}

/* The call of one of names at line: its name token, or -1. */
static int call_on_line(const struct src *s, int line, enum claim_call names)
{
	for (int i = 0; i < s->n; i++)
		if (s->t[i].line == line && name_in(s, i, names))
			return i;
	return -1;
}

/* The body [lo, hi] of the function around token i; 0, or -1. */
static int body_of(const struct src *s, int i, int *lo, int *hi)
{
	for (int k = 0; k < s->n; k++) {
		if (!is(s, k, "{") || s->t[k].match < 0)
			continue;
		if (s->t[k].match > i && k < i && is(s, k - 1, ")")) {
			*lo = k;
			*hi = s->t[k].match;
			return 0;
		}
		k = s->t[k].match;	/* not this one: skip it whole */
	}
	return -1;
}

/* "LHS = NAME(" with NAME at i: the first token of LHS (an identifier
 * or X->F), or -1. */
static int lhs_of(const struct src *s, int i)
{
	if (!is(s, i - 1, "="))
		return -1;
	if (s->t[i - 2].kind == T_ID && is(s, i - 3, "->") && s->t[i - 4].kind == T_ID)
		return i - 4;
	return s->t[i - 2].kind == T_ID && !is(s, i - 3, "->") && !is(s, i - 3, ".") ? i - 2 : -1;
}

static int same_tokens(const struct src *s, int a, int b, int n)
{
	for (int k = 0; k < n; k++) {
		int la = s->t[a + k].end - s->t[a + k].start;

		if (la != s->t[b + k].end - s->t[b + k].start ||
		    strncmp(s->text + s->t[a + k].start, s->text + s->t[b + k].start, la))
			return 0;
	}
	return 1;
}

/* Is X declared as a pointer in the function whose body starts at lo
 * (parameters included)? */
static int pointer_in_scope(const struct src *s, int lo, int hi, int x)
{
	int k = lo - 1;

	if (!is(s, k, ")"))
		return 0;
	for (k = s->t[k].match; k < hi; k++)
		if (is(s, k, "*") && same_tokens(s, k + 1, x, 1) &&
		    (is(s, k + 2, ",") || is(s, k + 2, ")") || is(s, k + 2, ";") || is(s, k + 2, "=")))
			return 1;
	return 0;
}

/* The object the bdev of LHS (n tokens at lhs) is stored into: a token,
 * or -1. */
static int holder_object(const struct src *s, int lo, int hi, int lhs, int n)
{
	if (n == 3)
		return pointer_in_scope(s, lo, hi, lhs) ? lhs : -1;
	for (int k = lo; k + 5 < hi; k++)
		if (s->t[k].kind == T_ID && is(s, k + 1, "->") && is(s, k + 3, "=") &&
		    same_tokens(s, k + 4, lhs, 1) && is(s, k + 5, ";") &&
		    pointer_in_scope(s, lo, hi, k))
			return k;
	return -1;
}

static int is_null(const char *t)
{
	return !strcmp(t, "NULL") || !strcmp(t, "0") || !strcmp(t, "(void *)0");
}

/* MODE | FMODE_EXCL, with MODE in parentheses unless only | joins it. */
static void claim_mode(struct buf *b, const struct src *s, struct range m)
{
	int simple = 1;
	char *t;

	for (int k = m.first; k <= m.last; k++)
		simple &= s->t[k].kind == T_ID || s->t[k].kind == T_NUM || is(s, k, "|");
	t = range_str(s, m);
	buf_printf(b, simple ? "%s | FMODE_EXCL" : "(%s) | FMODE_EXCL", t);
	free(t);
}

/* The "NULL holder" finding at the exclusive get's line, if any. */
static const struct bd_finding *holder_finding(struct fixer *fx, int line)
{
	for (int i = 0; i < fx->r->n; i++) {
		const struct bd_finding *f = &fx->r->v[i];

		if (f->check == BD_CHECK_PUT_MODE && f->loc.line == line &&
		    strstr(f->message, "with a NULL holder"))
			return f;
	}
	return NULL;
}

const char *claim_fallback(struct fixer *fx, const struct bd_finding *f,
			   const struct bd_finding **holder, int span[2])
{
	struct src *s = &fx->s;
	struct range ga[4], xa[4];
	struct buf b = { 0 };
	int put, g, x = -1, lhs, n, lo, hi, obj = -1;
	char *hold, *dev;

	*holder = NULL;
	put = call_on_line(s, f->loc.line, EXCL_CLOSE);
	if (put < 0 || f->nnotes < 1 ||
	    (g = call_on_line(s, f->notes[0].loc.line, PLAIN_GET)) < 0)
		return claim_not_mine;
	if (body_of(s, g, &lo, &hi) || (lhs = lhs_of(s, g)) < 0)
		return "the plain get is not 'V = get(...)' or 'X->F = get(...)' in a function";
	n = g - 1 - lhs;
	for (int k = lo; k < hi && x < 0; k++)
		if (name_in(s, k, EXCL_GET) && lhs_of(s, k) >= 0 && k - 1 - lhs_of(s, k) == n &&
		    same_tokens(s, lhs_of(s, k), lhs, n))
			x = k;
	if (x < 0)
		return "no exclusive get fills the same bdev in the plain get's function";
	if (call_args(s, g + 1, ga, 4) != 2 || call_args(s, x + 1, xa, 4) != 3)
		return "the gets do not take the arguments of this era";
	hold = range_str(s, xa[2]);
	if (is_null(hold)) {
		*holder = holder_finding(fx, s->t[x].line);
		obj = holder_object(s, lo, hi, lhs, n);
		free(hold);
		if (obj < 0)
			return "the exclusive get has a NULL holder, and the bdev is not stored "
			       "into an object that a pointer in scope names";
		hold = tok_str(s, obj);
		add_edit(fx, s->t[xa[2].first].start, s->t[xa[2].last].end, hold, G_CLAIM,
			 NULL);
	}
	dev = range_str(s, ga[0]);
	buf_printf(&b, "blkdev_get_by_dev(%s, ", dev);
	claim_mode(&b, s, xa[1]);
	buf_printf(&b, ", %s)", hold);
	add_edit(fx, s->t[g].start, s->t[s->t[g + 1].match].end, b.s, G_CLAIM, NULL);
	free(b.s);
	free(dev);
	free(hold);
	span[0] = s->t[lo].line;
	span[1] = s->t[hi].line;
	return NULL;
}
