/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MOUNT_H
#define _LINUX_MOUNT_H

#include <linux/types.h>

struct dentry;
struct super_block;

struct vfsmount {
	struct dentry *mnt_root;	/* root of the mounted tree */
	struct super_block *mnt_sb;	/* pointer to superblock */
	int mnt_flags;
	const char *mnt_devname;	/* Name of device e.g. /dev/dsk/hda1 */
};

#endif /* _LINUX_MOUNT_H */
