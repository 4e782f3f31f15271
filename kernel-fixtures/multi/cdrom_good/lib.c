// SPDX-License-Identifier: GPL-2.0
/*
 * multi/cdrom_good/lib.c - twin of multi/cdrom_bad/lib.c: release decides
 * what to undo from the mode it is given, which is the mode of the
 * matching open whatever fcntl() did to the file since.
 */
#include "lib.h"

int cdrom_open_helper(struct cdl_info *cdi, fmode_t mode)
{
	if (!(mode & FMODE_NDELAY)) {
		if (cdi->data_opens++ == 0 && (cdi->options & CDO_LOCK))
			cdi->lock_door(cdi, 1);
	}
	cdi->use_count++;
	return 0;
}

void cdrom_release_helper(struct cdl_info *cdi, fmode_t mode)
{
	cdi->use_count--;
	if (mode & FMODE_NDELAY)
		return;
	if (--cdi->data_opens == 0 && (cdi->options & CDO_LOCK))
		cdi->lock_door(cdi, 0);
}
