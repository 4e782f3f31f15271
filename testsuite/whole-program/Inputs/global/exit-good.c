// SPDX-License-Identifier: GPL-2.0
/* Puts the other unit's global with the mode log.c got it with. */
#include "log.h"

void log_exit(void)
{
	blkdev_put(log_bdev, FMODE_READ | FMODE_WRITE | FMODE_EXCL);
}
