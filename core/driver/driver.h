/* SPDX-License-Identifier: GPL-2.0 */
/*
 * driver.h - what the parts of build/bin/bdops share.
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
	const char *cmd;		/* "check", "merge", "report" */
	struct bd_options o;
	const char *frontend;
	const char *write_baseline;
	int jobs;
	int functions;			/* report: --functions N, -1 if not given */
	struct kv *pass;		/* options handed to the frontends */
	int npass, cap_pass;
	char **cflags;
	int ncflags, cap_cflags;
	char **args;			/* FILES (check) or inputs */
	int nargs, cap_args;
	char **flags;			/* after "--" */
	int nflags, cap_flags;
	struct bd_result *result;	/* being collected */
};

/* run.c: "bdops check" after its arguments were parsed. */
int bd_drv_check(struct drv *d);
/* bdops.c: suppress, sort, print, summarise; returns the exit status. */
int bd_drv_finish(struct drv *d, struct bd_result *r, int failed);

#endif
