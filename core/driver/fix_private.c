// SPDX-License-Identifier: GPL-2.0
/*
 * fix_private.c - what an old open() keeps in file->private_data, for the
 * prototype conversion: the fmode_t methods get no struct file, so a value
 * open() leaves there has to come from somewhere else.
 *
 * Mechanical only when the value is the disk's own private_data (open()
 * copies inode->i_bdev->bd_disk->private_data into the file so that the
 * other methods find their device): the other methods then read it from
 * the bdev or disk they are given, and the copy in open() goes.  Any
 * other value (a permission flag, per-open state) is a design decision
 * and makes the conversion stop with the reason.
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

enum pd_kind private_data_use(const struct src *s, const struct func *open, const char *file,
			      const char *inode, char **alias)
{
	int i, a, writes = 0;

	*alias = NULL;
	for (i = open->lbrace; i < open->rbrace; i++)
		if ((a = file_alias_at(s, i, file)) >= 0 && !*alias)
			*alias = tok_str(s, a);
	for (i = open->lbrace; i < open->rbrace; i++) {
		if (!(name_is(s, i, file) || name_is(s, i, *alias)) || !is(s, i + 1, "->") ||
		    !is(s, i + 2, "private_data") || !is(s, i + 3, "="))
			continue;
		if (s->t[i + 4].kind != T_ID || !is(s, i + 5, ";") ||
		    !from_disk(s, open->lbrace, open->rbrace, i + 4, inode))
			return PD_OTHER;
		writes++;
	}
	return writes ? PD_DISK : PD_NONE;
}
