// SPDX-License-Identifier: GPL-2.0
/* run_excl() of top.c, called by code that does not set exclusive_mode. */
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

int start_unknown(void)
{
	return run_excl();
}
