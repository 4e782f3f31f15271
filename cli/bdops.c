// SPDX-License-Identifier: GPL-2.0
/*
 * bdops.c - the driver: "bdops check|merge|review|fix|install-hook|list-checks"
 * (review.c, fix.c and hook.c hold the workflow commands) and the hidden
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
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "frontends.h"
#include "json.h"
#include "shape.h"

enum { C_CHECK = 1, C_MERGE = 2, C_REPORT = 4, C_ALL = 7,
       C_REVIEW = 8, C_FIX = 16, C_HOOK = 32, C_WORK = 56, C_LIST = 64,
       C_LISTFE = 128, C_EVERY = 255 };

struct dopt {
	const char *name;
	int value;		/* 0 flag, 1 required, 2 optional (with '=' only) */
	int core;		/* handled by bd_options_set */
	int pass;		/* handed to the frontends */
	unsigned cmds;
	const char *help;	/* "ARG: what it does" when it takes a value */
};

static const struct dopt dopts[] = {
	{ "frontend",       1, 0, 0, C_CHECK | C_MERGE | C_WORK, "FE: the compiler that reads the code: gcc, clang, clang-tool or sparse (review, fix, install-hook, merge: default gcc)" },
	{ "format",         1, 1, 0, C_ALL | C_REVIEW, "FORMAT: text (default), json or sarif" },
	{ "output",         1, 1, 0, C_ALL | C_REVIEW | C_FIX, "FILE: write the report there instead of standard output" },
	{ "strict",         0, 1, 1, C_ALL | C_WORK, "also report unknown-vs-known cases as notes" },
	{ "disable",        1, 1, 1, C_ALL | C_WORK, "CHECK[,CHECK]: turn checks off ('all' allowed)" },
	{ "enable",         1, 1, 1, C_ALL | C_WORK, "CHECK[,CHECK]: turn checks on ('all' allowed)" },
	{ "error",          1, 1, 0, C_ALL,   "auto|yes|no: print findings as errors (yes)" },
	{ "baseline",       1, 1, 0, C_ALL,   "FILE: hide the known findings listed in FILE" },
	{ "write-baseline", 1, 0, 0, C_ALL,   "FILE: record the current findings as known" },
	{ "root",           1, 1, 0, C_ALL,   "DIR: repository root for SARIF and baseline paths (default .)" },
	{ "facts-dir",      1, 1, 0, C_CHECK, "DIR: keep the per-file facts there (for 'bdops merge')" },
	{ "cflag",          1, 0, 0, C_CHECK | C_WORK, "FLAG: one more compiler flag (repeatable)" },
	{ "staged",         0, 0, 0, C_REVIEW, "review the staged changes (the default with no argument)" },
	{ "compile-commands", 1, 0, 0, C_REVIEW | C_HOOK | C_MERGE, "FILE: review: compile flags from this compile_commands.json; merge: check every entry first" },
	{ "build-dir",      1, 0, 0, C_FIX,   "DIR: fix: find the library functions a conversion needs, and the flags, through DIR's compile_commands.json or the facts of its build (also -p DIR)" },
	{ "to-era",         1, 0, 0, C_FIX,   "ERA: fix: move the files to a later API era: holder (6.5), handle (6.7) or file (6.9)" },
	{ "prune",          0, 0, 0, C_MERGE, "first remove facts of deleted sources and stale temporary files" },
	{ "objects",        1, 0, 0, C_MERGE, "TREE: the facts in every object and archive under a build tree (repeatable)" },
	{ "force",          0, 0, 0, C_HOOK,  "replace an existing pre-commit hook" },
	{ "jobs",           1, 0, 0, C_CHECK, "N: run N compilers at once (also -j N)" },
	{ "includers",      1, 0, 0, C_REVIEW | C_HOOK, "N: check a changed header through at most N of the .c files that include it (default 16; 0: all)" },
	{ "timeout",        1, 0, 0, C_CHECK | C_MERGE | C_WORK, "SECONDS: stop a unit's frontend after this long (default 300; 0: never)" },
	{ "color",          2, 0, 0, C_ALL | C_REVIEW, "[=WHEN]: colour the text report: auto (default), always, never (also -fdiagnostics-color[=WHEN])" },
	{ "dump-ir",        2, 1, 1, C_CHECK, "[=FILE]: dump the lowered code (to stderr)" },
	{ "verbose",        0, 1, 0, C_ALL | C_WORK, "show the commands being run" },
	{ "functions",      1, 0, 0, C_REPORT, "N: function count for the summary" },
	{ "help",           0, 0, 0, C_EVERY, "print this help and exit" },
	{ "version",        0, 0, 0, C_EVERY, "print the versions of bdops and of the compilers it was built for, and exit" },
};

#define NDOPTS (sizeof(dopts) / sizeof(dopts[0]))

/* The commands, in the order help lists them. */
static const struct cmdinfo {
	const char *name;
	unsigned mask;
	const char *args;
	const char *about;
} cmds[] = {
	{ "check", C_CHECK, "--frontend FE [OPTIONS] FILES [-- FLAGS]",
	  "check FILES as one program, print the findings" },
	{ "merge", C_MERGE, "[OPTIONS] [--prune] [--objects TREE]... [FACTS_DIR|OBJECT|ARCHIVE]...\n"
	  "[OPTIONS] [--frontend FE] --compile-commands FILE [FACTS_DIR]",
	  "report the findings of facts (a directory, objects, archives, build trees), and those only the whole program shows" },
	{ "review", C_REVIEW, "[OPTIONS] [--staged | REV_RANGE | PATCH_FILE | -] [-- FLAGS]",
	  "the findings a change introduces (and removes)" },
	{ "fix", C_FIX, "[OPTIONS] FILES [-- FLAGS]",
	  "the fix hints as a unified diff (apply it with patch -p1)" },
	{ "install-hook", C_HOOK, "[--force] [OPTIONS] [-- FLAGS]",
	  "install a git pre-commit hook that runs 'bdops review --staged'" },
	{ "list-checks", C_LIST, "",
	  "list the checks" },
	{ "list-frontends", C_LISTFE, "",
	  "list the frontends: name, how it is run, its option prefix, its exit status, its test lanes (tab-separated)" },
	{ "report", C_REPORT, "[OPTIONS] FINDINGS.json...",
	  "print findings saved as JSON (a report, a baseline or a facts file)" },
};

#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

static const char about_text[] =
	"Checks Linux block drivers against the block_device_operations rules of\n"
	"the 2.6.28 API change (see 'bdops list-checks' and docs/checks/).\n";

static const char flags_text[] =
	"FE is the compiler that reads the code: gcc, clang, clang-tool or sparse.\n"
	"FLAGS are that compiler's flags (-I, -D, -std=...), not its name: bdops\n"
	"runs the compiler itself.\n";

static const char status_text[] =
	"\n"
	"Exit status:\n"
	"  0  no findings\n"
	"  1  findings (review: findings introduced; fix: findings left unfixed)\n"
	"  2  usage or input error, a file that does not compile, or nothing analysed\n";

static const char tail_text[] =
	"\n"
	"Environment:\n"
	"  GCC_COLORS, NO_COLOR\n"
	"      colours of the text report, as for GCC (GCC_COLORS empty: none)\n"
	"  BDOPS_GCC, BDOPS_CLANG\n"
	"      the gcc and clang-19 the frontends run (default gcc, clang-19)\n"
	"  TMPDIR\n"
	"      where scratch files go\n"
	"\n"
	"Examples:\n"
	"  bdops check --frontend gcc drivers/block/loop.c -- -Iinclude -D__KERNEL__\n"
	"      check one driver with the GCC plugin\n"
	"  bdops check --frontend sparse --format sarif *.c -- -Iinclude > bdops.sarif\n"
	"      a SARIF log for code scanning, from bdops-sparse\n"
	"  bdops merge --format sarif facts/ > build.sarif\n"
	"      the findings of a whole kernel build (docs/facts.md)\n"
	"  bdops review HEAD~1..HEAD\n"
	"      what the last commit introduces\n"
	"  bdops fix pkt.c -- -Iinclude | patch -p1\n"
	"      apply the fix hints\n"
	"\n"
	"See also: bdops-sparse(1), bdops-clang-tool(1), bdops-plugins(7), and\n"
	"docs/ in the bdops source (output formats, workflows, one page per check).\n";

/* text at column col, the cursor being at column at; lines wrap at 79 */
static void wrap(FILE *out, const char *text, int at, int col)
{
	const char *p = text;
	size_t room = 79 - col, n, cut;

	while (*p) {
		n = strlen(p);
		if (n > room) {
			for (cut = room; cut > 0 && p[cut] != ' '; cut--)
				;
			n = cut ? cut : strcspn(p, " ");
		}
		fprintf(out, "%*s%.*s\n", at < col ? col - at : 1, "", (int)n, p);
		p += n;
		while (*p == ' ')
			p++;
		at = 0;
	}
}

static void print_usage_lines(FILE *out, const struct cmdinfo *c, const char **lead)
{
	const char *a = c->args, *nl;

	do {
		nl = strchr(a, '\n');
		fprintf(out, "%s bdops %s%s%.*s\n", *lead, c->name, *a ? " " : "",
			nl ? (int)(nl - a) : (int)strlen(a), a);
		*lead = "  or: ";
		a = nl ? nl + 1 : NULL;
	} while (a);
}

/* "--name=ARG" and the description, from "ARG: description". */
static void print_option(FILE *out, const struct dopt *op, unsigned mask)
{
	const char *h = op->help, *colon = strstr(h, ": ");
	char left[64], arg[40] = "", text[512];
	int n;
	size_t i;

	if (op->value && colon && (size_t)(colon - h) < sizeof(arg) && !memchr(h, ' ', colon - h)) {
		snprintf(arg, sizeof(arg), "%.*s", (int)(colon - h), h);
		h = colon + 2;
	}
	if (!strcmp(op->name, "help") || !strcmp(op->name, "version"))
		snprintf(left, sizeof(left), "-%c, --%s", op->name[0] == 'h' ? 'h' : 'V', op->name);
	else if (!strcmp(op->name, "jobs"))
		snprintf(left, sizeof(left), "-j, --jobs=%s", arg);
	else
		snprintf(left, sizeof(left), "    --%s%s%s", op->name,
			 *arg && arg[0] != '[' ? "=" : "", arg);
	n = snprintf(text, sizeof(text), "%s", h);
	if (mask == C_EVERY && op->cmds != C_EVERY) {
		const char *sep = " [";

		for (i = 0; i < NCMDS && n < (int)sizeof(text); i++) {
			if (op->cmds & cmds[i].mask) {
				n += snprintf(text + n, sizeof(text) - n, "%s%s", sep, cmds[i].name);
				sep = " ";
			}
		}
		if (n < (int)sizeof(text))
			snprintf(text + n, sizeof(text) - n, "]");
	}
	n = fprintf(out, "  %s", left);
	wrap(out, text, n, 31);
}

/* The help of one command (mask), or of them all (C_EVERY). */
static void usage(FILE *out, unsigned mask)
{
	const char *lead = "Usage:";
	size_t i;

	for (i = 0; i < NCMDS; i++)
		if (cmds[i].mask & mask)
			print_usage_lines(out, &cmds[i], &lead);
	if (mask == C_EVERY)
		fputs("  or:  bdops --help | --version\n", out);
	fputs("\n", out);
	for (i = 0; i < NCMDS && mask != C_EVERY; i++)
		if (cmds[i].mask == mask)
			fprintf(out, "%c%s.\n", toupper((unsigned char)cmds[i].about[0]),
				cmds[i].about + 1);
	if (mask == C_EVERY)
		fputs(about_text, out);
	if (mask & (C_CHECK | C_MERGE | C_WORK))
		fprintf(out, "\n%s", flags_text);
	if (mask == C_EVERY) {
		fputs("\nCommands:\n", out);
		for (i = 0; i < NCMDS; i++) {
			wrap(out, cmds[i].about, fprintf(out, "  %s", cmds[i].name), 17);
		}
	}
	fputs("\nOptions:\n", out);
	for (i = 0; i < NDOPTS; i++)
		if (dopts[i].cmds & mask)
			print_option(out, &dopts[i], mask);
	if (mask & (C_CHECK | C_WORK))
		fputs("  --                           the compiler flags follow\n", out);
	if (mask != C_LIST)
		fputs(status_text, out);
	if (mask == C_EVERY) {
		fputs("\nA command's own help: bdops COMMAND --help.\n", out);
		fputs(tail_text, out);
	}
}

/* bdops' version and the compilers' it was built for (CMakeLists.txt). */
static void version(void)
{
	printf("bdops %s\n", BD_VERSION);
	printf("built for GCC %s (bdops_gcc.so), Clang %s (bdops_clang.so, "
	       "bdops-clang-tool), sparse %s (bdops-sparse)\n",
	       BDOPS_GCC_VERSION, BDOPS_CLANG_VERSION, BDOPS_SPARSE_VERSION);
}

static int usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bdops%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'bdops %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
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
		if (!bd_frontend_find(value))
			return usage_error(d->cmd, "unknown frontend '%s'; valid: %s",
					   value, bd_frontend_names());
		d->frontend = value;
	} else if (!strcmp(op->name, "write-baseline")) {
		d->write_baseline = value;
	} else if (!strcmp(op->name, "staged")) {
		d->staged = 1;
	} else if (!strcmp(op->name, "force")) {
		d->force = 1;
	} else if (!strcmp(op->name, "prune")) {
		d->prune = 1;
	} else if (!strcmp(op->name, "compile-commands")) {
		d->ccdb = value;
	} else if (!strcmp(op->name, "build-dir")) {
		d->build_dir = value;
	} else if (!strcmp(op->name, "to-era")) {
		if (strcmp(value, "holder") && strcmp(value, "handle") && strcmp(value, "file"))
			return usage_error(d->cmd, "unknown era '%s'; valid: holder, handle, file",
					   value);
		d->to_era = value;
	} else if (!strcmp(op->name, "objects")) {
		push(&d->objects, &d->nobjects, &d->cap_objects, (char *)value);
	} else if (!strcmp(op->name, "cflag")) {
		push(&d->cflags, &d->ncflags, &d->cap_cflags, (char *)value);
	} else if (!strcmp(op->name, "timeout")) {
		long n = strtol(value, &end, 10);

		if (!*value || *end || n < 0 || n > 1000000)
			return usage_error(d->cmd, "bad --timeout '%s' (seconds, 0 for none)", value);
		d->timeout = n;
	} else if (!strcmp(op->name, "color")) {
		if (!value || !strcmp(value, "always") || !strcmp(value, "yes"))
			d->o.color = BD_COLOR_ALWAYS;
		else if (!strcmp(value, "never") || !strcmp(value, "no"))
			d->o.color = BD_COLOR_NEVER;
		else if (!strcmp(value, "auto"))
			d->o.color = BD_COLOR_AUTO;
		else
			return usage_error(d->cmd, "bad colour '%s'; valid: auto, always, never",
					   value);
	} else if (!strcmp(op->name, "jobs") || !strcmp(op->name, "functions") ||
		   !strcmp(op->name, "includers")) {
		long n = strtol(value, &end, 10);

		if (!*value || *end || n < (op->name[0] == 'j') || n > 100000)
			return usage_error(d->cmd, "bad number '%s'", value);
		if (op->name[0] == 'j')
			d->jobs = n;
		else if (op->name[0] == 'f')
			d->functions = n;
		else
			d->includers = n;
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

/* A compiler's name where its flags belong ("-- gcc -I include", as in a
 * pasted compile command): bdops runs the --frontend compiler itself, so
 * the name is left out, with a word.  Wrappers (ccache) go too. */
static int compiler_name(const char *arg)
{
	static const char *const names[] = { "gcc", "cc", "clang", "sparse", "cgcc",
					     "c89", "c99", "bdops-sparse",
					     "bdops-clang-tool" };
	const char *base = strrchr(arg, '/'), *end, *dash;
	size_t i, n;

	base = base ? base + 1 : arg;
	if (bd_drv_launcher(arg))
		return 1;
	/* a version suffix: gcc-12, clang-19, x86_64-linux-gnu-gcc-12 */
	end = base + strlen(base);
	dash = strrchr(base, '-');
	if (dash && dash[1] && strspn(dash + 1, "0123456789.") == strlen(dash + 1))
		end = dash;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		n = strlen(names[i]);
		/* a target prefix: x86_64-linux-gnu-gcc */
		if ((size_t)(end - base) >= n && !strncmp(end - n, names[i], n) &&
		    (end - n == base || end[-n - 1] == '-'))
			return 1;
	}
	return 0;
}

/* A program a compile command runs its compiler through ("ccache gcc
 * ...", "distcc", "icecc", "sccache", "env"). */
int bd_drv_launcher(const char *arg)
{
	static const char *const names[] = { "ccache", "distcc", "icecc", "sccache", "env" };
	const char *base = strrchr(arg, '/');

	base = base ? base + 1 : arg;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(base, names[i]))
			return 1;
	return 0;
}

/* "NAME=value" before a command, as a shell (or env) takes it. */
static int env_assignment(const char *arg)
{
	const char *p = arg;

	if (!(isalpha((unsigned char)*p) || *p == '_'))
		return 0;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	return *p == '=';
}

int bd_drv_compiler_end(char *const *v, int n)
{
	int i = 0;

	while (i < n && (env_assignment(v[i]) || bd_drv_launcher(v[i])))
		i++;
	return i < n ? i + 1 : n;
}

static int take_flags(struct drv *d, int a, int argc, char **argv)
{
	d->flags_given = 1;
	while (a < argc && argv[a][0] != '-' && compiler_name(argv[a])) {
		fprintf(stderr, "bdops %s: leaving out '%s' after '--': bdops runs the "
			"%s compiler itself; give only its flags there\n", d->cmd, argv[a],
			d->frontend ? d->frontend : "gcc");
		a++;
	}
	for (; a < argc; a++)
		push(&d->flags, &d->nflags, &d->cap_flags, argv[a]);
	return argc;
}

/* GCC's colour switches: -fdiagnostics-color[=WHEN], -fno-diagnostics-color. */
static const char *gcc_color(const char *arg)
{
	if (!strcmp(arg, "-fno-diagnostics-color"))
		return "never";
	if (!strcmp(arg, "-fdiagnostics-color"))
		return "always";
	if (!strncmp(arg, "-fdiagnostics-color=", 20))
		return arg + 20;
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

		if (!strcmp(arg, "--") && (cmd & (C_CHECK | C_WORK))) {
			a = take_flags(d, a + 1, argc, argv);
			break;
		}
		if (gcc_color(arg) && (cmd & (C_ALL | C_REVIEW))) {
			ret = apply_option(d, find_option("color", cmd), gcc_color(arg));
			if (ret)
				return ret;
			continue;
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
		if (!strncmp(arg, "-p", 2) && cmd == C_FIX) {
			value = arg[2] ? arg + 2 : (a + 1 < argc ? argv[++a] : NULL);
			if (!value)
				return usage_error(d->cmd, "%s needs a build directory", "-p");
			ret = apply_option(d, find_option("build-dir", cmd), value);
			if (ret)
				return ret;
			continue;
		}
		if (!strcmp(arg, "-h")) {
			usage(stdout, cmd);
			return EXIT_CLEAN;
		}
		if (!strcmp(arg, "-V")) {
			version();
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
			usage(stdout, cmd);
			return EXIT_CLEAN;
		}
		if (!strcmp(name, "version")) {
			version();
			return EXIT_CLEAN;
		}
		if (op->value == 0 && value)
			return usage_error(d->cmd, "option '--%s' takes no value", name);
		if (op->value == 2 && !value && a + 1 < argc && !strcmp(name, "color") &&
		    strchr("anA", argv[a + 1][0]) && (!strcmp(argv[a + 1], "auto") ||
		    !strcmp(argv[a + 1], "always") || !strcmp(argv[a + 1], "never")))
			value = argv[++a];
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


/* Findings read back from JSON may be of checks turned off now. */
static void drop_disabled(struct bd_result *r, const struct bd_options *o)
{
	int i, k = 0;

	for (i = 0; i < r->n; i++) {
		if (o->enabled[r->v[i].check])
			r->v[k++] = r->v[i];
		else
			bd_finding_free_parts(&r->v[i]);
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
		for (int k = 0; k < r->v[i].nedits; k++)
			r->v[i].edits[k].loc.file = relative(r, r->v[i].edits[k].loc.file, cwd);
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
	errno = 0;
	bd_report_write(r, &d->o, out);
	if (bd_drv_close_output(out, d->o.output)) {
		out = NULL;
		failed = 1;
	}
	if (failed && !bd_result_functions(r))
		fprintf(stderr, "bdops: no report: %s\n", strcmp(d->cmd, "merge") ?
			"the frontend failed on every file" : "no unit was analysed whole");
	else
		bd_report_summary(r, stderr);
	status = bd_result_problems(r) ? EXIT_FINDINGS : EXIT_CLEAN;
	if (failed || !bd_result_functions(r))
		status = EXIT_USAGE;
	return status;
}

/* The baseline is read by the core, which cannot fail; check it here so a
 * typo in its name is a usage error rather than a note. */
static int check_baseline(struct drv *d)
{
	char err[1024];

	if (!d->o.baseline)
		return 0;
	if (bd_baseline_check(d->o.baseline, err, sizeof(err)))
		return usage_error(d->cmd, "cannot use baseline: %s", err);
	return 0;
}

/* ---- merge --prune ---- */

/* A ".tmp.PID.XXXXXX" file is being written only while its writer lives,
 * and only for as long as it takes to write one unit's facts. */
static int stale_tmp(const char *path, const char *name)
{
	struct stat st;
	long pid = strtol(name + 5, NULL, 10);

	if (stat(path, &st))
		return 0;
	if (time(NULL) - st.st_mtime > 60)
		return 1;
	return pid > 0 && kill((pid_t)pid, 0) && errno == ESRCH;
}

/* The source a facts file was written for no longer exists. */
static int deleted_source(const struct bd_json *j)
{
	const char *src = bd_json_get_str(j, "path", NULL);

	if (!src)
		src = bd_json_get_str(j, "unit", NULL);
	return src && access(src, F_OK) && errno == ENOENT;
}

static void prune(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	char path[PATH_MAX + 256], err[512];
	int gone = 0, tmps = 0;

	if (!dp)
		return;		/* the merge says why */
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);
		struct bd_json *j;

		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (!strncmp(de->d_name, ".tmp.", 5)) {
			if (stale_tmp(path, de->d_name) && !unlink(path))
				tmps++;
			continue;
		}
		if (de->d_name[0] == '.' || len < 6 || strcmp(de->d_name + len - 5, ".json"))
			continue;
		j = bd_json_parse_file_max(path, BD_FACTS_MAX_BYTES, err, sizeof(err));
		if (!j) {
			/* a unit's facts are renamed into place whole: this
			 * one was damaged after, and holds nothing usable */
			if (!unlink(path))
				fprintf(stderr, "bdops merge: removed unreadable %s; "
					"rebuild its unit\n", err);
			continue;
		}
		if (deleted_source(j) && !unlink(path)) {
			fprintf(stderr, "bdops merge: removed facts of deleted %s\n",
				bd_json_get_str(j, "unit", "?"));
			gone++;
		}
		bd_json_free(j);
	}
	closedir(dp);
	fprintf(stderr, "bdops merge: pruned %d unit%s, %d stale temporary file%s\n",
		gone, gone == 1 ? "" : "s", tmps, tmps == 1 ? "" : "s");
}

/* ---- merge --compile-commands ---- */

/* Split a "command" string the way a POSIX shell would for the simple
 * words compilation databases hold: quotes and backslashes. */
static void split_command(const char *cmd, char ***v, int *n, int *cap)
{
	char *word = bd_xcalloc(strlen(cmd) + 1, 1);
	const char *p = cmd;

	while (*p) {
		size_t k = 0;
		int any = 0;
		char q = 0;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		for (; *p && (q || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
			any = 1;
			if (q && *p == q)
				q = 0;
			else if (!q && (*p == '\'' || *p == '"'))
				q = *p;
			else if (*p == '\\' && q != '\'' && p[1])
				word[k++] = *++p;
			else
				word[k++] = *p;
		}
		if (!any)
			break;
		word[k] = 0;
		push(v, n, cap, bd_xstrdup(word));
	}
	free(word);
}

/* The flags of one compile_commands.json entry that change what the code
 * means: without the compiler (and a launcher before it), the input, the
 * output, dependency files. */
void bd_drv_entry_flags(const struct bd_json *e, const char *file, char ***out, int *nout,
			int *capout)
{
	const struct bd_json *a = bd_json_get(e, "arguments");
	char **v = NULL;
	int n = 0, cap = 0, i;

	if (a && a->type == BD_JSON_ARRAY) {
		for (i = 0; i < a->n; i++)
			if (a->items[i]->type == BD_JSON_STRING)
				push(&v, &n, &cap, bd_xstrdup(a->items[i]->string));
	} else {
		split_command(bd_json_get_str(e, "command", ""), &v, &n, &cap);
	}
	/* the compiler, and what it was run through (ccache, VAR=x) */
	for (i = bd_drv_compiler_end(v, n); i < n; i++) {
		const char *s = v[i];

		if (!strcmp(s, "-o") || !strcmp(s, "-MF") || !strcmp(s, "-MT") ||
		    !strcmp(s, "-MQ")) {
			i++;
			continue;
		}
		if (!strcmp(s, "-c") || !strcmp(s, "-MD") || !strcmp(s, "-MMD") ||
		    !strcmp(s, "-MP") || !strncmp(s, "-o", 2) || !strncmp(s, "-Wp,-M", 6) ||
		    !strcmp(s, file))
			continue;
		push(out, nout, capout, v[i]);
		v[i] = NULL;
	}
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/*
 * Check every entry of the database with the chosen frontend, each in its
 * own directory with its own flags, keeping the facts in 'facts'.  Returns
 * the number of entries that failed, or -1 if the database is unusable.
 */
static int check_ccdb(struct drv *d, const char *facts)
{
	char err[1024], cwd[PATH_MAX], abs[PATH_MAX * 2];
	struct bd_json *db = bd_json_parse_file(d->ccdb, err, sizeof(err));
	const char *baseline = d->o.baseline;
	int failed = 0, i;

	if (!db || bd_shape_ccdb(db, d->ccdb, err, sizeof(err)) || !getcwd(cwd, sizeof(cwd))) {
		fprintf(stderr, "bdops merge: %s\n", err);
		bd_json_free(db);
		return -1;
	}
	d->units_total = db->n;
	if (!d->frontend)
		d->frontend = "gcc";
	d->o.facts_dir = facts;
	d->o.baseline = NULL;	/* applied to the merged report */
	for (i = 0; i < db->n; i++) {
		const struct bd_json *e = db->items[i];
		const char *dir = bd_json_get_str(e, "directory", ".");
		const char *file = bd_json_get_str(e, "file", NULL);
		char *args[1] = { abs };
		struct bd_result *res;
		int f = 0, status;

		if (!file || chdir(dir)) {
			fprintf(stderr, "bdops merge: %s: entry %d: cannot use directory '%s'\n",
				d->ccdb, i, dir);
			failed++;
			continue;
		}
		if (file[0] == '/')
			snprintf(abs, sizeof(abs), "%s", file);
		else
			bd_abspath(file, abs, sizeof(abs));
		d->args = args;
		d->nargs = 1;
		d->nflags = 0;
		bd_drv_entry_flags(e, file, &d->flags, &d->nflags, &d->cap_flags);
		res = bd_drv_collect(d, &f, &status);
		failed += res ? f > 0 : 1;
		bd_result_free(res);
		for (int k = 0; k < d->nflags; k++)
			free(d->flags[k]);
		if (chdir(cwd)) {
			fprintf(stderr, "bdops merge: cannot return to '%s'\n", cwd);
			failed = -1;
			break;
		}
	}
	d->nflags = 0;
	d->args = NULL;
	d->nargs = 0;
	d->o.baseline = baseline;
	bd_json_free(db);
	return failed;
}

/*
 * The merge's inputs: facts directories and objects or archives given by
 * name, build trees given with --objects.  A unit found more than once
 * counts once, the newest (core/facts_set.c).  0, or -1 after saying why.
 */
static int read_inputs(struct drv *d, struct bd_facts_set *set, char **in, int nin)
{
	char err[1024];
	struct stat st;
	int i, bad = 0;

	for (i = 0; i < nin && !bad; i++) {
		if (!stat(in[i], &st) && S_ISDIR(st.st_mode)) {
			if (d->prune)
				prune(in[i]);
			bad = bd_facts_set_add_dir(set, in[i], err, sizeof(err));
		} else {
			bad = bd_facts_set_add_objects(set, in[i], 0, err, sizeof(err));
		}
	}
	for (i = 0; i < d->nobjects && !bad; i++)
		bad = bd_facts_set_add_objects(set, d->objects[i], 1, err, sizeof(err));
	if (bad) {
		fprintf(stderr, "bdops merge: %s\n", err);
		return -1;
	}
	bd_facts_set_finish(set);
	for (i = 0; d->o.verbose && i < set->n; i++)
		fprintf(stderr, "bdops merge: unit %s from %s\n", set->v[i].key, set->v[i].origin);
	if (d->o.verbose)
		fprintf(stderr, "bdops merge: %d unit%s (%d duplicate%s dropped)\n", set->n,
			set->n == 1 ? "" : "s", set->dups, set->dups == 1 ? "" : "s");
	return 0;
}

static int cmd_merge(struct drv *d)
{
	struct bd_facts_set set = { 0 };
	struct bd_result *r;
	char err[512], dir[PATH_MAX], *tmp = NULL, *ccdb_in[1] = { dir };
	int status, failed = 0;

	if (d->ccdb ? d->nargs > 1 : !d->nargs && !d->nobjects)
		return usage_error(d->cmd, "%s", d->ccdb ? "expects at most one FACTS_DIR" :
				   "expects FACTS_DIR, OBJECT, ARCHIVE or --objects TREE");
	if (check_baseline(d))
		return EXIT_USAGE;
	dir[0] = 0;
	if (d->ccdb) {
		/* facts kept in FACTS_DIR if given, else thrown away */
		if (!d->nargs)
			tmp = bd_drv_tmpdir("merge");
		if (!tmp && !d->nargs)
			return EXIT_USAGE;
		bd_abspath(tmp ? tmp : d->args[0], dir, sizeof(dir));
		failed = check_ccdb(d, dir);
		if (failed < 0) {
			if (tmp)
				bd_drv_rm_rf(tmp);
			free(tmp);
			return EXIT_USAGE;
		}
	}
	r = d->result = bd_result_new();
	if (d->ccdb ? read_inputs(d, &set, ccdb_in, 1) : read_inputs(d, &set, d->args, d->nargs)) {
		status = EXIT_USAGE;
		goto out;
	}
	for (int i = 0; i < set.n; i++)
		switch (bd_facts_add(r, set.v[i].j, &d->o, err, sizeof(err))) {
		case 0:
			break;
		case 1:
			fprintf(stderr, "bdops merge: %s\n", err);
			d->unit_failures++;
			break;
		default:
			fprintf(stderr, "bdops merge: %s: %s\n", set.v[i].origin, err);
			status = EXIT_USAGE;
			goto out;
		}
	/* ---- cross-TU analysis: the engine's hook (core/merge.c) ---- */
	if (bd_merge_units(r, &set, &d->o, err, sizeof(err))) {
		fprintf(stderr, "bdops merge: %s\n", err);
		status = EXIT_USAGE;
		goto out;
	}
	/* an object a bdops compile left without facts is a unit missing;
	 * a unit not fully analysed keeps its findings but fails the run */
	status = bd_drv_finish(d, r, failed + set.missing + d->unit_failures);
out:
	bd_result_free(r);
	bd_facts_set_free(&set);
	if (tmp)
		bd_drv_rm_rf(tmp);
	free(tmp);
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

static int cmd_list_checks(struct drv *d)
{
	const struct bd_check_info *ci;
	int i;

	if (d->nargs)
		return usage_error("list-checks", "%s", "takes no arguments");
	for (i = 0; i < BD_CHECK_COUNT; i++) {
		ci = bd_check_info(i);
		printf("%-28s%-12s%s\n", ci->full, ci->eras, ci->summary);
	}
	return EXIT_CLEAN;
}

/* "check, merge, ...": every command, in the order help lists them. */
static const char *command_names(void)
{
	static char names[256];

	if (!names[0])
		for (size_t i = 0; i < NCMDS; i++)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 i ? ", " : "", cmds[i].name);
	return names;
}

/* The table of frontends (frontends.c), for people and for the
 * testsuite's lanes (testsuite/lit.common.py, scripts/test.sh). */
static int cmd_list_frontends(struct drv *d)
{
	static const char *const runs[] = {
		[BD_FE_PLUGIN] = "${%s:-%s} -fplugin=LIBDIR/%s OPTIONS FLAGS -c FILE -o /dev/null",
		[BD_FE_TOOL_FILE_FIRST] = "BINDIR/%2$s OPTIONS FILE -- FLAGS",
		[BD_FE_TOOL_FILE_LAST] = "BINDIR/%2$s OPTIONS FLAGS FILE",
	};

	if (d->nargs)
		return usage_error("list-frontends", "%s", "takes no arguments");
	for (const struct bd_frontend *fe = bd_frontends; fe->name; fe++) {
		printf("%s\t", fe->name);
		printf(runs[fe->run], fe->env ? fe->env : "", fe->program,
		       fe->plugin ? fe->plugin : "");
		printf("\t%sKEY=VALUE\t0 done", fe->prefix);
		if (fe->findings_status)
			printf(", %d findings", fe->findings_status);
		printf(", else failed%s\t%s\t%s\n", fe->shows_errors ? " (errors shown)" : "",
		       fe->lanes, fe->about);
	}
	return EXIT_CLEAN;
}

int main(int argc, char **argv)
{
	static struct drv d;
	const char *cmd = argc > 1 ? argv[1] : NULL;
	unsigned mask = 0;
	size_t i;
	int ret;

	if (!cmd)
		return usage_error(NULL, "missing command (%s)", command_names());
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout, C_EVERY);
		return EXIT_CLEAN;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
		version();
		return EXIT_CLEAN;
	}
	for (i = 0; i < NCMDS; i++)
		if (!strcmp(cmd, cmds[i].name))
			mask = cmds[i].mask;
	if (!mask)
		return usage_error(NULL, "unknown command '%s'; valid: %s", cmd, command_names());

	d.cmd = cmd;
	d.jobs = 1;
	d.timeout = BD_DEFAULT_TIMEOUT;
	d.functions = -1;
	d.includers = -1;
	bd_options_init(&d.o);
	ret = parse_args(&d, mask, argc - 2, argv + 2);
	if (ret >= 0)
		return ret;
	d.argc = argc - 2;
	d.argv = argv + 2;
	if (mask == C_LIST)
		return cmd_list_checks(&d);
	if (mask == C_LISTFE)
		return cmd_list_frontends(&d);
	if (mask == C_CHECK)
		return bd_drv_check(&d);
	if (mask == C_REVIEW)
		return bd_drv_review(&d);
	if (mask == C_FIX)
		return bd_drv_fix(&d);
	if (mask == C_HOOK)
		return bd_drv_install_hook(&d);
	if (mask == C_MERGE)
		return cmd_merge(&d);
	return cmd_report(&d);
}
