// SPDX-License-Identifier: GPL-2.0
/*
 * fix_era.c - "bdops fix --to-era holder|handle|file FILES [-- FLAGS |
 * -p BUILD_DIR]": each file moved to a later era of the block-device API,
 * one era at a time (fix_era_steps.c), as a unified diff.
 *
 * The era a file is in is read from the model's calls in it and the mode
 * type it spells (fmode_t, blk_mode_t, struct bdev_handle, the openers).
 * The flags are those of the era moved to (its headers): the moved text is
 * compiled with them (an incompatible pointer or an undeclared function is
 * an error) and checked by bdops; a file that does not compile or check
 * clean there is refused with the compiler's or the check's first line,
 * and left alone.  One repair is made from the compiler's word: a
 * function that takes the bdev's file where it took the bdev (6.10's
 * set_blocksize()) is given the file the bdev was taken from
 * (`X->F = file_bdev(X->G)`: `X->F` becomes `X->G`).  With -p the flags
 * come from the build's database (fix_ccdb.c).
 *
 * Exit status: 0 every file moved (or had nothing to move), 1 some file
 * refused, 2 usage or input error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fix_era.h"

static const char *const era_names[BD_ERA_COUNT] = {
	[BD_ERA_UNKNOWN] = "unknown", [BD_ERA_LEGACY] = "2.6.27", [BD_ERA_FMODE] = "fmode_t",
	[BD_ERA_HOLDER] = "holder (6.5)", [BD_ERA_HANDLE] = "handle (6.7)",
	[BD_ERA_FILE] = "file (6.9)",
};

static enum bd_era era_named(const char *name)
{
	if (!strcmp(name, "holder"))
		return BD_ERA_HOLDER;
	if (!strcmp(name, "handle"))
		return BD_ERA_HANDLE;
	return BD_ERA_FILE;
}

static int same_file_tok(const struct src *s, int a, int b)
{
	int la = s->t[a].end - s->t[a].start;

	return la == s->t[b].end - s->t[b].start &&
	       !memcmp(s->text + s->t[a].start, s->text + s->t[b].start, la);
}

/* Compile text (as path, written into tmp) with the flags; 0 if it
 * compiles, else the compiler's output in *out. */
static int compile(struct drv *d, const char *tmpfile, const char *path, struct buf *out)
{
	char dir[PATH_MAX];
	char **argv = bd_xcalloc(d->nflags + 12, sizeof(*argv));
	int a = 0, rc;

	snprintf(dir, sizeof(dir), "%s", path);
	argv[a++] = "gcc";
	argv[a++] = "-fsyntax-only";
	argv[a++] = "-Werror=incompatible-pointer-types";
	argv[a++] = "-Werror=implicit-function-declaration";
	argv[a++] = "-Werror=int-conversion";
	argv[a++] = "-I";
	argv[a++] = dirname(dir);
	for (int i = 0; i < d->nflags; i++)
		argv[a++] = d->flags[i];
	argv[a++] = (char *)tmpfile;
	argv[a] = NULL;
	{
		/* the compiler's messages go to stderr: through a shell */
		struct buf cmd = { 0 };

		for (int i = 0; argv[i]; i++) {
			buf_puts(&cmd, i ? " '" : "'");
			for (const char *p = argv[i]; *p; p++)
				buf_puts(&cmd, *p == '\'' ? "'\\''" : (char[]){ *p, 0 });
			buf_puts(&cmd, "'");
		}
		buf_puts(&cmd, " 2>&1");
		{
			struct buf c2 = { 0 };

			buf_printf(&c2, "LC_ALL=C %s", cmd.s);
			free(cmd.s);
			cmd = c2;
		}
		{
			char *sh[] = { "sh", "-c", cmd.s, NULL };

			rc = bd_drv_run(sh, NULL, 0, out, 1);
		}
		free(cmd.s);
	}
	free(argv);
	return rc;
}

/* The compiler says a function now takes the bdev's file: give it the
 * file the bdev was taken from.  The repaired text, or NULL. */
static char *repair_file_args(const char *path, const char *text, const char *msgs)
{
	struct fixer fx;
	const char *p;

	era_fixer_init(&fx, path, text);
	for (p = strstr(msgs, "passing argument "); p; p = strstr(p + 1, "passing argument ")) {
		const char *line_at = p, *note = strstr(p, "note: expected 'struct file *' but "
							"argument is of type 'struct block_device *'");
		const char *next = strstr(p + 1, "passing argument ");
		char fn[128];
		int argno, line;
		struct src *s = &fx.s;

		if (!note || (next && note > next) ||
		    sscanf(p, "passing argument %d of '%127[A-Za-z0-9_]'", &argno, fn) != 2)
			continue;
		while (line_at > msgs && line_at[-1] != '\n')
			line_at--;
		{
			const char *c = strchr(line_at, ':');

			if (!c || sscanf(c + 1, "%d", &line) != 1)
				continue;
		}
		for (int i = 0; i < s->n; i++) {
			struct range r[8];

			if (s->t[i].line != line || !name_is(s, i, fn) || !is(s, i + 1, "(") ||
			    call_args(s, i + 1, r, 8) < argno)
				continue;
			{
				struct range a = r[argno - 1];

				/* X->F, with "Y->F = file_bdev(Y->G)" in the file */
				if (a.last != a.first + 2 || !is(s, a.first + 1, "->"))
					break;
				for (int k = 0; k + 8 < s->n; k++) {
					if (is(s, k, "->") && same_file_tok(s, k + 1, a.last) &&
					    is(s, k + 2, "=") && is(s, k + 3, "file_bdev") &&
					    is(s, k + 4, "(") && is(s, k + 6, "->") && is(s, k + 8, ")")) {
						char *g = tok_str(s, k + 7);

						add_edit(&fx, s->t[a.last].start, s->t[a.last].end, g,
							 G_CONV, NULL);
						free(g);
						break;
					}
				}
			}
			break;
		}
	}
	return era_fixer_done(&fx, fx.ne > 0);
}

/* The first line of msgs that says "error:", with the scratch file's
 * name replaced by path. */
static char *first_error(const char *msgs, const char *tmpfile, const char *path)
{
	const char *e = strstr(msgs, "error:"), *a, *b;
	struct buf out = { 0 };
	size_t tl = strlen(tmpfile);

	if (!e)
		return bd_xstrdup("the compiler failed");
	for (a = e; a > msgs && a[-1] != '\n'; a--)
		;
	b = strchr(e, '\n');
	if (!strncmp(a, tmpfile, tl)) {
		buf_puts(&out, path);
		a += tl;
	}
	buf_add(&out, a, b ? (size_t)(b - a) : strlen(a));
	return out.s;
}

/* Check text as path (in tmpfile) with bdops: NULL if clean, else the
 * first finding. */
static char *check_clean(struct drv *d, const char *tmpfile, const char *path)
{
	char *args[1] = { (char *)tmpfile }, **sargs = d->args, dir[PATH_MAX];
	int snargs = d->nargs, failed = 0, status = 0, nflags = d->nflags;
	struct bd_result *r;
	char *why = NULL;

	snprintf(dir, sizeof(dir), "%s", path);
	BD_GROW(d->flags, d->nflags, d->cap_flags);
	d->flags[d->nflags++] = "-I";
	BD_GROW(d->flags, d->nflags, d->cap_flags);
	d->flags[d->nflags++] = dirname(dir);
	d->args = args;
	d->nargs = 1;
	r = bd_drv_collect(d, &failed, &status);
	d->args = sargs;
	d->nargs = snargs;
	d->nflags = nflags;
	if (!r || failed) {
		why = bd_xstrdup("bdops could not check it");
	} else {
		for (int i = 0; i < r->n && !why; i++) {
			struct buf b = { 0 };

			if (r->v[i].severity == BD_SEV_NOTE)
				continue;
			buf_printf(&b, "it would not check clean: line %d: %s [%s]", r->v[i].loc.line,
				   r->v[i].message, bd_check_info(r->v[i].check)->full);
			why = b.s;
		}
	}
	bd_result_free(r);
	return why;
}

int bd_fix_era(struct drv *d)
{
	struct buf diff = { 0 }, lines = { 0 };
	enum bd_era to = era_named(d->to_era);
	char *tmp;
	int refused = 0, status;

	if (!d->nargs) {
		fputs("bdops fix: no input files (usage: bdops fix --to-era ERA FILES -- FLAGS)\n",
		      stderr);
		return EXIT_USAGE;
	}
	if (!d->frontend)
		d->frontend = "gcc";
	if (d->build_dir && bd_fix_build_flags(d))
		return EXIT_USAGE;
	tmp = bd_drv_tmpdir("fix");
	if (!tmp)
		return EXIT_USAGE;
	buf_add(&diff, "", 0);
	for (int i = 0; i < d->nargs; i++) {
		const char *path = d->args[i];
		struct buf text = { 0 }, msgs = { 0 };
		struct era_step st;
		char tmpfile[PATH_MAX + 32], *cur, *why = NULL, base[PATH_MAX];
		enum bd_era from;

		if (bd_drv_read_file(path, &text)) {
			fprintf(stderr, "bdops fix: cannot read '%s': %s\n", path, strerror(errno));
			free(diff.s);
			free(lines.s);
			bd_drv_rm_rf(tmp);
			free(tmp);
			return EXIT_USAGE;
		}
		from = era_of_text(path, text.s);
		if (from == BD_ERA_UNKNOWN) {
			buf_printf(&lines, "bdops fix: %s: nothing of the block-device API to move\n",
				   path);
			free(text.s);
			continue;
		}
		if (from >= to) {
			buf_printf(&lines, "bdops fix: %s: already in the %s era\n", path,
				   era_names[from]);
			free(text.s);
			continue;
		}
		if (from == BD_ERA_LEGACY) {
			buf_printf(&lines, "bdops fix: %s: not moved: the 2.6.27 API; 'bdops fix' "
				   "without --to-era moves it to fmode_t first\n", path);
			refused++;
			free(text.s);
			continue;
		}
		cur = bd_xstrdup(text.s);
		for (int e = from + 1; e <= (int)to && cur; e++) {
			char *next = era_step(path, cur, e, &st);

			free(cur);
			cur = next;
			if (!cur) {
				struct buf b = { 0 };

				if (e < (int)to)
					buf_printf(&b, "at the step to the %s era: %s", era_names[e],
						   st.why);
				else
					buf_puts(&b, st.why);
				why = b.s;
			}
		}
		/* it compiles with the era's headers and checks clean */
		snprintf(base, sizeof(base), "%s", path);
		snprintf(tmpfile, sizeof(tmpfile), "%s/%s", tmp, basename(base));
		for (int round = 0; cur && !why && round < 3; round++) {
			char *fixed;

			bd_drv_write_file(tmpfile, cur, strlen(cur));
			free(msgs.s);
			memset(&msgs, 0, sizeof(msgs));
			if (!compile(d, tmpfile, path, &msgs))
				break;
			fixed = msgs.s ? repair_file_args(path, cur, msgs.s) : NULL;
			if (!fixed || round == 2) {
				char *e = first_error(msgs.s ? msgs.s : "", tmpfile, path);
				struct buf b = { 0 };

				buf_printf(&b, "it would not compile with the %s era's headers: %s",
					   era_names[to], e);
				why = b.s;
				free(e);
				free(fixed);
				break;
			}
			free(cur);
			cur = fixed;
		}
		if (cur && !why)
			why = check_clean(d, tmpfile, path);
		if (why) {
			buf_printf(&lines, "bdops fix: %s: not moved to the %s era: %s\n", path,
				   era_names[to], why);
			refused++;
		} else {
			fix_emit_diff(path, text.s, text.n, cur, tmp, &diff);
			buf_printf(&lines, "bdops fix: %s: moved from the %s era to the %s era\n",
				   path, era_names[from], era_names[to]);
		}
		free(why);
		free(cur);
		free(msgs.s);
		free(text.s);
	}
	bd_drv_rm_rf(tmp);
	free(tmp);
	status = bd_fix_emit(d, &diff, &lines, refused ? EXIT_FINDINGS : EXIT_CLEAN);
	free(diff.s);
	free(lines.s);
	return status;
}
