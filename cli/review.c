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

/* ---- helpers shared with fix.c and hook.c ---- */

void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = bd_xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

void buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = bd_xcalloc(n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(s, n + 1, fmt, ap);
	va_end(ap);
	buf_add(b, s, n);
	free(s);
}

int bd_drv_run(char *const argv[], const char *in, size_t inlen, struct buf *out, int quiet)
{
	int pin[2], pout[2], status;
	char tmp[8192];
	ssize_t n;
	pid_t pid;

	if (pipe(pin) || pipe(pout))
		return -1;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(pin[0], 0);
		dup2(pout[1], 1);
		if (quiet) {
			int fd = open("/dev/null", O_WRONLY);

			if (fd >= 0)
				dup2(fd, 2);
		}
		close(pin[0]);
		close(pin[1]);
		close(pout[0]);
		close(pout[1]);
		execvp(argv[0], argv);
		fprintf(stderr, "bdops: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(pin[0]);
	close(pout[1]);
	/* The inputs here are patches: small enough for the pipe buffer
	 * most of the time, but write and read in turn to be safe. */
	if (in && inlen) {
		size_t off = 0;

		fcntl(pin[1], F_SETFL, O_NONBLOCK);
		fcntl(pout[0], F_SETFL, O_NONBLOCK);
		while (off < inlen) {
			n = write(pin[1], in + off, inlen - off);
			if (n > 0)
				off += n;
			else if (n < 0 && errno != EAGAIN && errno != EINTR)
				break;
			n = read(pout[0], tmp, sizeof(tmp));
			if (n > 0 && out)
				buf_add(out, tmp, n);
			if (n <= 0)
				usleep(1000);
		}
		fcntl(pout[0], F_SETFL, 0);
	}
	close(pin[1]);
	while ((n = read(pout[0], tmp, sizeof(tmp))) != 0) {
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			break;
		}
		if (out)
			buf_add(out, tmp, n);
	}
	close(pout[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (out && !out->s)
		buf_add(out, "", 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int bd_drv_read_file(const char *path, struct buf *out)
{
	char tmp[8192];
	size_t n;
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;

	if (!f)
		return -1;
	buf_add(out, "", 0);
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		buf_add(out, tmp, n);
	if (f != stdin)
		fclose(f);
	return 0;
}

int bd_drv_mkdirs_for(const char *path)
{
	char dir[PATH_MAX];
	char *p;

	snprintf(dir, sizeof(dir), "%s", path);
	p = strrchr(dir, '/');
	if (!p)
		return 0;
	*p = 0;
	return bd_drv_mkdirs(dir);
}

int bd_drv_mkdirs(const char *path)
{
	char dir[PATH_MAX];
	char *p;

	snprintf(dir, sizeof(dir), "%s", path);
	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(dir, 0777) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(dir, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

int bd_drv_write_file(const char *path, const char *s, size_t n)
{
	FILE *f;
	int bad;

	if (bd_drv_mkdirs_for(path))
		return -1;
	f = fopen(path, "wb");
	if (!f)
		return -1;
	bad = fwrite(s, 1, n, f) != n;
	return fclose(f) || bad ? -1 : 0;
}

int bd_drv_close_output(FILE *out, const char *name)
{
	int bad = ferror(out), e = errno;

	if (out == stdout || out == stderr)
		bad |= fflush(out) != 0;
	else
		bad |= fclose(out) != 0;
	if (!bad)
		return 0;
	e = errno ? errno : e;
	fprintf(stderr, "bdops: cannot write the report to %s: %s\n",
		out == stdout ? "standard output" : name ? name : "its file",
		strerror(e ? e : EIO));
	return -1;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void bd_drv_rm_rf(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *bd_drv_tmpdir(const char *cmd)
{
	const char *tmp = getenv("TMPDIR");
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/bdops-%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", cmd);
	if (!mkdtemp(path)) {
		fprintf(stderr, "bdops %s: cannot create a temporary directory: %s\n", cmd,
			strerror(errno));
		return NULL;
	}
	return bd_xstrdup(path);
}

const char *bd_drv_self(void)
{
	static char self[PATH_MAX];
	ssize_t n;

	if (!self[0]) {
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n <= 0)
			n = snprintf(self, sizeof(self), "bdops");
		self[n] = 0;
	}
	return self;
}

/* ---- the change: which files, what their lines were ---- */

void lines_add(struct lines *l, const char *s, size_t n)
{
	char *c = bd_xcalloc(n + 1, 1);

	memcpy(c, s, n);
	BD_GROW(l->v, l->n, l->cap);
	l->v[l->n++] = c;
}

void lines_free(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static int lines_has(const struct lines *l, const char *s)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

/* A name git quoted ("dr\303\251.c", with \t \" \\ and octal escapes,
 * for core.quotePath) back to its bytes; *len is how much of s it took. */
static char *git_unquote(const char *s, size_t n, size_t *len)
{
	char *p = bd_xcalloc(n + 1, 1);
	size_t i = 1, k = 0;

	for (; i < n && s[i] != '"'; i++) {
		if (s[i] != '\\' || i + 1 >= n) {
			p[k++] = s[i];
			continue;
		}
		i++;
		if (s[i] >= '0' && s[i] <= '7' && i + 2 < n) {
			p[k++] = (char)(((s[i] - '0') << 6) | ((s[i + 1] - '0') << 3) | (s[i + 2] - '0'));
			i += 2;
			continue;
		}
		switch (s[i]) {
		case 'a': p[k++] = '\a'; break;
		case 'b': p[k++] = '\b'; break;
		case 'f': p[k++] = '\f'; break;
		case 'n': p[k++] = '\n'; break;
		case 'r': p[k++] = '\r'; break;
		case 't': p[k++] = '\t'; break;
		case 'v': p[k++] = '\v'; break;
		default: p[k++] = s[i];
		}
	}
	*len = i < n ? i + 1 : n;
	return p;
}

/* "a/drivers/x.c\t2009-01-01 ..." or a quoted "a/dr\303\251.c" ->
 * "drivers/x.c"; NULL for /dev/null. */
static char *diff_path(const char *s, size_t n, int strip)
{
	char *p, *tab;
	size_t used;

	if (n && s[0] == '"') {
		p = git_unquote(s, n, &used);
	} else {
		p = bd_xcalloc(n + 1, 1);
		memcpy(p, s, n);
		tab = strchr(p, '\t');
		if (tab)
			*tab = 0;
		while (*p && (p[strlen(p) - 1] == ' ' || p[strlen(p) - 1] == '\r'))
			p[strlen(p) - 1] = 0;
	}
	if (!strcmp(p, "/dev/null")) {
		free(p);
		return NULL;
	}
	for (int i = 0; i < strip; i++) {
		char *slash = strchr(p, '/');

		if (slash)
			memmove(p, slash + 1, strlen(slash));
	}
	return p;
}

struct tfile *file_for(struct review *rv, char *old, char *new)
{
	const char *key = new ? new : old;
	struct tfile *f;

	/* A series touching one file twice: one entry, lines merged. */
	for (int i = 0; i < rv->nfiles; i++) {
		f = &rv->files[i];
		if ((f->new && new && !strcmp(f->new, new)) ||
		    (!f->new && !new && f->old && !strcmp(f->old, key))) {
			free(old);
			free(new);
			return f;
		}
	}
	BD_GROW(rv->files, rv->nfiles, rv->cap_files);
	f = &rv->files[rv->nfiles++];
	memset(f, 0, sizeof(*f));
	f->old = old;
	f->new = new;
	return f;
}

static int starts(const char *s, const char *end, const char *pre)
{
	size_t n = strlen(pre);

	return (size_t)(end - s) >= n && !strncmp(s, pre, n);
}

void hunk_start(struct hunk *h, const char *p, const char *eol)
{
	long a = 0, b = 1, c = 0, dd = 1;
	char hdr[256];
	size_t n = eol - p < 255 ? (size_t)(eol - p) : 255;

	memcpy(hdr, p, n);
	hdr[n] = 0;
	if (sscanf(hdr, "@@ -%ld,%ld +%ld,%ld", &a, &b, &c, &dd) == 4) {
		/* both counts given */
	} else if (sscanf(hdr, "@@ -%ld +%ld,%ld", &a, &c, &dd) == 3) {
		b = 1;
	} else if (sscanf(hdr, "@@ -%ld,%ld +%ld", &a, &b, &c) == 3) {
		dd = 1;
	} else {
		b = dd = 1;
	}
	h->old_left = b;
	h->new_left = dd;
	/* a file created or deleted whole needs no context */
	h->context = (!a && !b) || (!c && !dd);
}

int hunk_line(struct review *rv, struct hunk *h, struct tfile *f, const char *p,
	      const char *eol)
{
	char c = p < eol ? *p : ' ';

	if (h->old_left <= 0 && h->new_left <= 0)
		return 0;
	if (c == '\\')
		return 1;
	if (c == '+') {
		lines_add(&f->added, p + 1, eol - p - 1);
		h->new_left--;
	} else if (c == '-') {
		lines_add(&f->removed, p + 1, eol - p - 1);
		h->old_left--;
	} else {
		h->old_left--;
		h->new_left--;
		h->context = 1;
	}
	/* git applies a hunk without context (diff -U0) only when told so;
	 * one with context keeps its checks */
	if (h->old_left <= 0 && h->new_left <= 0 && !h->context)
		rv->zero_context = 1;
	return 1;
}

/*
 * Parse a unified diff (git or plain, possibly inside an mbox).  Hunk
 * bodies are counted from their headers, so mail text around the diff
 * and the "-- " signature are never taken for diff lines.
 */
/* One "diff --git" section: what git says about it besides hunks. */
struct section {
	const char *start;		/* its "diff --git" line */
	char *from, *to;		/* rename or copy */
	int copy, mode, binary, hunks;
	char what[512];			/* "Binary files a/x and b/x differ" */
};

static void section_end(struct review *rv, struct section *sec, const char *end)
{
	const char *why = NULL;

	if (!sec->start)
		return;
	if (sec->binary)
		why = "a binary change";
	else if (!sec->hunks && (sec->from || sec->to))
		why = sec->copy ? "copied without changes" : "renamed without changes";
	else if (!sec->hunks && sec->mode)
		why = "a mode change only";
	if (why && sec->from && sec->to)
		fprintf(stderr, "bdops review: skipped %s -> %s: %s\n", sec->from, sec->to, why);
	else if (why && sec->binary)
		fprintf(stderr, "bdops review: skipped %s (%s)\n", why, sec->what);
	else if (why)
		fprintf(stderr, "bdops review: skipped %s\n", why);
	/* what is skipped leaves the scratch copy of the patch: a binary
	 * hunk without its data does not apply, a rename without hunks
	 * needs a file nobody copied */
	if (why) {
		BD_GROW(rv->cut, rv->ncut, rv->cap_cut);
		rv->cut[rv->ncut][0] = sec->start - rv->text;
		rv->cut[rv->ncut++][1] = end - rv->text;
	}
	free(sec->from);
	free(sec->to);
	memset(sec, 0, sizeof(*sec));
}

/* "rename from NAME" and the like: NAME, unquoted. */
static char *header_name(const char *p, const char *eol, const char *pre)
{
	size_t n = strlen(pre), used;

	p += n;
	if (p < eol && *p == '"')
		return git_unquote(p, eol - p, &used);
	return diff_path(p, eol - p, 0);
}

static int parse_diff(struct review *rv, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *eol, *minus = NULL;
	size_t minus_len = 0;
	struct tfile *f = NULL;
	struct hunk h = { 0 };
	struct section sec = { 0 };
	int lines = 0, crs = 0;

	rv->strip = -1;
	rv->text = text;
	for (; p < end; p = eol + (eol < end)) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		lines++;
		crs += eol > p && eol[-1] == '\r';
		if (f && hunk_line(rv, &h, f, p, eol))
			continue;
		if (starts(p, eol, "diff --git ")) {
			section_end(rv, &sec, p);
			sec.start = p;
		} else if (sec.start && starts(p, eol, "rename from ")) {
			sec.from = header_name(p, eol, "rename from ");
		} else if (sec.start && starts(p, eol, "rename to ")) {
			sec.to = header_name(p, eol, "rename to ");
		} else if (sec.start && starts(p, eol, "copy from ")) {
			sec.from = header_name(p, eol, "copy from ");
			sec.copy = 1;
		} else if (sec.start && starts(p, eol, "copy to ")) {
			sec.to = header_name(p, eol, "copy to ");
			sec.copy = 1;
		} else if (sec.start && starts(p, eol, "new mode ")) {
			sec.mode = 1;
		} else if (sec.start && (starts(p, eol, "Binary files ") ||
					 starts(p, eol, "GIT binary patch"))) {
			sec.binary = 1;
			if (!sec.what[0])
				snprintf(sec.what, sizeof(sec.what), "%.*s", (int)(eol - p), p);
		}
		if (starts(p, eol, "--- ")) {
			minus = p + 4;
			minus_len = eol - minus;
		} else if (starts(p, eol, "+++ ") && minus) {
			const char *plus = p + 4;
			size_t plus_len = eol - plus;
			int strip;

			if (rv->strip < 0) {
				int qa = minus_len && minus[0] == '"';
				int qb = plus_len && plus[0] == '"';
				int a = minus_len > (size_t)(2 + qa) && !strncmp(minus + qa, "a/", 2);
				int b = plus_len > (size_t)(2 + qb) && !strncmp(plus + qb, "b/", 2);
				int an = minus_len >= 9 && !strncmp(minus, "/dev/null", 9);
				int bn = plus_len >= 9 && !strncmp(plus, "/dev/null", 9);

				rv->strip = ((a || an) && (b || bn) && !(an && bn)) ? 1 : 0;
			}
			strip = rv->strip;
			f = file_for(rv, diff_path(minus, minus_len, strip),
				     diff_path(plus, plus_len, strip));
			minus = NULL;
			sec.hunks = 1;
		} else if (starts(p, eol, "@@ -") && f) {
			hunk_start(&h, p, eol);
		} else {
			minus = starts(p, eol, "--- ") ? minus : NULL;
		}
	}
	section_end(rv, &sec, end);
	if (rv->strip < 0)
		rv->strip = 1;
	rv->crlf = crs > lines / 2;
	return rv->nfiles;
}

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

/* Revision mode: old from rev 'a', new from rev 'b' (NULL: the working
 * tree; "" with staged: the index). */
static int materialise_revs(struct review *rv, const char *a, const char *b)
{
	for (int i = 0; i < rv->nfiles; i++) {
		struct tfile *f = &rv->files[i];
		struct buf t = { 0 };

		if (f->old && a) {
			if (git_show(a, f->old, &t) == 0) {
				if (put_side(rv, 0, f->old, &t))
					return -1;
				f->have_old = 1;
			}
			free(t.s);
			memset(&t, 0, sizeof(t));
		}
		if (f->new) {
			int ret = b ? git_show(b, f->new, &t) : bd_drv_read_file(f->new, &t);

			if (ret == 0) {
				if (put_side(rv, 1, f->new, &t))
					return -1;
				f->have_new = 1;
			}
			free(t.s);
		}
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

static int copy_in(struct review *rv, int side, const char *rel)
{
	struct buf t = { 0 };
	int ret = 0;

	if (bd_drv_read_file(rel, &t) == 0)
		ret = put_side(rv, side, rel, &t);
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
			f->have_old = !stat(p, &st);
			free(p);
		}
		if (f->new) {
			p = side_path(rv, 1, f->new);
			f->have_new = !stat(p, &st);
			free(p);
		}
	}
}

/* The patch as given, less the binary sections nothing here can apply. */
static int write_patch(struct review *rv, const char *path, const struct buf *diff)
{
	struct buf b = { 0 };
	size_t at = 0;
	int ret;

	buf_add(&b, "", 0);
	for (int i = 0; i < rv->ncut; i++) {
		buf_add(&b, diff->s + at, rv->cut[i][0] - at);
		at = rv->cut[i][1];
	}
	if (diff->n > at)
		buf_add(&b, diff->s + at, diff->n - at);
	ret = bd_drv_write_file(path, b.s, b.n);
	free(b.s);
	return ret;
}

/* Patch mode: the checkout holds the old version (apply the patch to a
 * copy), or the patch is already applied (reverse-apply it to a copy). */
static int materialise_patch(struct review *rv, const char *patch)
{
	char dir[2][PATH_MAX];
	int i;

	for (i = 0; i < 2; i++) {
		snprintf(dir[i], sizeof(dir[i]), "%s/%s", rv->tmp, i ? "new" : "old");
		mkdir(dir[i], 0777);
	}
	for (i = 0; i < rv->nfiles; i++) {
		struct tfile *f = &rv->files[i];

		if (f->old && (copy_in(rv, 0, f->old) || copy_in(rv, 1, f->old)))
			return -1;
	}
	if (run_patch(rv, dir[1], patch, 0, 1) == 0) {
		run_patch(rv, dir[1], patch, 0, 0);
		mark_present(rv);
		return 0;
	}
	/* Already applied?  Then the checkout is the new version. */
	bd_drv_rm_rf(dir[0]);
	bd_drv_rm_rf(dir[1]);
	mkdir(dir[0], 0777);
	mkdir(dir[1], 0777);
	for (i = 0; i < rv->nfiles; i++) {
		struct tfile *f = &rv->files[i];

		if (f->new && (copy_in(rv, 0, f->new) || copy_in(rv, 1, f->new)))
			return -1;
	}
	if (run_patch(rv, dir[0], patch, 1, 1) == 0) {
		run_patch(rv, dir[0], patch, 1, 0);
		fputs("bdops review: the patch is already applied; comparing with the files "
		      "before it\n", stderr);
		mark_present(rv);
		return 0;
	}
	fprintf(stderr, "bdops review: the patch does not apply to the files in '%s' "
		"(forward or reverse)%s\n", rv->top, rv->crlf ? "; its lines end in CRLF "
		"(\\r\\n): if the files' do not, convert it first (dos2unix)" : "");
	return -1;
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
	/* Keep what changes the meaning of the code; drop the compiler, the
	 * input, the output and dependency files. */
	for (i = 1; i < args.n; i++) {
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
	char dir[PATH_MAX], cand[PATH_MAX * 2], *slash;
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

/* The flags for one side of rel, with the scratch tree overlaid on every
 * include directory inside the checkout. */
static char **side_flags(struct review *rv, int side, const char *rel, const char *text_path,
			 int *nout)
{
	struct lines raw = { 0 }, res = { 0 };
	char overlay[PATH_MAX * 2], dir[PATH_MAX], *slash;
	size_t tl = strlen(rv->top);
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
		const char *a = raw.v[i];

		if ((!strcmp(a, "-I") || !strcmp(a, "-iquote") || !strcmp(a, "-isystem") ||
		     !strcmp(a, "-idirafter")) && i + 1 < raw.n) {
			const char *p = raw.v[i + 1];

			if (!strncmp(p, rv->top, tl) && (p[tl] == '/' || !p[tl])) {
				snprintf(overlay, sizeof(overlay), "%s/%s%s", rv->tmp,
					 side ? "new" : "old", p + tl);
				if (is_dir(overlay)) {
					lines_add(&res, a, strlen(a));
					lines_add(&res, overlay, strlen(overlay));
				}
			}
		}
		lines_add(&res, a, strlen(a));
	}
	/* "header.h" next to the file: the scratch copy's own directory is
	 * searched first, then the checkout's. */
	snprintf(dir, sizeof(dir), "%s/%s", rv->top, rel);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	lines_add(&res, "-iquote", 7);
	lines_add(&res, dir, strlen(dir));
	for (i = 0; i < raw.n; i++)
		free(raw.v[i]);
	free(raw.v);
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

static const char *repo_path(struct review *rv, struct bd_result *r, const char *file)
{
	char pre[PATH_MAX], norm[PATH_MAX * 2];
	const char *rel;

	/* "dir/../x.h" as an include reached it: the file it names */
	if (file && file[0] == '/' && strstr(file, "/.")) {
		bd_abspath(file, norm, sizeof(norm));
		file = norm;
	}
	for (int side = 0; side < 2; side++) {
		snprintf(pre, sizeof(pre), "%s/%s", rv->tmp, side ? "new" : "old");
		rel = strip_prefix(file, pre);
		if (rel)
			return bd_result_str(r, rel);
	}
	rel = strip_prefix(file, rv->top);
	return bd_result_str(r, rel ? rel : file);
}

static int check_side(struct review *rv, int side, const char *rel)
{
	struct drv sub = *rv->d;
	struct bd_result *r;
	char *path = side_path(rv, side, rel);
	int failed, status, i, k;

	sub.args = &path;
	sub.nargs = 1;
	sub.cap_args = 0;
	sub.flags = side_flags(rv, side, rel, path, &sub.nflags);
	sub.cap_flags = sub.nflags;
	sub.result = NULL;
	sub.o.output = NULL;
	sub.o.baseline = NULL;
	sub.o.facts_dir = NULL;
	if (rv->d->o.verbose)
		fprintf(stderr, "bdops review: checking %s of %s\n", side ? "new" : "old", rel);
	r = bd_drv_collect(&sub, &failed, &status);
	if (!r) {
		rv->failed++;
		return -1;
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
		f->loc.file = repo_path(rv, r, f->loc.file);
		for (k = 0; k < f->nnotes; k++)
			f->notes[k].loc.file = repo_path(rv, r, f->notes[k].loc.file);
		for (k = 0; k < f->nedits; k++)
			f->edits[k].loc.file = repo_path(rv, r, f->edits[k].loc.file);
		bd_result_add(rv->res[side], f);
	}
	rv->res[side]->nfuncs += r->nfuncs;
	bd_result_free(r);
	for (i = 0; i < sub.nflags; i++)
		free(sub.flags[i]);
	free(sub.flags);
	free(path);
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
	path = tf ? side_path(rv, side, f->loc.file) : bd_xstrdup(f->loc.file);
	line = bd_source_line(path, f->loc.line);
	free(path);
	if (!line)
		return;
	if (tf && lines_has(side ? &tf->added : &tf->removed, line))
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

/* Pair old and new findings by identity; each old one pairs once. */
static void compare(struct review *rv, int *intro, int *nintro, int *gone, int *ngone)
{
	struct bd_result *o = rv->res[0], *n = rv->res[1];
	uint64_t *ok = bd_xcalloc(o->n + 1, sizeof(*ok));
	char *used = bd_xcalloc(o->n + 1, 1);
	int i, k;

	for (k = 0; k < o->n; k++)
		ok[k] = bd_finding_hash(&o->v[k], NULL);
	*nintro = *ngone = 0;
	for (i = 0; i < n->n; i++) {
		uint64_t h = bd_finding_hash(&n->v[i], NULL);

		for (k = 0; k < o->n; k++)
			if (!used[k] && ok[k] == h)
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
	free(used);
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
	if (patch_file)
		parse_diff(&rv, diff.s ? diff.s : "", diff.n);
	if (chdir(rv.top))
		goto out;
	/* headers are checked through the .c files that include them */
	if (load_ccdb(&rv))
		goto out;
	review_add_includers(&rv, patch_file ? NULL : new_rev);
	rv.tmp = bd_drv_tmpdir("review");
	if (!rv.tmp)
		goto out;
	if (patch_file && !rv.nfiles) {
		/* nothing but skipped sections: nothing to apply */
	} else if (patch_file) {
		char *p = NULL;
		struct buf pp = { 0 };

		buf_printf(&pp, "%s/input.patch", rv.tmp);
		p = pp.s;
		if (write_patch(&rv, p, &diff) || materialise_patch(&rv, p)) {
			free(p);
			goto out;
		}
		free(p);
	} else if (materialise_revs(&rv, old_rev, new_rev)) {
		goto out;
	}
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
	free(diff.s);
	free(old_rev);
	free(new_rev);
	free(patch_file);
	return status;
}
