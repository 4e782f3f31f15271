// SPDX-License-Identifier: GPL-2.0
/* Puts the other unit's global without FMODE_WRITE. */
#include "log.h"

void log_exit(void)
{
	blkdev_put(log_bdev, FMODE_READ | FMODE_EXCL);
}
