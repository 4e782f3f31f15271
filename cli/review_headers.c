// SPDX-License-Identifier: GPL-2.0
/*
 * review_headers.c - a changed header is reviewed through the .c files
 * that include it, so a bug added only in a driver-local header's static
 * inline blocks the commit like one added in the .c file.
 *
 * The include lines of the tree come from one "git grep -z" (the index for
 * --staged, the commit for a range, the working tree otherwise; "git grep
 * --no-index" outside a checkout).  From the header, its includers are
 * followed back through other headers to the .c files.  An include line
 * names the header when
 *   - #include "name" and the including file's directory holds name:
 *     that file and no other, as the compiler takes it;
 *   - else, for a .c file of compile_commands.json, when the entry's
 *     include paths (-iquote for "name", then -I, -isystem, -idirafter)
 *     find name there first;
 *   - else (a header, or no compilation database) when the header's path
 *     ends in /name, as some -I directory of the tree would find it.
 * With a compilation database only its .c files count: the others are not
 * built in this configuration.  Includes spelled with macros, and headers
 * a command line forces in (-include), are not followed.
 *
 * A header included by many files is checked through the --includers
 * nearest ones (default 16; 0: all), nearest meaning the longest directory
 * prefix shared with the header; the review says how many it left out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "review.h"

#define DEFAULT_INCLUDERS 16

struct edge {
	const char *from;		/* the including file (repo-relative) */
	const char *name;		/* what it includes, as spelled */
	const char *base;		/* name's last component */
	int quoted;			/* "name", not <name> */
};

struct incs {
	struct review *rv;
	struct buf grep;		/* git grep's output, edges point into it */
	struct edge *e;
	int n, cap;
	char **files;			/* the tree's files, sorted; NULL: stat */
	int nfiles;
	struct buf list;		/* git ls-files' output */
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_base(const void *a, const void *b)
{
	return strcmp(((const struct edge *)a)->base, ((const struct edge *)b)->base);
}

static int is_header(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	return n > 2 && !strcmp(path + n - 2, ".h");
}

/* ---- the tree at the revision ---- */

static const char *rev_arg(const char *rev)
{
	return rev && !*rev ? "--cached" : rev;
}

static void read_files(struct incs *ic, const char *rev)
{
	const char *ls[] = { "ls-files", "-z", NULL };
	const char *tree[] = { "ls-tree", "-r", "-z", "--name-only", rev, NULL };
	int cap = 0;

	if (!ic->rv->in_git)
		return;
	if (git_argv(&ic->list, 1, rev && *rev ? tree : ls) || !ic->list.s)
		return;
	for (size_t p = 0; p < ic->list.n; p += strlen(ic->list.s + p) + 1) {
		BD_GROW(ic->files, ic->nfiles, cap);
		ic->files[ic->nfiles++] = ic->list.s + p;
	}
	if (ic->nfiles > 1)
		qsort(ic->files, ic->nfiles, sizeof(*ic->files), cmp_str);
}

static int exists(const struct incs *ic, const char *rel)
{
	char path[PATH_MAX * 2];
	struct stat st;

	if (ic->files)
		return bsearch(&rel, ic->files, ic->nfiles, sizeof(*ic->files), cmp_str) != NULL;
	snprintf(path, sizeof(path), "%s/%s", ic->rv->top, rel);
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* "path\0text\n" records of git grep -z: one edge per include line. */
static void read_edges(struct incs *ic, const char *rev)
{
	const char *v[16];
	char *p, *end;
	size_t skip = rev && *rev ? strlen(rev) + 1 : 0;	/* "REV:" */
	int n = 0;

	v[n++] = "grep";
	if (!ic->rv->in_git)
		v[n++] = "--no-index";
	v[n++] = "-z";
	v[n++] = "-I";
	v[n++] = "-E";
	v[n++] = "-e";
	v[n++] = "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"][^>\"]+[>\"]";
	if (rev)
		v[n++] = rev_arg(rev);
	v[n++] = "--";
	v[n++] = "*.c";
	v[n++] = "*.h";
	v[n] = NULL;
	git_argv(&ic->grep, 1, v);	/* 1: no include line anywhere */
	p = ic->grep.s;
	end = p ? p + ic->grep.n : NULL;
	while (p && p < end) {
		char *path = p, *text = p + strlen(p) + 1, *eol, *q, close;
		struct edge *e;

		if (text >= end)
			break;
		eol = memchr(text, '\n', end - text);
		if (!eol)
			eol = end;
		*eol = 0;
		p = eol + 1;
		q = strstr(text, "include") + 7;
		while (*q == ' ' || *q == '\t')
			q++;
		close = *q == '<' ? '>' : '"';
		if (!strchr(q + 1, close) || strlen(path) <= skip)
			continue;
		*strchr(q + 1, close) = 0;
		BD_GROW(ic->e, ic->n, ic->cap);
		e = &ic->e[ic->n++];
		e->from = path + skip;
		e->name = q + 1;
		e->base = strrchr(e->name, '/') ? strrchr(e->name, '/') + 1 : e->name;
		e->quoted = close == '"';
	}
	if (ic->n > 1)
		qsort(ic->e, ic->n, sizeof(*ic->e), cmp_base);
}

/* ---- does an include line name the header? ---- */

/* dir/name as a repo-relative path into out; 0 if it lies in the tree. */
static int join(const struct incs *ic, const char *dir, const char *name, char *out,
		size_t len)
{
	char path[PATH_MAX * 3], abs[PATH_MAX * 2];
	size_t tl = strlen(ic->rv->top);

	if (dir[0] == '/')
		snprintf(path, sizeof(path), "%s/%s", dir, name);
	else
		snprintf(path, sizeof(path), "%s/%s/%s", ic->rv->top, dir, name);
	bd_abspath(path, abs, sizeof(abs));
	if (strncmp(abs, ic->rv->top, tl) || abs[tl] != '/')
		return -1;
	snprintf(out, len, "%s", abs + tl + 1);
	return 0;
}

static int ends_with_path(const char *path, const char *name)
{
	size_t n = strlen(path), k = strlen(name);

	return n == k ? !strcmp(path, name) :
	       n > k && path[n - k - 1] == '/' && !strcmp(path + n - k, name);
}

/* What the include paths of a .c file's entry find first; 1 if header. */
static int by_flags(const struct incs *ic, const struct edge *e, const struct lines *fl,
		    const char *header)
{
	static const char *const order[] = { "-iquote", "-I", "-isystem", "-idirafter" };
	char rel[PATH_MAX * 2], abs[PATH_MAX * 3];
	struct stat st;

	for (size_t k = !e->quoted; k < sizeof(order) / sizeof(order[0]); k++) {
		for (int i = 0; i + 1 < fl->n; i++) {
			if (strcmp(fl->v[i], order[k]))
				continue;
			if (!join(ic, fl->v[i + 1], e->name, rel, sizeof(rel))) {
				if (exists(ic, rel))
					return !strcmp(rel, header);
			} else {
				snprintf(abs, sizeof(abs), "%s/%s", fl->v[i + 1], e->name);
				if (!stat(abs, &st))
					return 0;	/* a system header first */
			}
		}
	}
	return 0;
}

static int names(struct incs *ic, const struct edge *e, const char *header, int *in_ccdb)
{
	char dir[PATH_MAX], rel[PATH_MAX * 2];
	const char *slash = strrchr(e->from, '/');
	struct lines fl = { 0 };
	int entry = ic->rv->ccdb && is_c(e->from), yes;

	*in_ccdb = 1;
	/* with a compilation database, a .c file it lacks is not built */
	if (entry && ccdb_flags(ic->rv, e->from, &fl)) {
		*in_ccdb = 0;
		return 0;
	}
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - e->from) : 1,
		 slash ? e->from : ".");
	if (e->quoted && !join(ic, dir, e->name, rel, sizeof(rel)) && exists(ic, rel))
		yes = !strcmp(rel, header);
	else if (entry)
		yes = by_flags(ic, e, &fl, header);
	else
		yes = ends_with_path(header, e->name);
	lines_free(&fl);
	return yes;
}

/* ---- from the header back to the .c files ---- */

/* Headers on the way from the .c files to the header: todo.v[0] is the
 * header, next[i] the one todo.v[i] includes; each .c file of out came
 * through todo.v[via[k]]. */
struct chains {
	struct lines todo;
	int *next, cap_next;
	int *via, cap_via;
};

static int node_of(const struct lines *l, const char *s)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return i;
	return -1;
}

/* The .c files that include header, directly or through other headers. */
static void includers(struct incs *ic, const char *header, struct lines *out,
		      struct chains *ch, int *not_built)
{
	struct edge key = { 0 };

	lines_add(&ch->todo, header, strlen(header));
	BD_GROW(ch->next, 0, ch->cap_next);
	ch->next[0] = -1;
	for (int t = 0; t < ch->todo.n; t++) {
		const char *h = ch->todo.v[t];
		struct edge *e;
		int in_ccdb;

		key.base = strrchr(h, '/') ? strrchr(h, '/') + 1 : h;
		e = bsearch(&key, ic->e, ic->n, sizeof(*ic->e), cmp_base);
		if (!e)
			continue;
		while (e > ic->e && !strcmp(e[-1].base, key.base))
			e--;
		for (; e < ic->e + ic->n && !strcmp(e->base, key.base); e++) {
			int c = is_c(e->from);
			struct lines *to = c ? out : &ch->todo;

			if (node_of(to, e->from) >= 0 || !names(ic, e, h, &in_ccdb)) {
				*not_built += !in_ccdb && node_of(out, e->from) < 0;
				continue;
			}
			if (c) {
				BD_GROW(ch->via, out->n, ch->cap_via);
				ch->via[out->n] = t;
			} else {
				BD_GROW(ch->next, ch->todo.n, ch->cap_next);
				ch->next[ch->todo.n] = t;
			}
			lines_add(to, e->from, strlen(e->from));
		}
	}
}

static const char *near_header;
static char **near_names;

static size_t shared_dir(const char *a, const char *b)
{
	size_t k = 0, i = 0;

	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			k = i + 1;
	return k;
}

static int by_nearness(const void *x, const void *y)
{
	const char *a = near_names[*(const int *)x], *b = near_names[*(const int *)y];
	size_t ka = shared_dir(a, near_header), kb = shared_dir(b, near_header);

	if (ka != kb)
		return ka > kb ? -1 : 1;
	return strcmp(a, b);
}

static int changed(const struct review *rv, const char *path)
{
	for (int i = 0; i < rv->nfiles; i++)
		if (rv->files[i].new && !strcmp(rv->files[i].new, path))
			return 1;
	return 0;
}

/* Check the header through (at most max of) its includers, with the
 * headers between them materialised too, so that the scratch tree's new
 * or old header is the one their includes find. */
static void add_for(struct incs *ic, const char *header, int max)
{
	struct review *rv = ic->rv;
	struct chains ch = { 0 };
	struct lines inc = { 0 };
	struct buf list = { 0 };
	int not_built = 0, n, *order;

	includers(ic, header, &inc, &ch, &not_built);
	if (!inc.n) {
		if (not_built)
			fprintf(stderr, "bdops review: skipped %s: no .c file of "
				"compile_commands.json includes it (%d other%s do)\n", header,
				not_built, not_built == 1 ? "" : "s");
		else
			fprintf(stderr, "bdops review: skipped %s: no .c file %s includes it\n",
				header, rv->ccdb ? "of compile_commands.json" : "of the tree");
		goto out;
	}
	order = bd_xcalloc(inc.n, sizeof(*order));
	for (int i = 0; i < inc.n; i++)
		order[i] = i;
	near_header = header;
	near_names = inc.v;
	qsort(order, inc.n, sizeof(*order), by_nearness);
	n = max && inc.n > max ? max : inc.n;
	if (n < inc.n)
		fprintf(stderr, "bdops review: %s is included by %d .c files; checking it "
			"through the %d nearest (--includers N for more, 0 for all)\n", header,
			inc.n, n);
	for (int i = 0; i < n; i++) {
		const char *c = inc.v[order[i]];

		buf_printf(&list, "%s%s", i ? ", " : "", c);
		/* a .c changed too is checked as such, the header with it */
		if (!changed(rv, c))
			file_for(rv, bd_xstrdup(c), bd_xstrdup(c))->via = header;
		for (int k = ch.via[order[i]]; k > 0; k = ch.next[k])
			if (!changed(rv, ch.todo.v[k]))
				file_for(rv, bd_xstrdup(ch.todo.v[k]), bd_xstrdup(ch.todo.v[k]))->via =
					header;
	}
	fprintf(stderr, "bdops review: %s: checked through %s\n", header, list.s);
	free(list.s);
	free(order);
out:
	lines_free(&inc);
	lines_free(&ch.todo);
	free(ch.next);
	free(ch.via);
}

void review_add_includers(struct review *rv, const char *rev)
{
	struct incs ic = { .rv = rv };
	int nheaders = rv->nfiles, loaded = 0;

	for (int i = 0; i < nheaders; i++) {
		const char *h = rv->files[i].new;

		if (!is_header(h))
			continue;
		if (!loaded) {
			read_files(&ic, rev);
			read_edges(&ic, rev);
			loaded = 1;
		}
		add_for(&ic, h, rv->d->includers < 0 ? DEFAULT_INCLUDERS : rv->d->includers);
	}
	free(ic.e);
	free(ic.files);
	free(ic.grep.s);
	free(ic.list.s);
}
