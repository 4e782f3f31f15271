// SPDX-License-Identifier: GPL-2.0
/*
 * progress.c - "bdops: 12/340 units" on stderr while units are checked,
 * only when stderr is a terminal (a log or a pipe gets no carriage
 * returns).  Every other line bdops prints on stderr first clears it.
 */
#include <stdio.h>
#include <unistd.h>
#include "cli.h"

static int shown;

void bd_progress(int done, int total)
{
	static int tty = -1;

	if (tty < 0)
		tty = isatty(2);
	if (!tty || total < 2)
		return;
	fprintf(stderr, "\rbdops: %d/%d units\033[K", done, total);
	fflush(stderr);
	shown = 1;
}

void bd_progress_clear(void)
{
	if (!shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	shown = 0;
}
