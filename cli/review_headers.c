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
 * A header is also found under the paths the tree's symlinks give it (a
 * link to the header, or a link to a directory above it, such as an
 * include/asm link to an architecture's directory): the includers of
 * those names count too.  A header the change deletes or renames away is
 * reviewed through the .c files that included it in the tree before the
 * change: they find another header now (one further down the include
 * path), or none.
 *
 * A header included by many files is checked through the --includers
 * nearest ones (default 16; 0: all), nearest meaning the longest directory
 * prefix shared with the header; the review says how many it left out.
 */
#include <errno.h>
#include <limits.h>
#include <unistd.h>
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
	const char *rev;		/* the tree: NULL worktree, "" index, commit */
	int loaded;
	struct buf grep;		/* git grep's output, edges point into it */
	struct edge *e;
	int n, cap;
	char **files;			/* the tree's files, sorted; NULL: stat */
	int nfiles;
	struct buf list;		/* git ls-files' output */
	struct lines link, target;	/* the tree's symlinks, their targets
					 * (repo-relative, resolved) */
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

/* A symlink's target as a repo-relative path (its directory joined
 * with a relative target, "." and ".." resolved), or NULL if it leaves
 * the tree. */
static char *link_target(const struct review *rv, const char *link, const char *target)
{
	char path[PATH_MAX * 3], abs[PATH_MAX * 2];
	const char *slash = strrchr(link, '/');
	size_t tl = strlen(rv->top);

	if (target[0] == '/')
		snprintf(path, sizeof(path), "%s", target);
	else
		snprintf(path, sizeof(path), "%s/%.*s%s%s", rv->top, slash ? (int)(slash - link) : 0,
			 link, slash ? "/" : "", target);
	bd_abspath(path, abs, sizeof(abs));
	if (strncmp(abs, rv->top, tl) || abs[tl] != '/')
		return NULL;
	return bd_xstrdup(abs + tl + 1);
}

/* A symlink's text: from the worktree, or its blob in the index or a
 * commit. */
static void add_link(struct incs *ic, const char *rev, const char *path, const char *sha)
{
	char buf[PATH_MAX], full[PATH_MAX * 2], *t;
	struct buf b = { 0 };
	const char *v[] = { "cat-file", "blob", sha, NULL };
	ssize_t n;

	if (ic->link.n >= 4096)
		return;
	if (!rev) {
		snprintf(full, sizeof(full), "%s/%s", ic->rv->top, path);
		n = readlink(full, buf, sizeof(buf) - 1);
		if (n <= 0)
			return;
		buf[n] = 0;
	} else {
		if (git_argv(&b, 1, v) || !b.s || b.n >= sizeof(buf)) {
			free(b.s);
			return;
		}
		snprintf(buf, sizeof(buf), "%s", b.s);
		free(b.s);
	}
	t = link_target(ic->rv, path, buf);
	if (!t)
		return;
	lines_add(&ic->link, path, strlen(path));
	lines_add(&ic->target, t, strlen(t));
	free(t);
}

/* The tree's paths (and its symlinks): "git ls-files -s -z" records are
 * "MODE SHA STAGE\tPATH", "git ls-tree -r -z REV" ones "MODE TYPE SHA\tPATH". */
static void read_files(struct incs *ic, const char *rev)
{
	const char *ls[] = { "ls-files", "-s", "-z", NULL };
	const char *cached[] = { "ls-files", "-s", "-z", "--cached", NULL };
	const char *tree[] = { "ls-tree", "-r", "-z", rev, NULL };
	int cap = 0;

	if (!ic->rv->in_git)
		return;
	if (git_argv(&ic->list, 1, rev && *rev ? tree : rev ? cached : ls) || !ic->list.s)
		return;
	for (size_t p = 0; p < ic->list.n; p += strlen(ic->list.s + p) + 1) {
		char *rec = ic->list.s + p, *tab = strchr(rec, '\t'), sha[80] = "";

		if (!tab)
			continue;
		*tab = 0;
		BD_GROW(ic->files, ic->nfiles, cap);
		ic->files[ic->nfiles++] = tab + 1;
		if (strncmp(rec, "120000 ", 7))
			continue;
		if (rev && *rev)
			sscanf(rec, "%*s %*s %79s", sha);
		else
			sscanf(rec, "%*s %79s", sha);
		add_link(ic, rev, tab + 1, sha);
		/* the record's text is no longer needed past its path */
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

/* The .c files that include one of the names (a header and the paths
 * symlinks give it), directly or through other headers. */
static void includers(struct incs *ic, const struct lines *names_of, struct lines *out,
		      struct chains *ch, int *not_built)
{
	struct edge key = { 0 };

	for (int k = 0; k < names_of->n; k++) {
		lines_add(&ch->todo, names_of->v[k], strlen(names_of->v[k]));
		BD_GROW(ch->next, k, ch->cap_next);
		ch->next[k] = -1;
	}
	for (int t = 0; t < ch->todo.n; t++) {
		const char *h = ch->todo.v[t];
		struct edge *e;
		int in_ccdb;

		key.base = strrchr(h, '/') ? strrchr(h, '/') + 1 : h;
		e = ic->n ? bsearch(&key, ic->e, ic->n, sizeof(*ic->e), cmp_base) : NULL;
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

/* The header's names: itself, and what each symlink of the tree that
 * reaches it (a link to the header, or to a directory above it) makes of
 * it, links of links included.  The links are recorded (rv->links) so
 * that the scratch trees copy them. */
static void aliases(struct incs *ic, const char *header, struct lines *out)
{
	lines_add(out, header, strlen(header));
	for (int k = 0; k < out->n && out->n < 64; k++) {
		for (int i = 0; i < ic->link.n; i++) {
			const char *t = ic->target.v[i], *h = out->v[k];
			size_t n = strlen(t);
			struct buf a = { 0 };

			if (strncmp(h, t, n) || (h[n] && h[n] != '/'))
				continue;
			buf_printf(&a, "%s%s", ic->link.v[i], h + n);
			if (!lines_has(out, a.s))
				lines_add(out, a.s, a.n);
			if (!lines_has(&ic->rv->links, ic->link.v[i]))
				lines_add(&ic->rv->links, ic->link.v[i], strlen(ic->link.v[i]));
			free(a.s);
		}
	}
}

/* Check the header through (at most max of) its includers, with the
 * headers between them materialised too, so that the scratch tree's new
 * or old header is the one their includes find. */
static void add_for(struct incs *ic, const char *header, int max)
{
	struct review *rv = ic->rv;
	struct chains ch = { 0 };
	struct lines inc = { 0 }, all = { 0 };
	struct buf list = { 0 };
	int not_built = 0, n, *order;

	if (!ic->loaded) {
		read_files(ic, ic->rev);
		read_edges(ic, ic->rev);
		ic->loaded = 1;
	}
	aliases(ic, header, &all);
	includers(ic, &all, &inc, &ch, &not_built);
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
		for (int k = ch.via[order[i]]; k >= all.n; k = ch.next[k])
			if (!changed(rv, ch.todo.v[k]))
				file_for(rv, bd_xstrdup(ch.todo.v[k]), bd_xstrdup(ch.todo.v[k]))->via =
					header;
	}
	fprintf(stderr, "bdops review: %s: checked through %s\n", header, list.s);
	free(list.s);
	free(order);
out:
	lines_free(&inc);
	lines_free(&all);
	lines_free(&ch.todo);
	free(ch.next);
	free(ch.via);
}

static void incs_free(struct incs *ic)
{
	free(ic->e);
	free(ic->files);
	free(ic->grep.s);
	free(ic->list.s);
	lines_free(&ic->link);
	lines_free(&ic->target);
}

void review_add_includers(struct review *rv, const char *old_rev, const char *new_rev)
{
	struct incs now = { .rv = rv, .rev = new_rev }, before = { .rv = rv, .rev = old_rev };
	int nfiles = rv->nfiles, max = rv->d->includers < 0 ? DEFAULT_INCLUDERS :
		     rv->d->includers;

	for (int i = 0; i < nfiles; i++) {
		/* the names outlive file_for() moving the array */
		const char *h = rv->files[i].new, *o = rv->files[i].old;

		if (is_header(h))
			add_for(&now, h, max);
		/* a header deleted or renamed away: the files that found it
		 * find another one now, or none */
		if (is_header(o) && (!h || strcmp(o, h)))
			add_for(&before, o, max);
	}
	incs_free(&now);
	incs_free(&before);
}
