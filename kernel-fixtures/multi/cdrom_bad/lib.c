// SPDX-License-Identifier: GPL-2.0
/*
 * multi/cdrom_bad/lib.c - the library half of 2.6.27's cdrom.c: open
 * decides from O_NDELAY whether this is an opening for data (and locks the
 * door), release decides what to undo by looking at file->f_flags again.
 * fcntl() may have flipped O_NDELAY in between.  Nothing in this file is a
 * block method; only drv1.c and drv2.c make these helpers run in one.
 *
 * Era: legacy.  The build and compile-all.sh take a fixture's era from
 * its RUN line; this file's is in test.test: RUN: %check ... %kflags_legacy
 */
#include "lib.h"

int cdrom_open_helper(struct cdl_info *cdi, struct file *filp)
{
	/* at open time f_flags is what open(2) was given: fine */
	if (!(filp->f_flags & O_NDELAY)) {
		if (cdi->data_opens++ == 0 && (cdi->options & CDO_LOCK))
			cdi->lock_door(cdi, 1);
	}
	cdi->use_count++;
	return 0;
}

void cdrom_release_helper(struct cdl_info *cdi, struct file *filp)
{
	cdi->use_count--;
	if (filp && (filp->f_flags & O_NDELAY))
		return;
	if (--cdi->data_opens == 0 && (cdi->options & CDO_LOCK))
		cdi->lock_door(cdi, 0);
}
