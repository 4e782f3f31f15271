// SPDX-License-Identifier: GPL-2.0
/*
 * suppress.c - findings the user has already looked at.
 *
 * In the source: a comment "bdops: ignore CHECK[,CHECK...] [reason]" on the
 * finding's line or on the line above, in either comment style:
 *
 *	blkdev_put(bdev, FMODE_READ);	// bdops: ignore put-mode
 *	/\* bdops: ignore bdops-file-write,ndelay-flags legacy floppy ioctl *\/
 *
 * CHECK is a check name with or without "bdops-", or "all", in any case,
 * with '_' for '-'; "ignore" may be followed by ':' or '='.  A comment that
 * looks like a directive but suppresses nothing (a check no one knows, no
 * check at all, "ingore", "bdops ignore" without the colon) is itself a
 * finding of bdops-suppression-comment, naming the valid checks: a typo
 * must not hide behind silence.
 *
 * A baseline: a JSON file of known findings (the JSON report format, written
 * by "bdops check --write-baseline FILE").  A finding matches an entry with
 * the same file (relative to the root), function, check and message with
 * its numbers blanked out, so code that moves up or down does not bring it
 * back; each entry hides one finding, so a second, new instance of the same
 * problem in the same function still shows.  This is smatch's new_bugs.pl
 * idea.
 */
#define _GNU_SOURCE		/* strcasestr */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "internal.h"
#include "json.h"
#include "shape.h"
#include "engine/engine.h"

#define ALL_CHECKS (-2)

/* A check as users spell it: any case, '_' for '-', "bdops-" or not, or
 * "all".  The check's id, ALL_CHECKS, or -1. */
static int name_id(const char *p, size_t n)
{
	char name[64];
	size_t i;

	if (n >= sizeof(name))
		return -1;
	for (i = 0; i < n; i++)
		name[i] = p[i] == '_' ? '-' : tolower((unsigned char)p[i]);
	name[n] = 0;
	if (!strcmp(name, "all") || !strcmp(name, "bdops-all"))
		return ALL_CHECKS;
	return bd_check_lookup(name);
}

static int name_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_';
}

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* "bdops" (any case) then blanks and ':' at p: the directive's start after
 * the colon and blanks, else NULL. */
static const char *marker(const char *p)
{
	if (strncasecmp(p, "bdops", 5))
		return NULL;
	p = skip_blanks(p + 5);
	return *p == ':' ? skip_blanks(p + 1) : NULL;
}

/* "ignore" then a blank, ':', '=' or the end: where the names start. */
static const char *ignore_word(const char *q)
{
	if (strncasecmp(q, "ignore", 6) || name_char(q[6]))
		return NULL;
	q += 6;
	if (*q == ':' || *q == '=')
		q++;
	return skip_blanks(q);
}

/* Is 'at' inside a comment on this line (after // or /\*, or a line of a
 * block comment that starts with '*')? */
static int in_comment(const char *line, const char *at)
{
	const char *p;

	for (p = line; p + 1 < at; p++)
		if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
			return 1;
	for (p = line; p < at && (*p == ' ' || *p == '\t'); p++)
		;
	return p < at && *p == '*';
}

/* Does 'at' start a comment's text ("// bdops", "/\* bdops", " * bdops")? */
static int starts_comment(const char *line, const char *at)
{
	const char *p = at;

	while (p > line && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	if (p - line >= 2 && p[-2] == '/' && (p[-1] == '/' || p[-1] == '*'))
		return 1;
	if (p > line && p[-1] == '*')
		return skip_blanks(line) == p - 1;
	return 0;
}

/* Does the ignore list starting at p name 'check'? */
static int list_names(const char *p, enum bd_check check)
{
	size_t n;
	int id;

	for (;;) {
		p = skip_blanks(p);
		for (n = 0; name_char(p[n]); n++)
			;
		if (!n)
			return 0;
		id = name_id(p, n);
		if (id == ALL_CHECKS || id == (int)check)
			return 1;
		p = skip_blanks(p + n);
		if (*p != ',')
			return 0;
		p++;
	}
}

static int line_ignores(const char *line, enum bd_check check)
{
	const char *p, *q;

	for (p = line; line && (p = strcasestr(p, "bdops")); p += 5) {
		q = marker(p);
		if (q && (q = ignore_word(q)) && in_comment(line, p) && list_names(q, check))
			return 1;
	}
	return 0;
}

static int comment_suppresses(const struct bd_finding *f)
{
	int l = f->loc.line;

	if (!f->loc.file || l < 1)
		return 0;
	return line_ignores(bd_source_line(f->loc.file, l), f->check) ||
	       (l > 1 && line_ignores(bd_source_line(f->loc.file, l - 1), f->check));
}

/* ---- comments that suppress nothing (bdops-suppression-comment) ---- */

static int distance(const char *a, size_t na, const char *b)
{
	size_t nb = strlen(b), i, j;
	int d[32][32];

	if (na >= 32 || nb >= 32)
		return 99;
	for (i = 0; i <= na; i++)
		d[i][0] = i;
	for (j = 0; j <= nb; j++)
		d[0][j] = j;
	for (i = 1; i <= na; i++)
		for (j = 1; j <= nb; j++) {
			int sub = d[i - 1][j - 1] + (tolower((unsigned char)a[i - 1]) != b[j - 1]);
			int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;

			d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
	return d[na][nb];
}

/* A word meant as "ignore": a typo of it, or another tool's word for it. */
static int ignore_like(const char *w, size_t n)
{
	static const char *const others[] = { "disable", "suppress", "nolint", "skip",
					       "allow", "off", "ignored", "ignores" };
	size_t i;

	if (n >= 4 && distance(w, n, "ignore") <= 2)
		return 1;
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (n == strlen(others[i]) && !strncasecmp(w, others[i], n))
			return 1;
	return 0;
}

/* "file-write, ndelay-flags, ..., all" */
static const char *valid_checks(void)
{
	static char buf[512];
	size_t n = 0;
	int i;

	if (buf[0])
		return buf;
	for (i = 0; i < BD_CHECK_COUNT && n < sizeof(buf); i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s, ", bd_check_info(i)->name);
	if (n < sizeof(buf))
		snprintf(buf + n, sizeof(buf) - n, "all");
	return buf;
}

/* The check nearest to a misspelt name, if it is near: "put-mode". */
static const char *nearest_check(const char *p, size_t n)
{
	char name[32];
	const char *best = NULL;
	size_t i, k = 0;
	int d, bestd = 3;

	for (i = 0; i < n && k < sizeof(name) - 1; i++)
		name[k++] = p[i] == '_' ? '-' : tolower((unsigned char)p[i]);
	name[k] = 0;
	if (!strncmp(name, "bdops-", 6))
		memmove(name, name + 6, strlen(name + 6) + 1);
	for (i = 0; i < BD_CHECK_COUNT; i++) {
		const char *c = bd_check_info(i)->name;

		d = distance(name, strlen(name), c);
		if (d < bestd || (!best && !strncmp(c, name, strlen(name)) && strlen(name) >= 4)) {
			bestd = d < bestd ? d : bestd;
			best = c;
		}
	}
	return best;
}

static void warn(struct bd_ctx *c, const char *file, int line, const char *text,
		 const char *at, const char *fix, const char *fmt, const char *what)
{
	struct bd_loc loc = { file, line, (int)(at - text) + 1 };
	char msg[512];

	snprintf(msg, sizeof(msg), fmt, what);
	bd_report(c, BD_CHECK_SUPPRESSION_COMMENT, BD_SEV_WARNING, loc, NULL, fix, 0, NULL,
		  "%s; valid checks: %s", msg, valid_checks());
}

/* The names after "ignore": each one must be a check (or "all"). */
static void check_names(struct bd_ctx *c, const char *file, int line, const char *text,
			const char *at, const char *q)
{
	char what[96], fix[96];
	const char *near;
	size_t n;

	for (;;) {
		q = skip_blanks(q);
		for (n = 0; name_char(q[n]); n++)
			;
		if (!n) {
			warn(c, file, line, text, at, NULL,
			     "'%s' names no check: it suppresses nothing", "bdops: ignore");
			return;
		}
		if (name_id(q, n) == -1) {
			snprintf(what, sizeof(what), "%.*s", (int)(n < 64 ? n : 64), q);
			near = nearest_check(q, n);
			if (near)
				snprintf(fix, sizeof(fix), "write '%s'", near);
			warn(c, file, line, text, q, near ? fix : NULL,
			     "unknown check '%s' in 'bdops: ignore': it suppresses nothing", what);
		}
		q = skip_blanks(q + n);
		if (*q != ',')
			return;
		q++;
	}
}

static void scan_line(struct bd_ctx *c, const char *file, int line, const char *text)
{
	char what[96];
	const char *p, *q, *w;
	size_t n;

	for (p = text; (p = strcasestr(p, "bdops")); p += 5) {
		if (!in_comment(text, p) || (p > text && name_char(p[-1])))
			continue;
		q = marker(p);
		if (q && (w = ignore_word(q))) {
			check_names(c, file, line, text, p, w);
			continue;
		}
		if (!starts_comment(text, p))
			continue;	/* prose that mentions bdops */
		/* "bdops: ingore", "bdops ignore", "bdops-ignore" */
		if (q) {
			w = q;
		} else {
			w = p + 5;
			if (*w != ' ' && *w != '\t' && *w != '-' && *w != '_' && *w != '(')
				continue;
			w = skip_blanks(w + 1);
		}
		for (n = 0; isalpha((unsigned char)w[n]); n++)
			;
		if (!n || !ignore_like(w, n))
			continue;
		snprintf(what, sizeof(what), "%.*s", (int)(w + n - p < 80 ? w + n - p : 80), p);
		warn(c, file, line, text, p, "write 'bdops: ignore CHECK'",
		     "'%s' is not a bdops directive: it suppresses nothing", what);
	}
}

void bd_check_suppression_comments(struct bd_ctx *c)
{
	const char *main_file = bd_unit_main_file(c->u), *text;
	int i, n = c->r->n, line;

	if (!c->o->enabled[BD_CHECK_SUPPRESSION_COMMENT])
		return;
	for (line = 1; main_file && (text = bd_source_line(main_file, line)); line++)
		if (strcasestr(text, "bdops"))
			scan_line(c, main_file, line, text);
	/* in headers, the comments where a finding of this unit looks */
	for (i = 0; i < n; i++) {
		const struct bd_finding *f = &c->r->v[i];

		if (!f->loc.file || (main_file && !strcmp(f->loc.file, main_file)))
			continue;
		for (line = f->loc.line - 1; line <= f->loc.line; line++)
			if (line > 0 && (text = bd_source_line(f->loc.file, line)) &&
			    strcasestr(text, "bdops"))
				scan_line(c, c->r->v[i].loc.file, line, text);
	}
}

/* ---- baseline ---- */

struct entry {
	uint64_t key;
	int used;	/* in a run of equal keys, its first entry counts the
			 * findings the run has hidden */
};

static int entry_cmp(const void *a, const void *b)
{
	uint64_t x = ((const struct entry *)a)->key, y = ((const struct entry *)b)->key;

	return x < y ? -1 : x > y;
}

/* The first entry of v (sorted) with the key, or -1. */
static int first_with(const struct entry *v, int n, uint64_t key)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (v[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].key == key ? lo : -1;
}

static int load_baseline(const char *path, const char *root, struct entry **out,
			 char *err, size_t errlen)
{
	struct bd_result *tmp = bd_result_new();
	struct bd_json *j = bd_json_parse_file(path, err, errlen);
	const struct bd_json *arr = j;
	struct entry *v;
	int i, n = -1;

	if (!j || bd_shape_findings(j, path, err, errlen))
		goto out;
	if (j->type == BD_JSON_OBJECT)
		arr = bd_json_get(j, "findings");
	for (i = 0; i < arr->n; i++) {
		if (bd_finding_from_json(tmp, arr->items[i], err, errlen) < 0)
			goto out;
	}
	v = bd_xcalloc(tmp->n + 1, sizeof(*v));
	for (i = 0; i < tmp->n; i++)
		v[i].key = bd_finding_hash(&tmp->v[i], root);
	/* sorted, so each finding is one binary search: a baseline of a
	 * whole tree's findings against a run with as many */
	qsort(v, tmp->n, sizeof(*v), entry_cmp);
	*out = v;
	n = tmp->n;
out:
	bd_json_free(j);
	bd_result_free(tmp);
	return n;
}

static void apply_baseline(struct bd_result *r, const struct bd_options *o)
{
	struct entry *v = NULL;
	char err[512];
	uint64_t key;
	int i, k, n;

	n = load_baseline(o->baseline, o->root, &v, err, sizeof(err));
	if (n < 0) {
		/* findings it should have hidden would show as new: fail */
		bd_result_set_failure(r, "cannot use baseline: %s", err);
		return;
	}
	for (i = 0; i < r->n; i++) {
		if (r->v[i].suppressed)
			continue;
		key = bd_finding_hash(&r->v[i], o->root);
		k = first_with(v, n, key);
		if (k < 0 || k + v[k].used >= n || v[k + v[k].used].key != key)
			continue;
		v[k].used++;
		r->v[i].suppressed = 2;
	}
	free(v);
}

int bd_baseline_check(const char *path, char *err, size_t errlen)
{
	struct entry *v = NULL;
	int n = load_baseline(path, NULL, &v, err, errlen);

	free(v);
	return n < 0 ? -1 : 0;
}

void bd_apply_suppressions(struct bd_result *r, const struct bd_options *o)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (!r->v[i].suppressed && comment_suppresses(&r->v[i]))
			r->v[i].suppressed = 1;
	if (o && o->baseline)
		apply_baseline(r, o);
	bd_result_recount(r);
}

int bd_baseline_write(const struct bd_result *r, const struct bd_options *o,
		      const char *path)
{
	struct bd_json_writer w;
	FILE *f = fopen(path, "w");
	int i, bad, n = 0;

	if (!f)
		return -1;
	bd_json_init(&w, f, 1);
	bd_json_begin_array(&w);
	for (i = 0; i < r->n; i++)
		if (r->v[i].suppressed != 1) {
			bd_json_write_finding(&w, &r->v[i], o, 0);
			n++;
		}
	bd_json_end_array(&w);
	bad = ferror(f);
	if (fclose(f) || bad) {
		errno = errno ? errno : EIO;
		return -1;
	}
	return n;
}
