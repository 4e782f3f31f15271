/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json.h - a small JSON writer and reader for findings, facts and SARIF.
 *
 * The writer streams to a FILE with 2-space indentation (or compact) and
 * escapes strings correctly: control characters as \uXXXX, invalid UTF-8
 * bytes replaced by U+FFFD so that SARIF consumers never choke on a path.
 * The reader builds a DOM (struct bd_json) and rejects anything that is not
 * RFC 8259 JSON, with a line:column in the error message.
 */
#ifndef BDOPS_JSON_H
#define BDOPS_JSON_H

#include <stdint.h>
#include <stdio.h>

#define BD_JSON_MAX_DEPTH 64
/* Limits of the reader (docs/output.md "Limits"): no string bdops writes
 * comes near 1 MiB (paths, messages, a compile command), and a file is
 * refused by its size before it is read (bd_json_parse_file_max). */
#define BD_JSON_MAX_STRING (1u << 20)
#define BD_JSON_MAX_FILE (1ull << 30)	/* compile_commands.json of a tree */

struct bd_json_writer {
	FILE *out;
	int pretty;
	int depth;
	int count[BD_JSON_MAX_DEPTH];	/* elements written at each level */
	int after_key;			/* a key was written, value pending */
};

void bd_json_init(struct bd_json_writer *w, FILE *out, int pretty);
void bd_json_begin_object(struct bd_json_writer *w);
void bd_json_end_object(struct bd_json_writer *w);
void bd_json_begin_array(struct bd_json_writer *w);
void bd_json_end_array(struct bd_json_writer *w);
void bd_json_key(struct bd_json_writer *w, const char *key);
void bd_json_string(struct bd_json_writer *w, const char *s);	/* NULL: null */
void bd_json_int(struct bd_json_writer *w, int64_t v);
void bd_json_bool(struct bd_json_writer *w, int v);
void bd_json_null(struct bd_json_writer *w);
/* "key": value shorthands. */
void bd_json_kv_str(struct bd_json_writer *w, const char *key, const char *s);
void bd_json_kv_int(struct bd_json_writer *w, const char *key, int64_t v);
/* Write s as a JSON string literal (with quotes) to out. */
void bd_json_write_escaped(FILE *out, const char *s);

enum bd_json_type {
	BD_JSON_NULL,
	BD_JSON_BOOL,
	BD_JSON_NUMBER,
	BD_JSON_STRING,
	BD_JSON_ARRAY,
	BD_JSON_OBJECT
};

/* A value of a parsed document.  Only the root may be given to
 * bd_json_free(); the whole document goes with it. */
struct bd_json {
	enum bd_json_type type;
	int n;			/* array / object size */
	union {			/* by type */
		int64_t integer;	/* number truncated, exact for integers */
		int boolean;
		char *string;		/* NUL-terminated; \u0000 is refused */
		struct bd_json **items;
	};
	union {
		size_t len;		/* of string */
		char **keys;		/* object keys, in document order */
		double number;		/* of number */
	};
	int line, col;		/* where the value starts (1-based) */
};

struct bd_json *bd_json_parse(const char *text, size_t len, char *err, size_t errlen);
/* Parse a whole file; err names the file on failure.  A file (or pipe)
 * over max bytes is refused before it is read whole; _file() is _max()
 * with BD_JSON_MAX_FILE. */
struct bd_json *bd_json_parse_file(const char *path, char *err, size_t errlen);
struct bd_json *bd_json_parse_file_max(const char *path, unsigned long long max, char *err,
				       size_t errlen);
void bd_json_free(struct bd_json *j);
/* Make string value v of document root (its root, as parsed) a copy of s,
 * kept in the document. */
void bd_json_set_string(struct bd_json *root, struct bd_json *v, const char *s);
/* Member 'key' of an object, or NULL (also when j is not an object). */
const struct bd_json *bd_json_get(const struct bd_json *j, const char *key);
/* Member as string / integer, or dflt if absent or of another type. */
const char *bd_json_get_str(const struct bd_json *j, const char *key, const char *dflt);
int64_t bd_json_get_int(const struct bd_json *j, const char *key, int64_t dflt);

#endif
