/* SPDX-License-Identifier: GPL-2.0 */
/*
 * frontends.h - the one table of bdops' frontends (frontends.c): their
 * names, how the driver runs one over a file, how it spells the core's
 * options and how its exit status reads.  run.c and bdops.c read it, and
 * so do testsuite/lit.common.py and scripts/test.sh, through
 * "bdops list-frontends"; a new frontend is one row here.
 */
#ifndef BDOPS_FRONTENDS_H
#define BDOPS_FRONTENDS_H

enum bd_fe_run {
	/* COMPILER -fplugin=LIBDIR/PLUGIN OPTIONS FLAGS -c FILE -o /dev/null */
	BD_FE_PLUGIN,
	/* BINDIR/PROGRAM OPTIONS FILE -- FLAGS (a libTooling tool) */
	BD_FE_TOOL_FILE_FIRST,
	/* BINDIR/PROGRAM OPTIONS FLAGS FILE (a compiler's command line) */
	BD_FE_TOOL_FILE_LAST,
};

struct bd_frontend {
	const char *name;	/* --frontend NAME */
	const char *about;	/* one line for list-frontends and help */
	enum bd_fe_run run;
	const char *program;	/* the compiler (PLUGIN) or the tool in BINDIR */
	const char *env;	/* PLUGIN: the variable that names another compiler */
	const char *plugin;	/* PLUGIN: the plugin's file in LIBDIR */
	const char *plugin_from_bin;	/* PLUGIN: the directory "cmake --install"
				 * puts it in, as a path from bin/ */
	const char *plugin_byname;	/* PLUGIN: the name the compiler itself
				 * resolves in its plugin directory */
	const char *prefix;	/* a core option KEY is PREFIX KEY[=VALUE] */
	int findings_status;	/* an exit status that means findings, not
				 * failure (bdops-clang-tool's 1), or 0 */
	int shows_errors;	/* its log's errors are shown even when it
				 * succeeds (sparse goes on where gcc stops) */
	const char *lanes;	/* the testsuite's lanes: "NAME[:DRIVER FLAGS]"
				 * separated by ';' */
};

/* The table, ended by a NULL name. */
extern const struct bd_frontend bd_frontends[];
/* By name, or NULL. */
const struct bd_frontend *bd_frontend_find(const char *name);
/* "gcc, clang, clang-tool, sparse" (for messages). */
const char *bd_frontend_names(void);

#endif
