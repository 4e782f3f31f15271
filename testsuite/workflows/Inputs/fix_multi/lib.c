// SPDX-License-Identifier: GPL-2.0
/*
 * fix_multi/lib.c: helpers given the whole struct file, using it only for
 * O_NDELAY and the open mode: with every caller converted, they take the
 * mode instead.
 */
#include "lib.h"

int ml_open_data(struct ml_info *mi, struct file *filp)
{
	if (filp && (filp->f_flags & O_NDELAY))
		return 0;
	return ++mi->data_opens;
}

int ml_may_write(struct file *f)
{
	return (f->f_mode & FMODE_WRITE) != 0;
}
