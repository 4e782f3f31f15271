// SPDX-License-Identifier: GPL-2.0
#include "lib.h"

int nl_cmd(struct file *file, int cmd)
{
	if (cmd > 0 && !(file && (file->f_mode & FMODE_WRITE)))
		return -EPERM;
	return 0;
}

int nl_internal(int cmd)
{
	return nl_cmd(NULL, cmd);
}
