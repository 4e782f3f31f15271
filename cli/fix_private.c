// SPDX-License-Identifier: GPL-2.0
/*
 * fix_private.c - what an old open() keeps in file->private_data, for the
 * prototype conversion: the fmode_t methods get no struct file, so a value
 * open() leaves there has to come from somewhere else.
 *
 * Two uses are mechanical:
 * - the disk's own private_data (open() copies
 *   inode->i_bdev->bd_disk->private_data into the file so that the other
 *   methods find their device): they read it from the bdev or disk they
 *   are given, and the copy in open() goes;
 * - floppy's "may this opener do write ioctls" flag: constants stored
 *   when f_mode has FMODE_WRITE or file_permission(MAY_WRITE) allows it,
 *   directly or through a helper.  The fmode_t API has that as
 *   FMODE_WRITE_IOCTL ("Just saving ->f_flags & 2 in ->f_mode is
 *   enough", the RFC): the stores go, the tests become
 *   mode & (FMODE_WRITE | FMODE_WRITE_IOCTL), as 2.6.28's floppy did.
 * Any other value (per-open state) is a design decision and makes the
 * conversion stop with the reason.
 */
#include <stdlib.h>
#include <string.h>
#include "fix.h"

/* "struct file *A = FILE;" at i: the token of A, else -1. */
int file_alias_at(const struct src *s, int i, const char *file)
{
	if (is(s, i, "struct") && is(s, i + 1, "file") && is(s, i + 2, "*") &&
	    s->t[i + 3].kind == T_ID && is(s, i + 4, "=") && name_is(s, i + 5, file) &&
	    is(s, i + 6, ";"))
		return i + 3;
	return -1;
}

/* Is local V declared in [lo, hi) as "... *V = INODE->i_bdev->bd_disk->private_data;"? */
static int from_disk(const struct src *s, int lo, int hi, int v, const char *inode)
{
	static const char *const path[] = { "->", "i_bdev", "->", "bd_disk", "->",
					    "private_data", ";", NULL };

	for (int i = lo; i + 3 < hi; i++) {
		if (!is(s, i, "*") || s->t[i + 1].kind != T_ID || !is(s, i + 2, "=") ||
		    !name_is(s, i + 3, inode) || seq(s, i + 4, path) < 0)
			continue;
		if (s->t[i + 1].end - s->t[i + 1].start == s->t[v].end - s->t[v].start &&
		    !strncmp(s->text + s->t[i + 1].start, s->text + s->t[v].start,
			     s->t[v].end - s->t[v].start))
			return 1;
	}
	return 0;
}

static int end_of_stmt(const struct src *s, int i, int hi)
{
	while (i < hi && !is(s, i, ";")) {
		if (s->t[i].match > i)
			i = s->t[i].match;
		i++;
	}
	return i;
}

/* A constant flag value: (void *)8, NULL, 0, c ? (void *)8 : NULL with c
 * the name 'param' (a helper's argument). */
static int perm_value(const struct src *s, int a, int b, const char *param)
{
	for (int i = a; i < b; i++)
		if (!(s->t[i].kind == T_NUM || s->t[i].kind == T_PUNCT || is(s, i, "void") ||
		      is(s, i, "NULL") || name_is(s, i, param)) || is(s, i, "="))
			return 0;
	return b > a;
}

/* A condition on the opener's write permission only. */
int perm_cond(const struct src *s, int a, int b, const char *file)
{
	for (int i = a; i < b; i++) {
		if (s->t[i].kind == T_STR || is(s, i, "=") || is(s, i, "++") || is(s, i, "--"))
			return 0;
		if (s->t[i].kind != T_ID || name_is(s, i, file) || is(s, i, "f_mode") ||
		    is(s, i, "file_permission") || is(s, i, "MAY_WRITE") ||
		    !strncmp(s->text + s->t[i].start, "FMODE_", 6))
			continue;
		return 0;
	}
	return 1;
}

/* A helper whose body is only "P->private_data = VALUE;", P its first
 * parameter (a struct file *), VALUE a flag from its second. */
int perm_helper(const struct src *s, const char *name)
{
	struct func def;
	int lp, i;
	char *p = NULL, *q = NULL;
	int ok;

	if (find_funcs(s, name, &def, 1, 1) != 1)
		return 0;
	lp = def.lparen;
	if (!is(s, lp + 1, "struct") || !is(s, lp + 2, "file") || !is(s, lp + 3, "*") ||
	    s->t[lp + 4].kind != T_ID || !is(s, lp + 5, ","))
		return 0;
	for (i = lp + 6; i < def.rparen && s->t[i + 1].kind == T_ID; i++)
		;
	if (s->t[i].kind != T_ID || !is(s, i + 1, ")"))
		return 0;
	p = tok_str(s, lp + 4);
	q = tok_str(s, i);
	i = def.lbrace + 1;
	ok = name_is(s, i, p) && is(s, i + 1, "->") && is(s, i + 2, "private_data") &&
	     is(s, i + 3, "=") && end_of_stmt(s, i, def.rbrace) + 1 == def.rbrace &&
	     perm_value(s, i + 4, def.rbrace - 1, q);
	free(p);
	free(q);
	return ok;
}

/* "if (COND) FILE->private_data = V;" with the store at i: the 'if'. */
int perm_if(const struct src *s, int i, const char *file)
{
	int rp = i - 1, lp = s->t[rp].match;

	if (!is(s, rp, ")") || lp < 1 || !is(s, lp - 1, "if") ||
	    !perm_cond(s, lp + 1, rp, file))
		return -1;
	return lp - 1;
}

enum pd_kind private_data_use(const struct src *s, const struct func *open, const char *file,
			      const char *inode, char **alias)
{
	int i, a, e, disk = 0, perm = 0;

	*alias = NULL;
	for (i = open->lbrace; i < open->rbrace; i++)
		if ((a = file_alias_at(s, i, file)) >= 0 && !*alias)
			*alias = tok_str(s, a);
	for (i = open->lbrace; i < open->rbrace; i++) {
		char *callee;

		if (s->t[i].kind == T_ID && is(s, i + 1, "(") && name_is(s, i + 2, file) &&
		    (is(s, i - 1, ";") || is(s, i - 1, "{") || is(s, i - 1, "}"))) {
			/* H(file, COND); with H a flag-storing helper */
			callee = tok_str(s, i);
			e = s->t[i + 1].match;
			if (perm_helper(s, callee) && is(s, e + 1, ";") &&
			    perm_cond(s, i + 3, e, file))
				perm++;
			free(callee);
			continue;
		}
		if (!(name_is(s, i, file) || name_is(s, i, *alias)) || !is(s, i + 1, "->") ||
		    !is(s, i + 2, "private_data") || !is(s, i + 3, "="))
			continue;
		e = end_of_stmt(s, i, open->rbrace);
		if (s->t[i + 4].kind == T_ID && e == i + 5 &&
		    from_disk(s, open->lbrace, open->rbrace, i + 4, inode))
			disk++;
		else if (perm_value(s, i + 4, e, NULL) && !is(s, e + 1, "else") &&
			 (is(s, i - 1, ";") || is(s, i - 1, "{") || is(s, i - 1, "}") ||
			  perm_if(s, i, file) >= 0))
			perm++;
		else
			return PD_OTHER;
	}
	if (disk && perm)
		return PD_OTHER;
	return disk ? PD_DISK : perm ? PD_PERM : PD_NONE;
}
