// SPDX-License-Identifier: GPL-2.0
/*
 * shape.c - what the JSON files bdops reads must look like: facts files,
 * findings (reports and baselines) and compilation databases.
 *
 * Valid JSON of the wrong shape ("findings": null, a check id that is a
 * number, an entry without "file") is refused with the file, the place
 * (line:column and the path inside the document) and what was expected,
 * never read as an empty unit that looks clean:
 *
 *	facts/loop.c-1f2e.json:7:14: findings[0].check: expected a check id
 *	string (such as "bdops-put-mode"), found a number
 *
 * Each shape is a table of fields; fields a reader does not know are
 * allowed, so a newer writer that adds some is still read.  A facts file of
 * a newer format version is refused as such.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "internal.h"
#include "json.h"
#include "shape.h"

enum {
	T_NULL = 1, T_BOOL = 2, T_INT = 4, T_NUM = 8, T_STR = 16,
	T_ARR = 32, T_OBJ = 64,
};

struct shape;

struct field {
	const char *key;
	unsigned types;			/* allowed JSON types */
	int required;
	const struct shape *sub;	/* T_OBJ: its fields; T_ARR: items' */
	unsigned items;			/* T_ARR: allowed item types */
	const char *what;		/* how to say what is expected */
	int ranged;			/* T_INT: lo..hi */
	int64_t lo, hi;
};

/*
 * A shape is closed unless it says otherwise: a key it does not list is
 * an error, so a misspelt "sumary" or "incomplte" is never read as an
 * absent one (the unit would look clean).  The facts format's version
 * says which keys there are; a writer that adds one bumps it.  Only the
 * compilation database, which other tools write, is open.
 */
struct shape {
	const char *name;		/* "a finding", "a facts file", ... */
	const struct field *fields;
	int open;			/* keys it does not list are allowed */
};

/* ---- the shapes ---- */

#define REQ(k, t)		{ .key = k, .types = t, .required = 1 }
#define OPT(k, t)		{ .key = k, .types = t }
#define OBJ(k, s)		{ .key = k, .types = T_OBJ, .sub = s }
#define ROBJ(k, s)		{ .key = k, .types = T_OBJ, .sub = s, .required = 1 }
#define ARR(k, req, s, it)	{ .key = k, .types = T_ARR, .required = req, .sub = s, .items = it }
/* integers in a range: lines and columns are C ints (a line of 2^32+72
 * must not be read as 72), counts are not negative, flags are 0 or 1 */
#define INT(k, req, l, h)	{ .key = k, .types = T_INT, .required = req, .ranged = 1, \
				  .lo = l, .hi = h }
#define LINE(k, req)		INT(k, req, 0, INT_MAX)
#define FLAG(k, req)		INT(k, req, 0, 1)
#define END			{ .key = NULL }

static const struct field loc_fields[] = {
	REQ("file", T_STR), LINE("line", 1), LINE("column", 0), END
};
static const struct shape loc_shape = { .name = "a location", .fields = loc_fields };

static const struct field note_fields[] = {
	OPT("file", T_STR | T_NULL), LINE("line", 0), LINE("column", 0),
	REQ("message", T_STR), END
};
static const struct shape note_shape = { .name = "a note", .fields = note_fields };

static const struct field edit_fields[] = {
	REQ("file", T_STR), LINE("line", 1), LINE("column", 1),
	LINE("endLine", 1), LINE("endColumn", 1), REQ("text", T_STR), END
};
static const struct shape edit_shape = { .name = "an edit", .fields = edit_fields };

static const struct field finding_fields[] = {
	REQ("file", T_STR), LINE("line", 1), LINE("column", 0),
	{ .key = "check", .types = T_STR, .required = 1,
	  .what = "a check id string (such as \"bdops-put-mode\")" },
	OPT("function", T_STR | T_NULL), REQ("message", T_STR),
	{ .key = "severity", .types = T_STR, .what = "\"warning\", \"error\" or \"note\"" },
	ARR("notes", 0, &note_shape, T_OBJ), OPT("fix", T_STR | T_NULL),
	ARR("edits", 0, &edit_shape, T_OBJ), INT("suppressed", 0, 0, 2), END
};
static const struct shape finding_shape = { .name = "a finding", .fields = finding_fields };

/* The summary (docs/facts.md, core/summary.h, facts_summary.c writes it):
 * every key, and those always written required. */
static const struct field value_fields[] = {
	/* one of: a constant; a field's value with bits set and cleared; a
	 * named object (6.5's holders); an opaque value */
	OPT("k", T_INT), OPT("tag", T_STR | T_NULL), OPT("field", T_STR | T_NULL),
	OPT("set", T_INT), OPT("clr", T_INT), OPT("object", T_STR | T_NULL),
	OPT("how", T_STR), FLAG("opaque", 0), OPT("show", T_STR), END
};
static const struct shape value_shape = { .name = "a mode value", .fields = value_fields };

static const struct field mode_fields[] = {
	FLAG("unknown", 1), ARR("values", 1, &value_shape, T_OBJ), END
};
static const struct shape mode_shape = { .name = "a mode", .fields = mode_fields };

static const struct field get_fields[] = {
	REQ("function", T_STR | T_NULL), REQ("get", T_STR), ROBJ("at", &loc_shape),
	REQ("tag", T_STR | T_NULL), REQ("field", T_STR | T_NULL),
	REQ("mode_field", T_STR | T_NULL), REQ("group", T_STR | T_NULL),
	FLAG("exclusive", 1), ROBJ("mode", &mode_shape), END
};
static const struct shape get_shape = { .name = "a get", .fields = get_fields };

static const struct field put_fields[] = {
	REQ("function", T_STR | T_NULL), REQ("put", T_STR), ROBJ("at", &loc_shape),
	REQ("tag", T_STR | T_NULL), REQ("field", T_STR | T_NULL), FLAG("exclusive", 1),
	REQ("from_tag", T_STR | T_NULL), REQ("from_field", T_STR | T_NULL),
	ROBJ("mode", &mode_shape), END
};
static const struct shape put_shape = { .name = "a put", .fields = put_fields };

/* 6.5's holders (put-holder): the same records, the holder for the mode */
static const struct field hget_fields[] = {
	REQ("function", T_STR | T_NULL), REQ("get", T_STR), ROBJ("at", &loc_shape),
	REQ("tag", T_STR | T_NULL), REQ("field", T_STR | T_NULL),
	REQ("mode_field", T_STR | T_NULL), REQ("group", T_STR | T_NULL),
	ROBJ("holder", &mode_shape), END
};
static const struct shape hget_shape = { .name = "a holder get", .fields = hget_fields };

static const struct field hput_fields[] = {
	REQ("function", T_STR | T_NULL), REQ("put", T_STR), ROBJ("at", &loc_shape),
	REQ("tag", T_STR | T_NULL), REQ("field", T_STR | T_NULL),
	INT("param_holder", 1, INT_MIN, INT_MAX), ROBJ("holder", &mode_shape), END
};
static const struct shape hput_shape = { .name = "a holder put", .fields = hput_fields };

static const struct field test_fields[] = {
	ROBJ("at", &loc_shape), OBJ("read", &loc_shape), REQ("what", T_STR | T_NULL), END
};
static const struct shape test_shape = { .name = "a test or write", .fields = test_fields };

static const struct field fn_fields[] = {
	REQ("name", T_STR), FLAG("static", 1), FLAG("method", 1), INT("roles", 1, 0, UINT_MAX),
	REQ("reached_from", T_STR | T_NULL), ARR("calls", 1, NULL, T_STR | T_NULL),
	ARR("ndelay", 1, &test_shape, T_OBJ), ARR("writes", 1, &test_shape, T_OBJ), END
};
static const struct shape fn_shape = { .name = "a function", .fields = fn_fields };

static const struct field store_fields[] = {
	REQ("tag", T_STR | T_NULL), REQ("field", T_STR | T_NULL), ROBJ("at", &loc_shape),
	ROBJ("mode", &mode_shape), END
};
static const struct shape store_shape = { .name = "a mode store", .fields = store_fields };

static const struct field defer_fields[] = {
	REQ("function", T_STR | T_NULL), REQ("put", T_STR), ROBJ("at", &loc_shape),
	ROBJ("mode", &mode_shape), REQ("get", T_STR), ROBJ("get_at", &loc_shape),
	ROBJ("get_mode", &mode_shape), END
};
static const struct shape defer_shape = { .name = "a deferred pair", .fields = defer_fields };

/* A function's graph (core/wp/json.c reads its nodes, with their own
 * grammar and ranges). */
static const struct field graph_fields[] = {
	REQ("name", T_STR), FLAG("static", 1), INT("params", 0, -1, INT_MAX),
	ARR("sets", 0, NULL, T_ARR), ARR("entry", 0, NULL, T_INT), ARR("nodes", 0, NULL, T_ARR),
	ARR("files", 0, NULL, T_STR | T_NULL), END
};
static const struct shape graph_shape = { .name = "a function's graph", .fields = graph_fields };

/* "summary": {} when the unit recorded none (it was rejected); else the
 * five arrays every unit writes (summary_required) */
static const struct field summary_fields[] = {
	ARR("gets", 0, &get_shape, T_OBJ), ARR("puts", 0, &put_shape, T_OBJ),
	ARR("holder_gets", 0, &hget_shape, T_OBJ), ARR("holder_puts", 0, &hput_shape, T_OBJ),
	ARR("functions", 0, &fn_shape, T_OBJ), ARR("stores", 0, &store_shape, T_OBJ),
	ARR("deferred", 0, &defer_shape, T_OBJ), ARR("graphs", 0, &graph_shape, T_OBJ),
	ARR("holder_graphs", 0, &graph_shape, T_OBJ), END
};
static const struct shape summary_shape = { .name = "a summary", .fields = summary_fields };
static const char *const summary_required[] = {
	"gets", "puts", "functions", "stores", "deferred", NULL
};

static const struct field facts_fields[] = {
	REQ("version", T_INT), REQ("unit", T_STR), OPT("path", T_STR), OPT("input", T_STR),
	{ .key = "directory", .types = T_STR, .required = 1,
	  .what = "the compiler's directory (an absolute path)" },
	INT("functions", 1, 0, INT_MAX),
	REQ("internal", T_STR | T_NULL), REQ("incomplete", T_STR | T_NULL),
	{ .key = "findings", .types = T_ARR, .required = 1, .sub = &finding_shape,
	  .items = T_OBJ, .what = "an array of findings" },
	ROBJ("summary", &summary_shape), END
};
static const struct shape facts_shape = { .name = "a bdops facts file", .fields = facts_fields };

static const struct field ccdb_fields[] = {
	REQ("directory", T_STR), REQ("file", T_STR),
	{ .key = "arguments", .types = T_ARR, .items = T_STR, .what = "an array of strings" },
	OPT("command", T_STR), OPT("output", T_STR), END
};
/* other tools write it, and may add keys */
static const struct shape ccdb_shape = { .name = "a compile command", .fields = ccdb_fields, .open = 1 };

/* ---- checking ---- */

struct ctx {
	const char *file;
	char *err;
	size_t errlen;
};

static unsigned type_of(const struct bd_json *j)
{
	switch (j->type) {
	case BD_JSON_NULL: return T_NULL;
	case BD_JSON_BOOL: return T_BOOL;
	case BD_JSON_NUMBER: return (double)j->integer == j->number ? T_INT | T_NUM : T_NUM;
	case BD_JSON_STRING: return T_STR;
	case BD_JSON_ARRAY: return T_ARR;
	case BD_JSON_OBJECT: return T_OBJ;
	}
	return 0;
}

static const char *type_name(unsigned t)
{
	if (t & T_NULL) return "null";
	if (t & T_BOOL) return "a boolean";
	if (t & T_INT) return "an integer";
	if (t & T_NUM) return "a number";
	if (t & T_STR) return "a string";
	if (t & T_ARR) return "an array";
	if (t & T_OBJ) return "an object";
	return "a value";
}

static const char *found_name(const struct bd_json *j)
{
	unsigned t = type_of(j);

	return t & T_INT ? "a number" : type_name(t);
}

/* "a string or null" */
static void expected(unsigned types, char *buf, size_t len)
{
	static const unsigned order[] = { T_STR, T_INT, T_NUM, T_ARR, T_OBJ, T_BOOL, T_NULL };
	size_t k = 0;
	int n = 0;

	buf[0] = 0;
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (!(types & order[i]) || (order[i] == T_NUM && (types & T_INT)))
			continue;
		k += snprintf(buf + k, k < len ? len - k : 0, "%s%s", n ? " or " : "",
			      type_name(order[i]));
		n++;
	}
}

static int bad(struct ctx *c, const struct bd_json *at, const char *where, const char *fmt,
	       const char *a, const char *b)
{
	char msg[512];

	snprintf(msg, sizeof(msg), fmt, a, b);
	snprintf(c->err, c->errlen, "%s:%d:%d: %s%s%s", c->file, at ? at->line : 1,
		 at ? at->col : 1, where, *where ? ": " : "", msg);
	return -1;
}

static int check_object(struct ctx *c, const struct bd_json *j, const struct shape *s,
			const char *where);

/* A scalar of an allowed type: nothing to check inside, no place to name
 * (a merge checks millions of values; building each one's path was most
 * of the check's time). */
static int is_plain(const struct bd_json *v, unsigned types)
{
	return v->type != BD_JSON_OBJECT && v->type != BD_JSON_ARRAY && (type_of(v) & types);
}

static int check_value(struct ctx *c, const struct bd_json *v, const struct field *f,
		       unsigned types, const struct shape *sub, const char *where)
{
	char exp[128];

	if (!(type_of(v) & types)) {
		if (f && f->what && types == f->types)
			snprintf(exp, sizeof(exp), "%s", f->what);
		else
			expected(types, exp, sizeof(exp));
		return bad(c, v, where, "expected %s, found %s", exp, found_name(v));
	}
	if (v->type == BD_JSON_OBJECT && sub)
		return check_object(c, v, sub, where);
	if (v->type == BD_JSON_ARRAY && f && f->items) {
		char item[640];

		for (int i = 0; i < v->n; i++) {
			if (is_plain(v->items[i], f->items))
				continue;
			snprintf(item, sizeof(item), "%s[%d]", where, i);
			if (check_value(c, v->items[i], NULL, f->items, sub, item))
				return -1;
		}
	}
	return 0;
}

/* Edit distance of a and b, for "did you mean" (short keys: a row each). */
static int distance(const char *a, const char *b)
{
	int row[64], la = (int)strlen(a), lb = (int)strlen(b);

	if (la >= 63 || lb >= 63)
		return 99;
	for (int k = 0; k <= lb; k++)
		row[k] = k;
	for (int i = 1; i <= la; i++) {
		int diag = row[0], up;

		row[0] = i;
		for (int k = 1; k <= lb; k++) {
			int best = diag + (a[i - 1] != b[k - 1]);

			up = row[k];
			if (up + 1 < best)
				best = up + 1;
			if (row[k - 1] + 1 < best)
				best = row[k - 1] + 1;
			diag = up;
			row[k] = best;
		}
	}
	return row[lb];
}

/* A key the shape does not list: an error, with the nearest known key
 * when one is close ("sumary": did you mean "summary"?). */
static int unknown_key(struct ctx *c, const struct bd_json *j, int i, const struct shape *s,
		       const char *where)
{
	const char *key = j->keys[i], *near = NULL;
	char msg[256];
	int best = 3;

	for (const struct field *f = s->fields; f->key; f++) {
		int d = distance(key, f->key);

		if (d < best || (!strcasecmp(key, f->key) && (d = 0) == 0)) {
			best = d;
			near = f->key;
		}
	}
	if (near)
		snprintf(msg, sizeof(msg), "did you mean \"%s\"?", near);
	else
		snprintf(msg, sizeof(msg), "not a key of %s (docs/facts.md)", s->name);
	return bad(c, j->items[i], where, "unknown key \"%.80s\": %s", key, msg);
}

static int out_of_range(struct ctx *c, const struct bd_json *v, const struct field *f,
			const char *where)
{
	char lo[32], hi[64];

	snprintf(lo, sizeof(lo), "%lld", (long long)f->lo);
	snprintf(hi, sizeof(hi), "%lld, found %lld", (long long)f->hi, (long long)v->integer);
	return bad(c, v, where, "expected an integer from %s to %s", lo, hi);
}

static int check_object(struct ctx *c, const struct bd_json *j, const struct shape *s,
			const char *where)
{
	char path[600];

	if (j->type != BD_JSON_OBJECT)
		return bad(c, j, where, "expected %s (a JSON object), found %s", s->name,
			   found_name(j));
	/* unknown keys first: a misspelt key is named as such, not as a
	 * missing one */
	for (int i = 0; !s->open && i < j->n; i++) {
		const struct field *f = s->fields;

		while (f->key && strcmp(f->key, j->keys[i]))
			f++;
		if (!f->key) {
			snprintf(path, sizeof(path), "%s%s%s", where, *where ? "." : "", j->keys[i]);
			return unknown_key(c, j, i, s, path);
		}
	}
	for (const struct field *f = s->fields; f->key; f++) {
		const struct bd_json *v = bd_json_get(j, f->key);

		if (!v) {
			if (f->required)
				return bad(c, j, where, "%s without \"%s\"", s->name, f->key);
			continue;
		}
		if (is_plain(v, f->types) &&
		    (!f->ranged || (v->integer >= f->lo && v->integer <= f->hi)))
			continue;
		snprintf(path, sizeof(path), "%s%s%s", where, *where ? "." : "", f->key);
		if (is_plain(v, f->types))
			return out_of_range(c, v, f, path);
		if (check_value(c, v, f, f->types, f->sub, path))
			return -1;
	}
	return 0;
}

/* Checks the shape tables cannot say: known check ids and severities. */
static int check_finding_values(struct ctx *c, const struct bd_json *f, const char *where)
{
	const struct bd_json *v = bd_json_get(f, "check");
	char path[600];

	snprintf(path, sizeof(path), "%s%scheck", where, *where ? "." : "");
	if (bd_check_lookup(v->string) < 0)
		return bad(c, v, path, "unknown check '%s' (see 'bdops list-checks')",
			   v->string, "");
	v = bd_json_get(f, "severity");
	snprintf(path, sizeof(path), "%s%sseverity", where, *where ? "." : "");
	if (v && strcmp(v->string, "warning") && strcmp(v->string, "error") &&
	    strcmp(v->string, "note"))
		return bad(c, v, path, "expected \"warning\", \"error\" or \"note\", found '%s'",
			   v->string, "");
	return 0;
}

static int check_findings(struct ctx *c, const struct bd_json *arr, const char *where)
{
	char item[512];

	for (int i = 0; i < arr->n; i++) {
		snprintf(item, sizeof(item), "%s[%d]", where, i);
		if (check_object(c, arr->items[i], &finding_shape, item) ||
		    check_finding_values(c, arr->items[i], item))
			return -1;
	}
	return 0;
}

int bd_shape_facts(const struct bd_json *j, const char *file, char *err, size_t errlen)
{
	struct ctx c = { file, err, errlen };
	const struct bd_json *v = bd_json_get(j, "version");

	if (j->type != BD_JSON_OBJECT)
		return bad(&c, j, "", "expected a bdops facts file (a JSON object), found %s",
			   found_name(j), "");
	if (v && v->type == BD_JSON_NUMBER && v->integer > BD_FACTS_VERSION) {
		char n[32], mine[32];

		snprintf(n, sizeof(n), "%lld", (long long)v->integer);
		snprintf(mine, sizeof(mine), "%d", BD_FACTS_VERSION);
		return bad(&c, v, "version", "facts of a newer format (version %s; this bdops "
			   "reads version %s): use the bdops that wrote them, or rebuild", n, mine);
	}
	if (v && v->type == BD_JSON_NUMBER && v->integer >= 1 && v->integer < BD_FACTS_VERSION) {
		char n[32], mine[32];

		snprintf(n, sizeof(n), "%lld", (long long)v->integer);
		snprintf(mine, sizeof(mine), "%d", BD_FACTS_VERSION);
		return bad(&c, v, "version", "facts format %s, from an older bdops (this one reads "
			   "format %s): rebuild its unit, or delete the facts", n, mine);
	}
	if (check_object(&c, j, &facts_shape, ""))
		return -1;
	v = bd_json_get(j, "version");
	if (v->integer != BD_FACTS_VERSION) {
		char mine[32];

		snprintf(mine, sizeof(mine), "%d", BD_FACTS_VERSION);
		return bad(&c, v, "version", "not a facts version this bdops reads (expected %s)",
			   mine, "");
	}
	/* relative paths of the facts resolve against it: a relative one
	 * would resolve against wherever the merge runs */
	v = bd_json_get(j, "directory");
	if (v->string[0] != '/')
		return bad(&c, v, "directory", "expected the compiler's directory (an absolute "
			   "path), found '%.200s'", v->string, "");
	v = bd_json_get(j, "summary");
	for (int i = 0; v->n && summary_required[i]; i++)
		if (!bd_json_get(v, summary_required[i]))
			return bad(&c, v, "summary", "a summary without \"%s\"", summary_required[i],
				   "");
	return check_findings(&c, bd_json_get(j, "findings"), "findings");
}

int bd_shape_findings(const struct bd_json *j, const char *file, char *err, size_t errlen)
{
	struct ctx c = { file, err, errlen };

	if (j->type == BD_JSON_OBJECT)
		return bd_shape_facts(j, file, err, errlen);
	if (j->type != BD_JSON_ARRAY)
		return bad(&c, j, "", "expected an array of findings (the JSON report format), "
			   "found %s", found_name(j), "");
	return check_findings(&c, j, "");
}

int bd_shape_ccdb(const struct bd_json *j, const char *file, char *err, size_t errlen)
{
	struct ctx c = { file, err, errlen };
	char item[64];

	if (j->type != BD_JSON_ARRAY)
		return bad(&c, j, "", "expected a compilation database (an array of compile "
			   "commands), found %s", found_name(j), "");
	for (int i = 0; i < j->n; i++) {
		const struct bd_json *e = j->items[i];

		snprintf(item, sizeof(item), "[%d]", i);
		if (check_object(&c, e, &ccdb_shape, item))
			return -1;
		if (!bd_json_get(e, "arguments") && !bd_json_get(e, "command"))
			return bad(&c, e, item, "a compile command without \"arguments\" or "
				   "\"command\"", "", "");
	}
	return 0;
}
