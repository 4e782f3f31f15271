// SPDX-License-Identifier: GPL-2.0
/*
 * run_excl() opens and closes with FMODE_READ|FMODE_EXCL: right only if
 * exclusive_mode is set when dev_open() runs.  Its callers decide:
 * start_plain() clears it two levels up (through run()) - the close is
 * wrong there; start_excl() sets it - right; start_unknown() sets
 * nothing, so nothing can be said (--strict notes the pair).
 */
#include "dev.h"

static int run_excl(void)
{
	int err = dev_open();

	if (err)
		return err;
	err = work();
	dev_close(FMODE_READ | FMODE_EXCL);
	return err;
}

static int run(void)
{
	return run_excl();
}

int start_plain(void)
{
	exclusive_mode = 0;
	return run();
}

int start_excl(void)
{
	exclusive_mode = 1;
	return run();
}
