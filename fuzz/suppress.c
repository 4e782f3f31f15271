// SPDX-License-Identifier: GPL-2.0
/*
 * suppress.c - fuzz target: the suppression reader (core/comments.c,
 * core/lookalike.c, core/suppress.c) on any bytes as a source file: the
 * comments found as the compiler's lexer finds them, every directive and
 * near miss reported by bdops-suppression-comment (the analysis of a unit
 * whose main file it is), and a finding on every line tested against the
 * comments that cover it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"

static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int fd;

	(void)argc;
	(void)argv;
	snprintf(path, sizeof(path), "/tmp/bdops-fuzz-suppress.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		abort();
	close(fd);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bd_options o;
	struct bd_unit *u;
	struct bd_result *r, *each;
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	bd_options_init(&o);
	u = bd_unit_new(path);
	r = bd_analyze(u, &o);
	each = bd_result_new();
	for (int line = 1; line <= 400; line++) {
		struct bd_finding fd = { 0 };

		fd.check = (enum bd_check)(line % BD_CHECK_COUNT);
		fd.severity = BD_SEV_WARNING;
		fd.loc.file = path;
		fd.loc.line = line;
		fd.loc.col = 1;
		fd.message = "a finding";
		bd_result_add(each, &fd);
	}
	bd_apply_suppressions(each, NULL);
	bd_result_free(each);
	bd_result_free(r);
	bd_unit_free(u);
	bd_source_forget();
	return 0;
}
