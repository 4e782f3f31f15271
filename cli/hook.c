// SPDX-License-Identifier: GPL-2.0
/*
 * hook.c - "bdops install-hook": a plain git pre-commit hook that runs
 * "bdops review --staged" and so blocks a commit only when the staged
 * changes introduce findings.
 *
 *	bdops install-hook [--force] [--frontend FE] [--disable CHECK] [-- FLAGS]
 *
 * The options are written into the hook as given; relative paths in FLAGS
 * are taken from the top of the checkout, where git runs its hooks.  An
 * existing hook that bdops did not write is left alone unless --force.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"

#define HOOK_MARK "installed by 'bdops install-hook'"

/* s in single quotes, for sh. */
static void sh_quote(struct buf *b, const char *s)
{
	buf_puts(b, "'");
	for (; *s; s++) {
		if (*s == '\'')
			buf_puts(b, "'\\''");
		else
			buf_add(b, s, 1);
	}
	buf_puts(b, "'");
}

static int hooks_dir(char *out, size_t len)
{
	const char *v[] = { "git", "rev-parse", "--git-path", "hooks", NULL };
	struct buf b = { 0 };
	int ret = bd_drv_run((char *const *)v, NULL, 0, &b, 1);

	while (b.n && b.s[b.n - 1] == '\n')
		b.s[--b.n] = 0;
	if (ret || !b.n) {
		free(b.s);
		return -1;
	}
	snprintf(out, len, "%s", b.s);
	free(b.s);
	return 0;
}

int bd_drv_install_hook(struct drv *d)
{
	char dir[PATH_MAX], path[PATH_MAX * 2];
	struct buf old = { 0 }, script = { 0 };
	int i, own;

	if (d->nargs)
		return fputs("bdops install-hook: takes no arguments (only options, and -- FLAGS "
			     "for the review)\n", stderr), EXIT_USAGE;
	if (hooks_dir(dir, sizeof(dir))) {
		fputs("bdops install-hook: not inside a git checkout\n", stderr);
		return EXIT_USAGE;
	}
	snprintf(path, sizeof(path), "%s/pre-commit", dir);
	if (bd_drv_read_file(path, &old) == 0) {
		own = old.s && strstr(old.s, HOOK_MARK);
		free(old.s);
		if (!own && !d->force) {
			fprintf(stderr, "bdops install-hook: '%s' exists and is not bdops's; "
				"use --force to replace it\n", path);
			return EXIT_USAGE;
		}
	}
	buf_puts(&script, "#!/bin/sh\n"
		 "# bdops pre-commit hook, " HOOK_MARK ".\n"
		 "# Blocks the commit only when the staged changes introduce bdops\n"
		 "# findings; 'git commit --no-verify' skips it once.\n"
		 "exec ");
	sh_quote(&script, bd_drv_self());
	buf_puts(&script, " review --staged");
	for (i = 0; i < d->argc; i++) {
		if (!strcmp(d->argv[i], "--force"))
			continue;
		buf_puts(&script, " ");
		sh_quote(&script, d->argv[i]);
	}
	buf_puts(&script, "\n");
	if (bd_drv_write_file(path, script.s, script.n) || chmod(path, 0755)) {
		fprintf(stderr, "bdops install-hook: cannot write '%s': %s\n", path,
			strerror(errno));
		free(script.s);
		return EXIT_USAGE;
	}
	free(script.s);
	printf("bdops install-hook: installed %s\n", path);
	return EXIT_CLEAN;
}
