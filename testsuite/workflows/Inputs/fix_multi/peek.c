// SPDX-License-Identifier: GPL-2.0
/* fix_multi/peek.c: not a block method, yet it hands a struct file to
 * ml_may_write(): that helper has to keep its file. */
#include "lib.h"

int ml_peek(struct file *filp);
int ml_peek(struct file *filp)
{
	return ml_may_write(filp);
}
