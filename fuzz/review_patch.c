// SPDX-License-Identifier: GPL-2.0
/*
 * review_patch.c - fuzz target: bdops review's patch reader
 * (cli/review_patch.c) on any bytes: the mail test, then the diff parser
 * with its sections, hunks and quoted names.  The input is handed over
 * NUL-terminated, as bdops review reads a patch (cli/util.c).  Whether
 * the repository holds a blob (a binary change without data) is decided
 * by its first digit, so both ways are taken.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "review.h"

int review_have_blob(struct review *rv, const char *id)
{
	(void)rv;
	return id[0] < '8';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct drv d = { 0 };
	struct review rv = { .d = &d };
	char *text = malloc(size + 1);

	memcpy(text, data, size);
	text[size] = 0;
	review_is_mail(text, size);
	review_parse_patch(&rv, text, size);
	for (int i = 0; i < rv.nfiles; i++) {
		free(rv.files[i].old);
		free(rv.files[i].new);
		free(rv.files[i].copy_from);
		free(rv.files[i].blob[0]);
		free(rv.files[i].blob[1]);
	}
	free(rv.files);
	free(rv.cut);
	free(text);
	return 0;
}
