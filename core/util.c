// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - allocation that cannot return NULL.  Running out of memory inside
 * a compiler plugin is not recoverable; abort with a clear message rather
 * than corrupt the host compiler's state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static void oom(void)
{
	fputs("bdops: out of memory\n", stderr);
	abort();
}

void *bd_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *bd_xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		oom();
	return p;
}

char *bd_xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");

	if (!p)
		oom();
	return p;
}
