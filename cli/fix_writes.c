// SPDX-License-Identifier: GPL-2.0
/*
 * fix_writes.c - writes to the struct file in a method being converted.
 *
 * Drivers "will be expected not to change those flags - or any other part
 * of the file structure" (Corbet), and under the fmode_t API open(),
 * release() and ioctl() have no struct file at all: a statement whose
 * only effect is a write to the file goes with the conversion.  That is
 *   FILE->A[.B|->B...] OP= PURE;   FILE->A...++;   *P OP= PURE;
 * with P a local "T *P = &FILE->A...;" used only by such writes (it goes
 * too), or "if (PURE) WRITE" / "if (PURE) { WRITE }" around one.  PURE
 * calls nothing and assigns nothing, so dropping it changes no other
 * state.  Each statement must have its lines to itself (they are dropped
 * whole).  Anything else that touches the file stays, and the conversion
 * then says the file is still needed.
 */
#include <stdlib.h>
#include <string.h>
#include "fix.h"

static const char *const assign_ops[] = { "=", "|=", "&=", "^=", "+=", "-=", "*=", "/=",
					  "%=", "<<=", ">>=", NULL };

static int one_of(const struct src *s, int i, const char *const *v)
{
	for (; *v; v++)
		if (is(s, i, *v))
			return 1;
	return 0;
}

/* Tokens [a, b) call nothing and change nothing. */
static int pure(const struct src *s, int a, int b)
{
	static const char *const incdec[] = { "++", "--", NULL };

	for (int i = a; i < b; i++) {
		if (one_of(s, i, assign_ops) || one_of(s, i, incdec))
			return 0;
		if (s->t[i].kind == T_ID && is(s, i + 1, "(") && !is(s, i, "sizeof"))
			return 0;
	}
	return a < b;
}

/* FILE->A[.B|->B...] at i: the token after it, or -1. */
static int file_member(const struct src *s, int i, const char *file)
{
	if (!name_is(s, i, file) || !is(s, i + 1, "->") || s->t[i + 2].kind != T_ID)
		return -1;
	for (i += 3; (is(s, i, ".") || is(s, i, "->")) && s->t[i + 1].kind == T_ID; i += 2)
		;
	return i;
}

static int is_ptr(const struct src *s, int i, char *const *ptrs, int nptrs)
{
	for (int k = 0; k < nptrs; k++)
		if (name_is(s, i, ptrs[k]))
			return 1;
	return 0;
}

/* Do tokens first..last have their lines to themselves? */
static int own_lines(const struct src *s, int first, int last)
{
	int p = s->t[first].start, q = s->t[last].end;

	while (p > 0 && s->text[p - 1] != '\n')
		if (!strchr(" \t", s->text[--p]))
			return 0;
	while (q < s->len && s->text[q] != '\n')
		if (!strchr(" \t", s->text[q++]))
			return 0;
	return 1;
}

/* One write statement at i: its ';', or -1. */
static int write_at(const struct src *s, int i, const char *file, char *const *ptrs,
		    int nptrs)
{
	int k, e;

	if (is(s, i, "*") && is_ptr(s, i + 1, ptrs, nptrs))
		k = i + 2;
	else if ((k = file_member(s, i, file)) < 0)
		return -1;
	if ((is(s, k, "++") || is(s, k, "--")) && is(s, k + 1, ";"))
		return k + 1;
	if (!one_of(s, k, assign_ops))
		return -1;
	for (e = k + 1; e < s->n && !is(s, e, ";"); e++)
		if (s->t[e].match > e)
			e = s->t[e].match;
	return e < s->n && pure(s, k + 1, e) ? e : -1;
}

int file_write_stmt(const struct src *s, int i, const char *file, char *const *ptrs, int nptrs)
{
	int e = -1, body;

	if (!file || !(is(s, i - 1, ";") || is(s, i - 1, "{") || is(s, i - 1, "}")))
		return -1;
	if (is(s, i, "if") && is(s, i + 1, "(") && pure(s, i + 2, s->t[i + 1].match)) {
		body = s->t[i + 1].match + 1;
		if (is(s, body, "{") && (e = write_at(s, body + 1, file, ptrs, nptrs)) > 0 &&
		    s->t[body].match == e + 1)
			e = e + 1;
		else
			e = write_at(s, body, file, ptrs, nptrs);
		if (e > 0 && is(s, e + 1, "else"))
			e = -1;
	} else {
		e = write_at(s, i, file, ptrs, nptrs);
	}
	return e > 0 && own_lines(s, i, e) ? e : -1;
}

/* "T *P = &FILE->A...;" at i (a statement start): the token of P, or -1. */
static int ptr_decl(const struct src *s, int i, const char *file, int *semi)
{
	int k = i, p;

	if (!(is(s, i - 1, ";") || is(s, i - 1, "{")))
		return -1;
	while (s->t[k].kind == T_ID)
		k++;
	if (k == i || !is(s, k, "*") || s->t[k + 1].kind != T_ID || !is(s, k + 2, "=") ||
	    !is(s, k + 3, "&"))
		return -1;
	p = k + 1;
	k = file_member(s, k + 4, file);
	if (k < 0 || !is(s, k, ";") || !own_lines(s, i, k))
		return -1;
	*semi = k;
	return p;
}

int file_ptr_decl(const struct src *s, int i, const char *file, char *const *ptrs, int nptrs)
{
	int semi, p = file ? ptr_decl(s, i, file, &semi) : -1;

	return p >= 0 && is_ptr(s, p, ptrs, nptrs) ? semi : -1;
}

/* Is every use of the local at p in (p, hi) inside a write statement? */
static int write_only(const struct src *s, int p, int hi, const char *file, char **ptrs,
		      int nptrs)
{
	char *name = tok_str(s, p);
	int ok = 1, cover = -1;

	for (int i = p + 1; i < hi && ok; i++) {
		int e = file_write_stmt(s, i, file, ptrs, nptrs);

		if (e > cover)
			cover = e;
		if (name_is(s, i, name) && i > cover)
			ok = 0;
	}
	free(name);
	return ok;
}

int file_ptrs(const struct src *s, int lo, int hi, const char *file, char **ptrs, int max)
{
	int n = 0, semi, p, at[16], changed = 1;

	for (int i = lo; i < hi && n < max && n < 16 && file; i++)
		if ((p = ptr_decl(s, i, file, &semi)) >= 0) {
			at[n] = p;
			ptrs[n++] = tok_str(s, p);
		}
	/* drop the pointers used for anything else, until none is */
	while (changed) {
		changed = 0;
		for (int k = 0; k < n && !changed; k++) {
			if (write_only(s, at[k], hi, file, ptrs, n))
				continue;
			free(ptrs[k]);
			ptrs[k] = ptrs[--n];
			at[k] = at[n];
			changed = 1;
		}
	}
	return n;
}
