// SPDX-License-Identifier: GPL-2.0
/*
 * bdops-sparse - sparse plus the bdops checks.
 *
 * Takes sparse's whole command line, so that a kernel tree runs it with
 *	make C=1 CHECK=/path/to/bdops-sparse
 * and sparse's own warnings come out exactly as before.  Our options are
 * taken out of argv before sparse sees it:
 *
 *	-fbdops-KEY[=VALUE]	any core option (format, output, facts-dir,
 *				strict, disable, enable, baseline, root,
 *				dump-ir, help; see docs/design.md)
 *	-Wbdops-CHECK		enable a check (-Wbdops-put-mode)
 *	-Wno-bdops-CHECK	disable a check (-Wno-bdops-put-mode)
 *	-Wbdops-error		exit 1 if any bdops finding was reported
 *
 * The rest is sparse's own program: sparse.c is compiled from the fetched
 * sparse source with its main() renamed sparse_main (CMakeLists.txt) and
 * runs unchanged, so its checks (context imbalance, memcpy sizes, casts)
 * and its exit status are sparse's.  The link wraps two of the library
 * calls it makes (-Wl,--wrap=sparse,--wrap=report_stats):
 *
 *	sparse(file)	parses and evaluates the file as sparse() does, noting
 *			the flag macros before the tokens are dropped, and
 *			lowers its symbols into a bdops unit (lower.c, ops.c);
 *			sparse.c then expands and linearizes them for its
 *			checks, once;
 *	the next sparse(file), report_stats(), or exit()
 *			lowers the inline functions the file refers to (sparse
 *			only inlines copies of them, lower_inline()), analyses
 *			the unit and prints the findings, after sparse's own
 *			warnings for the file.
 *
 * Findings are printed in sparse's format but not through its warning(),
 * so they neither use up -fmax-warnings nor change what sparse prints.
 * Exit status: sparse's (0 even with warnings; 1 under -Wsparse-error
 * once there is a warning), and 1 if one of our findings is an error
 * (-Wsparse-error or -fbdops-error=yes) or, with -Wbdops-error, if there
 * is a finding; 2 for a bad bdops option, and under -Wbdops-error for a
 * unit not fully analysed (errors.c: which sparse errors mean that) or a
 * report or facts file that could not be written - each also an "error:"
 * line naming the unit, whatever the options.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse_rules.h"
#include "allocate.h"
#include "evaluate.h"
#include "bdops/bdops.h"

static struct bd_options opts;
static int werror;		/* -Wbdops-error */
static int nproblems;		/* findings that are not notes */
static int nerrors;		/* findings that are errors (as_error()) */
static unsigned timeout = SP_TIMEOUT;	/* -fbdops-timeout= (limits.c) */
static int nfailures;		/* units not analysed whole, reports lost */

static void usage_error(const char *msg)
{
	fprintf(stderr, "bdops-sparse: %s\n", msg);
	exit(2);
}

static void help(void)
{
	printf("Usage: bdops-sparse [SPARSE OPTIONS] [BDOPS OPTIONS] FILE...\n"
	       "  or:  make C=1 CHECK=bdops-sparse\n"
	       "\n"
	       "sparse with the bdops checks of block drivers' block_device_operations\n"
	       "use.  Takes sparse's whole command line and prints what sparse prints,\n"
	       "followed, for each file, by the bdops findings in sparse's format.\n"
	       "\n"
	       "Options:\n"
	       "  -fbdops-KEY[=VALUE]          a bdops option (below)\n"
	       "  -Wbdops-CHECK                enable a check (-Wbdops-put-mode)\n"
	       "  -Wno-bdops-CHECK             disable a check\n"
	       "  -Wbdops-error                exit 1 if there is a bdops finding\n"
	       "  -fbdops-timeout=SECONDS      stop after SECONDS (default 300, 0 none): the\n"
	       "                               file being checked is not fully analysed\n"
	       "  -h, --help                   print this help and exit\n"
	       "  -V, --version                print the versions of bdops and sparse, and exit\n"
	       "\n"
	       "bdops options:\n%s"
	       "\n"
	       "Every other option is sparse's (-Wsparse-error, -Wno-decl, -D, -I, ...).\n"
	       "\n"
	       "Exit status:\n"
	       "  sparse's: 0 even with warnings, 1 under -Wsparse-error once there is a\n"
	       "  warning; 1 also when a bdops finding is an error (-Wsparse-error,\n"
	       "  -fbdops-error=yes) or, with -Wbdops-error, when there is a finding;\n"
	       "  2 for a bad bdops option.\n"
	       "\n"
	       "Examples:\n"
	       "  make C=2 CHECK=bdops-sparse drivers/block/\n"
	       "      check every file of a kernel directory\n"
	       "  bdops-sparse -Wno-bdops-put-mode -Iinclude drivers/block/floppy.c\n"
	       "      one file, without the put-mode check\n"
	       "\n"
	       "See also: bdops(1), sparse(1), bdops-plugins(7).\n",
	       bd_options_help_with("-fbdops-"));
	exit(0);
}

static void version(void)
{
	printf("bdops-sparse (bdops) %s\nsparse %s\n", BD_VERSION, sparse_version);
	exit(0);
}

static void set_option(const char *key, const char *value)
{
	char err[1024];
	int rc = bd_options_set(&opts, key, value, err, sizeof(err));

	if (rc == 1)
		help();
	if (rc == 2)
		version();
	if (rc < 0)
		usage_error(err);
}

/* Take our options out of argv; returns the new argc. */
static int take_options(int argc, char **argv)
{
	char key[256];
	const char *a, *eq;
	int i, n = 1;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			help();
		} else if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
			version();
		} else if (!strncmp(a, "-fbdops-timeout=", 16)) {
			char *end;
			long t = strtol(a + 16, &end, 10);

			if (!a[16] || *end || t < 0 || t > 86400)
				usage_error("bad -fbdops-timeout (seconds, 0 for none)");
			timeout = (unsigned)t;
		} else if (!strncmp(a, "-fbdops-", 8)) {
			eq = strchr(a + 8, '=');
			if (eq) {
				snprintf(key, sizeof(key), "%.*s", (int)(eq - (a + 8)), a + 8);
				set_option(key, eq + 1);
			} else {
				set_option(a + 8, NULL);
			}
		} else if (!strcmp(a, "-Wbdops-error")) {
			werror = 1;
		} else if (!strcmp(a, "-Wno-bdops-error")) {
			werror = 0;
		} else if (!strncmp(a, "-Wbdops-", 8)) {
			set_option("enable", a + 8);
		} else if (!strncmp(a, "-Wno-bdops-", 11)) {
			set_option("disable", a + 11);
		} else {
			argv[n++] = argv[i];
		}
	}
	argv[n] = NULL;
	return n;
}

/* ---- the flag macros the checks need (bd_macro_names()) ---- */

/* The core evaluates them (core/macro_eval.c); this spells a macro's
 * replacement list from sparse's tokens, before sparse drops them. */
static enum bd_macro_kind lookup_macro(void *ctx, const char *name, struct bd_macro_def *d)
{
	static char body[2048];
	struct bd_unit *u = ctx;
	struct symbol *sym = lookup_symbol(built_in_ident(name), NS_MACRO);
	struct token *t;
	size_t n = 0;

	if (!sym || sym->namespace != NS_MACRO)
		return BD_MACRO_NONE;
	if (sym->arglist)
		return BD_MACRO_FUNCTION;
	body[0] = 0;
	for (t = sym->expansion; t && !eof_token(t); t = t->next) {
		const char *s;

		if (token_type(t) == TOKEN_UNTAINT)
			continue;
		s = show_token(t);
		if (n + strlen(s) + 2 >= sizeof(body))
			break;
		n += sprintf(body + n, "%s%s", n ? " " : "", s);
	}
	d->body = body;
	d->loc = bd_loc_make(u, stream_name(sym->pos.stream), sym->pos.line, sym->pos.pos);
	return BD_MACRO_OBJECT;
}

static void record_macros(struct bd_unit *u)
{
	bd_unit_read_macros(u, lookup_macro, u);
}

/* ---- one translation unit ---- */

int sparse_main(int argc, char **argv);	/* sparse.c's main() */
struct symbol_list *__wrap_sparse(char *file);
void __wrap_report_stats(void);
void __real_report_stats(void);

static struct bd_unit *pending;	/* lowered, analysed once sparse is done */

/* sparse's do_warn() format, with its -fdiagnostic-prefix */
static void print_line(const struct bd_loc *l, const char *what, const char *msg)
{
	fflush(stdout);
	fprintf(stderr, "%s:%d:%d: %s%s: %s\n", l->file ? l->file : "<unknown>",
		l->line, l->col, diag_prefix, what, msg);
}

/* -fbdops-error=auto follows -Wsparse-error, which makes every warning an
 * error, as -Werror does for the GCC plugin; notes stay notes. */
static int as_error(const struct bd_finding *f)
{
	if (f->severity == BD_SEV_NOTE)
		return 0;
	return f->severity == BD_SEV_ERROR || opts.error == BD_ERR_YES ||
	       (opts.error == BD_ERR_AUTO && Wsparse_error);
}

static void report_text(const struct bd_result *r)
{
	const struct bd_finding *f;
	char buf[4096];
	int i, k;

	for (i = 0; (f = bd_result_get(r, i)); i++) {
		bd_finding_text(f, buf, sizeof(buf));
		print_line(&f->loc, f->severity == BD_SEV_NOTE ? "note" :
			   as_error(f) ? "error" : "warning", buf);
		for (k = 0; k < f->nnotes; k++)
			print_line(&f->notes[k].loc, "note", f->notes[k].message);
		if (f->fix) {
			snprintf(buf, sizeof(buf), "fix: %s", f->fix);
			print_line(&f->loc, "note", buf);
		}
	}
}

/* A report that could not be written, or a unit not analysed whole: an
 * error on stderr, and exit status 2 under -Wbdops-error (sparse's own
 * status otherwise, so "make C=1" behaves as with sparse). */
static void failure(const char *unit, const char *what)
{
	fflush(stdout);
	fprintf(stderr, "%s: %serror: bdops: %s\n", unit, diag_prefix, what);
	nfailures++;
}

static void write_report(const struct bd_result *r, const char *unit)
{
	FILE *out = stderr;
	char msg[1024];
	int bad;

	if (opts.output && strcmp(opts.output, "-")) {
		out = fopen(opts.output, "w");
		if (!out) {
			snprintf(msg, sizeof(msg), "cannot write the report to '%s': %s",
				 opts.output, strerror(errno));
			failure(unit, msg);
			return;
		}
	}
	errno = 0;
	bd_report_write(r, &opts, out);
	bad = ferror(out);
	bad |= (out != stderr ? fclose(out) : fflush(out)) != 0;
	if (bad) {
		snprintf(msg, sizeof(msg), "cannot write the report to '%s': %s",
			 out != stderr && opts.output ? opts.output : "standard error",
			 strerror(errno ? errno : EIO));
		failure(unit, msg);
	}
}

static void report(const struct bd_result *r, const char *unit)
{
	const struct bd_finding *f;
	int i;

	if (bd_result_internal(r))
		fprintf(stderr, "note: bdops: internal error: %s\n", bd_result_internal(r));
	nproblems += bd_result_problems(r);
	for (i = 0; (f = bd_result_get(r, i)); i++)
		nerrors += as_error(f);
	if (opts.format == BD_FMT_TEXT && !opts.output)
		report_text(r);
	else
		write_report(r, unit);
	if (bd_result_failure(r))
		failure(unit, bd_result_failure(r));
}

/* ---- function bodies ---- */

/* Definitions of this file referred to or listed, each lowered once: a
 * body sparse has evaluated before it expands the file (listed, or reached
 * through a declaration that is), or an inline body it has not evaluated
 * (sparse only evaluates the copies it inlines into callers, while GCC's
 * pass sees the helper itself), once sparse is done with the file. */
struct body {
	struct symbol *def;
	int done;
};
static struct body *bodies;
static int nbodies, cap_bodies;

void sp_want_body(struct symbol *def)
{
	int i;

	for (i = 0; i < nbodies; i++)
		if (bodies[i].def == def)
			return;
	if (nbodies == cap_bodies) {
		cap_bodies = cap_bodies ? 2 * cap_bodies : 64;
		bodies = realloc(bodies, cap_bodies * sizeof(*bodies));
		if (!bodies)
			abort();
	}
	bodies[nbodies].def = def;
	bodies[nbodies++].done = 0;
}

/* The evaluated bodies; lowering one declares its callees, so the list
 * grows as we go. */
static void lower_bodies(struct bd_unit *u)
{
	struct symbol *fn;
	int i;

	for (i = 0; i < nbodies; i++) {
		fn = sp_fn_type(bodies[i].def);
		if (bodies[i].done || !fn || !fn->stmt)
			continue;
		bodies[i].done = 1;
		sp_lower_function(u, bodies[i].def);
	}
}

/* A declaration in the list stands for its definition: an inline body
 * declared again after it is only in the list as that declaration. */
static void lower_symbols(struct bd_unit *u, struct symbol_list *list)
{
	struct symbol *sym;

	FOR_EACH_PTR(list, sym) {
		if (sym->type != SYM_NODE)
			continue;
		if (sp_fn_type(sym))
			sp_want_body(sp_definition(sym));
		else if (sym->initializer)
			sp_scan_initializer(u, sym);
	} END_FOR_EACH_PTR(sym);
	lower_bodies(u);
}

/* Evaluate a copy of an inline body as sparse does for an inline function
 * whose address is taken (uninline()), and put sparse back as it was once
 * the copy is lowered: what evaluating it says is neither printed nor
 * counted (sparse says it about each copy it inlines). */
static int evaluate_inline(struct symbol *def)
{
	struct symbol *fn = sp_fn_type(def);
	struct symbol_list *one = NULL;
	unsigned int max_warnings = fmax_warnings;
	int err = has_error, die = die_if_error, saved, null;

	if (!fn || fn->stmt || !fn->inline_stmt)
		return 0;
	fflush(stderr);
	saved = dup(2);
	null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0 && dup2(null, 2) >= 0) {
		fmax_warnings = UINT_MAX;
		add_symbol(&one, def);
		evaluate_symbol_list(one);
		free_ptr_list(&one);
		fflush(stderr);
		dup2(saved, 2);
		fmax_warnings = max_warnings;
		has_error = err;
		die_if_error = die;
	}
	if (null >= 0)
		close(null);
	if (saved >= 0)
		close(saved);
	return fn->stmt != NULL;
}

/* sparse erred while reading 'sym', whose body or initializer is lowered:
 * the unit is not fully analysed (errors.c says why this rule). */
static void incomplete_if_errors(struct bd_unit *u, struct symbol *sym)
{
	const char *err = sp_errors_since_mark(&sym->pos);
	char why[1200];

	if (!err)
		return;
	snprintf(why, sizeof(why), "sparse reported an error in '%s' (%s)",
		 sym->ident ? show_ident(sym->ident) : "?", err);
	bd_unit_incomplete(u, why);
}

/* Evaluate the file's symbols as sparse() does, one at a time, so that an
 * error is known to be in a body or initializer bdops lowers or not. */
static void evaluate_symbols(struct bd_unit *u, struct symbol_list *list)
{
	struct symbol_list *one = NULL;
	struct symbol *sym;

	FOR_EACH_PTR(list, sym) {
		sp_errors_mark();
		add_symbol(&one, sym);
		evaluate_symbol_list(one);
		free_ptr_list(&one);
		if (sym->type == SYM_NODE &&
		    (sym->initializer || (sp_fn_type(sym) && sp_fn_type(sym)->stmt)))
			incomplete_if_errors(u, sym);
	} END_FOR_EACH_PTR(sym);
}

/* What is left once sparse is done with the file: inline bodies, and the
 * evaluated bodies they refer to. */
static void lower_inline_bodies(struct bd_unit *u)
{
	struct symbol *def, *fn;
	struct symbol_list *locals;
	int i;

	for (i = 0; i < nbodies; i++) {
		def = bodies[i].def;
		fn = sp_fn_type(def);
		if (bodies[i].done || !fn)
			continue;
		if (fn->stmt) {
			bodies[i].done = 1;
			sp_lower_function(u, def);
			continue;
		}
		locals = def->symbol_list;
		sp_errors_mark();
		if (!evaluate_inline(def))
			continue;
		bodies[i].done = 1;
		incomplete_if_errors(u, def);
		sp_lower_function(u, def);
		fn->stmt = NULL;
		def->symbol_list = locals;
	}
}

/* Analyse the file sparse.c has just checked.  Unlike sparse's own errors
 * under -Wsparse-error, ours do not stop sparse before the next file: what
 * sparse prints must not depend on our findings.  They set the exit status
 * at the end instead. */
static void finish_file(void)
{
	struct bd_unit *u = pending;
	struct bd_result *r;

	if (!u)
		return;
	pending = NULL;
	lower_inline_bodies(u);
	nbodies = 0;
	r = bd_analyze(u, &opts);
	report(r, bd_unit_input(u));
	bd_result_free(r);
	bd_unit_free(u);
}

/* Code sparse could not parse was dropped: nothing says what it held. */
static void parse_errors(struct bd_unit *u)
{
	const char *err = sp_errors_since_mark(NULL);
	char why[1200];

	if (!err)
		return;
	snprintf(why, sizeof(why), "sparse could not parse it (%s)", err);
	bd_unit_incomplete(u, why);
}

/* sparse() with a look at the macros before the tokens are dropped, then
 * the lowering, before sparse.c's expand_symbol() folds the trees. */
struct symbol_list *__wrap_sparse(char *file)
{
	struct bd_unit *u;
	struct symbol_list *list;

	finish_file();
	sp_limits_file(file);
	u = sp_new_unit(file);
	sp_errors_mark();
	sp_compares_forget();
	list = sparse_keep_tokens(file);
	parse_errors(u);
	record_macros(u);
	clear_token_alloc();
	if (has_error & ERROR_CURR_PHASE)
		has_error = ERROR_PREV_PHASE;
	evaluate_symbols(u, list);
	lower_symbols(u, list);
	pending = u;
	return list;
}

void __wrap_report_stats(void)
{
	finish_file();
	__real_report_stats();
}

/* sparse exits from inside (die(), -Wsparse-error): the last file is
 * still analysed, and a failure still sets the status under
 * -Wbdops-error. */
static void finish_at_exit(void)
{
	finish_file();
	if (werror && nfailures) {
		fflush(NULL);
		_exit(2);
	}
}

/* The child checking file crashed or ran past the time limit: the unit is
 * not fully analysed, on stderr and in its facts (bd_analyze() of the
 * unit, empty but for the reason, writes them). */
static void limit_hit(const char *file, const char *why)
{
	struct bd_unit *u = bd_unit_new(file);
	struct bd_result *r;

	bd_unit_incomplete(u, why);
	r = bd_analyze(u, &opts);
	report(r, file);
	bd_result_free(r);
	bd_unit_free(u);
}

int main(int argc, char **argv)
{
	int status;

	bd_options_init(&opts);
	argc = take_options(argc, argv);
	/* a crash or a hang of sparse is a unit not fully analysed */
	status = sp_limits_run(timeout, limit_hit);
	if (status > 0)
		return status;		/* the child's own */
	if (!status)
		return werror && nfailures ? 2 : 0;
	/* a die() or -Wsparse-error exit inside sparse still reports the
	 * file being checked */
	atexit(finish_at_exit);
	status = sparse_main(argc, argv);
	finish_file();
	if (!status && (nerrors || (werror && nproblems)))
		status = 1;
	if (werror && nfailures)
		status = 2;
	return status;
}
