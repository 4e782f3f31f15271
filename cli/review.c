// SPDX-License-Identifier: GPL-2.0
/*
 * review.c - "bdops review": the findings a change introduces, and those
 * it removes.
 *
 *	bdops review [--staged]			the staged changes (pre-commit)
 *	bdops review HEAD~3..HEAD		a revision range (A..B, A...B, or
 *						REV against the working tree)
 *	bdops review 0001-fix.patch		a patch (mbox or plain diff), or
 *	git format-patch -1 --stdout | bdops review -
 *
 * Every touched .c file is checked twice with the same frontend and flags:
 * as it was before the change and as it is after.  Both versions are
 * written to a scratch tree (TMP/old/PATH, TMP/new/PATH) holding only the
 * touched files; the include paths of the compile are overlaid so that a
 * touched header is seen in its old or new form and every other header
 * comes from the checkout.  A finding of the new version is "introduced"
 * unless an old finding has the same file, function, check and message
 * with its numbers blanked (the baseline identity of core/suppress.c), so
 * code that merely moved is not new; old findings left unmatched are
 * "removed".
 *
 * Flags: "-- FLAGS" on the command line, else the file's entry in
 * compile_commands.json (--compile-commands FILE, or at the top of the
 * checkout, or in build/), else defaults for the kernel-fixtures layout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "json.h"
#include "review.h"
#include "shape.h"


/* ---- git ---- */

int git_argv(struct buf *out, int quiet, const char *const *argv)
{
	const char *v[32];
	int n = 0;

	v[n++] = "git";
	while (*argv && n < 31)
		v[n++] = *argv++;
	v[n] = NULL;
	return bd_drv_run((char *const *)v, NULL, 0, out, quiet);
}

static int git(struct buf *out, int quiet, const char *a1, const char *a2, const char *a3,
	       const char *a4, const char *a5, const char *a6, const char *a7,
	       const char *a8, const char *a9)
{
	const char *v[] = { a1, a2, a3, a4, a5, a6, a7, a8, a9, NULL };

	return git_argv(out, quiet, v);
}

static void chomp(struct buf *b)
{
	while (b->n && (b->s[b->n - 1] == '\n' || b->s[b->n - 1] == '\r'))
		b->s[--b->n] = 0;
}

/* The commit id of rev, or NULL. */
static char *rev_parse(const char *rev)
{
	struct buf b = { 0 };
	char spec[PATH_MAX];

	snprintf(spec, sizeof(spec), "%s^{commit}", rev);
	if (git(&b, 1, "rev-parse", "--verify", "-q", spec, NULL, NULL, NULL, NULL, NULL) ||
	    !b.n) {
		free(b.s);
		return NULL;
	}
	chomp(&b);
	return b.s;
}

static int git_show(const char *rev, const char *path, struct buf *out)
{
	char spec[PATH_MAX * 2];

	/* the blob's bytes, as git holds them (no textconv) */
	snprintf(spec, sizeof(spec), "%s:%s", rev ? rev : "", path);
	return git(out, 1, "cat-file", "blob", spec, NULL, NULL, NULL, NULL, NULL, NULL);
}

/* ---- materialising both versions ---- */

static char *side_path(struct review *rv, int side, const char *rel)
{
	struct buf b = { 0 };

	buf_printf(&b, "%s/%s/%s", rv->tmp, side ? "new" : "old", rel);
	return b.s;
}

static int put_side(struct review *rv, int side, const char *rel, const struct buf *text)
{
	char *p = side_path(rv, side, rel);
	int ret = bd_drv_write_file(p, text->s ? text->s : "", text->n);

	if (ret)
		fprintf(stderr, "bdops review: cannot write '%s': %s\n", p, strerror(errno));
	free(p);
	return ret;
}

/* A side that is a symlink: the blob is its target. */
static int put_link(struct review *rv, int side, const char *rel, const struct buf *target)
{
	char *p = side_path(rv, side, rel);
	int ret = bd_drv_mkdirs_for(p) || symlink(target->s ? target->s : "", p);

	if (ret)
		fprintf(stderr, "bdops review: cannot write '%s': %s\n", p, strerror(errno));
	free(p);
	return ret;
}

/* Revision mode: old from rev 'a', new from rev 'b' (NULL: the working
 * tree; "" with staged: the index). */
static int materialise_revs(struct review *rv, const char *a, const char *b)
{
	for (int i = 0; i < rv->nfiles; i++) {
		struct tfile *f = &rv->files[i];
		struct buf t = { 0 };

		if (f->old && a) {
			if (git_show(a, f->old, &t) == 0) {
				if ((f->link[0] ? put_link : put_side)(rv, 0, f->old, &t))
					return -1;
				f->have_old = 1;
			}
			free(t.s);
			memset(&t, 0, sizeof(t));
		}
		if (f->new && f->link[1] && !b) {
			char *p = side_path(rv, 1, f->new), target[PATH_MAX];
			ssize_t n = readlink(f->new, target, sizeof(target) - 1);

			free(p);
			if (n >= 0) {
				buf_add(&t, target, n);
				if (put_link(rv, 1, f->new, &t))
					return -1;
				f->have_new = 1;
			}
			free(t.s);
		} else if (f->new) {
			int ret = b ? git_show(b, f->new, &t) : bd_drv_read_file(f->new, &t);

			if (ret == 0) {
				if ((f->link[1] ? put_link : put_side)(rv, 1, f->new, &t))
					return -1;
				f->have_new = 1;
			}
			free(t.s);
		}
	}
	return 0;
}

int review_have_blob(struct review *rv, const char *id)
{
	char spec[128];

	if (!rv->in_git)
		return 0;
	snprintf(spec, sizeof(spec), "%s^{blob}", id);
	return git(NULL, 1, "rev-parse", "-q", "--verify", spec, NULL, NULL, NULL, NULL,
		   NULL) == 0;
}

/* A C file whose patch section holds no data: its blobs. */
static int put_blobs(struct review *rv, struct tfile *f)
{
	for (int side = 0; side < 2; side++) {
		const char *rel = side ? f->new : f->old;
		struct buf t = { 0 };
		int ret;

		if (!rel || !f->blob[side])
			continue;
		ret = git(&t, 1, "cat-file", "blob", f->blob[side], NULL, NULL, NULL, NULL, NULL,
			  NULL);
		if (!ret)
			ret = put_side(rv, side, rel, &t);
		free(t.s);
		if (ret)
			return -1;
	}
	return 0;
}

/* git apply, as outside any repository (the scratch tree may lie inside
 * one): patches git applies apply here too. */
static int run_patch(struct review *rv, const char *dir, const char *patch, int reverse,
		     int dry)
{
	char strip[16], *v[16];
	int n = 0, ret;

	snprintf(strip, sizeof(strip), "-p%d", rv->strip);
	v[n++] = "git";
	v[n++] = "-C";
	v[n++] = (char *)dir;
	v[n++] = "apply";
	v[n++] = strip;
	if (rv->zero_context)
		v[n++] = "--unidiff-zero";
	if (reverse)
		v[n++] = "--reverse";
	if (dry)
		v[n++] = "--check";
	v[n++] = (char *)patch;
	v[n] = NULL;
	setenv("GIT_CEILING_DIRECTORIES", rv->tmp, 1);
	ret = bd_drv_run(v, NULL, 0, NULL, 1);
	unsetenv("GIT_CEILING_DIRECTORIES");
	return ret;
}

/* The checkout's file (or symlink) rel into a side. */
static int copy_in(struct review *rv, int side, const char *rel)
{
	struct buf t = { 0 };
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;
	int ret = 0;

	if (!lstat(rel, &st) && S_ISLNK(st.st_mode)) {
		n = readlink(rel, target, sizeof(target) - 1);
		if (n >= 0) {
			buf_add(&t, target, n);
			ret = put_link(rv, side, rel, &t);
		}
	} else if (bd_drv_read_file(rel, &t) == 0) {
		ret = put_side(rv, side, rel, &t);
	}
	free(t.s);
	return ret;
}

static void mark_present(struct review *rv)
{
	struct stat st;

	for (int i = 0; i < rv->nfiles; i++) {
		struct tfile *f = &rv->files[i];
		char *p;

		if (f->old) {
			p = side_path(rv, 0, f->old);
			f->have_old = !lstat(p, &st);
			free(p);
		}
		if (f->new) {
			p = side_path(rv, 1, f->new);
			f->have_new = !lstat(p, &st);
			free(p);
		}
	}
}

/* The patch as given, less the sections nothing here can apply; 1 if
 * some section is left to apply, 0 if none, -1 if it cannot be written. */
static int write_patch(struct review *rv, const char *path, const struct buf *diff)
{
	struct buf b = { 0 };
	size_t at = 0;
	int ret;

	buf_add(&b, "", 0);
	for (int i = 0; i < rv->ncut; i++) {
		if (rv->cut[i][0] > at)
			buf_add(&b, diff->s + at, rv->cut[i][0] - at);
		at = rv->cut[i][1] > at ? rv->cut[i][1] : at;
	}
	if (diff->n > at)
		buf_add(&b, diff->s + at, diff->n - at);
	ret = bd_drv_write_file(path, b.s, b.n);
	if (!ret)
		ret = strstr(b.s, "\n+++ ") || strstr(b.s, "diff --git ") ? 1 : 0;
	free(b.s);
	return ret;
}

/* The checkout's files the patch starts from, into both sides: the old
 * ones (forward) or the new ones (reverse), and the sources of copies. */
static int copy_sources(struct review *rv, int reverse)
{
	for (int i = 0; i < rv->nfiles; i++) {
		struct tfile *f = &rv->files[i];
		const char *rel = reverse ? f->new : f->old;

		if (f->via_blobs)
			continue;
		if (rel && (copy_in(rv, 0, rel) || copy_in(rv, 1, rel)))
			return -1;
		if (f->copy_from && (copy_in(rv, 0, f->copy_from) || copy_in(rv, 1, f->copy_from)))
			return -1;
	}
	return 0;
}

static int blobs_in(struct review *rv)
{
	for (int i = 0; i < rv->nfiles; i++)
		if (rv->files[i].via_blobs && put_blobs(rv, &rv->files[i]))
			return -1;
	mark_present(rv);
	return 0;
}

/* Patch mode: the checkout holds the old version (apply the patch to a
 * copy), or the patch is already applied (reverse-apply it to a copy). */
static int materialise_patch(struct review *rv, const char *patch, int apply)
{
	char dir[2][PATH_MAX];
	int i;

	for (i = 0; i < 2; i++) {
		snprintf(dir[i], sizeof(dir[i]), "%s/%s", rv->tmp, i ? "new" : "old");
		mkdir(dir[i], 0777);
	}
	if (copy_sources(rv, 0))
		return -1;
	if (!apply)
		return blobs_in(rv);
	if (run_patch(rv, dir[1], patch, 0, 1) == 0) {
		run_patch(rv, dir[1], patch, 0, 0);
		return blobs_in(rv);
	}
	/* Already applied?  Then the checkout is the new version. */
	for (i = 0; i < 2; i++) {
		bd_drv_rm_rf(dir[i]);
		mkdir(dir[i], 0777);
	}
	if (copy_sources(rv, 1))
		return -1;
	if (run_patch(rv, dir[0], patch, 1, 1) == 0) {
		run_patch(rv, dir[0], patch, 1, 0);
		fputs("bdops review: the patch is already applied; comparing with the files "
		      "before it\n", stderr);
		return blobs_in(rv);
	}
	fprintf(stderr, "bdops review: the patch does not apply to the files in '%s' "
		"(forward or reverse)%s\n", rv->top, rv->crlf ? "; its lines end in CRLF "
		"(\\r\\n): if the files' do not, convert it first (dos2unix)" : "");
	return -1;
}

/* ---- the two versions compared line by line ---- */

/* Each side's paths that the change says are not there (deleted,
 * renamed away, not yet added): the scratch tree must not show the
 * checkout's copy in their place. */
static void hide(struct lines *l, const char *rel)
{
	if (!lines_has(l, rel))
		lines_add(l, rel, strlen(rel));
}

static void hide_absent(struct review *rv)
{
	for (int i = 0; i < rv->nfiles; i++) {
		struct tfile *f = &rv->files[i];
		int same = f->old && f->new && !strcmp(f->old, f->new);

		if (f->old && !(same && f->have_new))
			hide(&rv->hide[1], f->old);
		if (f->new && !(same && f->have_old))
			hide(&rv->hide[0], f->new);
	}
}

/* The hunks of "git diff --no-index -U0" between the two versions
 * (-a: text whatever attributes say), for the line map and quoting. */
static void line_map(struct review *rv, struct tfile *f)
{
	char *a, *b, *v[16];
	struct buf out = { 0 };
	const char *p, *end, *eol;
	int n = 0;

	if (!f->have_old || !f->have_new)
		return;
	a = side_path(rv, 0, f->old);
	b = side_path(rv, 1, f->new);
	v[n++] = "git";
	v[n++] = "diff";
	v[n++] = "--no-index";
	v[n++] = "--no-color";
	v[n++] = "--no-ext-diff";
	v[n++] = "--no-textconv";
	v[n++] = "-a";
	v[n++] = "-U0";
	v[n++] = "--";
	v[n++] = a;
	v[n++] = b;
	v[n] = NULL;
	bd_drv_run(v, NULL, 0, &out, 1);	/* 1: they differ */
	p = out.s ? out.s : "";
	end = p + out.n;
	for (; p < end; p = eol + (eol < end)) {
		long h[4];

		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		if (hunk_header(p, eol, h))
			continue;
		BD_GROW(f->hunks, f->nhunks, f->cap_hunks);
		memcpy(f->hunks[f->nhunks++], h, sizeof(h));
	}
	free(out.s);
	free(a);
	free(b);
}

/* The line of the other version a line of this one is (side 1: the new
 * line's old line), or 0 if the change added (removed) it. */
static long map_line(const struct tfile *f, int side, long line)
{
	long delta = 0;

	if (!f)
		return line;
	if (!(side ? f->have_old : f->have_new))
		return 0;
	for (int i = 0; i < f->nhunks; i++) {
		/* this side's range of the hunk, and the other's */
		long start = f->hunks[i][side ? 2 : 0], len = f->hunks[i][side ? 3 : 1];
		long olen = f->hunks[i][side ? 1 : 3];

		if (!len)
			start++;	/* an empty range follows its line */
		if (line < start)
			return line - delta;
		if (line < start + len)
			return 0;
		delta += len - olen;
	}
	return line - delta;
}

/* ---- compile flags ---- */

int is_c(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	return n > 2 && !strcmp(path + n - 2, ".c");
}

static int load_ccdb(struct review *rv)
{
	const char *cands[] = { "compile_commands.json", "build/compile_commands.json" };
	char err[512];
	size_t i;

	if (rv->d->ccdb) {
		if (rv->d->ccdb[0] == '/')
			snprintf(rv->ccdb_path, sizeof(rv->ccdb_path), "%s", rv->d->ccdb);
		else
			snprintf(rv->ccdb_path, sizeof(rv->ccdb_path), "%s/%s", rv->cwd,
				 rv->d->ccdb);
	} else {
		for (i = 0; i < sizeof(cands) / sizeof(cands[0]); i++) {
			if (!access(cands[i], R_OK)) {
				snprintf(rv->ccdb_path, sizeof(rv->ccdb_path), "%s/%s", rv->top,
					 cands[i]);
				break;
			}
		}
	}
	if (!rv->ccdb_path[0])
		return 0;
	/* one of the wrong shape is refused, never half used */
	rv->ccdb = bd_json_parse_file(rv->ccdb_path, err, sizeof(err));
	if (!rv->ccdb || bd_shape_ccdb(rv->ccdb, rv->ccdb_path, err, sizeof(err))) {
		fprintf(stderr, "bdops review: %s\n", err);
		return -1;
	}
	if (rv->d->o.verbose)
		fprintf(stderr, "bdops review: flags from %s\n", rv->ccdb_path);
	return 0;
}

/* Split a compile command the way a POSIX shell would (quotes and
 * backslashes; no expansions). */
static void shell_split(const char *s, struct lines *out)
{
	struct buf w = { 0 };
	int in = 0;
	char q = 0;

	for (;; s++) {
		char c = *s;

		if (!c || (!q && (c == ' ' || c == '\t' || c == '\n'))) {
			if (in) {
				lines_add(out, w.s ? w.s : "", w.n);
				w.n = 0;
				if (w.s)
					w.s[0] = 0;
				in = 0;
			}
			if (!c)
				break;
			continue;
		}
		in = 1;
		if (q) {
			if (c == q)
				q = 0;
			else if (c == '\\' && q == '"' && s[1])
				buf_add(&w, ++s, 1);
			else
				buf_add(&w, &c, 1);
		} else if (c == '"' || c == '\'') {
			q = c;
		} else if (c == '\\' && s[1]) {
			buf_add(&w, ++s, 1);
		} else {
			buf_add(&w, &c, 1);
		}
	}
	free(w.s);
}

static char *absolute_in(const char *dir, const char *p)
{
	struct buf b = { 0 };
	char norm[PATH_MAX];

	if (p[0] == '/')
		buf_puts(&b, p);
	else
		buf_printf(&b, "%s/%s", dir, p);
	bd_abspath(b.s, norm, sizeof(norm));
	free(b.s);
	return bd_xstrdup(norm);
}

static const char *path_opts[] = { "-I", "-iquote", "-isystem", "-idirafter", "-include",
				   "-imacros", NULL };

static int path_opt(const char *a, const char **val)
{
	for (int i = 0; path_opts[i]; i++) {
		size_t n = strlen(path_opts[i]);

		if (!strncmp(a, path_opts[i], n)) {
			*val = a + n;
			return i;
		}
	}
	return -1;
}

/* Compile flags of 'rel' from the compilation database; 0 if found. */
int ccdb_flags(struct review *rv, const char *rel, struct lines *out)
{
	char want[PATH_MAX * 2];
	const struct bd_json *e = NULL;
	const char *dir = NULL;
	struct lines args = { 0 };
	int i;

	if (!rv->ccdb || rv->ccdb->type != BD_JSON_ARRAY)
		return -1;
	snprintf(want, sizeof(want), "%s/%s", rv->top, rel);
	for (i = 0; i < rv->ccdb->n; i++) {
		const char *file = bd_json_get_str(rv->ccdb->items[i], "file", NULL);
		char *abs;
		int same;

		dir = bd_json_get_str(rv->ccdb->items[i], "directory", ".");
		if (!file)
			continue;
		abs = absolute_in(dir, file);
		same = !strcmp(abs, want);
		free(abs);
		if (same) {
			e = rv->ccdb->items[i];
			break;
		}
	}
	if (!e)
		return -1;
	if (bd_json_get(e, "arguments")) {
		const struct bd_json *a = bd_json_get(e, "arguments");

		for (i = 0; a->type == BD_JSON_ARRAY && i < a->n; i++)
			if (a->items[i]->type == BD_JSON_STRING)
				lines_add(&args, a->items[i]->string, strlen(a->items[i]->string));
	} else {
		shell_split(bd_json_get_str(e, "command", ""), &args);
	}
	/* Keep what changes the meaning of the code; drop the compiler (and
	 * its launcher: "ccache gcc"), the input, the output and dependency
	 * files. */
	for (i = bd_drv_compiler_end(args.v, args.n); i < args.n; i++) {
		const char *a = args.v[i], *val;
		int k;

		if (!strcmp(a, "-c") || !strcmp(a, "-MD") || !strcmp(a, "-MMD") ||
		    !strcmp(a, "-MP") || !strncmp(a, "-Wp,-M", 6))
			continue;
		if (!strcmp(a, "-o") || !strcmp(a, "-MF") || !strcmp(a, "-MT") ||
		    !strcmp(a, "-MQ")) {
			i++;
			continue;
		}
		if (!strncmp(a, "-o", 2))
			continue;
		if (a[0] != '-') {
			char *abs = absolute_in(dir, a);

			if (!strcmp(abs, want) || is_c(a)) {
				free(abs);
				continue;
			}
			free(abs);
		}
		k = path_opt(a, &val);
		if (k >= 0) {
			char *abs;

			if (!*val) {
				if (i + 1 >= args.n)
					continue;
				val = args.v[++i];
			}
			abs = absolute_in(dir, val);
			lines_add(out, path_opts[k], strlen(path_opts[k]));
			lines_add(out, abs, strlen(abs));
			free(abs);
			continue;
		}
		lines_add(out, a, strlen(a));
	}
	for (i = 0; i < args.n; i++)
		free(args.v[i]);
	free(args.v);
	return 0;
}

static int is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

/*
 * Which header era a fixture-style file is written for: the legacy
 * methods take (struct inode *, struct file *) and never spell fmode_t.
 */
static const char *guess_era(const char *path)
{
	struct buf t = { 0 };
	const char *era = "fmode";

	if (bd_drv_read_file(path, &t) == 0 && t.s) {
		if (strstr(t.s, "kflags_legacy"))
			era = "legacy";
		else if (strstr(t.s, "kflags_fmode") || strstr(t.s, "fmode_t") ||
			 strstr(t.s, "FMODE_NDELAY") || strstr(t.s, "FMODE_EXCL"))
			era = "fmode";
		else if (strstr(t.s, "struct inode *") && strstr(t.s, "struct file *"))
			era = "legacy";
	}
	free(t.s);
	return era;
}

/* Defaults for a tree laid out like kernel-fixtures/: include/fmode and
 * include/legacy next to (or above) the file, else TOP/include. */
static void default_flags(struct review *rv, const char *rel, const char *text_path,
			  struct lines *out)
{
	char dir[PATH_MAX * 2], cand[PATH_MAX * 3], *slash;
	const char *base[] = { "-std=gnu11", "-Wall", "-Wextra", NULL };
	struct buf b = { 0 };
	int i;

	for (i = 0; base[i]; i++)
		lines_add(out, base[i], strlen(base[i]));
	snprintf(dir, sizeof(dir), "%s/%s", rv->top, rel);
	for (;;) {
		slash = strrchr(dir, '/');
		if (!slash || (size_t)(slash - dir) < strlen(rv->top))
			break;
		*slash = 0;
		snprintf(cand, sizeof(cand), "%s/include/fmode", dir);
		if (is_dir(cand)) {
			snprintf(cand, sizeof(cand), "%s/include/legacy", dir);
			if (!is_dir(cand))
				continue;
			buf_printf(&b, "%s/include/%s", dir, guess_era(text_path));
			lines_add(out, "-nostdinc", 9);
			lines_add(out, "-I", 2);
			lines_add(out, b.s, b.n);
			free(b.s);
			return;
		}
		snprintf(cand, sizeof(cand), "%s/kernel-fixtures/include/fmode", dir);
		if (is_dir(cand)) {
			buf_printf(&b, "%s/kernel-fixtures/include/%s", dir, guess_era(text_path));
			lines_add(out, "-nostdinc", 9);
			lines_add(out, "-I", 2);
			lines_add(out, b.s, b.n);
			free(b.s);
			return;
		}
	}
	snprintf(cand, sizeof(cand), "%s/include", rv->top);
	if (is_dir(cand)) {
		lines_add(out, "-I", 2);
		lines_add(out, cand, strlen(cand));
	}
}

/* A path of the checkout as the compile in a scratch tree (its cwd)
 * names it: relative; a path outside stays as it is. */
static void tree_relative(struct review *rv, const char *p, struct lines *out)
{
	size_t tl = strlen(rv->top);

	if (!strncmp(p, rv->top, tl) && (p[tl] == '/' || !p[tl]))
		p = p[tl] ? p + tl + 1 : ".";
	lines_add(out, p, strlen(p));
}

/* The flags for one side of rel, for a compile that runs in that side's
 * scratch tree (review_tree.c): a path inside the checkout is made
 * relative, so it names the scratch tree's version. */
static char **side_flags(struct review *rv, const char *rel, const char *text_path, int *nout)
{
	struct lines raw = { 0 }, res = { 0 };
	int i;

	if (rv->d->flags_given) {
		for (i = 0; i < rv->d->nflags; i++) {
			const char *val;
			int k = path_opt(rv->d->flags[i], &val);

			if (k >= 0 && !*val && i + 1 < rv->d->nflags) {
				char *abs = absolute_in(rv->cwd, rv->d->flags[++i]);

				lines_add(&raw, path_opts[k], strlen(path_opts[k]));
				lines_add(&raw, abs, strlen(abs));
				free(abs);
			} else if (k >= 0 && *val) {
				char *abs = absolute_in(rv->cwd, val);

				lines_add(&raw, path_opts[k], strlen(path_opts[k]));
				lines_add(&raw, abs, strlen(abs));
				free(abs);
			} else {
				lines_add(&raw, rv->d->flags[i], strlen(rv->d->flags[i]));
			}
		}
	} else if (ccdb_flags(rv, rel, &raw)) {
		default_flags(rv, rel, text_path, &raw);
	}
	for (i = 0; i < raw.n; i++) {
		const char *val;

		lines_add(&res, raw.v[i], strlen(raw.v[i]));
		if (path_opt(raw.v[i], &val) >= 0 && !*val && i + 1 < raw.n)
			tree_relative(rv, raw.v[++i], &res);
	}
	lines_free(&raw);
	*nout = res.n;
	return res.v;
}

/* ---- checking one side of one file ---- */

static const char *strip_prefix(const char *file, const char *pre)
{
	size_t n = strlen(pre);

	if (file && !strncmp(file, pre, n) && file[n] == '/')
		return file + n + 1;
	return NULL;
}

/* A finding's file as the repository names it: the compile ran in the
 * side's tree with repository paths, so a relative path is one already;
 * an absolute one inside the tree or the checkout, or reached through
 * their symlinks, is made one. */
static const char *repo_path(struct review *rv, struct bd_result *r, const char *root,
			     const char *file)
{
	char abs[PATH_MAX * 2], real[PATH_MAX], rroot[PATH_MAX], rtop[PATH_MAX];
	const char *rel;

	if (!file)
		return NULL;
	if (file[0] == '/')
		snprintf(abs, sizeof(abs), "%s", file);
	else
		snprintf(abs, sizeof(abs), "%s/%s", root, file);
	if (!realpath(abs, real))
		bd_abspath(abs, real, sizeof(real));
	if (!realpath(root, rroot))
		snprintf(rroot, sizeof(rroot), "%s", root);
	if (!realpath(rv->top, rtop))
		snprintf(rtop, sizeof(rtop), "%s", rv->top);
	rel = strip_prefix(real, rroot);
	if (!rel)
		rel = strip_prefix(real, rtop);
	if (!rel && file[0] != '/')
		rel = file;
	return bd_result_str(r, rel ? rel : file);
}

static int check_side(struct review *rv, int side, const char *rel)
{
	struct drv sub = *rv->d;
	struct bd_result *r;
	char *path = bd_xstrdup(rel), *text = side_path(rv, side, rel), root[PATH_MAX];
	char real[PATH_MAX];
	int failed, status, i, k;

	snprintf(root, sizeof(root), "%s/%s", rv->tmp, side ? "new" : "old");
	sub.args = &path;
	sub.nargs = 1;
	sub.cap_args = 0;
	sub.flags = side_flags(rv, rel, text, &sub.nflags);
	sub.cap_flags = sub.nflags;
	sub.result = NULL;
	sub.o.output = NULL;
	sub.o.baseline = NULL;
	sub.o.facts_dir = NULL;
	/* bdops-clang-tool names its input by its absolute (real) path */
	sub.log_root = realpath(root, real) ? real : root;
	if (rv->d->o.verbose)
		fprintf(stderr, "bdops review: checking %s of %s\n", side ? "new" : "old", rel);
	/* in the side's tree, with the repository path: the compiler's own
	 * errors name the file as the repository does */
	if (chdir(root)) {
		fprintf(stderr, "bdops review: cannot enter '%s': %s\n", root, strerror(errno));
		rv->failed++;
		goto out;
	}
	r = bd_drv_collect(&sub, &failed, &status);
	if (!r) {
		rv->failed++;
		goto back;
	}
	if (failed) {
		char why[PATH_MAX + 64];

		fprintf(stderr, "bdops review: %s version of '%s' could not be checked\n",
			side ? "the new" : "the old", rel);
		snprintf(why, sizeof(why), "%s version of %s could not be checked",
			 side ? "the new" : "the old", rel);
		bd_result_not_analysed(rv->res[side], rel, why);
		rv->failed++;
	}
	/* Comments are read from the checked copy, before paths move. */
	bd_apply_suppressions(r, NULL);
	for (i = 0; i < r->n; i++) {
		struct bd_finding *f = &r->v[i];

		if (f->suppressed || !sub.o.enabled[f->check])
			continue;
		f->loc.file = repo_path(rv, r, root, f->loc.file);
		for (k = 0; k < f->nnotes; k++)
			f->notes[k].loc.file = repo_path(rv, r, root, f->notes[k].loc.file);
		for (k = 0; k < f->nedits; k++)
			f->edits[k].loc.file = repo_path(rv, r, root, f->edits[k].loc.file);
		bd_result_add(rv->res[side], f);
	}
	rv->res[side]->nfuncs += r->nfuncs;
	bd_result_free(r);
back:
	if (chdir(rv->top))
		rv->failed++;
out:
	for (i = 0; i < sub.nflags; i++)
		free(sub.flags[i]);
	free(sub.flags);
	free(path);
	free(text);
	return 0;
}

/* ---- output ---- */

static const struct tfile *tfile_of(struct review *rv, const char *rel, int side)
{
	for (int i = 0; i < rv->nfiles; i++) {
		const char *p = side ? rv->files[i].new : rv->files[i].old;

		if (p && rel && !strcmp(p, rel))
			return &rv->files[i];
	}
	return NULL;
}

/* The line of the finding, quoted as in a reply to the patch: "> +" for
 * a line the change adds (or "> -" for one it removes), "> " + space for
 * a line it leaves alone. */
static void quote(struct review *rv, FILE *out, const struct bd_finding *f, int side)
{
	const struct tfile *tf = tfile_of(rv, f->loc.file, side);
	const char *line;
	char *path;
	char sign = ' ';

	if (!f->loc.file || f->loc.line < 1)
		return;
	/* the side's tree has every file as that side has it */
	path = f->loc.file[0] == '/' ? bd_xstrdup(f->loc.file) : side_path(rv, side, f->loc.file);
	line = bd_source_line(path, f->loc.line);
	free(path);
	if (!line)
		return;
	if (tf && !map_line(tf, side, f->loc.line))
		sign = side ? '+' : '-';
	fprintf(out, "> %c%s\n\n", sign, line);
}

static void write_one_text(struct review *rv, FILE *out, const struct bd_finding *f, int side)
{
	struct bd_result *one = bd_result_new();
	struct bd_options o = rv->d->o;

	o.format = BD_FMT_TEXT;
	bd_result_add(one, f);
	one->nfuncs = 1;
	quote(rv, out, f, side);
	bd_report_write(one, &o, out);
	fputs("\n", out);
	bd_result_free(one);
}

static const char *plural(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void write_text(struct review *rv, FILE *out, int *intro, int nintro, int *gone,
		       int ngone)
{
	int i;

	/* the counts are the run's one summary line, on stderr */
	for (i = 0; i < nintro; i++)
		write_one_text(rv, out, &rv->res[1]->v[intro[i]], 1);
	if (ngone)
		fputs("Removed by this change:\n\n", out);
	for (i = 0; i < ngone; i++)
		write_one_text(rv, out, &rv->res[0]->v[gone[i]], 0);
}

static void write_json_list(struct review *rv, struct bd_json_writer *w, const char *key,
			    int side, int *idx, int n)
{
	bd_json_key(w, key);
	bd_json_begin_array(w);
	for (int i = 0; i < n; i++)
		bd_json_write_finding(w, &rv->res[side]->v[idx[i]], &rv->d->o, 0);
	bd_json_end_array(w);
}

static void write_json(struct review *rv, FILE *out, int *intro, int nintro, int *gone,
		       int ngone)
{
	struct bd_json_writer w;
	int i;

	bd_json_init(&w, out, 1);
	bd_json_begin_object(&w);
	bd_json_kv_int(&w, "version", 1);
	bd_json_key(&w, "files");
	bd_json_begin_array(&w);
	for (i = 0; i < rv->nfiles; i++) {
		const struct tfile *f = &rv->files[i];
		const char *p = f->new ? f->new : f->old;

		if (is_c(p))
			bd_json_string(&w, p);
	}
	bd_json_end_array(&w);
	write_json_list(rv, &w, "introduced", 1, intro, nintro);
	write_json_list(rv, &w, "removed", 0, gone, ngone);
	bd_json_end_object(&w);
	fputs("\n", out);
}

/* SARIF: the findings the change introduces are the results (what code
 * scanning should raise); removed ones are in the JSON only.  A side that
 * could not be checked is a unit not analysed. */
static void write_sarif(struct review *rv, FILE *out, int *intro, int nintro)
{
	struct bd_result *r = bd_result_new();
	int i;

	for (i = 0; i < nintro; i++)
		bd_result_add(r, &rv->res[1]->v[intro[i]]);
	for (int side = 0; side < 2; side++)
		for (i = 0; i < rv->res[side]->nlost; i++)
			bd_result_not_analysed(r, rv->res[side]->lost[i].file,
					       rv->res[side]->lost[i].why);
	r->nfuncs = rv->res[0]->nfuncs + rv->res[1]->nfuncs;
	/* a change that touches no C file needed no analysis */
	if (!rv->checked)
		r->nfuncs = 1;
	bd_report_write(r, &rv->d->o, out);
	bd_result_free(r);
}

/* A finding's identity (core/suppress.c's baseline identity: file,
 * function, check, message with its numbers blanked), a new one's taken
 * under its file's old name, so that a renamed file's findings are its
 * old ones; and where the other version has its line (0: a line the
 * change added or removed). */
static uint64_t identity(struct review *rv, const struct bd_finding *f, int side, long *line)
{
	const struct tfile *tf = tfile_of(rv, f->loc.file, side);
	struct bd_finding g = *f;

	*line = map_line(tf, side, f->loc.line);
	if (side && tf && tf->old)
		g.loc.file = tf->old;
	return bd_finding_hash(&g, NULL);
}

/*
 * Pair old and new findings; each old one pairs once.  First a new
 * finding on a line the change left alone pairs with the same finding on
 * that line of the old version (so when a changed line above an
 * unchanged one gains the finding the unchanged one had, the changed one
 * is what is new); then what is left pairs by identity alone, so code
 * that merely moved is not new.
 */
static void compare(struct review *rv, int *intro, int *nintro, int *gone, int *ngone)
{
	struct bd_result *o = rv->res[0], *n = rv->res[1];
	uint64_t *ok = bd_xcalloc(o->n + 1, sizeof(*ok)), *nk = bd_xcalloc(n->n + 1, sizeof(*nk));
	long *nl = bd_xcalloc(n->n + 1, sizeof(*nl)), unused;
	char *used = bd_xcalloc(o->n + 1, 1), *paired = bd_xcalloc(n->n + 1, 1);
	int i, k;

	for (k = 0; k < o->n; k++)
		ok[k] = identity(rv, &o->v[k], 0, &unused);
	for (i = 0; i < n->n; i++)
		nk[i] = identity(rv, &n->v[i], 1, &nl[i]);
	for (i = 0; i < n->n; i++) {
		const struct tfile *tf = tfile_of(rv, n->v[i].loc.file, 1);
		const char *old_file = tf ? tf->old : n->v[i].loc.file;

		for (k = 0; nl[i] > 0 && old_file && k < o->n; k++)
			if (!used[k] && ok[k] == nk[i] && o->v[k].loc.line == nl[i] &&
			    o->v[k].loc.file && !strcmp(o->v[k].loc.file, old_file))
				break;
		if (nl[i] > 0 && old_file && k < o->n)
			used[k] = paired[i] = 1;
	}
	*nintro = *ngone = 0;
	for (i = 0; i < n->n; i++) {
		if (paired[i])
			continue;
		for (k = 0; k < o->n; k++)
			if (!used[k] && ok[k] == nk[i])
				break;
		if (k < o->n)
			used[k] = 1;
		else
			intro[(*nintro)++] = i;
	}
	for (k = 0; k < o->n; k++)
		if (!used[k])
			gone[(*ngone)++] = k;
	free(ok);
	free(nk);
	free(nl);
	free(used);
	free(paired);
}

/* ---- the command ---- */

static int find_top(struct review *rv)
{
	struct buf b = { 0 };

	if (git(&b, 1, "rev-parse", "--show-toplevel", NULL, NULL, NULL, NULL, NULL, NULL,
		NULL) || !b.n) {
		free(b.s);
		return -1;
	}
	chomp(&b);
	snprintf(rv->top, sizeof(rv->top), "%s", b.s);
	free(b.s);
	return 0;
}

static int get_change(struct review *rv, const char *arg, struct buf *diff, char **old_rev,
		      char **new_rev, char **patch_file)
{
	struct stat st;

	if (arg && (!strcmp(arg, "-") || (!stat(arg, &st) && S_ISREG(st.st_mode)))) {
		char *abs = !strcmp(arg, "-") ? NULL : absolute_in(rv->cwd, arg);

		if (bd_drv_read_file(abs ? abs : "-", diff)) {
			fprintf(stderr, "bdops review: cannot read '%s': %s\n", arg,
				strerror(errno));
			free(abs);
			return -1;
		}
		rv->in_git = !find_top(rv);
		if (!rv->in_git)
			snprintf(rv->top, sizeof(rv->top), "%s", rv->cwd);
		free(abs);
		*patch_file = bd_xstrdup("");
		return 0;
	}
	if (find_top(rv)) {
		fprintf(stderr, "bdops review: not inside a git checkout (give a patch file "
			"or '-' to read one)\n");
		return -1;
	}
	rv->in_git = 1;
	if (chdir(rv->top))
		return -1;
	if (!arg) {
		*old_rev = rev_parse("HEAD");	/* NULL on an unborn branch */
		*new_rev = bd_xstrdup("");	/* the index */
	} else {
		const char *dots = strstr(arg, "..");
		char a[PATH_MAX], *ra, *rb = NULL;

		if (dots) {
			int three = dots[2] == '.';
			const char *b = dots + 2 + three;

			snprintf(a, sizeof(a), "%.*s", (int)(dots - arg), arg);
			ra = rev_parse(*a ? a : "HEAD");
			rb = rev_parse(*b ? b : "HEAD");
			if (ra && rb && three) {
				struct buf mb = { 0 };

				if (git(&mb, 1, "merge-base", ra, rb, NULL, NULL, NULL, NULL, NULL,
					NULL) == 0 && mb.n) {
					chomp(&mb);
					free(ra);
					ra = mb.s;
				} else {
					free(mb.s);
				}
			}
			if (!ra || !rb) {
				fprintf(stderr, "bdops review: '%s' is not a revision range\n", arg);
				return -1;
			}
		} else {
			ra = rev_parse(arg);
			if (!ra) {
				fprintf(stderr, "bdops review: '%s' is neither a file nor a revision\n",
					arg);
				return -1;
			}
		}
		*old_rev = ra;
		*new_rev = rb;
	}
	return review_list_revs(rv, *old_rev, *new_rev);
}

/* Patch mode: a mail decoded as git am decodes it, then read as a
 * diff; input holding no diff at all is refused. */
static int read_patch(struct review *rv, const char *arg, struct buf *diff)
{
	if (review_is_mail(diff->s ? diff->s : "", diff->n)) {
		struct buf dec = { 0 };

		if (review_decode_mail(rv, diff, &dec)) {
			free(dec.s);
			return -1;
		}
		free(diff->s);
		*diff = dec;
	}
	if (!review_parse_patch(rv, diff->s ? diff->s : "", diff->n)) {
		fprintf(stderr, "bdops review: %s%s%s holds no diff (no 'diff --git' section and "
			"no '---'/'+++' pair): give a patch file, '-' to read one, a revision "
			"range or --staged\n", strcmp(arg, "-") ? "'" : "",
			strcmp(arg, "-") ? arg : "the standard input", strcmp(arg, "-") ? "'" : "");
		return -1;
	}
	return rv->unreadable ? -1 : 0;
}

int bd_drv_review(struct drv *d)
{
	struct review rv = { .d = d };
	struct buf diff = { 0 };
	char *old_rev = NULL, *new_rev = NULL, *patch_file = NULL;
	int *intro, *gone, nintro, ngone, i, status = EXIT_USAGE;
	FILE *out = stdout;

	if (d->nargs > 1 || (d->staged && d->nargs))
		return fprintf(stderr, "bdops review: give one REV_RANGE, PATCH_FILE or '-' "
			       "(or --staged)\n"), EXIT_USAGE;
	if (!d->frontend)
		d->frontend = "gcc";
	if (!getcwd(rv.cwd, sizeof(rv.cwd)))
		return EXIT_USAGE;
	if (get_change(&rv, d->nargs ? d->args[0] : NULL, &diff, &old_rev, &new_rev,
		       &patch_file))
		goto out;
	rv.tmp = bd_drv_tmpdir("review");
	if (!rv.tmp)
		goto out;
	if (patch_file && read_patch(&rv, d->nargs ? d->args[0] : "-", &diff))
		goto out;
	if (chdir(rv.top))
		goto out;
	/* headers are checked through the .c files that include them */
	if (load_ccdb(&rv))
		goto out;
	review_add_includers(&rv, patch_file ? NULL : old_rev, patch_file ? NULL : new_rev);
	if (patch_file) {
		struct buf pp = { 0 };
		int apply;

		buf_printf(&pp, "%s/input.patch", rv.tmp);
		apply = write_patch(&rv, pp.s, &diff);
		if (apply < 0 || materialise_patch(&rv, pp.s, apply)) {
			free(pp.s);
			goto out;
		}
		free(pp.s);
	} else if (materialise_revs(&rv, old_rev, new_rev)) {
		goto out;
	}
	/* each side's tree is the whole checkout as that side has it */
	hide_absent(&rv);
	for (i = 0; i < 2; i++)
		review_tree_fill(&rv, i);
	for (i = 0; i < rv.nfiles; i++)
		line_map(&rv, &rv.files[i]);
	rv.res[0] = bd_result_new();
	rv.res[1] = bd_result_new();
	for (i = 0; i < rv.nfiles; i++) {
		struct tfile *f = &rv.files[i];

		if (f->have_new && is_c(f->new)) {
			check_side(&rv, 1, f->new);
			rv.checked++;
			if (f->have_old && is_c(f->old))
				check_side(&rv, 0, f->old);
		} else if (f->have_old && is_c(f->old)) {
			check_side(&rv, 0, f->old);
			rv.checked++;
		}
	}
	/* a SARIF log is written even so: it says what was not analysed */
	if (rv.failed && d->o.format != BD_FMT_SARIF)
		goto out;
	for (i = 0; i < 2; i++) {
		bd_result_sort(rv.res[i]);
		bd_result_uniq(rv.res[i]);
	}
	intro = bd_xcalloc(rv.res[1]->n + 1, sizeof(int));
	gone = bd_xcalloc(rv.res[0]->n + 1, sizeof(int));
	compare(&rv, intro, &nintro, gone, &ngone);
	if (d->o.output && strcmp(d->o.output, "-")) {
		char *o = absolute_in(rv.cwd, d->o.output);

		out = fopen(o, "w");
		if (!out) {
			fprintf(stderr, "bdops review: cannot write '%s': %s\n", o,
				strerror(errno));
			free(o);
			goto out;
		}
		free(o);
	}
	if (d->o.format == BD_FMT_JSON)
		write_json(&rv, out, intro, nintro, gone, ngone);
	else if (d->o.format == BD_FMT_SARIF)
		write_sarif(&rv, out, intro, nintro);
	else
		write_text(&rv, out, intro, nintro, gone, ngone);
	if (bd_drv_close_output(out, d->o.output)) {
		free(intro);
		free(gone);
		goto out;
	}
	fprintf(stderr, "bdops: %d %s introduced, %d removed in %d %s\n", nintro,
		plural(nintro, "finding", "findings"), ngone, rv.checked,
		plural(rv.checked, "file", "files"));
	status = rv.failed ? EXIT_USAGE : nintro ? EXIT_FINDINGS : EXIT_CLEAN;
	free(intro);
	free(gone);
out:
	if (rv.tmp && !getenv("BDOPS_KEEP_TMP"))
		bd_drv_rm_rf(rv.tmp);
	for (i = 0; i < 2; i++)
		if (rv.res[i])
			bd_result_free(rv.res[i]);
	if (rv.ccdb)
		bd_json_free(rv.ccdb);
	free(rv.tmp);
	free(rv.cut);
	for (i = 0; i < rv.nfiles; i++) {
		struct tfile *f = &rv.files[i];

		free(f->old);
		free(f->new);
		free(f->copy_from);
		free(f->blob[0]);
		free(f->blob[1]);
		free(f->hunks);
	}
	free(rv.files);
	lines_free(&rv.hide[0]);
	lines_free(&rv.hide[1]);
	lines_free(&rv.links);
	free(diff.s);
	free(old_rev);
	free(new_rev);
	free(patch_file);
	return status;
}
