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
 * CHECK is a check name with or without "bdops-", or "all".
 *
 * A baseline: a JSON file of known findings (the JSON report format, written
 * by "bdops check --write-baseline FILE").  A finding matches an entry with
 * the same file (relative to the root), function, check and message with
 * its numbers blanked out, so code that moves up or down does not bring it
 * back; each entry hides one finding, so a second, new instance of the same
 * problem in the same function still shows.  This is smatch's new_bugs.pl
 * idea.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "json.h"
#include "shape.h"

/* Does the ignore list starting at p name 'check'? */
static int list_names(const char *p, enum bd_check check)
{
	char name[64];
	size_t n;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		n = 0;
		while (p[n] && (isalnum((unsigned char)p[n]) || p[n] == '-' || p[n] == '_'))
			n++;
		if (!n || n >= sizeof(name))
			return 0;
		memcpy(name, p, n);
		name[n] = 0;
		if (!strcmp(name, "all") || !strcmp(name, "bdops-all") ||
		    bd_check_lookup(name) == (int)check)
			return 1;
		p += n;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != ',')
			return 0;
		p++;
	}
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

static int line_ignores(const char *line, enum bd_check check)
{
	const char *p = line;

	while (line && (p = strstr(p, "bdops:"))) {
		const char *q = p + 6;

		while (*q == ' ' || *q == '\t')
			q++;
		if (!strncmp(q, "ignore", 6) && (q[6] == ' ' || q[6] == '\t') &&
		    in_comment(line, p) && list_names(q + 6, check))
			return 1;
		p += 6;
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

/* ---- baseline ---- */

struct entry {
	uint64_t key;
	int used;
};

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
		for (k = 0; k < n; k++) {
			if (!v[k].used && v[k].key == key) {
				v[k].used = 1;
				r->v[i].suppressed = 2;
				break;
			}
		}
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
