/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bdops/bdops.h - what a frontend calls after lowering a unit, and what the
 * driver uses to collect, merge and print findings.
 *
 *	struct bd_options o;
 *	bd_options_init(&o);
 *	bd_options_set(&o, "disable", "put-mode");	// from plugin args
 *	struct bd_unit *u = ...lower...;
 *	struct bd_result *r = bd_analyze(u, &o);
 *	for (i = 0; i < bd_result_count(r); i++) host_warn(bd_result_get(r, i));
 *	bd_result_free(r); bd_unit_free(u);
 *
 * Messages, check ids, fix hints and ordering come from here only, so all
 * frontends print the same findings.
 */
#ifndef BDOPS_BDOPS_H
#define BDOPS_BDOPS_H

#include "ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* bdops' version: every tool's --version prints it with its host's. */
#define BD_VERSION "0.1.0"

/* ---- checks ---- */
enum bd_check {
	BD_CHECK_FILE_WRITE,
	BD_CHECK_NDELAY_FLAGS,
	BD_CHECK_PUT_MODE,
	BD_CHECK_DEPRECATED_IOCTL,
	BD_CHECK_DEPRECATED_PROTOTYPE,
	BD_CHECK_PUT_HOLDER,
	BD_CHECK_SUPPRESSION_COMMENT,
	BD_CHECK_BDEV_RELEASE,
	BD_CHECK_COUNT
};

struct bd_check_info {
	enum bd_check id;
	const char *name;	/* "put-mode" */
	const char *full;	/* "bdops-put-mode" */
	const char *summary;	/* one line, for list-checks and SARIF */
	const char *help;	/* a paragraph, for SARIF help text */
	const char *doc;	/* docs/checks/<name>.md */
	const char *eras;	/* kernels whose API it checks: "2.6.27-6.4"
				 * (docs/eras.md) */
};
const struct bd_check_info *bd_check_info(enum bd_check id);
/* Accepts "put-mode" or "bdops-put-mode"; returns -1 if unknown. */
int bd_check_lookup(const char *name);

/* ---- options (shared by plugins, sparse and the driver) ---- */
enum bd_format { BD_FMT_TEXT, BD_FMT_JSON, BD_FMT_SARIF };
enum bd_error_mode { BD_ERR_AUTO, BD_ERR_YES, BD_ERR_NO };
/* Colour in the text report, as GCC's -fdiagnostics-color: auto colours
 * a terminal unless TERM is "dumb", NO_COLOR is set or GCC_COLORS is
 * empty; GCC_COLORS picks the colours. */
enum bd_color { BD_COLOR_AUTO, BD_COLOR_ALWAYS, BD_COLOR_NEVER };

struct bd_options {
	int enabled[BD_CHECK_COUNT];
	int strict;
	enum bd_format format;
	enum bd_error_mode error;
	const char *output;	/* NULL: the frontend's default stream */
	const char *facts_dir;	/* NULL: no facts written */
	int facts_object;	/* facts into the object compiled (default 1) */
	const char *baseline;	/* NULL: no baseline */
	const char *root;	/* repo root for SARIF uriBaseId, or NULL */
	const char *dump_ir;	/* "-" (stderr) or a file: dump the unit */
	int verbose;
	enum bd_color color;	/* the text report (the driver's) */
};
void bd_options_init(struct bd_options *o);
/* Set one option by name ("format", "output", "facts-dir", "strict",
 * "disable", "enable", "error", "baseline", "root", "dump-ir", "help",
 * "version").  value may be NULL for flags.  Returns 0; 1 for "help" (the
 * frontend prints its usage and bd_options_help()), 2 for "version" (it
 * prints BD_VERSION and its host's version); or -1 with a message in err
 * (which names the valid options or values). */
int bd_options_set(struct bd_options *o, const char *key, const char *value,
		   char *err, size_t errlen);
/* "format, output, facts-dir, ..." with one line each, for help. */
const char *bd_options_help(void);
/* The same spelled as a host takes them ("-fplugin-arg-bdops_gcc-"):
 * each option on a line of its own, what it does on the next. */
const char *bd_options_help_with(const char *prefix);

/* ---- findings ---- */
enum bd_severity { BD_SEV_WARNING, BD_SEV_ERROR, BD_SEV_NOTE };

struct bd_note {
	struct bd_loc loc;
	const char *message;
};

/* A machine-readable fix: replace the bytes [loc, end) of loc.file with
 * text.  Lines are 1-based, columns 1-based byte columns (SARIF's
 * "utf8"-free default: bytes of the line as written), end exclusive.  The
 * core computes edits from the finding's line and the source text, so all
 * frontends give the same ones (their own columns may differ). */
struct bd_edit {
	struct bd_loc loc;	/* first byte replaced */
	int end_line, end_col;	/* first byte kept after the range */
	const char *text;	/* the replacement (may be "") */
};

struct bd_finding {
	enum bd_check check;
	enum bd_severity severity;
	struct bd_loc loc;
	const char *function;	/* enclosing function, or NULL (ops tables) */
	const char *message;	/* without the [bdops-...] suffix */
	const char *fix;	/* fix hint text, or NULL */
	int nedits;		/* the fix as edits, when it is mechanical */
	struct bd_edit *edits;
	int nnotes;
	struct bd_note *notes;
	int suppressed;		/* 1 comment, 2 baseline */
};

struct bd_result;
/* Run all enabled checks over the unit.  Never fails: an internal problem is
 * recorded as a note (bd_result_internal).  Findings are sorted (file, line,
 * column, check) and suppression comments / the baseline are applied. */
struct bd_result *bd_analyze(struct bd_unit *u, const struct bd_options *o);
int bd_result_count(const struct bd_result *r);	/* unsuppressed only */
int bd_result_problems(const struct bd_result *r); /* ... and not notes */
const struct bd_finding *bd_result_get(const struct bd_result *r, int i);
int bd_result_suppressed(const struct bd_result *r);	/* how many */
int bd_result_functions(const struct bd_result *r);	/* bodies analysed */
const char *bd_result_internal(const struct bd_result *r); /* NULL if none */
/* NULL when the unit was analysed whole and everything asked for (facts,
 * baseline) was read and written; else one line saying what went wrong
 * ("not fully analysed: ...", "cannot write facts ...").  A frontend
 * reports it as an error naming the unit: a result that is not whole must
 * never look clean (docs/output.md). */
const char *bd_result_failure(const struct bd_result *r);
void bd_result_free(struct bd_result *r);

/* An empty result to collect findings read back from JSON (the driver). */
struct bd_result *bd_result_new(void);
void bd_result_add(struct bd_result *r, const struct bd_finding *f);
void bd_result_sort(struct bd_result *r);
/* A unit of this run that was not analysed, or not whole (its compile
 * failed, its frontend died or wrote nothing): the SARIF log then says
 * executionSuccessful false, with a notification naming it, so an upload
 * never looks clean.  file may be NULL. */
void bd_result_not_analysed(struct bd_result *r, const char *file, const char *why);
/* Add everything of 'from' to 'to': findings (suppressed ones too),
 * functions analysed, units not analysed, an internal error. */
void bd_result_absorb(struct bd_result *to, const struct bd_result *from);
/* Read a JSON array written by bd_report_write(BD_FMT_JSON). 0 or -1. */
int bd_result_read_json(struct bd_result *r, const char *path);

/* The unit's facts as assembler directives that put them into the object
 * being compiled, section .bdops.facts (SHF_EXCLUDE: ld -r keeps it, a
 * final link drops it; docs/facts.md).  A frontend that writes an object
 * emits this text into its assembler output.  NULL when o->facts_object
 * is off.  free() it. */
char *bd_facts_asm(const struct bd_unit *u, const struct bd_result *r,
		   const struct bd_options *o);

/* ---- output ---- */
/* Text: file:line:col: warning: message [bdops-check], notes, fix hint.
 * JSON: [{"file","line","column","check","function","message","severity",
 * "notes":[{"file","line","column","message"}],"fix","edits":[{"file",
 * "line","column","endLine","endColumn","text"}]}] ("edits" only when
 * there are some).  SARIF 2.1.0 with the edits as fixes[]. */
void bd_report_write(const struct bd_result *r, const struct bd_options *o, FILE *out);
/* "bdops: N findings (M suppressed) in K functions" or the nothing-analysed
 * note. */
void bd_report_summary(const struct bd_result *r, FILE *out);
/* The one-line message text with its suffix: "msg [bdops-check]". */
const char *bd_finding_text(const struct bd_finding *f, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
