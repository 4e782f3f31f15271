// SPDX-License-Identifier: GPL-2.0
/*
 * review_patch.c - the patch reader of "bdops review": which files a
 * patch changes, read the way "git am" reads it.
 *
 * A mail (an mbox from "git format-patch", or one message starting with
 * header lines) is decoded by git itself: "git mailsplit" splits the mbox
 * and "git mailinfo" takes each message's patch out of its body, decoding
 * base64 and quoted-printable and MIME parts exactly as "git am" does.
 * What is not a mail is read as a unified diff (git's, or plain
 * "--- a/x" / "+++ b/x" with hunks).
 *
 * Input that holds no diff at all - no "diff --git" section and no
 * "---"/"+++" pair - is refused: empty input or prose reviewed "in 0
 * files" would pass a gate by accident.
 *
 * A section git wrote without hunks is one of: a binary change ("GIT
 * binary patch" with its data, or "Binary files ... differ" without), a
 * rename or copy without changes, a mode change.  Of a .c or .h file none
 * is skipped: the text of a C file is reviewed whatever attributes made
 * git call it binary (its data is applied with the patch, or, without
 * data, the blobs its "index" line names are read from the repository;
 * without them the review stops), and a rename is reviewed because a
 * file in another directory finds other headers.  A mode change alone
 * leaves the text as it was and is skipped with a line saying so, as are
 * the other files' binary changes, renames and mode changes.
 *
 * Hunk bodies are counted from their headers, so mail text around a diff
 * and the "-- " signature are never taken for diff lines.  The '+' and
 * '-' lines themselves are not kept here: review.c diffs the two versions
 * it has materialised.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "review.h"

/* ---- small lists ---- */

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

int lines_has(const struct lines *l, const char *s)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

static int is_octal(char c)
{
	return c >= '0' && c <= '7';
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
		if (i + 2 < n && is_octal(s[i]) && is_octal(s[i + 1]) && is_octal(s[i + 2])) {
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

/* Drop strip leading components ("a/drivers/x.c" -p1 -> "drivers/x.c"). */
static void strip_components(char *p, int strip)
{
	for (int i = 0; i < strip; i++) {
		char *slash = strchr(p, '/');

		if (slash)
			memmove(p, slash + 1, strlen(slash));
	}
}

/* "a/drivers/x.c\t2009-01-01 ..." or a quoted "a/dr\303\251.c" ->
 * "drivers/x.c"; NULL for /dev/null or an empty name. */
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
	strip_components(p, strip);
	if (!*p) {
		free(p);
		return NULL;
	}
	return p;
}

struct tfile *file_for(struct review *rv, char *old, char *new)
{
	const char *key = new ? new : old;
	struct tfile *f;

	/* A series touching one file twice: one entry. */
	for (int i = 0; i < rv->nfiles; i++) {
		f = &rv->files[i];
		if ((f->new && new && !strcmp(f->new, new)) ||
		    (!f->new && !new && f->old && key && !strcmp(f->old, key))) {
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

/* A decimal number at *p (at most 9 digits: no line count is larger),
 * advancing *p; -1 if there is none. */
static long number(const char **p, const char *end)
{
	long v = 0;
	int n = 0;

	while (*p < end && isdigit((unsigned char)**p) && n < 9) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n ? v : -1;
}

/* "START[,COUNT]" then the text after: 0 and v[0], v[1]. */
static int range(const char **p, const char *eol, long v[2], const char *after)
{
	v[0] = number(p, eol);
	v[1] = 1;
	if (*p < eol && **p == ',') {
		(*p)++;
		v[1] = number(p, eol);
	}
	if (v[0] < 0 || v[1] < 0 || !starts(*p, eol, after))
		return -1;
	*p += strlen(after);
	return 0;
}

/* "@@ -a[,b] +c[,d] @@": 0 and the numbers (b and d default to 1). */
int hunk_header(const char *p, const char *eol, long v[4])
{
	if (!starts(p, eol, "@@ -"))
		return -1;
	p += 4;
	return range(&p, eol, v, " +") || range(&p, eol, v + 2, " @@") ? -1 : 0;
}

void hunk_start(struct hunk *h, const char *p, const char *eol)
{
	long v[4];

	if (hunk_header(p, eol, v)) {
		v[0] = v[2] = 0;
		v[1] = v[3] = 1;
	}
	h->old_left = v[1];
	h->new_left = v[3];
	/* a file created or deleted whole needs no context */
	h->context = (!v[0] && !v[1]) || (!v[2] && !v[3]);
}

int hunk_line(struct review *rv, struct hunk *h, const char *p, const char *eol)
{
	char c = p < eol ? *p : ' ';

	if (h->old_left <= 0 && h->new_left <= 0)
		return 0;
	if (c == '\\')
		return 1;
	if (c == '+') {
		h->new_left--;
	} else if (c == '-') {
		h->old_left--;
	} else {
		h->old_left--;
		h->new_left--;
		h->context = 1;
	}
	/* git applies a hunk without context (diff -U0) only when told so;
	 * one with context keeps its checks */
	if (h->old_left <= 0 && h->new_left <= 0 && !h->context && rv)
		rv->zero_context = 1;
	return 1;
}

/* ---- a "diff --git" section ---- */

struct section {
	const char *start;		/* its "diff --git" line */
	char *a, *b;			/* the names on that line */
	char *from, *to;		/* rename or copy */
	int copy, created, deleted, mode, binary, data, hunks, link, cut_link;
	char idx[2][72];		/* "index OLD..NEW" */
	char what[512];			/* "Binary files a/x and b/x differ" */
};

int is_c_or_h(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	return n > 2 && path[n - 2] == '.' && (path[n - 1] == 'c' || path[n - 1] == 'h');
}

static void cut(struct review *rv, const char *from, const char *to)
{
	BD_GROW(rv->cut, rv->ncut, rv->cap_cut);
	rv->cut[rv->ncut][0] = from - rv->text;
	rv->cut[rv->ncut++][1] = to - rv->text;
}

/* A C file's binary change without data: its two blobs, if the
 * repository has them (an all-zero id is a side that does not exist). */
static int from_blobs(struct review *rv, struct section *sec, char *old, char *new)
{
	struct tfile *f;

	for (int side = 0; side < 2; side++) {
		const char *id = sec->idx[side];

		if (!*id || (strspn(id, "0") != strlen(id) && !review_have_blob(rv, id)))
			return -1;
	}
	f = file_for(rv, old, new);
	/* a series changing the file twice: its last blobs */
	for (int side = 0; side < 2; side++) {
		free(f->blob[side]);
		f->blob[side] = NULL;
		if (strspn(sec->idx[side], "0") != strlen(sec->idx[side]))
			f->blob[side] = bd_xstrdup(sec->idx[side]);
	}
	f->via_blobs = 1;
	return 0;
}

static void section_end(struct review *rv, struct section *sec, const char *end)
{
	const char *why = NULL;
	char *old, *new;

	if (!sec->start)
		return;
	if (sec->cut_link)
		cut(rv, sec->start, end);
	old = sec->created ? NULL : bd_xstrdup(sec->from ? sec->from : sec->a ? sec->a : "");
	new = sec->deleted ? NULL : bd_xstrdup(sec->to ? sec->to : sec->b ? sec->b : "");
	if ((old && !*old) || (new && !*new)) {
		free(old);
		free(new);
		old = new = NULL;
	}
	if (!sec->hunks && (is_c_or_h(old) || is_c_or_h(new)) && (old || new)) {
		/* C text is reviewed, whatever git called it */
		if (sec->binary && !sec->data) {
			if (from_blobs(rv, sec, old, new)) {
				fprintf(stderr, "bdops review: cannot review %s: the patch has no "
					"data for its binary change and the repository lacks its "
					"blobs (make the patch with --binary, or without a "
					"'-diff'/'binary' attribute for C files)\n",
					new ? new : old);
				rv->unreadable++;
				free(old);
				free(new);
			}
			cut(rv, sec->start, end);
		} else if (!sec->binary && !sec->from && !sec->created && !sec->deleted &&
			   sec->mode) {
			fprintf(stderr, "bdops review: skipped %s: a mode change only (its text "
				"is unchanged)\n", new ? new : old);
			cut(rv, sec->start, end);
			free(old);
			free(new);
		} else {
			struct tfile *f;

			if (sec->copy) {
				f = file_for(rv, NULL, new);
				if (!f->copy_from)
					f->copy_from = old;
				else
					free(old);
			} else {
				file_for(rv, old, new);
			}
		}
	} else if (!sec->hunks) {
		if (sec->binary)
			why = "a binary change";
		else if (sec->from || sec->to)
			why = sec->copy ? "copied without changes" : "renamed without changes";
		else if (sec->mode)
			why = "a mode change only";
		if (why && sec->from && sec->to)
			fprintf(stderr, "bdops review: skipped %s -> %s: %s\n", sec->from, sec->to,
				why);
		else if (why && sec->binary)
			fprintf(stderr, "bdops review: skipped %s (%s)\n", why, sec->what);
		else if (why)
			fprintf(stderr, "bdops review: skipped %s\n", why);
		/* what is skipped leaves the scratch copy of the patch: a
		 * binary hunk without its data does not apply, a rename
		 * without hunks needs a file nobody copied */
		if (why)
			cut(rv, sec->start, end);
		free(old);
		free(new);
	} else {
		free(old);
		free(new);
	}
	free(sec->a);
	free(sec->b);
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

/* The two names of "diff --git a/X b/Y" (quoted or not; "a/X b/X" split
 * in the middle when a name has blanks), less the prefix component. */
static void git_names(struct section *sec, const char *p, const char *eol)
{
	size_t n = eol - p, used, k;

	while (n && (p[n - 1] == '\r' || p[n - 1] == ' '))
		n--;
	if (n && p[0] == '"') {
		sec->a = git_unquote(p, n, &used);
		p += used;
		n -= used;
		while (n && *p == ' ')
			p++, n--;
		sec->b = n && *p == '"' ? git_unquote(p, n, &used) : diff_path(p, n, 0);
	} else {
		k = n / 2;
		/* "a/NAME b/NAME": the same name after each prefix */
		if (n % 2 && n > 4 && p[k] == ' ' && !memcmp(p + 2, p + k + 3, k - 2)) {
			sec->a = diff_path(p, k, 0);
			sec->b = diff_path(p + k + 1, n - k - 1, 0);
		} else {
			const char *sp = memchr(p, ' ', n);

			if (!sp)
				return;
			sec->a = diff_path(p, sp - p, 0);
			sec->b = diff_path(sp + 1, p + n - sp - 1, 0);
		}
	}
	if (sec->a)
		strip_components(sec->a, 1);
	if (sec->b)
		strip_components(sec->b, 1);
}

/* "OLD..NEW[ MODE]" of an "index" line: the two blob ids. */
static void index_ids(struct section *sec, const char *p, const char *eol)
{
	for (int side = 0; side < 2; side++) {
		size_t n = 0;

		while (p + n < eol && isxdigit((unsigned char)p[n]) && n < sizeof(sec->idx[0]) - 1)
			n++;
		memcpy(sec->idx[side], p, n);
		sec->idx[side][n] = 0;
		p += n;
		if (side == 0 && !starts(p, eol, "..")) {
			sec->idx[0][0] = 0;
			return;
		}
		p += 2;
	}
}

/* One line of a section's extended header. */
static void section_line(struct section *sec, const char *p, const char *eol)
{
	if (starts(p, eol, "rename from ")) {
		free(sec->from);
		sec->from = header_name(p, eol, "rename from ");
	} else if (starts(p, eol, "rename to ")) {
		free(sec->to);
		sec->to = header_name(p, eol, "rename to ");
	} else if (starts(p, eol, "copy from ")) {
		free(sec->from);
		sec->from = header_name(p, eol, "copy from ");
		sec->copy = 1;
	} else if (starts(p, eol, "copy to ")) {
		free(sec->to);
		sec->to = header_name(p, eol, "copy to ");
		sec->copy = 1;
	} else if (starts(p, eol, "new mode ")) {
		sec->mode = 1;
		sec->link |= starts(p, eol, "new mode 120000");
	} else if (starts(p, eol, "old mode ")) {
		sec->link |= starts(p, eol, "old mode 120000");
	} else if (starts(p, eol, "new file mode ")) {
		sec->created = 1;
		sec->link |= starts(p, eol, "new file mode 120000");
	} else if (starts(p, eol, "deleted file mode ")) {
		sec->deleted = 1;
		sec->link |= starts(p, eol, "deleted file mode 120000");
	} else if (starts(p, eol, "index ")) {
		index_ids(sec, p + 6, eol);
		sec->link |= eol - p > 7 && !memcmp(eol - 7, " 120000", 7);
	} else if (starts(p, eol, "GIT binary patch")) {
		sec->binary = sec->data = 1;
	} else if (starts(p, eol, "Binary files ")) {
		sec->binary = 1;
	} else {
		return;
	}
	if (sec->binary && !sec->what[0])
		snprintf(sec->what, sizeof(sec->what), "%.*s", (int)(eol - p), p);
}

int review_parse_patch(struct review *rv, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *eol, *minus = NULL;
	size_t minus_len = 0;
	struct hunk h = { 0 };
	struct section sec = { 0 };
	int lines = 0, crs = 0, in_hunks = 0;

	rv->strip = -1;
	rv->text = text;
	rv->ndiffs = 0;
	for (; p < end; p = eol + (eol < end)) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		lines++;
		crs += eol > p && eol[-1] == '\r';
		if (in_hunks && hunk_line(rv, &h, p, eol))
			continue;
		if (starts(p, eol, "diff --git ")) {
			section_end(rv, &sec, p);
			sec.start = p;
			git_names(&sec, p + 11, eol);
			rv->ndiffs++;
			in_hunks = 0;
			continue;
		}
		if (sec.start && !sec.hunks)
			section_line(&sec, p, eol);
		if (starts(p, eol, "--- ")) {
			minus = p + 4;
			minus_len = eol - minus;
		} else if (starts(p, eol, "+++ ") && minus) {
			const char *plus = p + 4;
			size_t plus_len = eol - plus;
			char *old, *new;

			if (rv->strip < 0) {
				int qa = minus_len && minus[0] == '"';
				int qb = plus_len && plus[0] == '"';
				int a = minus_len > (size_t)(2 + qa) && !strncmp(minus + qa, "a/", 2);
				int b = plus_len > (size_t)(2 + qb) && !strncmp(plus + qb, "b/", 2);
				int an = minus_len >= 9 && !strncmp(minus, "/dev/null", 9);
				int bn = plus_len >= 9 && !strncmp(plus, "/dev/null", 9);

				rv->strip = ((a || an) && (b || bn) && !(an && bn)) ? 1 : 0;
			}
			old = diff_path(minus, minus_len, rv->strip);
			new = diff_path(plus, plus_len, rv->strip);
			minus = NULL;
			if (!sec.start)
				rv->ndiffs++;
			sec.hunks = 1;
			in_hunks = 1;
			if (!old && !new)
				continue;
			/* a symlink that is no C file (a directory's link) */
			if (sec.link && !is_c_or_h(old) && !is_c_or_h(new)) {
				fprintf(stderr, "bdops review: skipped %s: a symlink\n", new ? new : old);
				sec.cut_link = 1;	/* left out of the patch applied */
				free(old);
				free(new);
				continue;
			}
			if (sec.copy) {
				struct tfile *f = file_for(rv, NULL, new);

				if (!f->copy_from)
					f->copy_from = old;
				else
					free(old);
			} else {
				file_for(rv, old, new);
			}
		} else if (in_hunks && starts(p, eol, "@@ -")) {
			hunk_start(&h, p, eol);
		} else {
			minus = starts(p, eol, "--- ") ? minus : NULL;
		}
	}
	section_end(rv, &sec, end);
	if (rv->strip < 0)
		rv->strip = 1;
	rv->crlf = crs > lines / 2;
	return rv->ndiffs;
}

/* ---- mail ---- */

/* A header line "Name: value" (RFC 5322 field name: printable ASCII but
 * ':' and blanks). */
static int header_line(const char *p, const char *eol)
{
	const char *q = p;

	while (q < eol && *q > 32 && *q < 127 && *q != ':')
		q++;
	return q > p && q < eol && *q == ':';
}

/*
 * Is the input a mail, as "git am" decides (builtin/am.c)?  An mbox
 * ("From " first), or header lines up to the first empty line with at
 * least one of them a mail header (From:, Subject:, Date:, ...), so that
 * a diff preceded by prose is not taken for one.
 */
int review_is_mail(const char *text, size_t len)
{
	static const char *const known[] = { "From:", "Subject:", "Date:", "To:", "Cc:",
					     "Message-Id:", "Message-ID:", "MIME-Version:",
					     "Content-Type:", "Content-Transfer-Encoding:",
					     "Return-Path:", "Received:", NULL };
	const char *p = text, *end = text + len, *eol;
	int mailish = 0;

	if (starts(p, end, "From "))
		return 1;
	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		if (eol == p || (eol == p + 1 && *p == '\r'))
			return mailish;
		if ((*p == ' ' || *p == '\t') && p != text)
			continue;	/* a folded header */
		if (!header_line(p, eol))
			return 0;
		for (int k = 0; known[k]; k++)
			mailish |= starts(p, eol, known[k]);
		if (eol == end)
			break;
	}
	return 0;
}

/* mailinfo's patch of one message file into out; 0, or git's status. */
static int one_mail(const char *dir, const char *msg, struct buf *out)
{
	struct buf in = { 0 }, patch = { 0 }, info = { 0 };
	char mpath[PATH_MAX + 16], ppath[PATH_MAX + 16], *v[8];
	int ret;

	snprintf(mpath, sizeof(mpath), "%s/msg", dir);
	snprintf(ppath, sizeof(ppath), "%s/patch", dir);
	if (bd_drv_read_file(msg, &in))
		return -1;
	v[0] = "git";
	v[1] = "mailinfo";
	v[2] = "-u";		/* as "git am" runs it */
	v[3] = mpath;
	v[4] = ppath;
	v[5] = NULL;
	ret = bd_drv_run(v, in.s, in.n, &info, 0);
	if (ret == 0 && bd_drv_read_file(ppath, &patch) == 0)
		buf_add(out, patch.s ? patch.s : "", patch.n);
	free(in.s);
	free(patch.s);
	free(info.s);
	return ret;
}

int review_decode_mail(struct review *rv, const struct buf *in, struct buf *out)
{
	char dir[PATH_MAX], box[PATH_MAX + 16], msg[PATH_MAX + 16], opt[PATH_MAX + 8];
	char *v[8];
	int ret, n;

	snprintf(dir, sizeof(dir), "%s/mail", rv->tmp);
	snprintf(box, sizeof(box), "%s/mail/mbox", rv->tmp);
	if (bd_drv_mkdirs(dir) || bd_drv_write_file(box, in->s ? in->s : "", in->n)) {
		fprintf(stderr, "bdops review: cannot write '%s': %s\n", box, strerror(errno));
		return -1;
	}
	snprintf(opt, sizeof(opt), "-o%s", dir);
	v[0] = "git";
	v[1] = "mailsplit";
	v[2] = "-b";		/* one message without a "From " line */
	v[3] = opt;
	v[4] = box;
	v[5] = NULL;
	ret = bd_drv_run(v, NULL, 0, NULL, 0);
	if (ret) {
		fprintf(stderr, "bdops review: git mailsplit could not split the mail (exit "
			"status %d)\n", ret);
		return -1;
	}
	buf_add(out, "", 0);
	for (n = 1;; n++) {
		snprintf(msg, sizeof(msg), "%s/%04d", dir, n);
		if (access(msg, R_OK))
			break;
		ret = one_mail(dir, msg, out);
		if (ret) {
			fprintf(stderr, "bdops review: git mailinfo could not read message %d of "
				"the mail (exit status %d)\n", n, ret);
			return -1;
		}
	}
	return 0;
}
