// SPDX-License-Identifier: GPL-2.0
/*
 * fix.c - fuzz target: "bdops fix" (cli/fix*.c) on any source text with
 * any findings: the tokenizer, the conversion's planning and rewrite
 * rules, the put, claim and keep-mode edits, the diff.
 *
 * The input is SOURCE, a NUL, one mode byte, then the findings as the
 * JSON report writes them (fuzz/seeds.py makes the seeds from the fix
 * tests' inputs and "bdops check --format json").  No compiler runs:
 * bdops_fix's checks come from here (bd_drv_collect() below) - the first
 * check of the file gives the input's findings (in the file fuzzed), and
 * each check of an edited version gives, by the mode byte, no findings
 * ('0': every edit verifies), the same findings ('1': none does), or the
 * findings outside put-mode ('2').  The file's headers are asked for
 * __always_unused through BDOPS_GCC, here "true": they have none.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "json.h"

static char dir[64], path[96];
static struct bd_result *given;
static int mode, calls;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "/tmp/bdops-fuzz-fix.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	snprintf(path, sizeof(path), "%s/drv.c", dir);
	setenv("BDOPS_GCC", "true", 1);
	setenv("TMPDIR", dir, 1);
	return 0;
}

static void retarget(struct bd_result *r, const char *file)
{
	const char *f = bd_result_str(r, file);

	for (int i = 0; i < r->n; i++) {
		r->v[i].loc.file = f;
		for (int k = 0; k < r->v[i].nnotes; k++)
			r->v[i].notes[k].loc.file = f;
		for (int k = 0; k < r->v[i].nedits; k++)
			r->v[i].edits[k].loc.file = f;
	}
}

struct bd_result *bd_drv_collect(struct drv *d, int *failed, int *status)
{
	struct bd_result *r = bd_result_new();

	*failed = 0;
	*status = 0;
	if (calls++ == 0 || mode == '1' || mode == '2')
		for (int i = 0; i < given->n; i++)
			if (!(mode == '2' && calls > 1 && given->v[i].check == BD_CHECK_PUT_MODE))
				bd_result_add(r, &given->v[i]);
	retarget(r, d->args[0]);
	r->nfuncs = 1;
	return r;
}

/* bdops.c's, which this target does not link */
int bd_drv_compiler_end(char *const *v, int n)
{
	(void)v;
	return n ? 1 : 0;
}

void bd_drv_entry_flags(const struct bd_json *e, const char *file, char ***out, int *nout,
			int *capout)
{
	(void)e;
	(void)file;
	(void)out;
	(void)nout;
	(void)capout;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	struct drv d = { .cmd = "fix", .frontend = "gcc", .jobs = 1 };
	char *args[1] = { path }, err[256];
	struct bd_json *j;
	FILE *null;
	size_t src;

	if (!nul || nul + 1 >= data + size)
		return 0;
	src = nul - data;
	mode = nul[1];
	if (bd_drv_write_file(path, (const char *)data, src))
		abort();
	given = bd_result_new();
	j = bd_json_parse((const char *)nul + 2, size - src - 2, err, sizeof(err));
	for (int i = 0; j && j->type == BD_JSON_ARRAY && i < j->n; i++)
		bd_finding_from_json(given, j->items[i], err, sizeof(err));
	bd_json_free(j);
	retarget(given, path);
	bd_options_init(&d.o);
	d.args = args;
	d.nargs = 1;
	calls = 0;
	/* the diff and the lines on stderr are not the point */
	null = freopen("/dev/null", "w", stdout);
	(void)null;
	bd_drv_fix(&d);
	bd_result_free(given);
	bd_source_forget();
	return 0;
}
