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
#include <stdio.h>
#include <string.h>
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
};

struct shape {
	const char *name;		/* "a finding", "a facts file", ... */
	const struct field *fields;
};

/* ---- the shapes ---- */

#define REQ(k, t)		{ .key = k, .types = t, .required = 1 }
#define OPT(k, t)		{ .key = k, .types = t }
#define OBJ(k, s)		{ .key = k, .types = T_OBJ, .sub = s }
#define ARR(k, req, s, it)	{ .key = k, .types = T_ARR, .required = req, .sub = s, .items = it }
#define END			{ .key = NULL }

static const struct field loc_fields[] = {
	REQ("file", T_STR), REQ("line", T_INT), OPT("column", T_INT), END
};
static const struct shape loc_shape = { "a location", loc_fields };

static const struct field note_fields[] = {
	OPT("file", T_STR | T_NULL), OPT("line", T_INT), OPT("column", T_INT),
	REQ("message", T_STR), END
};
static const struct shape note_shape = { "a note", note_fields };

static const struct field edit_fields[] = {
	REQ("file", T_STR), REQ("line", T_INT), REQ("column", T_INT),
	REQ("endLine", T_INT), REQ("endColumn", T_INT), REQ("text", T_STR), END
};
static const struct shape edit_shape = { "an edit", edit_fields };

static const struct field finding_fields[] = {
	REQ("file", T_STR), REQ("line", T_INT), OPT("column", T_INT),
	{ .key = "check", .types = T_STR, .required = 1,
	  .what = "a check id string (such as \"bdops-put-mode\")" },
	OPT("function", T_STR | T_NULL), REQ("message", T_STR),
	{ .key = "severity", .types = T_STR, .what = "\"warning\", \"error\" or \"note\"" },
	ARR("notes", 0, &note_shape, T_OBJ), OPT("fix", T_STR | T_NULL),
	ARR("edits", 0, &edit_shape, T_OBJ), OPT("suppressed", T_INT), END
};
static const struct shape finding_shape = { "a finding", finding_fields };

/* The summary (docs/facts.md, core/summary.h): the fields merge.c reads. */
static const struct field mode_fields[] = {
	OPT("unknown", T_INT), ARR("values", 0, NULL, T_OBJ), END
};
static const struct shape mode_shape = { "a mode", mode_fields };

static const struct field get_fields[] = {
	OPT("function", T_STR), OPT("get", T_STR), OBJ("at", &loc_shape), OPT("tag", T_STR),
	OPT("field", T_STR | T_NULL), OPT("mode_field", T_STR | T_NULL), OPT("group", T_STR),
	OPT("exclusive", T_INT), OBJ("mode", &mode_shape), END
};
static const struct shape get_shape = { "a get", get_fields };

static const struct field put_fields[] = {
	OPT("function", T_STR), OPT("put", T_STR), OBJ("at", &loc_shape), OPT("tag", T_STR),
	OPT("field", T_STR), OPT("exclusive", T_INT), OPT("from_tag", T_STR | T_NULL),
	OPT("from_field", T_STR | T_NULL), OBJ("mode", &mode_shape), END
};
static const struct shape put_shape = { "a put", put_fields };

/* 6.5's holders (put-holder): the same records, the holder for the mode */
static const struct field hget_fields[] = {
	OPT("function", T_STR), OPT("get", T_STR), OBJ("at", &loc_shape), OPT("tag", T_STR),
	OPT("field", T_STR | T_NULL), OPT("mode_field", T_STR | T_NULL), OPT("group", T_STR),
	OBJ("holder", &mode_shape), END
};
static const struct shape hget_shape = { "a holder get", hget_fields };

static const struct field hput_fields[] = {
	OPT("function", T_STR), OPT("put", T_STR), OBJ("at", &loc_shape), OPT("tag", T_STR),
	OPT("field", T_STR), OPT("param_holder", T_INT), OBJ("holder", &mode_shape), END
};
static const struct shape hput_shape = { "a holder put", hput_fields };

static const struct field fn_fields[] = {
	REQ("name", T_STR), OPT("static", T_INT), OPT("method", T_INT), OPT("roles", T_INT),
	OPT("reached_from", T_STR | T_NULL), ARR("calls", 0, NULL, T_STR),
	ARR("ndelay", 0, NULL, T_OBJ), ARR("writes", 0, NULL, T_OBJ), END
};
static const struct shape fn_shape = { "a function", fn_fields };

static const struct field summary_fields[] = {
	ARR("gets", 0, &get_shape, T_OBJ), ARR("puts", 0, &put_shape, T_OBJ),
	ARR("holder_gets", 0, &hget_shape, T_OBJ), ARR("holder_puts", 0, &hput_shape, T_OBJ),
	ARR("functions", 0, &fn_shape, T_OBJ), END
};
static const struct shape summary_shape = { "a summary", summary_fields };

static const struct field facts_fields[] = {
	REQ("version", T_INT), REQ("unit", T_STR), OPT("path", T_STR), OPT("input", T_STR), REQ("functions", T_INT),
	OPT("internal", T_STR | T_NULL), OPT("incomplete", T_STR | T_NULL),
	{ .key = "findings", .types = T_ARR, .required = 1, .sub = &finding_shape,
	  .items = T_OBJ, .what = "an array of findings" },
	OBJ("summary", &summary_shape), END
};
static const struct shape facts_shape = { "a bdops facts file", facts_fields };

static const struct field ccdb_fields[] = {
	REQ("directory", T_STR), REQ("file", T_STR),
	{ .key = "arguments", .types = T_ARR, .items = T_STR, .what = "an array of strings" },
	OPT("command", T_STR), OPT("output", T_STR), END
};
static const struct shape ccdb_shape = { "a compile command", ccdb_fields };

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

static int check_object(struct ctx *c, const struct bd_json *j, const struct shape *s,
			const char *where)
{
	char path[600];

	if (j->type != BD_JSON_OBJECT)
		return bad(c, j, where, "expected %s (a JSON object), found %s", s->name,
			   found_name(j));
	for (const struct field *f = s->fields; f->key; f++) {
		const struct bd_json *v = bd_json_get(j, f->key);

		if (!v) {
			if (f->required)
				return bad(c, j, where, "%s without \"%s\"", s->name, f->key);
			continue;
		}
		if (is_plain(v, f->types))
			continue;
		snprintf(path, sizeof(path), "%s%s%s", where, *where ? "." : "", f->key);
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
