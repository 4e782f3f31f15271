// SPDX-License-Identifier: GPL-2.0
/* Calls no block-device function itself, only lib.c's wrapper, with a
 * holder for a device lib.c opened shared. */
#include "lib.h"

static int stop_holder;

void stop(void)
{
	shared_close(&stop_holder);
}
