// SPDX-License-Identifier: GPL-2.0
/*
 * source.c - source lines for suppression comments and binding lookups.
 * A file is read once and kept (split into lines) for the whole process:
 * a unit asks about the same few files over and over.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

struct src_file {
	char *path;
	char *text;		/* NULL if the file could not be read */
	char **lines;
	int nlines;
	struct bd_comments comments;
	int scanned;		/* comments found */
	struct src_file *next;
};

static struct src_file *files;

static void load(struct src_file *s)
{
	FILE *f = fopen(s->path, "rb");
	size_t len = 0, cap = 0, n;
	char *p;
	int cap_lines = 0;

	if (!f)
		return;
	do {
		if (len + 4096 >= cap) {
			cap = cap ? cap * 2 : 65536;
			s->text = bd_xrealloc(s->text, cap);
		}
		n = fread(s->text + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	fclose(f);
	s->text[len] = 0;
	for (p = s->text; p < s->text + len || (p == s->text && len == 0); ) {
		char *nl = memchr(p, '\n', s->text + len - p);

		BD_GROW(s->lines, s->nlines, cap_lines);
		s->lines[s->nlines++] = p;
		if (!nl)
			break;
		*nl = 0;
		if (nl > p && nl[-1] == '\r')
			nl[-1] = 0;
		p = nl + 1;
	}
}

static struct src_file *find(const char *file)
{
	struct src_file *s;

	for (s = files; s; s = s->next)
		if (!strcmp(s->path, file))
			break;
	if (!s) {
		s = bd_xcalloc(1, sizeof(*s));
		s->path = bd_xstrdup(file);
		load(s);
		s->next = files;
		files = s;
	}
	return s;
}

const char *bd_source_line(const char *file, int line)
{
	struct src_file *s;

	if (!file || line < 1)
		return NULL;
	s = find(file);
	if (!s->text || line > s->nlines)
		return NULL;
	return s->lines[line - 1];
}

static const char *line_of(void *ctx, int n)
{
	struct src_file *s = ctx;

	return n <= s->nlines ? s->lines[n - 1] : NULL;
}

const struct bd_comments *bd_source_comments(const char *file)
{
	struct src_file *s;

	if (!file)
		return NULL;
	s = find(file);
	if (!s->text)
		return NULL;
	if (!s->scanned) {
		bd_comments_scan(line_of, s, &s->comments);
		s->scanned = 1;
	}
	return &s->comments;
}

void bd_source_forget(void)
{
	while (files) {
		struct src_file *next = files->next;

		free(files->path);
		free(files->text);
		bd_comments_free(&files->comments);
		free(files->lines);
		free(files);
		files = next;
	}
}
