// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - findings as text (GCC style), JSON and SARIF 2.1.0, plus the
 * summary line.  Text and JSON print unsuppressed findings only; SARIF
 * carries suppressed ones too, marked, as code-scanning services expect.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"
#include "json.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static const char *sev_name(const struct bd_finding *f, const struct bd_options *o)
{
	switch (f->severity) {
	case BD_SEV_NOTE:
		return "note";
	case BD_SEV_ERROR:
		return "error";
	default:
		return o && o->error == BD_ERR_YES ? "error" : "warning";
	}
}

static const char *check_full(enum bd_check c)
{
	const struct bd_check_info *ci = bd_check_info(c);

	return ci ? ci->full : "bdops-unknown";
}

const char *bd_finding_text(const struct bd_finding *f, char *buf, size_t len)
{
	snprintf(buf, len, "%s [%s]", f->message ? f->message : "", check_full(f->check));
	return buf;
}

/* ---- paths ---- */

void bd_abspath(const char *file, char *buf, size_t len)
{
	char tmp[PATH_MAX * 2], cwd[PATH_MAX];
	char *parts[PATH_MAX / 2], *tok, *save;
	int n = 0, i;
	size_t k;

	if (file[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		snprintf(tmp, sizeof(tmp), "%s", file);
	else
		snprintf(tmp, sizeof(tmp), "%s/%s", cwd, file);
	for (tok = strtok_r(tmp, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..")) {
			if (n)
				n--;
			continue;
		}
		if (n < (int)(sizeof(parts) / sizeof(parts[0])))
			parts[n++] = tok;
	}
	k = 0;
	buf[0] = 0;
	if (!n)
		snprintf(buf, len, "/");
	for (i = 0; i < n && k < len; i++)
		k += snprintf(buf + k, len - k, "/%s", parts[i]);
}

static const char *under(const char *abs, const char *root)
{
	size_t n = strlen(root);

	if (n == 1 && root[0] == '/')
		return abs + 1;
	if (!strncmp(abs, root, n) && abs[n] == '/')
		return abs + n + 1;
	return NULL;
}

const char *bd_relpath(const char *file, const char *root, char *buf, size_t len)
{
	char fa[PATH_MAX], ra[PATH_MAX], rf[PATH_MAX], rr[PATH_MAX];
	const char *rel;

	if (!file)
		return NULL;
	bd_abspath(file, fa, sizeof(fa));
	bd_abspath(root ? root : ".", ra, sizeof(ra));
	rel = under(fa, ra);
	/* Symlinked checkouts: compare resolved paths as a second chance. */
	if (!rel && realpath(file, rf) && realpath(root ? root : ".", rr))
		rel = under(rf, rr);
	if (!rel)
		return NULL;
	snprintf(buf, len, "%s", rel);
	return buf;
}

void bd_normalise_message(const char *msg, char *buf, size_t len)
{
	const char *s = msg ? msg : "";
	size_t k = 0;

	if (!len)
		return;
	while (*s && k + 1 < len) {
		if (isdigit((unsigned char)*s)) {
			if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
				s += 2;
			while (isxdigit((unsigned char)*s))
				s++;
			buf[k++] = '#';
			continue;
		}
		buf[k++] = *s++;
	}
	buf[k] = 0;
}

static uint64_t fnv(uint64_t h, const char *s)
{
	if (!s)
		s = "";
	do {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	} while (*s++);
	return h;
}

uint64_t bd_finding_hash(const struct bd_finding *f, const char *root)
{
	char rel[PATH_MAX], abs[PATH_MAX], norm[2048];
	const char *file = f->loc.file ? f->loc.file : "";
	uint64_t h = 0xcbf29ce484222325ULL;

	if (!bd_relpath(file, root, rel, sizeof(rel))) {
		bd_abspath(file, abs, sizeof(abs));
		file = abs;
	} else {
		file = rel;
	}
	bd_normalise_message(f->message, norm, sizeof(norm));
	h = fnv(h, file);
	h = fnv(h, f->function);
	h = fnv(h, check_full(f->check));
	return fnv(h, norm);
}

/* ---- text ---- */

/* GCC's colours and switches (-fdiagnostics-color, GCC_COLORS), and
 * NO_COLOR (no-color.org) for "auto".  SGR sequences as GCC writes them. */
struct colors {
	char error[32], warning[32], note[32], locus[32];
	int on;
};

static void color_cap(const char *spec, const char *cap, char *buf, size_t len)
{
	size_t n = strlen(cap);
	const char *p;

	for (p = spec; p && *p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL) {
		if (!strncmp(p, cap, n) && p[n] == '=') {
			size_t k = strcspn(p + n + 1, ":");

			if (k < len - 1 && strspn(p + n + 1, "0123456789;") >= k)
				snprintf(buf, len, "%.*s", (int)k, p + n + 1);
			return;
		}
	}
}

static void colors_init(struct colors *c, const struct bd_options *o, FILE *out)
{
	const char *spec = getenv("GCC_COLORS"), *term = getenv("TERM");
	const char *no = getenv("NO_COLOR");
	enum bd_color when = o ? o->color : BD_COLOR_AUTO;

	memset(c, 0, sizeof(*c));
	if (when == BD_COLOR_NEVER || (spec && !*spec))
		return;
	if (when == BD_COLOR_AUTO && ((no && *no) || !isatty(fileno(out)) ||
				      !term || !strcmp(term, "dumb")))
		return;
	c->on = 1;
	snprintf(c->error, sizeof(c->error), "01;31");
	snprintf(c->warning, sizeof(c->warning), "01;35");
	snprintf(c->note, sizeof(c->note), "01;36");
	snprintf(c->locus, sizeof(c->locus), "01");
	color_cap(spec, "error", c->error, sizeof(c->error));
	color_cap(spec, "warning", c->warning, sizeof(c->warning));
	color_cap(spec, "note", c->note, sizeof(c->note));
	color_cap(spec, "locus", c->locus, sizeof(c->locus));
}

static void color_start(FILE *out, const struct colors *c, const char *sgr)
{
	if (c->on && *sgr)
		fprintf(out, "\033[%sm\033[K", sgr);
}

static void color_end(FILE *out, const struct colors *c, const char *sgr)
{
	if (c->on && *sgr)
		fputs("\033[m\033[K", out);
}

static void text_loc(FILE *out, const struct colors *c, const struct bd_loc *l)
{
	color_start(out, c, c->locus);
	fputs(l->file ? l->file : "<unknown>", out);
	if (l->line > 0) {
		fprintf(out, ":%d", l->line);
		if (l->col > 0)
			fprintf(out, ":%d", l->col);
	}
	fputs(":", out);
	color_end(out, c, c->locus);
	fputs(" ", out);
}

static void text_kind(FILE *out, const struct colors *c, const char *kind)
{
	const char *sgr = !strcmp(kind, "error") ? c->error :
			  !strcmp(kind, "note") ? c->note : c->warning;

	color_start(out, c, sgr);
	fprintf(out, "%s: ", kind);
	color_end(out, c, sgr);
}

static void write_text(const struct bd_result *r, const struct bd_options *o, FILE *out)
{
	const struct bd_finding *f;
	const char *kind;
	struct colors c;
	int i, k;

	colors_init(&c, o, out);
	for (i = 0; (f = bd_result_get(r, i)); i++) {
		kind = sev_name(f, o);
		text_loc(out, &c, &f->loc);
		text_kind(out, &c, kind);
		/* the check in the kind's colour, as GCC prints [-Wname] */
		fprintf(out, "%s [", f->message ? f->message : "");
		color_start(out, &c, !strcmp(kind, "error") ? c.error :
			    !strcmp(kind, "note") ? c.note : c.warning);
		fputs(check_full(f->check), out);
		color_end(out, &c, c.warning);
		fputs("]\n", out);
		for (k = 0; k < f->nnotes; k++) {
			text_loc(out, &c, &f->notes[k].loc);
			text_kind(out, &c, "note");
			fprintf(out, "%s\n", f->notes[k].message);
		}
		if (f->fix) {
			text_loc(out, &c, &f->loc);
			text_kind(out, &c, "note");
			fprintf(out, "fix: %s\n", f->fix);
		}
	}
}

/* ---- JSON ---- */

void bd_json_write_finding(struct bd_json_writer *w, const struct bd_finding *f,
			   const struct bd_options *o, int with_suppressed)
{
	int k;

	bd_json_begin_object(w);
	bd_json_kv_str(w, "file", f->loc.file);
	bd_json_kv_int(w, "line", f->loc.line);
	bd_json_kv_int(w, "column", f->loc.col);
	bd_json_kv_str(w, "check", check_full(f->check));
	bd_json_kv_str(w, "function", f->function);
	bd_json_kv_str(w, "message", f->message);
	bd_json_kv_str(w, "severity", sev_name(f, o));
	bd_json_key(w, "notes");
	bd_json_begin_array(w);
	for (k = 0; k < f->nnotes; k++) {
		bd_json_begin_object(w);
		bd_json_kv_str(w, "file", f->notes[k].loc.file);
		bd_json_kv_int(w, "line", f->notes[k].loc.line);
		bd_json_kv_int(w, "column", f->notes[k].loc.col);
		bd_json_kv_str(w, "message", f->notes[k].message);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
	bd_json_kv_str(w, "fix", f->fix);
	if (f->nedits) {
		bd_json_key(w, "edits");
		bd_json_begin_array(w);
		for (k = 0; k < f->nedits; k++) {
			const struct bd_edit *e = &f->edits[k];

			bd_json_begin_object(w);
			bd_json_kv_str(w, "file", e->loc.file);
			bd_json_kv_int(w, "line", e->loc.line);
			bd_json_kv_int(w, "column", e->loc.col);
			bd_json_kv_int(w, "endLine", e->end_line);
			bd_json_kv_int(w, "endColumn", e->end_col);
			bd_json_kv_str(w, "text", e->text);
			bd_json_end_object(w);
		}
		bd_json_end_array(w);
	}
	if (with_suppressed && f->suppressed)
		bd_json_kv_int(w, "suppressed", f->suppressed);
	bd_json_end_object(w);
}

static void write_json(const struct bd_result *r, const struct bd_options *o, FILE *out)
{
	struct bd_json_writer w;
	const struct bd_finding *f;
	int i;

	bd_json_init(&w, out, 1);
	bd_json_begin_array(&w);
	for (i = 0; (f = bd_result_get(r, i)); i++)
		bd_json_write_finding(&w, f, o, 0);
	bd_json_end_array(&w);
}

static int severity_from(const char *s, enum bd_severity *out)
{
	if (!s || !strcmp(s, "warning"))
		*out = BD_SEV_WARNING;
	else if (!strcmp(s, "error"))
		*out = BD_SEV_ERROR;
	else if (!strcmp(s, "note"))
		*out = BD_SEV_NOTE;
	else
		return -1;
	return 0;
}

static void loc_from(const struct bd_json *j, struct bd_loc *l)
{
	l->file = bd_json_get_str(j, "file", NULL);
	l->line = bd_json_get_int(j, "line", 0);
	l->col = bd_json_get_int(j, "column", 0);
}

/* "edits" as written by bd_json_write_finding; malformed ones are skipped
 * (a fix is optional, the finding is not). */
static void edits_from(const struct bd_json *j, struct bd_finding *f)
{
	const struct bd_json *a = bd_json_get(j, "edits");
	int k;

	if (!a || a->type != BD_JSON_ARRAY || !a->n)
		return;
	f->edits = bd_xcalloc(a->n, sizeof(*f->edits));
	for (k = 0; k < a->n; k++) {
		struct bd_edit *e = &f->edits[f->nedits];

		loc_from(a->items[k], &e->loc);
		e->end_line = bd_json_get_int(a->items[k], "endLine", 0);
		e->end_col = bd_json_get_int(a->items[k], "endColumn", 0);
		e->text = bd_json_get_str(a->items[k], "text", NULL);
		if (e->loc.file && e->text && e->loc.line > 0 && e->loc.col > 0 &&
		    e->end_line >= e->loc.line && e->end_col > 0)
			f->nedits++;
	}
}

int bd_finding_from_json(struct bd_result *r, const struct bd_json *j,
			 char *err, size_t errlen)
{
	struct bd_finding f;
	const struct bd_json *notes;
	const char *check, *msg;
	int id, k;

	memset(&f, 0, sizeof(f));
	if (!j || j->type != BD_JSON_OBJECT) {
		snprintf(err, errlen, "a finding must be a JSON object");
		return -1;
	}
	check = bd_json_get_str(j, "check", NULL);
	msg = bd_json_get_str(j, "message", NULL);
	id = bd_check_lookup(check);
	if (id < 0) {
		snprintf(err, errlen, "finding with unknown check '%s'", check ? check : "(none)");
		return -1;
	}
	if (!msg || !bd_json_get_str(j, "file", NULL)) {
		snprintf(err, errlen, "finding without \"file\" or \"message\"");
		return -1;
	}
	if (severity_from(bd_json_get_str(j, "severity", NULL), &f.severity)) {
		snprintf(err, errlen, "finding with unknown severity '%s'",
			 bd_json_get_str(j, "severity", ""));
		return -1;
	}
	f.check = id;
	loc_from(j, &f.loc);
	f.function = bd_json_get_str(j, "function", NULL);
	f.message = msg;
	f.fix = bd_json_get_str(j, "fix", NULL);
	f.suppressed = bd_json_get_int(j, "suppressed", 0);
	notes = bd_json_get(j, "notes");
	if (notes && notes->type == BD_JSON_ARRAY && notes->n) {
		f.notes = bd_xcalloc(notes->n, sizeof(*f.notes));
		for (k = 0; k < notes->n; k++) {
			loc_from(notes->items[k], &f.notes[f.nnotes].loc);
			f.notes[f.nnotes].message = bd_json_get_str(notes->items[k], "message", NULL);
			if (f.notes[f.nnotes].message)
				f.nnotes++;
		}
	}
	edits_from(j, &f);
	bd_result_add(r, &f);
	free(f.edits);
	if (f.suppressed)
		r->nsuppressed++;
	free(f.notes);
	return 0;
}

/* ---- SARIF ---- */

static void uri_encode(char *buf, size_t len, const char *prefix, const char *path)
{
	static const char ok[] = "-._~/!$&'()*+,;=:@";
	const unsigned char *s = (const unsigned char *)path;
	size_t k = snprintf(buf, len, "%s", prefix);

	for (; *s && k + 4 < len; s++) {
		if (isalnum(*s) || strchr(ok, *s))
			buf[k++] = *s;
		else
			k += snprintf(buf + k, len - k, "%%%02X", *s);
	}
	buf[k < len ? k : len - 1] = 0;
}

/* "key": {"text": text}, SARIF's message form. */
static void text_obj(struct bd_json_writer *w, const char *key, const char *text)
{
	bd_json_key(w, key);
	bd_json_begin_object(w);
	bd_json_kv_str(w, "text", text);
	bd_json_end_object(w);
}

/* The artifact part of a location: uri (and uriBaseId under the root). */
static void sarif_artifact(struct bd_json_writer *w, const char *file, const char *root)
{
	char rel[PATH_MAX], abs[PATH_MAX], uri[PATH_MAX * 3];

	bd_json_key(w, "artifactLocation");
	bd_json_begin_object(w);
	if (bd_relpath(file, root, rel, sizeof(rel))) {
		uri_encode(uri, sizeof(uri), "", rel);
		bd_json_kv_str(w, "uri", uri);
		bd_json_kv_str(w, "uriBaseId", "SRCROOT");
	} else {
		bd_abspath(file, abs, sizeof(abs));
		uri_encode(uri, sizeof(uri), "file://", abs);
		bd_json_kv_str(w, "uri", uri);
	}
	bd_json_end_object(w);
}

static void sarif_location(struct bd_json_writer *w, const struct bd_loc *l,
			   const char *root)
{
	bd_json_key(w, "physicalLocation");
	bd_json_begin_object(w);
	sarif_artifact(w, l->file ? l->file : "", root);
	if (l->line > 0) {
		bd_json_key(w, "region");
		bd_json_begin_object(w);
		bd_json_kv_int(w, "startLine", l->line);
		if (l->col > 0)
			bd_json_kv_int(w, "startColumn", l->col);
		bd_json_end_object(w);
	}
	bd_json_end_object(w);
}

/* One rule per check.  Its help is the check's docs/checks/ page, compiled
 * in: code scanning shows help.markdown next to an alert.  No helpUri: the
 * schema wants an absolute URI there, and the pages have no address of
 * their own that every user can reach. */
static void sarif_rules(struct bd_json_writer *w)
{
	const struct bd_check_info *ci;
	const struct bd_check_doc *doc;
	int i;

	bd_json_key(w, "rules");
	bd_json_begin_array(w);
	for (i = 0; i < BD_CHECK_COUNT; i++) {
		ci = bd_check_info(i);
		doc = bd_check_doc(i);
		bd_json_begin_object(w);
		bd_json_kv_str(w, "id", ci->full);
		bd_json_kv_str(w, "name", ci->name);
		text_obj(w, "shortDescription", ci->summary);
		text_obj(w, "fullDescription", ci->help);
		bd_json_key(w, "help");
		bd_json_begin_object(w);
		bd_json_kv_str(w, "text", doc ? doc->text : ci->help);
		if (doc)
			bd_json_kv_str(w, "markdown", doc->markdown);
		bd_json_end_object(w);
		bd_json_key(w, "defaultConfiguration");
		bd_json_begin_object(w);
		bd_json_kv_str(w, "level", "warning");
		bd_json_end_object(w);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
}

/* SARIF 3.20 invocations: whether every unit was analysed, and one error
 * notification per unit that was not.  A run that lost a unit (its compile
 * failed) or analysed nothing must not look clean to an upload. */
static void sarif_invocations(struct bd_json_writer *w, const struct bd_result *r,
			      const char *root)
{
	int i, ok = !r->nlost && r->nfuncs > 0 && !r->internal && !r->failure;

	bd_json_key(w, "invocations");
	bd_json_begin_array(w);
	bd_json_begin_object(w);
	bd_json_key(w, "executionSuccessful");
	bd_json_bool(w, ok);
	if (!ok) {
		bd_json_key(w, "toolExecutionNotifications");
		bd_json_begin_array(w);
		for (i = 0; i < r->nlost; i++) {
			bd_json_begin_object(w);
			bd_json_kv_str(w, "level", "error");
			text_obj(w, "message", r->lost[i].why);
			if (r->lost[i].file) {
				bd_json_key(w, "locations");
				bd_json_begin_array(w);
				bd_json_begin_object(w);
				bd_json_key(w, "physicalLocation");
				bd_json_begin_object(w);
				sarif_artifact(w, r->lost[i].file, root);
				bd_json_end_object(w);
				bd_json_end_object(w);
				bd_json_end_array(w);
			}
			bd_json_end_object(w);
		}
		if (r->failure || r->internal || (!r->nlost && !r->nfuncs)) {
			bd_json_begin_object(w);
			bd_json_kv_str(w, "level", "error");
			text_obj(w, "message", r->failure ? r->failure : r->internal ?
				 r->internal : "nothing was analysed (no function bodies)");
			bd_json_end_object(w);
		}
		bd_json_end_array(w);
	}
	bd_json_end_object(w);
	bd_json_end_array(w);
}

/* SARIF 2.1.0 section 3.55: one fix, one artifactChange per file (edits of
 * a finding are sorted by the core and in one file today, but group them
 * anyway), a replacement per edit. */
static void sarif_fixes(struct bd_json_writer *w, const struct bd_finding *f,
			const char *root)
{
	int k, i;

	bd_json_key(w, "fixes");
	bd_json_begin_array(w);
	bd_json_begin_object(w);
	text_obj(w, "description", f->fix ? f->fix : "apply the edits");
	bd_json_key(w, "artifactChanges");
	bd_json_begin_array(w);
	for (k = 0; k < f->nedits; k++) {
		const char *file = f->edits[k].loc.file;

		for (i = 0; i < k && strcmp(f->edits[i].loc.file, file); i++)
			;
		if (i < k)
			continue;	/* this file's change is written already */
		bd_json_begin_object(w);
		sarif_artifact(w, file, root);
		bd_json_key(w, "replacements");
		bd_json_begin_array(w);
		for (i = k; i < f->nedits; i++) {
			const struct bd_edit *e = &f->edits[i];

			if (strcmp(e->loc.file, file))
				continue;
			bd_json_begin_object(w);
			bd_json_key(w, "deletedRegion");
			bd_json_begin_object(w);
			bd_json_kv_int(w, "startLine", e->loc.line);
			bd_json_kv_int(w, "startColumn", e->loc.col);
			bd_json_kv_int(w, "endLine", e->end_line);
			bd_json_kv_int(w, "endColumn", e->end_col);
			bd_json_end_object(w);
			text_obj(w, "insertedContent", e->text);
			bd_json_end_object(w);
		}
		bd_json_end_array(w);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
	bd_json_end_object(w);
	bd_json_end_array(w);
}

static const char *sarif_level(const struct bd_finding *f, const struct bd_options *o)
{
	return sev_name(f, o);	/* "warning", "error", "note" are SARIF levels */
}

static void sarif_result(struct bd_json_writer *w, const struct bd_finding *f,
			 const struct bd_options *o, const char *fingerprint)
{
	const char *root = o ? o->root : NULL;
	int k;

	bd_json_begin_object(w);
	bd_json_kv_str(w, "ruleId", check_full(f->check));
	bd_json_kv_int(w, "ruleIndex", f->check);
	bd_json_kv_str(w, "level", sarif_level(f, o));
	text_obj(w, "message", f->message);

	bd_json_key(w, "locations");
	bd_json_begin_array(w);
	bd_json_begin_object(w);
	sarif_location(w, &f->loc, root);
	if (f->function) {
		bd_json_key(w, "logicalLocations");
		bd_json_begin_array(w);
		bd_json_begin_object(w);
		bd_json_kv_str(w, "name", f->function);
		bd_json_kv_str(w, "kind", "function");
		bd_json_end_object(w);
		bd_json_end_array(w);
	}
	bd_json_end_object(w);
	bd_json_end_array(w);

	if (f->nnotes) {
		bd_json_key(w, "relatedLocations");
		bd_json_begin_array(w);
		for (k = 0; k < f->nnotes; k++) {
			bd_json_begin_object(w);
			bd_json_kv_int(w, "id", k + 1);
			sarif_location(w, &f->notes[k].loc, root);
			text_obj(w, "message", f->notes[k].message);
			bd_json_end_object(w);
		}
		bd_json_end_array(w);
	}

	bd_json_key(w, "partialFingerprints");
	bd_json_begin_object(w);
	bd_json_kv_str(w, "bdops/v1", fingerprint);
	bd_json_end_object(w);

	if (f->suppressed) {
		bd_json_key(w, "suppressions");
		bd_json_begin_array(w);
		bd_json_begin_object(w);
		bd_json_kv_str(w, "kind", f->suppressed == 1 ? "inSource" : "external");
		bd_json_end_object(w);
		bd_json_end_array(w);
	}
	if (f->nedits)
		sarif_fixes(w, f, root);
	if (f->fix || f->function) {
		bd_json_key(w, "properties");
		bd_json_begin_object(w);
		if (f->function)
			bd_json_kv_str(w, "function", f->function);
		if (f->fix)
			bd_json_kv_str(w, "fix", f->fix);
		bd_json_end_object(w);
	}
	bd_json_end_object(w);
}

static void write_sarif(const struct bd_result *r, const struct bd_options *o, FILE *out)
{
	struct bd_json_writer w;
	char abs[PATH_MAX], uri[PATH_MAX * 3], fp[40];
	uint64_t *hashes = bd_xcalloc(r->n + 1, sizeof(*hashes));
	int i, k, seen;

	bd_json_init(&w, out, 1);
	bd_json_begin_object(&w);
	bd_json_kv_str(&w, "$schema", SARIF_SCHEMA);
	bd_json_kv_str(&w, "version", "2.1.0");
	bd_json_key(&w, "runs");
	bd_json_begin_array(&w);
	bd_json_begin_object(&w);

	bd_json_key(&w, "tool");
	bd_json_begin_object(&w);
	bd_json_key(&w, "driver");
	bd_json_begin_object(&w);
	bd_json_kv_str(&w, "name", "bdops");
	bd_json_kv_str(&w, "version", BD_VERSION);
	sarif_rules(&w);
	bd_json_end_object(&w);
	bd_json_end_object(&w);

	bd_abspath(o && o->root ? o->root : ".", abs, sizeof(abs));
	if (strcmp(abs, "/"))
		strncat(abs, "/", sizeof(abs) - strlen(abs) - 1);
	uri_encode(uri, sizeof(uri), "file://", abs);
	bd_json_key(&w, "originalUriBaseIds");
	bd_json_begin_object(&w);
	bd_json_key(&w, "SRCROOT");
	bd_json_begin_object(&w);
	bd_json_kv_str(&w, "uri", uri);
	bd_json_end_object(&w);
	bd_json_end_object(&w);

	sarif_invocations(&w, r, o ? o->root : NULL);

	bd_json_key(&w, "results");
	bd_json_begin_array(&w);
	for (i = 0; i < r->n; i++) {
		const struct bd_finding *f = &r->v[i];

		/* The n-th finding with the same identity gets ":n", so two
		 * identical messages in one function stay distinct. */
		hashes[i] = bd_finding_hash(f, o ? o->root : NULL);
		for (k = 0, seen = 1; k < i; k++)
			seen += hashes[k] == hashes[i];
		snprintf(fp, sizeof(fp), "%016llx:%d", (unsigned long long)hashes[i], seen);
		sarif_result(&w, f, o, fp);
	}
	bd_json_end_array(&w);

	bd_json_end_object(&w);
	bd_json_end_array(&w);
	bd_json_end_object(&w);
	free(hashes);
}

void bd_report_write(const struct bd_result *r, const struct bd_options *o, FILE *out)
{
	switch (o ? o->format : BD_FMT_TEXT) {
	case BD_FMT_JSON:
		write_json(r, o, out);
		break;
	case BD_FMT_SARIF:
		write_sarif(r, o, out);
		break;
	default:
		write_text(r, o, out);
		break;
	}
	fflush(out);
}

void bd_report_summary(const struct bd_result *r, FILE *out)
{
	int n = bd_result_problems(r), k = bd_result_functions(r);

	if (r->internal)
		fprintf(out, "bdops: internal error: %s\n", r->internal);
	if (k == 0) {
		fputs("bdops: nothing was analysed (no function bodies; was -fsyntax-only given?)\n",
		      out);
		return;
	}
	fprintf(out, "bdops: %d finding%s (%d suppressed) in %d function%s\n",
		n, n == 1 ? "" : "s", bd_result_suppressed(r), k, k == 1 ? "" : "s");
}
