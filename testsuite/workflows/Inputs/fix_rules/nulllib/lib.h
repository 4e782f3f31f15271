/* SPDX-License-Identifier: GPL-2.0 */
/* fix_rules/nulllib: a library function given a method's file, and by
 * one of its own callers no file at all (scsi_ioctl.c's sg_scsi_ioctl(NULL,
 * ...) in 2.6.27; 2.6.28 passes mode 0). */
#include <linux/fs.h>

int nl_cmd(struct file *file, int cmd);
int nl_internal(int cmd);
