// SPDX-License-Identifier: GPL-2.0
/*
 * suppress.c - findings the user has already looked at.
 *
 * In the source: a comment "bdops: ignore CHECK[,CHECK...] [reason]" in
 * any comment form the kernel uses:
 *
 *	blkdev_put(bdev, FMODE_READ);	// bdops: ignore put-mode
 *	/\* bdops: ignore bdops-file-write,ndelay-flags legacy floppy ioctl *\/
 *	/\*
 *	 * bdops: ignore put-mode: the mode is matched in foo_exit()
 *	 *\/
 *
 * Only comments count (comments.c finds them as the compiler's lexer
 * does): the same words in a string literal or a character constant
 * suppress nothing.  Which line a comment covers:
 *   - a comment on one line covers that line and the line after it (a
 *     directive at the end of the finding's line, or on the line above);
 *   - a comment over several lines covers the line after its end (the
 *     kernel's block comment above a statement), and its first or last
 *     line if code shares it ("foo(); /\* ... \n ... *\/").
 *
 * CHECK is a check name with or without "bdops-", or "all", in any case,
 * with '_' for '-'; "bdops" in any case, blanks around its ':';
 * "ignore" in any case, followed by a blank, ':' or '='.  A comment that
 * looks like a directive but suppresses nothing is itself a finding of
 * bdops-suppression-comment, naming the valid checks: a check no one
 * knows, no check at all, a misspelt word ("ingore", "bdops ignore"
 * without the colon, "bdop: ignore"), and a spelling with a look-alike or
 * invisible character (a Cyrillic o in "bdops", a zero-width space in
 * "ignore", a fullwidth colon, in a check's name: lookalike.c) - a
 * look-alike is never honoured, and a typo must not hide behind silence.
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

/* A check's name: letters, digits, '-', '_', and any byte of a non-ASCII
 * character (so that a look-alike is part of the name, and no name). */
static size_t name_len(const char *p)
{
	size_t n = 0;

	while (name_char(p[n]) || (unsigned char)p[n] >= 0x80)
		n++;
	return n;
}

/* Does the ignore list starting at p name 'check'? */
static int list_names(const char *p, enum bd_check check)
{
	size_t n;
	int id;

	for (;;) {
		p = skip_blanks(p);
		n = name_len(p);
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

/* "bdops" at p starts a word (not "xbdops", "my_bdops"). */
static int word_start(const char *text, const char *p)
{
	return p == text || !(name_char(p[-1]) || (unsigned char)p[-1] >= 0x80);
}

/* A comment's part as a C string (parts point into the file's lines). */
static char *part_text(const struct bd_comment_part *pt)
{
	char *t = bd_xcalloc(pt->len + 1, 1);

	memcpy(t, pt->text, pt->len);
	return t;
}

static int part_ignores(const struct bd_comment_part *pt, enum bd_check check)
{
	char *text = part_text(pt);
	const char *p, *q;
	int yes = 0;

	for (p = text; !yes && (p = strcasestr(p, "bdops")); p += 5) {
		q = marker(p);
		yes = q && word_start(text, p) && (q = ignore_word(q)) && list_names(q, check);
	}
	free(text);
	return yes;
}

/* Does comment cm cover line l (see the top of this file)? */
static int covers(const struct bd_comment *cm, int l)
{
	if (cm->first == cm->last)
		return l == cm->first || l == cm->first + 1;
	return (l == cm->first && cm->code_before) || (l == cm->last && cm->code_after) ||
	       l == cm->last + 1;
}

static int comment_suppresses(const struct bd_finding *f)
{
	const struct bd_comments *c;

	if (!f->loc.file || f->loc.line < 1 || !(c = bd_source_comments(f->loc.file)))
		return 0;
	for (int i = 0; i < c->n; i++) {
		const struct bd_comment *cm = &c->v[i];

		if (!covers(cm, f->loc.line))
			continue;
		for (int k = 0; k < cm->nparts; k++)
			if (part_ignores(&c->parts[cm->part0 + k], f->check))
				return 1;
	}
	return 0;
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

/* Where the reports of one part go. */
struct where {
	struct bd_ctx *c;
	const char *file;
	const struct bd_comment_part *pt;
	const char *text;		/* the part as a C string */
};

static void warn(const struct where *w, const char *at, const char *fix, const char *fmt,
		 const char *what)
{
	struct bd_loc loc = { w->file, w->pt->line, w->pt->col + (int)(at - w->text) };
	char msg[512];

	snprintf(msg, sizeof(msg), fmt, what);
	bd_report(w->c, BD_CHECK_SUPPRESSION_COMMENT, BD_SEV_WARNING, loc, NULL, fix, 0, NULL,
		  "%s; valid checks: %s", msg, valid_checks());
}

/* "U+043E (a look-alike of 'o')" for the first non-ASCII character of
 * s[0, n), or "" if it has none. */
static const char *non_ascii(const char *s, size_t n, char *buf, size_t len)
{
	const char *what;
	unsigned cp;
	char c;

	if (bd_first_non_ascii(s, n, &cp, &c, &what) < 0)
		return "";
	if (c && c != '?' && c != ' ')
		snprintf(buf, len, "U+%04X (%s of '%c')", cp, what, c);
	else
		snprintf(buf, len, "U+%04X (%s)", cp, what);
	return buf;
}

/* The names after "ignore": each one must be a check (or "all"),
 * spelt in ASCII. */
static void check_names(const struct where *w, const char *at, const char *q)
{
	char what[160], fix[96], desc[96], skel[72];
	int pos[72];
	const char *near;
	size_t n;

	for (;;) {
		q = skip_blanks(q);
		n = name_len(q);
		if (!n) {
			warn(w, at, NULL, "'%s' names no check: it suppresses nothing",
			     "bdops: ignore");
			return;
		}
		if (*non_ascii(q, n, desc, sizeof(desc)) && n < 64 &&
		    bd_skeleton(q, n, skel, pos, sizeof(skel)) && name_id(skel, strlen(skel)) != -1) {
			snprintf(what, sizeof(what), "%.*s' suppresses nothing: it has %s where "
				 "ASCII is meant", (int)n, q, desc);
			snprintf(fix, sizeof(fix), "write '%s'", skel);
			warn(w, q, fix, "check name '%s", what);
		} else if (name_id(q, n) == -1) {
			snprintf(what, sizeof(what), "%.*s", (int)(n < 64 ? n : 64), q);
			near = nearest_check(q, n);
			if (near)
				snprintf(fix, sizeof(fix), "write '%s'", near);
			warn(w, q, near ? fix : NULL,
			     "unknown check '%s' in 'bdops: ignore': it suppresses nothing", what);
		}
		q = skip_blanks(q + n);
		if (*q != ',')
			return;
		q++;
	}
}

/* Does at start the comment's text, after its decoration ("// ", "/\* ",
 * " * ", "/\** ", "//! ")? */
static int starts_text(const char *text, const char *at)
{
	for (const char *p = text; p < at; p++)
		if (*p != ' ' && *p != '\t' && *p != '*' && *p != '/' && *p != '!')
			return 0;
	return 1;
}

/* After a word meant as "bdops" at p (n bytes): the separator and a
 * word meant as "ignore"?  Then the end of that word, else NULL. */
static const char *meant_ignore(const char *p, size_t n)
{
	const char *w = p + n;
	size_t k;

	while (*w && strchr(" \t:=;.,-_(", *w))
		w++;
	for (k = 0; isalpha((unsigned char)w[k]); k++)
		;
	return k && ignore_like(w, k) ? w + k : NULL;
}

static void not_a_directive(const struct where *w, const char *p, const char *end,
			    const char *desc)
{
	char what[200];

	snprintf(what, sizeof(what), "%.*s' is not a bdops directive%s%s%s: it suppresses "
		 "nothing", (int)(end - p < 80 ? end - p : 80), p, *desc ? ": it has " : "", desc,
		 *desc ? " where ASCII is meant" : "");
	warn(w, p, *desc ? "write 'bdops: ignore CHECK' in ASCII" : "write 'bdops: ignore CHECK'",
	     "'%s", what);
}

/* "bdops" spelt with a look-alike or invisible character, or a
 * fullwidth ':' after it: found in the part's ASCII skeleton. */
static void lookalikes(const struct where *w)
{
	size_t n = strlen(w->text);
	char *skel = bd_xcalloc(n + 1, 1), desc[96];
	int *at = bd_xcalloc(n + 1, sizeof(*at));
	const char *p, *end;

	bd_skeleton(w->text, n, skel, at, n + 1);
	for (p = skel; (p = strcasestr(p, "bdops")); p += 5) {
		const char *raw = w->text + at[p - skel];

		if (!word_start(skel, p) || !starts_text(w->text, raw) ||
		    !(end = meant_ignore(p, 5)))
			continue;
		end = w->text + at[end - skel];
		if (!*non_ascii(raw, end - raw, desc, sizeof(desc)))
			continue;	/* plain ASCII: the other rules judged it */
		not_a_directive(w, raw, end, desc);
	}
	free(skel);
	free(at);
}

static void scan_part(struct bd_ctx *c, const char *file, const struct bd_comment_part *pt)
{
	char *text = part_text(pt);
	struct where w = { c, file, pt, text };
	const char *p, *q, *end;
	size_t n;
	int found = 0;

	for (p = text; (p = strcasestr(p, "bdops")); p += 5) {
		if (!word_start(text, p))
			continue;
		found = 1;
		q = marker(p);
		if (q && (end = ignore_word(q))) {
			check_names(&w, p, end);
			continue;
		}
		/* "bdops: ingore", "bdops ignore", "bdops-ignore", where a
		 * comment starts; elsewhere it is prose that mentions bdops */
		if (starts_text(text, p) && (end = meant_ignore(p, 5)))
			not_a_directive(&w, p, end, "");
	}
	/* "bdop: ignore put-mode": a typo of "bdops" itself, before a
	 * directive's words and a real check */
	for (p = text; !found && *p; p++) {
		const char *names;

		if (!isalpha((unsigned char)*p) || !word_start(text, p) || !starts_text(text, p))
			continue;
		for (n = 0; isalpha((unsigned char)p[n]); n++)
			;
		if (n >= 4 && n <= 7 && distance(p, n, "bdops") <= 2 && (end = meant_ignore(p, n))) {
			names = skip_blanks(*end == ':' || *end == '=' ? end + 1 : end);
			if (name_len(names) && name_id(names, name_len(names)) != -1)
				not_a_directive(&w, p, end, "");
		}
		p += n - 1;
	}
	for (p = text; *p; p++)
		if ((unsigned char)*p >= 0x80) {
			lookalikes(&w);
			break;
		}
	free(text);
}

/* Report the directives of the comments of file that cover line (0: of
 * all its comments) and suppress nothing. */
static void scan_file(struct bd_ctx *c, const char *file, int line)
{
	const struct bd_comments *cs = bd_source_comments(file);

	for (int i = 0; cs && i < cs->n; i++) {
		const struct bd_comment *cm = &cs->v[i];

		if (line && !covers(cm, line))
			continue;
		for (int k = 0; k < cm->nparts; k++)
			scan_part(c, file, &cs->parts[cm->part0 + k]);
	}
}

void bd_check_suppression_comments(struct bd_ctx *c)
{
	const char *main_file = bd_unit_main_file(c->u);
	int i, n = c->r->n;

	if (!c->o->enabled[BD_CHECK_SUPPRESSION_COMMENT])
		return;
	if (main_file)
		scan_file(c, main_file, 0);
	/* in headers, the comments where a finding of this unit looks */
	for (i = 0; i < n; i++) {
		const struct bd_finding *f = &c->r->v[i];

		if (!f->loc.file || f->loc.line < 1 || (main_file && !strcmp(f->loc.file, main_file)))
			continue;
		scan_file(c, f->loc.file, f->loc.line);
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
