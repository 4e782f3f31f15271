// SPDX-License-Identifier: GPL-2.0
/*
 * review_git.c - the files a revision range or the index changes, as git
 * says them: "git diff --raw -z" (status, modes, paths NUL-separated, so a
 * name with a tab, a quote or non-ASCII bytes is read as it is) and
 * "git diff --numstat -z" (which of them are binary), both in the same
 * order.  Each file then gets its '+' and '-' lines from a diff of that
 * file alone, named with --literal-pathspecs.
 *
 *	:100644 100644 <old sha> <new sha> M\0drivers/block/wf.c\0
 *	:100644 100644 <old sha> <new sha> R100\0old.c\0new.c\0
 *	3\t1\tdrivers/block/wf.c\0	-\t-\tlogo.png\0	0\t0\t\0old.c\0new.c\0
 *
 * What holds no code to check is skipped with a line saying so: another
 * file's binary change, rename or copy without changes, or type change
 * (a file became a symlink); a mode change alone; a submodule.  A .c or
 * .h file is never skipped for being binary, renamed or a symlink.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "review.h"

struct change {
	char status;			/* A C D M R T U X */
	int similarity;			/* R and C: 0..100 */
	char *old_mode, *new_mode;
	int same_blob;			/* old and new content are one blob */
	char *from, *to;		/* to: R and C only */
	int binary;
};

/* The arguments selecting the two sides: [--cached] [a] [b] (no a: an
 * unborn branch, whose index git compares with the empty tree). */
static int side_args(const char **v, int n, const char *a, const char *b)
{
	if (b && !*b)
		v[n++] = "--cached";
	if (a)
		v[n++] = a;
	if (b && *b)
		v[n++] = b;
	return n;
}

/* "git diff" as git itself sees the change: renames found, paths from
 * the top, no external diff or text conversion. */
static int diff_cmd(const char **v, int n, const char *a, const char *b)
{
	v[n++] = "diff";
	v[n++] = "-M";
	v[n++] = "--no-relative";
	v[n++] = "--no-ext-diff";
	v[n++] = "--no-textconv";
	return side_args(v, n, a, b);
}

static int diff_z(struct buf *out, const char *what, const char *a, const char *b)
{
	const char *v[16];
	int n = diff_cmd(v, 0, a, b);

	v[n++] = what;
	v[n++] = "-z";
	v[n++] = "--no-abbrev";
	v[n] = NULL;
	return git_argv(out, 0, v);
}

/* The next NUL-terminated field at *p, or NULL at the end. */
static char *field(const struct buf *b, size_t *p)
{
	char *s;

	if (!b->s || *p >= b->n)
		return NULL;
	s = b->s + *p;
	*p += strlen(s) + 1;
	return s;
}

static int parse_raw(const struct buf *b, struct change **out)
{
	struct change *v = NULL;
	int n = 0, cap = 0;
	size_t p = 0;
	char *rec;

	while ((rec = field(b, &p))) {
		char om[16], nm[16], os[80], ns[80], st[16];
		const char *from;
		struct change *c;

		if (rec[0] != ':' || sscanf(rec, ":%15s %15s %79s %79s %15s", om, nm, os, ns,
					    st) != 5)
			continue;
		BD_GROW(v, n, cap);
		c = &v[n++];
		memset(c, 0, sizeof(*c));
		c->status = st[0];
		c->similarity = atoi(st + 1);
		c->old_mode = bd_xstrdup(om);
		c->new_mode = bd_xstrdup(nm);
		c->same_blob = !strcmp(os, ns);
		from = field(b, &p);
		c->from = bd_xstrdup(from ? from : "");
		if (c->status == 'R' || c->status == 'C') {
			const char *to = field(b, &p);

			c->to = bd_xstrdup(to ? to : "");
		}
	}
	*out = v;
	return n;
}

/* numstat's records come in raw's order: "-\t-\t" marks a binary file. */
static void parse_numstat(const struct buf *b, struct change *v, int n)
{
	size_t p = 0;
	char *rec;

	for (int i = 0; i < n && (rec = field(b, &p)); i++) {
		v[i].binary = !strncmp(rec, "-\t-\t", 4);
		/* a rename's record ends in a tab, its two paths follow */
		if (rec[strlen(rec) - 1] == '\t') {
			field(b, &p);
			field(b, &p);
		}
	}
}

/* Why a change holds nothing to check, or NULL.  A .c or .h file is
 * reviewed whatever git calls it: binary (a "-diff" or "binary"
 * attribute), renamed or copied without changes (a file in another
 * directory finds other headers), a symlink; only a change of its mode
 * alone leaves its text as it was. */
static const char *skip_reason(const struct change *c)
{
	int ch = is_c_or_h(c->from) || is_c_or_h(c->to);

	if (!strcmp(c->old_mode, "160000") || !strcmp(c->new_mode, "160000"))
		return "a submodule";
	if (c->status == 'U')
		return "unmerged";
	if (c->same_blob && strcmp(c->old_mode, c->new_mode) && c->status != 'R' &&
	    c->status != 'C' && c->status != 'T')
		return "a mode change only";
	if (ch)
		return NULL;
	if (c->status == 'T')
		return "a type change (a file and a symlink)";
	if (!strcmp(c->new_mode, "120000") || (c->status == 'D' &&
						 !strcmp(c->old_mode, "120000")))
		return "a symlink";
	if (c->binary)
		return "a binary change";
	if (c->same_blob && c->status == 'R')
		return "renamed without changes";
	if (c->same_blob && c->status == 'C')
		return "copied without changes";
	return NULL;
}

static void free_changes(struct change *v, int n)
{
	for (int i = 0; i < n; i++) {
		free(v[i].old_mode);
		free(v[i].new_mode);
		free(v[i].from);
		free(v[i].to);
	}
	free(v);
}

int review_list_revs(struct review *rv, const char *a, const char *b)
{
	struct buf raw = { 0 }, num = { 0 };
	struct change *v = NULL;
	int n = 0, ret = -1;

	if (diff_z(&raw, "--raw", a, b) || diff_z(&num, "--numstat", a, b)) {
		fprintf(stderr, "bdops review: git diff failed\n");
		goto out;
	}
	n = parse_raw(&raw, &v);
	parse_numstat(&num, v, n);
	for (int i = 0; i < n; i++) {
		struct change *c = &v[i];
		const char *why = skip_reason(c);
		struct tfile *f;

		if (why && c->to)
			fprintf(stderr, "bdops review: skipped %s -> %s: %s\n", c->from, c->to, why);
		else if (why)
			fprintf(stderr, "bdops review: skipped %s: %s\n", c->from, why);
		if (why)
			continue;
		/* a copy leaves its source as it was: the copy is new */
		f = file_for(rv, c->status == 'A' || c->status == 'C' ? NULL : bd_xstrdup(c->from),
			     c->status == 'D' ? NULL : bd_xstrdup(c->to ? c->to : c->from));
		f->link[0] = !strcmp(c->old_mode, "120000");
		f->link[1] = !strcmp(c->new_mode, "120000");
	}
	ret = 0;
out:
	free_changes(v, n);
	free(raw.s);
	free(num.s);
	return ret;
}
