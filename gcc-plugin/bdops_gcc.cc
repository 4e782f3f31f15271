// SPDX-License-Identifier: GPL-2.0
/*
 * bdops_gcc - the bdops checks (block_device_operations API misuse) as a
 * GCC 12 plugin.
 *
 * Every function is lowered into the bdops IR right after GCC builds SSA
 * (before any optimisation, so -O0, -O2 and -Os give the same IR); static
 * initializers are read as they are declared; at the end of the unit the
 * core analyses everything at once and the findings come out as GCC
 * diagnostics.
 *
 * Options (the core's option names, see bd_options_help()):
 * -fplugin-arg-bdops_gcc-format=text|json|sarif
 *	text (default) goes through GCC's diagnostics: warning, notes, and
 *	the fix hint as a note "fix: ..."; json and sarif go to output
 * -fplugin-arg-bdops_gcc-output=FILE
 *	write the report to FILE (json/sarif default to stderr)
 * -fplugin-arg-bdops_gcc-facts-dir=DIR
 *	also write this unit's facts into DIR for "bdops merge"
 * -fplugin-arg-bdops_gcc-facts-object=yes|no
 *	put the unit's facts into the object (section .bdops.facts, which
 *	the final link drops; default yes): they come back from ccache,
 *	distcc and icecream with the object, and "bdops merge --objects"
 *	reads them
 * -fplugin-arg-bdops_gcc-strict
 *	also report unknown-vs-known put modes and BKL use as notes
 * -fplugin-arg-bdops_gcc-disable=CHECK[,CHECK]
 * -fplugin-arg-bdops_gcc-enable=CHECK[,CHECK]
 *	turn checks off/on (put-mode or bdops-put-mode, or all)
 * -fplugin-arg-bdops_gcc-error=auto|yes|no
 *	auto: findings follow -Werror; yes: always errors; no: always
 *	warnings, even under -Werror (a CONFIG_WERROR=y kernel still builds)
 * -fplugin-arg-bdops_gcc-baseline=FILE
 *	do not report findings listed in FILE
 * -fplugin-arg-bdops_gcc-root=DIR
 *	repository root for relative paths
 * -fplugin-arg-bdops_gcc-dump-ir[=FILE]
 *	dump the lowered unit (stderr by default)
 * -fplugin-arg-bdops_gcc-verbose
 * -fplugin-arg-bdops_gcc-help
 *	list the options
 * -fplugin-arg-bdops_gcc-version
 *	print the versions of bdops and of the GCC it was built for and
 *	loaded by
 *
 * Usage:
 *	gcc -fplugin=build/lib/bdops_gcc.so [-fplugin-arg-bdops_gcc-KEY[=VALUE]] -c file.c
 *	make KCFLAGS="-fplugin=$PWD/build/lib/bdops_gcc.so -Wno-error"
 * (plugin arguments must follow -fplugin=; a kernel with CONFIG_WERROR=y
 * needs -Wno-error or error=no, since a plugin warning has no -W name.)
 *
 * -fsyntax-only runs no passes, so nothing is analysed; the plugin says so.
 *
 * Known -O differences in the lowered unit (all mean the same to the
 * engine): GCC's front end folds "a < b && c < 4" into a non-short-circuit
 * "&" or a range test at -O1 and up only; a local whose address is taken
 * only in code the front end throws away stays in memory (a slot) at -O0
 * and is an SSA value at -O1 and up; a join block that only forwards gets
 * a PHI of its own at -O0.  Forwarder blocks, unmerged blocks, block
 * layout, pass order and PHI argument order are normalised away.
 */
#include "gcc_common.h"

int plugin_is_GPL_compatible;

static struct plugin_info bdops_info = {
	.version = BD_VERSION,
	.help = "bdops: block_device_operations checks; "
		"-fplugin-arg-bdops_gcc-help lists the options",
};

static struct bd_options opts;
static struct bd_unit *unit;
static const char *plugin_name;
static const char *host_version;	/* the GCC that loaded us */
static bool analysed;

/* The file the compiler was given.  Preprocessed input (floppy.i) is the
 * unit its first line marker names (GCC's main_input_filename,
 * drivers/block/floppy.c, relative to where it was preprocessed); the .i
 * is what "bdops check floppy.i" finds the facts by. */
static const char *input_name(void)
{
	if (num_in_fnames && in_fnames[0])
		return in_fnames[0];
	return main_input_filename ? main_input_filename : "<stdin>";
}

static struct bd_unit *new_unit(void)
{
	struct bd_unit *u = bd_unit_new(main_input_filename ? main_input_filename : input_name());

	bd_unit_set_input(u, input_name());
	return u;
}

struct bd_unit *bdops_gcc_unit(void)
{
	if (!unit)
		unit = new_unit();
	return unit;
}

/* ---- the pass ---- */

static const pass_data bdops_pass_data = {
	GIMPLE_PASS,		/* type */
	"bdops",		/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_cfg | PROP_ssa,	/* properties_required */
	0,			/* properties_provided */
	0,			/* properties_destroyed */
	0,			/* todo_flags_start */
	0,			/* todo_flags_finish */
};

namespace {
class bdops_pass : public gimple_opt_pass {
public:
	bdops_pass(gcc::context *ctx) : gimple_opt_pass(bdops_pass_data, ctx) {}
	opt_pass *clone() final override { return new bdops_pass(m_ctxt); }
	bool gate(function *) final override { return !analysed; }
	unsigned int execute(function *fn) final override
	{
		bdops_gcc_lower_function(bdops_gcc_unit(), fn);
		return 0;
	}
};
}

/* ---- diagnostics ---- */

/*
 * Findings arrive after every function went through the pass; their
 * locations are (file, line, column) triples, some of them computed by the
 * core from the source text.  Make a location_t for each the way LTO
 * does for streamed-in locations: a fresh line map per position.  This also
 * keeps GCC from adding "in expansion of macro" notes the other frontends
 * do not print.
 */
static location_t make_location(const struct bd_loc &l)
{
	static bool entered;

	if (!l.file || !*l.file || l.line <= 0)
		return UNKNOWN_LOCATION;
	linemap_add(line_table, entered ? LC_RENAME : LC_ENTER, false,
		    xstrdup(l.file), l.line);
	entered = true;
	linemap_line_start(line_table, l.line, (l.col > 0 ? l.col : 1) + 1);
	return linemap_position_for_column(line_table, l.col > 0 ? l.col : 1);
}

static bool emit(const struct bd_finding *fi, location_t loc, const char *text)
{
	diagnostic_context *dc = global_dc;
	bool werror, ok;

	if (fi->severity == BD_SEV_NOTE) {
		inform(loc, "%s", text);
		return true;
	}
	if (fi->severity == BD_SEV_ERROR || opts.error == BD_ERR_YES) {
		error_at(loc, "%s", text);
		return true;
	}
	if (opts.error == BD_ERR_AUTO)
		return warning_at(loc, 0, "%s", text);
	/* error=no: -Werror promotes every plain warning; not this one */
	werror = dc->warning_as_error_requested;
	dc->warning_as_error_requested = false;
	ok = warning_at(loc, 0, "%s", text);
	dc->warning_as_error_requested = werror;
	return ok;
}

/*
 * GCC prints each diagnostic's source line from a per-file cache that
 * remembers where a hundred lines spread over the file start, spread by the
 * file's line count as the line maps know it when the file is first
 * printed.  With a fresh map per position that count is the first
 * finding's line, so every note above its warning (a put's first put, a
 * get that failed) walked the file from near its start: quadratic in a
 * huge function.  Open each file in the cache while its last map is at its
 * last line with a finding.
 */
static void prime_source_cache(const struct bd_result *r)
{
	const struct bd_finding *fi;
	auto_vec<struct bd_loc> last;	/* per file, its last line */
	unsigned k;
	int i, j;

	for (i = 0; (fi = bd_result_get(r, i)); i++)
		for (j = -1; j < fi->nnotes; j++) {
			const struct bd_loc &l = j < 0 ? fi->loc : fi->notes[j].loc;

			if (!l.file || !*l.file || l.line <= 0)
				continue;
			for (k = 0; k < last.length() && strcmp(last[k].file, l.file); k++)
				;
			if (k == last.length())
				last.safe_push(l);
			else if (last[k].line < l.line)
				last[k].line = l.line;
		}
	for (k = 0; k < last.length(); k++) {
		last[k].col = 0;
		make_location(last[k]);
#if GCCPLUGIN_VERSION_MAJOR >= 14
		global_dc->get_file_cache().get_source_line(last[k].file, 1);
#else
		location_get_source_line(last[k].file, 1);
#endif
	}
}

static void report_text(const struct bd_result *r)
{
	const struct bd_finding *fi;
	char buf[2048];
	int i, j;

	prime_source_cache(r);
	for (i = 0; (fi = bd_result_get(r, i)); i++) {
		location_t loc = make_location(fi->loc);

		if (!emit(fi, loc, bd_finding_text(fi, buf, sizeof(buf))))
			continue;	/* -w: its notes go too */
		for (j = 0; j < fi->nnotes; j++)
			inform(make_location(fi->notes[j].loc), "%s",
			       fi->notes[j].message);
		if (fi->fix)
			inform(loc, "fix: %s", fi->fix);
	}
}

static void report_file(const struct bd_result *r)
{
	FILE *out = stderr;
	int bad;

	if (opts.output) {
		out = fopen(opts.output, "w");
		if (!out) {
			error("bdops: cannot write the report to %qs: %m", opts.output);
			return;
		}
	}
	errno = 0;
	bd_report_write(r, &opts, out);
	bad = ferror(out);
	if (out != stderr)
		bad |= fclose(out) != 0;
	else
		bad |= fflush(out) != 0;
	if (bad)
		error("bdops: cannot write the report to %qs: %s",
		      opts.output ? opts.output : "standard error",
		      xstrerror(errno ? errno : EIO));
}

/* A unit not analysed whole, or whose facts were not written, is an error
 * of the compile: a kernel build with facts must never merge a unit that
 * is missing or half there as if it were clean (docs/output.md). */
static void report_failure(const struct bd_result *r)
{
	if (bd_result_failure(r))
		error_at(UNKNOWN_LOCATION, "bdops: %s: %s", input_name(), bd_result_failure(r));
}

/*
 * The facts go into the object through the assembler output, in a section
 * of their own that is pushed and popped, so GCC's idea of the current
 * section stays right wherever this lands.  Nothing to do without an
 * object (-fsyntax-only, -E).
 */
static void emit_facts(const struct bd_result *r)
{
	char *text;

	if (!asm_out_file || flag_syntax_only || flag_preprocess_only)
		return;
	text = bd_facts_asm(bdops_gcc_unit(), r, &opts);
	if (text)
		fputs(text, asm_out_file);
	else if (opts.facts_object)
		error("bdops: %s: cannot put the facts into the object: out of memory",
		      input_name());
	free(text);
}

static void report_not_analysed(void)
{
	struct bd_result *r = bd_result_new();
	const char *file = main_input_filename ? main_input_filename : "<stdin>";
	char why[1024];

	snprintf(why, sizeof(why), "%s was not analysed: it does not compile", file);
	bd_result_not_analysed(r, file, why);
	report_file(r);
	bd_result_free(r);
}

/* Run the core once over the whole unit and report. */
static void analyse(void)
{
	struct bd_result *r;

	if (analysed)
		return;
	analysed = true;
	bdops_gcc_flush_functions(bdops_gcc_unit());
	bdops_gcc_record_macros(bdops_gcc_unit());
	/* a relative unit is relative to where it was preprocessed: the
	 * "# 1 "/dir//"" line of -fworking-directory (on with -g) says
	 * where that was on a distcc or icecream server */
	bd_unit_set_dir(bdops_gcc_unit(), get_src_pwd());
	r = bd_analyze(bdops_gcc_unit(), &opts);
	emit_facts(r);
	if (bd_result_internal(r))
		inform(UNKNOWN_LOCATION, "bdops: internal error: %s",
		       bd_result_internal(r));
	if (opts.format == BD_FMT_TEXT && !opts.output)
		report_text(r);
	else
		report_file(r);
	report_failure(r);
	bd_result_free(r);
	bd_unit_free(unit);
	unit = NULL;
}

/* A unit the compiler rejected: no findings (its errors say enough), but
 * its facts say it was not analysed, replacing those of an older build
 * that compiled - a later merge names it instead of using stale facts. */
static void record_rejected(void)
{
	struct bd_result *r;
	struct bd_options o = opts;

	analysed = true;
	bdops_gcc_flush_functions(bdops_gcc_unit());
	if (!opts.facts_dir) {
		bd_unit_free(unit);
		unit = NULL;
		return;
	}
	bd_unit_free(unit);
	unit = new_unit();
	bd_unit_incomplete(unit, "the compiler rejected it");
	o.baseline = NULL;
	r = bd_analyze(unit, &o);
	bd_result_free(r);
	bd_unit_free(unit);
	unit = NULL;
}

/* ---- callbacks ---- */

static void on_finish_decl(void *gcc_data, void *)
{
	tree decl = (tree)gcc_data;

	/* under -fsyntax-only nothing is analysed, tables included */
	if (!analysed && decl && VAR_P(decl) && !seen_error() && !flag_syntax_only)
		bdops_gcc_scan_initializer(bdops_gcc_unit(), decl);
}

static void on_pre_genericize(void *, void *)
{
	if (!analysed)
		bdops_gcc_record_macros(bdops_gcc_unit());
}

/* After all IPA passes every function has gone through "ssa" (the small
 * IPA passes run it for the whole unit, at -O0 too); RTL expansion has not
 * started, so diagnostics still count towards the exit status. */
static void on_all_ipa_passes_end(void *, void *)
{
	if (!seen_error())
		analyse();
}

/* The last moment the assembler output is open: units with no function
 * bodies reach no IPA pass, and their object still gets its facts. */
static void on_finish_unit(void *, void *)
{
	if (!analysed && !seen_error() && !flag_syntax_only)
		analyse();
}

/* Units that never reach the IPA passes (no functions at all, errors,
 * -fsyntax-only) end here. */
static void on_finish(void *, void *)
{
	if (analysed)
		return;
	if (flag_syntax_only)
		inform(UNKNOWN_LOCATION, "%s",
		       "bdops: -fsyntax-only runs no passes; nothing was analysed");
	if (seen_error()) {
		record_rejected();
		/* a SARIF log says the unit was not analysed, not "clean" */
		if (opts.format == BD_FMT_SARIF)
			report_not_analysed();
		return;
	}
	analyse();
}

static bool parse_args(struct plugin_name_args *info)
{
	char err[1024];
	int i, rc;
	bool ok = true;

	bd_options_init(&opts);
	for (i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key, *val = info->argv[i].value;

		rc = bd_options_set(&opts, key, val, err, sizeof(err));
		if (rc == 1) {
			char prefix[128];

			snprintf(prefix, sizeof(prefix), "-fplugin-arg-%s-", plugin_name);
			fprintf(stderr, "Usage: gcc -fplugin=PATH/%s.so "
				"[-fplugin-arg-%s-KEY[=VALUE]]... -c FILE.c\n"
				"\nOptions:\n%s",
				plugin_name, plugin_name, bd_options_help_with(prefix));
		} else if (rc == 2) {
			fprintf(stderr, "%s (bdops) %s\nbuilt for GCC %s, loaded by GCC %s\n",
				plugin_name, BD_VERSION, gcc_version.basever,
				host_version);
		} else if (rc < 0) {
			error("%s: %s", plugin_name, err);
			ok = false;
		}
	}
	return ok;
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	struct register_pass_info pass;

	plugin_name = info->base_name;
	host_version = version->basever;
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("%s: built for GCC %s (%s) but loaded into GCC %s (%s); "
		      "rebuild the plugin with this compiler", plugin_name,
		      gcc_version.basever, gcc_version.devphase,
		      version->basever, version->devphase);
		return 1;
	}
	register_callback(plugin_name, PLUGIN_INFO, NULL, &bdops_info);
	if (!parse_args(info))
		return 0;	/* the error fails the compile; nothing to do */

	pass.pass = new bdops_pass(g);
	pass.reference_pass_name = "ssa";
	pass.ref_pass_instance_number = 1;
	pass.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
	register_callback(plugin_name, PLUGIN_FINISH_DECL, on_finish_decl, NULL);
	register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, on_pre_genericize, NULL);
	register_callback(plugin_name, PLUGIN_ALL_IPA_PASSES_END, on_all_ipa_passes_end, NULL);
	register_callback(plugin_name, PLUGIN_FINISH_UNIT, on_finish_unit, NULL);
	register_callback(plugin_name, PLUGIN_FINISH, on_finish, NULL);
	return 0;
}
