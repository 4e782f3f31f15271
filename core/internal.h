/* SPDX-License-Identifier: GPL-2.0 */
/*
 * internal.h - what core/ files share and frontends never see.
 */
#ifndef BDOPS_INTERNAL_H
#define BDOPS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "bdops/ir.h"
#include "bdops/bdops.h"

struct bd_macro {
	const char *name;
	int64_t value;
	const char *why;		/* defined but not evaluable: why, */
	const char *body;		/* its spelling */
	struct bd_loc loc;		/* and its definition */
};

struct bd_unit {
	const char *main_file;
	const char *dir;		/* the compile's working directory, or NULL */
	const char *input;		/* the file compiled, if not main_file */
	const char *incomplete;		/* why not all was lowered, or NULL */
	const char **strs;		/* intern table, open addressing */
	unsigned nstrs, cap_strs;
	/* bd_intern()'s last answers by the address asked about: the same
	 * few strings (a file name, a type) come back thousands of times */
	const char *memo_in[64], *memo_out[64];
	/* decls by the address of their interned name (open addressing,
	 * -1 empty): a unit asks for each callee's decl at every call */
	int *decl_slot;
	unsigned cap_decl_slot;
	struct bd_func **funcs;
	int nfuncs, cap_funcs;
	struct bd_decl **decls;
	int ndecls, cap_decls;
	struct bd_binding *bindings;
	int nbindings, cap_bindings;
	const char **refs;		/* functions referenced from initializers */
	int nrefs, cap_refs;
	struct bd_macro *macros;
	int nmacros, cap_macros;
	int era;			/* engine/era.c's cache: era + 1, 0 unset */
	const char **statics;		/* globals with internal linkage */
	int nstatics, cap_statics;
};

void *bd_xcalloc(size_t n, size_t size);
void *bd_xrealloc(void *p, size_t size);
char *bd_xstrdup(const char *s);

/* Grow array 'v' holding 'n' elements with capacity 'cap' by one slot. */
#define BD_GROW(v, n, cap)						\
	do {								\
		if ((n) >= (cap)) {					\
			(cap) = (cap) ? (cap) * 2 : 8;			\
			(v) = bd_xrealloc((v), (cap) * sizeof(*(v)));	\
		}							\
	} while (0)

/* ---- flag macros (macro_eval.c) ---- */
struct bd_ctx;
/* A note at the definition of every flag macro the unit defines but that
 * could not be evaluated, under the check its value decides. */
void bd_macro_notes(struct bd_ctx *c);

/* ---- results (result.c) ---- */
struct bd_result {
	struct bd_finding *v;
	int n, cap;
	int nsuppressed;
	int nfuncs;			/* bodies analysed */
	char *internal;			/* first internal error, or NULL */
	char *failure;			/* why the unit's result is not whole */
	char **pool;			/* strings owned by the result */
	int npool, cap_pool;
	struct bd_summary *summary;	/* cross-TU facts (summary.h), or NULL */
	struct bd_lost *lost;		/* units not analysed (SARIF invocations) */
	int nlost, cap_lost;
	/* bd_result_get()'s last answer, the get_i-th shown finding at
	 * v[get_k], so that reading them in order is linear; forgotten
	 * whenever v or a suppression changes (result.c) */
	int get_i, get_k;
};
struct bd_lost {
	const char *file;		/* the unit, or NULL */
	const char *why;
};
/* Copy a string into the result's pool. */
const char *bd_result_str(struct bd_result *r, const char *s);
void bd_result_set_internal(struct bd_result *r, const char *msg);
/* Record why the result cannot be trusted whole (first reason kept). */
void bd_result_set_failure(struct bd_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- suppression (suppress.c) ---- */
/* Mark findings suppressed by "bdops: ignore <check>" comments on their line
 * or the line above (reading the source files), and by the baseline file in
 * o->baseline.  Suppressed findings stay in r->v with f->suppressed set;
 * bd_result_count() skips them. */
void bd_apply_suppressions(struct bd_result *r, const struct bd_options *o);

/* ---- source text (source.c) ---- */
/* Line 'line' (1-based) of 'file' without its newline, or NULL.  Files are
 * cached for the life of the process. */
const char *bd_source_line(const char *file, int line);
/* Drop the cache (a fuzz target rewrites one file between inputs). */
void bd_source_forget(void);

/* ---- comments (comments.c), for suppressions ---- */
struct bd_comment_part {
	int line, col;			/* where the text starts (1-based) */
	const char *text;		/* the comment's text on that line, */
	int len;			/* without its delimiters */
};
struct bd_comment {
	int first, last;		/* its lines */
	int code_before, code_after;	/* code shares its first / last line */
	int part0, nparts;		/* its parts, one per line */
};
struct bd_comments {
	struct bd_comment *v;
	int n, cap;
	struct bd_comment_part *parts;
	int nparts, cap_parts;
};
/* The comments of the lines line_at(ctx, 1), line_at(ctx, 2), ... (NULL
 * ends them), as the compiler's lexer finds them; the parts point into
 * those lines. */
void bd_comments_scan(const char *(*line_at)(void *ctx, int n), void *ctx,
		      struct bd_comments *c);
void bd_comments_free(struct bd_comments *c);
/* The comments of a file (source.c, cached with its lines), or NULL. */
const struct bd_comments *bd_source_comments(const char *file);

/* ---- look-alike characters (lookalike.c) ---- */
/* The ASCII skeleton of UTF-8 s[0, n) into out (at most cap - 1 bytes,
 * NUL-terminated); at[k] is the byte of s that out[k] comes from (at[len]
 * the end).  Invisible characters are dropped, Unicode spaces become ' ',
 * fullwidth forms and look-alikes of Latin letters, ':' and '-' their
 * ASCII, anything else '?'.  Returns the skeleton's length. */
size_t bd_skeleton(const char *s, size_t n, char *out, int *at, size_t cap);
/* The offset of the first non-ASCII character of s[0, n), its code point,
 * the ASCII it stands for (0: none, '?': unknown) and what it is ("a
 * look-alike", "an invisible character", ...), or -1. */
int bd_first_non_ascii(const char *s, size_t n, unsigned *cp, char *ascii, const char **what);
/* A file's modification time in nanoseconds, 0 if it cannot be read. */
long long bd_mtime_ns(const char *path);

/* ---- reports (report.c) ---- */
/* A docs/checks/ page, compiled in by check_docs.py (check_docs.c). */
struct bd_check_doc {
	const char *page;	/* "docs/checks/put-mode.md" */
	const char *markdown;	/* the page as written */
	const char *text;	/* the same without markup */
};
extern const struct bd_check_doc bd_check_docs[];	/* ends with page NULL */
/* The page of a check (its ci->doc), or NULL if there is none. */
const struct bd_check_doc *bd_check_doc(enum bd_check id);

struct bd_json_writer;
struct bd_json;
/* One finding as the JSON report object; with_suppressed adds
 * "suppressed": 1|2 when it is (the facts files keep suppressed ones). */
void bd_json_write_finding(struct bd_json_writer *w, const struct bd_finding *f,
			   const struct bd_options *o, int with_suppressed);
/* Add the finding described by JSON object j (as written above) to r.
 * Returns 0, or -1 with err filled in. */
int bd_finding_from_json(struct bd_result *r, const struct bd_json *j,
			 char *err, size_t errlen);
/* 'file' relative to 'root' (NULL: the current directory) when it lies
 * under it, else NULL; buf receives the relative path. */
const char *bd_relpath(const char *file, const char *root, char *buf, size_t len);
/* 'file' made absolute and lexically normalised (no ".", ".."). */
void bd_abspath(const char *file, char *buf, size_t len);
/* A message with its numbers replaced by '#', so that line numbers and
 * constants that move do not make a known finding look new. */
void bd_normalise_message(const char *msg, char *buf, size_t len);
/* FNV-1a over file (root-relative), function, check and normalised message:
 * the identity of a finding that survives line shifts. */
uint64_t bd_finding_hash(const struct bd_finding *f, const char *root);

/* ---- more results (result.c) ---- */
/* Drop exact duplicates (same location, check and message: a static inline
 * in a header reported from several units).  r must be sorted. */
void bd_result_uniq(struct bd_result *r);
/* Free what bd_result_add allocated for one finding (notes, edits). */
void bd_finding_free_parts(struct bd_finding *f);
/* Recompute r->nsuppressed from the findings' flags. */
void bd_result_recount(struct bd_result *r);

/* ---- baseline (suppress.c) ---- */
/* Write the findings not suppressed by a comment as a baseline file (the
 * JSON report format).  Returns how many, or -1 with errno set. */
int bd_baseline_write(const struct bd_result *r, const struct bd_options *o,
		      const char *path);
/* Can 'path' be used as a baseline?  0, or -1 with err saying where and
 * what is wrong (shape.c). */
int bd_baseline_check(const char *path, char *err, size_t errlen);

/* ---- facts (facts.c, facts_summary.c) ---- */
/* Write the unit's facts file into o->facts_dir (creating it): findings
 * (suppressed ones too), function count, internal error, summary.  Atomic:
 * a temporary file renamed over DIR/<unit>-<hash>.json.  0 or -1 (and the
 * reason recorded with bd_result_set_internal by the caller's choice). */
int bd_facts_write(const struct bd_unit *u, const struct bd_result *r,
		   const struct bd_options *o);
/* Fills the facts file's "summary" object (cross-TU facts); the writer is
 * inside that object. */
void bd_facts_summary_write(struct bd_json_writer *w, const struct bd_unit *u,
			    const struct bd_result *r);
/* The facts of one unit as a JSON object (docs/facts.md): the one
 * encoding, whether it goes to a facts file or an object's section. */
int bd_facts_encode(FILE *f, const struct bd_unit *u, const struct bd_result *r, int pretty);
/* The unit's absolute path, resolved against the compile's directory. */
void bd_facts_unit_path(const struct bd_unit *u, char *buf, size_t len);
/* A unit's facts file name, <sanitised unit tail>-<hash of abs>.json: in
 * a facts directory, and the order units are merged in from anywhere. */
void bd_facts_name(const char *unit, const char *abs, char *buf, size_t len);
/* Call fn for every facts file in dir (sorted by name); stops at the first
 * non-zero return.  Returns the number of files read, or -1 with err set
 * (unreadable directory or a corrupt file). */
typedef int (*bd_facts_fn)(const char *path, const struct bd_json *facts, void *ctx);
/* The "file" paths of a unit's facts are relative to the directory its
 * compiler ran in: make them absolute when that is not the current one
 * (bd_facts_read_dir does it for every file it hands out). */
void bd_facts_resolve(struct bd_json *facts);
int bd_facts_read_dir(const char *dir, bd_facts_fn fn, void *ctx, char *err, size_t errlen);
/* The names in dir that keep() accepts, sorted; their number, or -1 with
 * err set.  free() each and the array. */
int bd_dir_names(const char *dir, int (*keep)(const char *name), char ***out,
		 char *err, size_t errlen);
/* The *.json names of a facts directory (not .tmp.*), sorted; their
 * number, or -1 with err set.  free() each and the array. */
int bd_facts_list_dir(const char *dir, char ***names, char *err, size_t errlen);

/* ---- the units of a merge (facts_set.c; facts_objects.c reads objects) ---- */
struct bd_facts_unit {
	struct bd_json *j;	/* the facts object (owned) */
	char *origin;		/* DIR/NAME.json, OBJECT, ARCHIVE(MEMBER) */
	char *name;		/* its facts file name: the merge order */
	const char *key;	/* "path": the unit's identity (inside j) */
	long long mtime_ns;	/* when its container was written */
	int seq;		/* order read */
};
struct bd_facts_set {
	struct bd_facts_unit *v;
	int n, cap;
	int dups;		/* copies dropped by bd_facts_set_finish */
	int missing;		/* objects of bdops compiles without facts */
};
/* Take j (parsed facts; freed on error).  0, or -1 with err set. */
int bd_facts_set_add(struct bd_facts_set *s, struct bd_json *j, const char *origin,
		     long long mtime_ns, char *err, size_t errlen);
/* Every facts file of a directory.  0, or -1 with err set. */
int bd_facts_set_add_dir(struct bd_facts_set *s, const char *dir, char *err, size_t errlen);
/* One copy per unit (the newest), in facts-file-name order. */
void bd_facts_set_finish(struct bd_facts_set *s);
void bd_facts_set_free(struct bd_facts_set *s);
/* facts_objects.c (needs libelf; linked into the bdops command only):
 * the facts of an ELF relocatable object, an archive (thin or not), or,
 * with walk, of every such file under a build tree.  Objects a bdops
 * compile wrote without facts are named on stderr and counted in
 * s->missing.  0, or -1 with err set (unreadable input, corrupt record). */
int bd_facts_set_add_objects(struct bd_facts_set *s, const char *path, int walk,
			     char *err, size_t errlen);

/* Add one facts file's findings and counts to r; findings of checks
 * disabled in o (if o) are dropped.  0; 1 when the unit was not fully
 * analysed (err says so, naming it: its findings were added, but the run
 * must fail); -1 on a bad file. */
int bd_facts_add(struct bd_result *r, const struct bd_json *facts,
		 const struct bd_options *o, char *err, size_t errlen);

/* ---- facts in objects (facts_section.c) ---- */
/* Call fn(json, len, bdops_version, ctx) for each record of the bytes of a
 * .bdops.facts section (several after ld -r); stops when fn returns
 * non-zero.  Returns the number of records, or -1 with err set. */
typedef int (*bd_facts_record_fn)(const char *json, size_t len, const char *version, void *ctx);
int bd_facts_section_parse(const char *buf, size_t len, bd_facts_record_fn fn, void *ctx,
			   char *err, size_t errlen);

/* ---- cross-TU analysis (merge.c, owned by the engine) ---- */
/* Called by 'bdops merge' after all facts of dir were added to r.  -1
 * with err set when a unit's facts are damaged (an input error). */
int bd_merge_analyze(struct bd_result *r, const char *facts_dir,
		     const struct bd_options *o, char *err, size_t errlen);
/* The same over units already read (bd_facts_set_finish()ed). */
int bd_merge_units(struct bd_result *r, const struct bd_facts_set *s,
		   const struct bd_options *o, char *err, size_t errlen);

#endif
