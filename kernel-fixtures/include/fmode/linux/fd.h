/* SPDX-License-Identifier: GPL-2.0 */
/* Floppy ioctls, as include/linux/fd.h (the subset the fixtures use) */
#ifndef _LINUX_FD_H
#define _LINUX_FD_H

#include <linux/ioctl.h>

struct floppy_struct {
	unsigned int	size,		/* nr of sectors total */
			sect,		/* sectors per track */
			head,		/* nr of heads */
			track,		/* nr of tracks */
			stretch;	/* bit 0 !=0 means double track steps */
	unsigned char	gap,		/* gap1 size */
			rate,		/* data rate */
			spec1,		/* stepping rate, head unload time */
			fmt_gap;	/* gap2 size */
	const char	* name; /* used only for predefined formats */
};

/* ioctls with 0x40 in the command number change the drive: they need write access */
#define FDGETPRM	_IOR(2, 0x04, struct floppy_struct)
#define FDCLRPRM	_IO(2, 0x41)
#define FDSETPRM	_IOW(2, 0x42, struct floppy_struct)
#define FDFMTBEG	_IO(2, 0x47)
#define FDRESET		_IO(2, 0x54)
#define FDEJECT		_IO(2, 0x5a)

#endif
