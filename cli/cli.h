/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - what the parts of build/bin/bdops share.
 */
#ifndef BDOPS_DRIVER_H
#define BDOPS_DRIVER_H

#include "internal.h"

/* Exit statuses (SPEC 3). */
#define EXIT_CLEAN	0
#define EXIT_FINDINGS	1
#define EXIT_USAGE	2

struct kv {
	const char *key;
	const char *value;	/* NULL for flags */
};

struct drv {
	const char *cmd;		/* "check", "merge", "report", "review", ... */
	struct bd_options o;
	const char *frontend;
	const char *write_baseline;
	int jobs;
	int functions;			/* report: --functions N, -1 if not given */
	struct kv *pass;		/* options handed to the frontends */
	int npass, cap_pass;
	char **cflags;
	int ncflags, cap_cflags;
	char **objects;			/* merge: --objects TREE */
	int nobjects, cap_objects;
	char **args;			/* FILES (check) or inputs */
	int nargs, cap_args;
	char **flags;			/* after "--" */
	int nflags, cap_flags;
	struct bd_result *result;	/* being collected */
	int staged;			/* review: the staged changes */
	int force;			/* install-hook: replace a foreign hook */
	int prune;			/* merge: drop facts of deleted units first */
	int flags_given;		/* "--" was on the command line */
	const char *ccdb;		/* review: compile_commands.json */
	int includers;			/* review: .c files per header, -1: default */
	int timeout;			/* seconds per unit, 0: none */
	int units_done, units_total;	/* progress across collects */
	int unit_failures;		/* merge: units not fully analysed */
	const char *log_root;		/* review: the scratch tree the frontends'
					 * messages name paths in */
	const char *build_dir;		/* fix: -p DIR */
	const char *to_era;		/* fix: --to-era ERA */
	char **argv;			/* the command's own arguments */
	int argc;
};

/* run.c: "bdops check" after its arguments were parsed. */
int bd_drv_check(struct drv *d);
/* run.c: run the frontend over d->args, return the findings unprinted
 * (NULL with *status set on a usage error); *failed counts the inputs
 * that did not compile or wrote no facts. */
struct bd_result *bd_drv_collect(struct drv *d, int *failed, int *status);

/* review.c, fix.c, hook.c: the workflow commands. */
int bd_drv_review(struct drv *d);
int bd_drv_fix(struct drv *d);
int bd_drv_install_hook(struct drv *d);

/* review.c: small process and file helpers the workflow commands share. */
struct buf {
	char *s;
	size_t n, cap;
};
void buf_add(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Run argv (NULL-terminated) with 'in' on its stdin (NULL: /dev/null),
 * its stdout into out (if not NULL), its stderr to ours unless quiet.
 * Returns the exit status, or -1 if it could not run. */
int bd_drv_run(char *const argv[], const char *in, size_t inlen, struct buf *out, int quiet);
int bd_drv_read_file(const char *path, struct buf *out);
int bd_drv_write_file(const char *path, const char *s, size_t n);
/* mkdir -p of the directory part of 'path'. */
int bd_drv_mkdirs_for(const char *path);
int bd_drv_mkdirs(const char *dir);	/* mkdir -p */
void bd_drv_rm_rf(const char *dir);
/* Finish writing a report to out (stdout, or a file named 'name' that is
 * closed): 0, or -1 after saying on stderr that it could not be written
 * (a full disk, a closed pipe) - a lost report must never pass quietly. */
int bd_drv_close_output(FILE *out, const char *name);
char *bd_drv_tmpdir(const char *cmd);	/* a new directory under $TMPDIR */
/* The absolute path of this executable. */
const char *bd_drv_self(void);
/* progress.c: "bdops: N/M units" on a terminal's stderr; cleared before
 * anything else is printed there. */
void bd_progress(int done, int total);
void bd_progress_clear(void);
/* The default of --timeout, in seconds per unit. */
#define BD_DEFAULT_TIMEOUT 300
/* diff_label.c: "a/PATH" as a ---/+++ header names it so that GNU patch
 * and git apply both read it back: C-quoted as git quotes ("a/x\"y.c"),
 * or with a tab after a name that has a blank. */
void bd_drv_diff_label(char *buf, size_t len, const char *prefix, const char *path);
/* bdops.c: is arg a launcher a compile command runs its compiler through
 * (ccache, distcc, icecc, sccache, env)? */
int bd_drv_launcher(const char *arg);
/* bdops.c: the index of a compile command's first argument after its
 * compiler, past "VAR=x" assignments and launchers before it ("ccache
 * gcc -c x.c": 2). */
int bd_drv_compiler_end(char *const *v, int n);
/* bdops.c: the flags of one compile_commands.json entry for 'file' that
 * change what the code means (no compiler, launcher, input, output or
 * dependency files), appended to *out. */
struct bd_json;
void bd_drv_entry_flags(const struct bd_json *e, const char *file, char ***out, int *nout,
			int *capout);
/* bdops.c: suppress, sort, print, summarise; returns the exit status. */
int bd_drv_finish(struct drv *d, struct bd_result *r, int failed);

#endif
