// SPDX-License-Identifier: GPL-2.0
/*
 * bdops.c - the driver: "bdops check|merge|list-checks" (and the hidden
 * "report", which prints a findings JSON file: the output formats are tested
 * through it without a compiler).
 *
 *	bdops check --frontend gcc --format sarif drivers/block/loop.c -- -I...
 *	bdops merge --format json facts/
 *	bdops list-checks
 *
 * Exit status: 0 no findings, 1 findings, 2 usage or input error, a file
 * that does not compile, or a run that analysed no function at all.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "driver.h"
#include "json.h"

enum { C_CHECK = 1, C_MERGE = 2, C_REPORT = 4, C_ALL = 7 };

struct dopt {
	const char *name;
	int value;		/* 0 flag, 1 required, 2 optional (with '=' only) */
	int core;		/* handled by bd_options_set */
	int pass;		/* handed to the frontends */
	unsigned cmds;
	const char *help;
};

static const struct dopt dopts[] = {
	{ "frontend",       1, 0, 0, C_CHECK, "gcc|clang|clang-tool|sparse: the compiler that reads the code" },
	{ "format",         1, 1, 0, C_ALL,   "text|json|sarif (default text)" },
	{ "output",         1, 1, 0, C_ALL,   "FILE: write the report there instead of stdout" },
	{ "strict",         0, 1, 1, C_ALL,   "also report unknown-vs-known cases as notes" },
	{ "disable",        1, 1, 1, C_ALL,   "CHECK[,CHECK]: turn checks off ('all' allowed)" },
	{ "enable",         1, 1, 1, C_ALL,   "CHECK[,CHECK]: turn checks on ('all' allowed)" },
	{ "error",          1, 1, 0, C_ALL,   "auto|yes|no: print findings as errors (yes)" },
	{ "baseline",       1, 1, 0, C_ALL,   "FILE: hide the known findings listed in FILE" },
	{ "write-baseline", 1, 0, 0, C_ALL,   "FILE: record the current findings as known" },
	{ "root",           1, 1, 0, C_ALL,   "DIR: repository root for SARIF and baseline paths (default .)" },
	{ "facts-dir",      1, 1, 0, C_CHECK, "DIR: keep the per-file facts there (for 'bdops merge')" },
	{ "cflag",          1, 0, 0, C_CHECK, "FLAG: one more compiler flag (repeatable)" },
	{ "jobs",           1, 0, 0, C_CHECK, "N: run N compilers at once (also -j N)" },
	{ "dump-ir",        2, 1, 1, C_CHECK, "[=FILE]: dump the lowered code (to stderr)" },
	{ "verbose",        0, 1, 0, C_ALL,   "show the commands being run" },
	{ "functions",      1, 0, 0, C_REPORT, "N: function count for the summary" },
	{ "help",           0, 0, 0, C_ALL,   "this text" },
};

#define NDOPTS (sizeof(dopts) / sizeof(dopts[0]))

static const char usage_text[] =
	"usage: bdops check --frontend gcc|clang|clang-tool|sparse [OPTIONS] FILES -- COMPILER FLAGS\n"
	"       bdops merge [OPTIONS] FACTS_DIR\n"
	"       bdops list-checks\n"
	"       bdops --help | --version\n"
	"\n"
	"Checks Linux block drivers against the block_device_operations rules of\n"
	"the 2.6.28 API change (see 'bdops list-checks' and docs/checks/).\n"
	"\n"
	"Exit status: 0 no findings, 1 findings, 2 usage or input error (including\n"
	"a file that does not compile, or a run that analysed no function).\n"
	"\n"
	"Options:\n";

static void usage(FILE *out)
{
	char left[40];
	size_t i;

	fputs(usage_text, out);
	for (i = 0; i < NDOPTS; i++) {
		if (!(dopts[i].cmds & (C_CHECK | C_MERGE)))
			continue;
		snprintf(left, sizeof(left), "--%s%s", dopts[i].name,
			 dopts[i].value == 1 ? " ARG" : "");
		fprintf(out, "  %-22s %s\n", left, dopts[i].help);
	}
	fputs("\nNot yet implemented: review, fix, install-hook.\n", out);
}

static int usage_error(const char *cmd, const char *fmt, const char *arg)
{
	fprintf(stderr, "bdops%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'bdops --help'.\n", stderr);
	return EXIT_USAGE;
}

static void push(char ***v, int *n, int *cap, char *s)
{
	BD_GROW(*v, *n, *cap);
	(*v)[(*n)++] = s;
}

static int unknown_option(struct drv *d, unsigned cmd, const char *arg)
{
	size_t i;

	fprintf(stderr, "bdops %s: unknown option '%s'; valid:", d->cmd, arg);
	for (i = 0; i < NDOPTS; i++)
		if (dopts[i].cmds & cmd)
			fprintf(stderr, " --%s", dopts[i].name);
	fputs("\n", stderr);
	return EXIT_USAGE;
}

static int apply_option(struct drv *d, const struct dopt *op, const char *value)
{
	char err[512];
	char *end;

	if (op->core && bd_options_set(&d->o, op->name, value, err, sizeof(err)) < 0) {
		fprintf(stderr, "bdops %s: %s\n", d->cmd, err);
		return EXIT_USAGE;
	}
	if (op->pass) {
		BD_GROW(d->pass, d->npass, d->cap_pass);
		d->pass[d->npass].key = op->name;
		d->pass[d->npass++].value = value;
	}
	if (!strcmp(op->name, "frontend")) {
		if (strcmp(value, "gcc") && strcmp(value, "clang") &&
		    strcmp(value, "clang-tool") && strcmp(value, "sparse"))
			return usage_error(d->cmd, "unknown frontend '%s'; valid: gcc, clang, clang-tool, sparse",
					   value);
		d->frontend = value;
	} else if (!strcmp(op->name, "write-baseline")) {
		d->write_baseline = value;
	} else if (!strcmp(op->name, "cflag")) {
		push(&d->cflags, &d->ncflags, &d->cap_cflags, (char *)value);
	} else if (!strcmp(op->name, "jobs") || !strcmp(op->name, "functions")) {
		long n = strtol(value, &end, 10);

		if (*end || n < (op->name[0] == 'j') || n > 100000)
			return usage_error(d->cmd, "bad number '%s'", value);
		if (op->name[0] == 'j')
			d->jobs = n;
		else
			d->functions = n;
	}
	return 0;
}

static const struct dopt *find_option(const char *name, unsigned cmd)
{
	size_t i;

	for (i = 0; i < NDOPTS; i++)
		if (!strcmp(dopts[i].name, name) && (dopts[i].cmds & cmd))
			return &dopts[i];
	return NULL;
}

/* Parse argv[i..] of subcommand d->cmd.  Returns -1 to go on, or an exit
 * status (help printed, or a usage error). */
static int parse_args(struct drv *d, unsigned cmd, int argc, char **argv)
{
	const struct dopt *op;
	char name[64], *value;
	size_t len;
	int a, ret;

	for (a = 0; a < argc; a++) {
		char *arg = argv[a];

		if (!strcmp(arg, "--") && cmd == C_CHECK) {
			for (a++; a < argc; a++)
				push(&d->flags, &d->nflags, &d->cap_flags, argv[a]);
			break;
		}
		if (!strncmp(arg, "-j", 2) && cmd == C_CHECK) {
			value = arg[2] ? arg + 2 : (a + 1 < argc ? argv[++a] : NULL);
			if (!value)
				return usage_error(d->cmd, "%s needs a number", "-j");
			ret = apply_option(d, find_option("jobs", cmd), value);
			if (ret)
				return ret;
			continue;
		}
		if (!strcmp(arg, "-h")) {
			usage(stdout);
			return EXIT_CLEAN;
		}
		if (strncmp(arg, "--", 2) || !arg[2]) {
			if (arg[0] == '-' && arg[1])
				return unknown_option(d, cmd, arg);
			push(&d->args, &d->nargs, &d->cap_args, arg);
			continue;
		}
		value = strchr(arg, '=');
		len = value ? (size_t)(value - arg - 2) : strlen(arg + 2);
		if (len >= sizeof(name))
			return unknown_option(d, cmd, arg);
		memcpy(name, arg + 2, len);
		name[len] = 0;
		if (value)
			value++;
		op = find_option(name, cmd);
		if (!op)
			return unknown_option(d, cmd, arg);
		if (!strcmp(name, "help")) {
			usage(stdout);
			return EXIT_CLEAN;
		}
		if (op->value == 0 && value)
			return usage_error(d->cmd, "option '--%s' takes no value", name);
		if (op->value == 1 && !value) {
			if (a + 1 >= argc)
				return usage_error(d->cmd, "option '--%s' needs a value", name);
			value = argv[++a];
		}
		ret = apply_option(d, op, value);
		if (ret)
			return ret;
	}
	return -1;
}

/* Collect facts: every unit in the directory. */
static int add_unit(const char *path, const struct bd_json *facts, void *ctx)
{
	struct drv *d = ctx;
	char err[512];

	if (bd_facts_add(d->result, facts, &d->o, err, sizeof(err))) {
		fprintf(stderr, "bdops: %s: %s\n", path, err);
		return 1;
	}
	return 0;
}

/* Findings read back from JSON may be of checks turned off now. */
static void drop_disabled(struct bd_result *r, const struct bd_options *o)
{
	int i, k = 0;

	for (i = 0; i < r->n; i++) {
		if (o->enabled[r->v[i].check])
			r->v[k++] = r->v[i];
		else
			free(r->v[i].notes);
	}
	r->n = k;
	bd_result_recount(r);
}

/* Paths under the current directory print relative to it, whatever form
 * the frontend saw them in (libTooling makes every path absolute). */
static const char *relative(struct bd_result *r, const char *file, const char *cwd)
{
	size_t n = strlen(cwd);

	if (file && file[0] == '/' && n > 1 && !strncmp(file, cwd, n) && file[n] == '/')
		return bd_result_str(r, file + n + 1);
	return file;
}

static void relativize(struct bd_result *r)
{
	char cwd[4096];

	if (!getcwd(cwd, sizeof(cwd)))
		return;
	for (int i = 0; i < r->n; i++) {
		r->v[i].loc.file = relative(r, r->v[i].loc.file, cwd);
		for (int k = 0; k < r->v[i].nnotes; k++)
			r->v[i].notes[k].loc.file = relative(r, r->v[i].notes[k].loc.file, cwd);
	}
}

int bd_drv_finish(struct drv *d, struct bd_result *r, int failed)
{
	FILE *out = stdout;
	int status, n;

	relativize(r);
	drop_disabled(r, &d->o);
	bd_apply_suppressions(r, &d->o);
	bd_result_sort(r);
	bd_result_uniq(r);
	if (d->write_baseline) {
		n = bd_baseline_write(r, &d->o, d->write_baseline);
		if (n < 0) {
			fprintf(stderr, "bdops: cannot write baseline '%s': %s\n",
				d->write_baseline, strerror(errno));
			failed = 1;
		} else {
			/* What was just recorded is now known. */
			d->o.baseline = d->write_baseline;
			bd_apply_suppressions(r, &d->o);
			fprintf(stderr, "bdops: wrote %d finding%s to '%s'\n", n,
				n == 1 ? "" : "s", d->write_baseline);
		}
	}
	if (d->o.output && strcmp(d->o.output, "-")) {
		out = fopen(d->o.output, "w");
		if (!out) {
			fprintf(stderr, "bdops: cannot write '%s': %s\n", d->o.output,
				strerror(errno));
			return EXIT_USAGE;
		}
	}
	bd_report_write(r, &d->o, out);
	if (out != stdout ? fclose(out) : fflush(out)) {
		fprintf(stderr, "bdops: cannot write the report: %s\n", strerror(errno));
		failed = 1;
	}
	bd_report_summary(r, stderr);
	status = bd_result_count(r) ? EXIT_FINDINGS : EXIT_CLEAN;
	if (failed || !bd_result_functions(r))
		status = EXIT_USAGE;
	return status;
}

/* The baseline is read by the core, which cannot fail; check it here so a
 * typo in its name is a usage error rather than a note. */
static int check_baseline(struct drv *d)
{
	struct bd_json *j;
	char err[512];

	if (!d->o.baseline)
		return 0;
	j = bd_json_parse_file(d->o.baseline, err, sizeof(err));
	if (!j)
		return usage_error(d->cmd, "cannot use baseline: %s", err);
	bd_json_free(j);
	return 0;
}

static int cmd_merge(struct drv *d)
{
	struct bd_result *r;
	char err[512];
	int n, status;

	if (d->nargs != 1)
		return usage_error(d->cmd, "%s", "expects one FACTS_DIR");
	if (check_baseline(d))
		return EXIT_USAGE;
	r = d->result = bd_result_new();
	n = bd_facts_read_dir(d->args[0], add_unit, d, err, sizeof(err));
	if (n < 0) {
		fprintf(stderr, "bdops merge: %s\n", err);
		bd_result_free(r);
		return EXIT_USAGE;
	}
	/* ---- cross-TU analysis: the engine's hook (core/merge.c) ---- */
	bd_merge_analyze(r, d->args[0], &d->o);
	status = bd_drv_finish(d, r, 0);
	bd_result_free(r);
	return status;
}

static int count_functions(const struct bd_result *r)
{
	int i, k, n = 0;

	for (i = 0; i < r->n; i++) {
		for (k = 0; k < i; k++)
			if (!strcmp(r->v[k].function ? r->v[k].function : "",
				    r->v[i].function ? r->v[i].function : ""))
				break;
		n += k == i;
	}
	return n;
}

static int cmd_report(struct drv *d)
{
	struct bd_result *r;
	int i, status, bad = 0;

	if (d->nargs < 1)
		return usage_error(d->cmd, "%s", "expects FINDINGS.json");
	if (check_baseline(d))
		return EXIT_USAGE;
	r = bd_result_new();
	for (i = 0; i < d->nargs && !bad; i++)
		bad = bd_result_read_json(r, d->args[i]) < 0;
	if (bad) {
		bd_result_free(r);
		return EXIT_USAGE;
	}
	if (d->functions >= 0)
		r->nfuncs = d->functions;
	else if (!r->nfuncs)
		r->nfuncs = count_functions(r);
	status = bd_drv_finish(d, r, 0);
	bd_result_free(r);
	return status;
}

static int cmd_list_checks(int argc)
{
	const struct bd_check_info *ci;
	int i;

	if (argc)
		return usage_error("list-checks", "%s", "takes no arguments");
	for (i = 0; i < BD_CHECK_COUNT; i++) {
		ci = bd_check_info(i);
		printf("%-28s%s\n", ci->full, ci->summary);
	}
	return EXIT_CLEAN;
}

int main(int argc, char **argv)
{
	static struct drv d;
	const char *cmd = argc > 1 ? argv[1] : NULL;
	unsigned mask;
	int ret;

	if (!cmd)
		return usage_error(NULL, "%s", "missing command (check, merge, list-checks)");
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(cmd, "--version")) {
		printf("bdops %s\n", BD_VERSION);
		return EXIT_CLEAN;
	}
	if (!strcmp(cmd, "list-checks"))
		return cmd_list_checks(argc - 2);
	if (!strcmp(cmd, "review") || !strcmp(cmd, "fix") || !strcmp(cmd, "install-hook")) {
		fprintf(stderr, "bdops %s: not implemented yet\n", cmd);
		return EXIT_USAGE;
	}
	if (!strcmp(cmd, "check"))
		mask = C_CHECK;
	else if (!strcmp(cmd, "merge"))
		mask = C_MERGE;
	else if (!strcmp(cmd, "report"))
		mask = C_REPORT;
	else
		return usage_error(NULL, "unknown command '%s'; valid: check, merge, list-checks", cmd);

	d.cmd = cmd;
	d.jobs = 1;
	d.functions = -1;
	bd_options_init(&d.o);
	ret = parse_args(&d, mask, argc - 2, argv + 2);
	if (ret >= 0)
		return ret;
	if (mask == C_CHECK)
		return bd_drv_check(&d);
	if (mask == C_MERGE)
		return cmd_merge(&d);
	return cmd_report(&d);
}
