// SPDX-License-Identifier: GPL-2.0
/*
 * markers.c - line markers for bdops-sparse.
 *
 * Preprocessed input (a kernel "make drivers/block/floppy.i") says where
 * each line came from with markers:
 *
 *	# 123 "drivers/block/floppy.c" 2
 *	#line 123 "drivers/block/floppy.c"
 *
 * GCC and Clang report at the file and line a marker names; sparse ignores
 * markers and counts the lines of the .i.  So that every frontend gives
 * the same findings, bdops-sparse reads a stream's markers itself, once,
 * the first time one of its positions is lowered, and maps its lines.
 * A stream with no markers maps to itself.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparse_rules.h"
#include "token.h"

struct marker {
	int at;			/* physical line of the marker */
	int line;		/* the line the next one is */
	const char *file;	/* NULL: the same file as before */
};

struct stream_markers {
	int read;
	struct marker *v;
	int n, cap;
};

static struct stream_markers *streams;
static int nstreams;

/* "# 123 "file" ..." or "#line 123 ["file"]": 1 with *line and *file set
 * (*file NULL without a name). */
static int parse_marker(const char *p, int *line, char **file)
{
	char name[4096];
	size_t k = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != '#')
		return 0;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!strncmp(p, "line", 4) && (p[4] == ' ' || p[4] == '\t'))
		p += 4;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!isdigit((unsigned char)*p))
		return 0;
	*line = (int)strtol(p, (char **)&p, 10);
	*file = NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '"')
		return 1;
	for (p++; *p && *p != '"' && k < sizeof(name) - 1; p++) {
		if (*p == '\\' && p[1])
			p++;
		name[k++] = *p;
	}
	name[k] = 0;
	*file = strdup(name);
	return 1;
}

static void read_markers(struct stream_markers *m, const char *path)
{
	char buf[8192];
	FILE *f = fopen(path, "r");
	int phys = 0, line, bol = 1;
	char *file;

	m->read = 1;
	if (!f)
		return;
	while (fgets(buf, sizeof(buf), f)) {
		size_t n = strlen(buf);
		int whole = n && buf[n - 1] == '\n';

		if (bol) {
			phys++;
			if (strchr(buf, '#') && parse_marker(buf, &line, &file)) {
				if (m->n == m->cap) {
					m->cap = m->cap ? 2 * m->cap : 64;
					m->v = realloc(m->v, m->cap * sizeof(*m->v));
					if (!m->v)
						abort();
				}
				m->v[m->n].at = phys;
				m->v[m->n].line = line;
				m->v[m->n++].file = file;
			}
		}
		bol = whole;
	}
	fclose(f);
}

void sp_marked_pos(int stream, const char **file, int *line)
{
	struct stream_markers *m;
	const char *name = *file;
	int lo, hi;

	if (stream < 0)
		return;
	if (stream >= nstreams) {
		streams = realloc(streams, (stream + 1) * sizeof(*streams));
		if (!streams)
			abort();
		memset(streams + nstreams, 0, (stream + 1 - nstreams) * sizeof(*streams));
		nstreams = stream + 1;
	}
	m = &streams[stream];
	if (!m->read)
		read_markers(m, input_streams[stream].name);
	/* the last marker before the line */
	lo = 0;
	hi = m->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (m->v[mid].at < *line)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return;
	*line = m->v[lo - 1].line + (*line - m->v[lo - 1].at - 1);
	for (int k = lo - 1; k >= 0; k--) {
		if (m->v[k].file) {
			name = m->v[k].file;
			break;
		}
	}
	*file = name;
}

/* A .i is the unit its first line marker names, as GCC and Clang take it:
 * "# 0 "drivers/block/floppy.c"", then GCC's "# 0 "/dir//"" (with
 * -fworking-directory) for the directory it was preprocessed in.  Other
 * files are themselves. */
struct bd_unit *sp_new_unit(const char *path)
{
	char buf[8192], *file = NULL, *dir = NULL;
	size_t n = strlen(path);
	struct bd_unit *u;
	FILE *f;
	int line, k = 0;

	f = n > 2 && !strcmp(path + n - 2, ".i") ? fopen(path, "r") : NULL;
	while (f && k++ < 2 && fgets(buf, sizeof(buf), f)) {
		char *name;

		if (!parse_marker(buf, &line, &name) || !name)
			break;
		n = strlen(name);
		if (!file && name[0] != '<')
			file = name;
		else if (file && n > 2 && !strcmp(name + n - 2, "//"))
			dir = name;
		else
			free(name);
		if (!file)
			break;
	}
	if (f)
		fclose(f);
	u = bd_unit_new(file ? file : path);
	bd_unit_set_input(u, path);
	if (dir) {
		dir[strlen(dir) - 2] = 0;
		bd_unit_set_dir(u, dir);
	}
	free(file);
	free(dir);
	return u;
}
