/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MAJOR_H
#define _LINUX_MAJOR_H

#define RAMDISK_MAJOR		1
#define FLOPPY_MAJOR		2
#define MD_MAJOR		9
#define SCSI_CDROM_MAJOR	11
#define XT_DISK_MAJOR		13
#define MTD_BLOCK_MAJOR		31
#define LOOP_MAJOR		7

#endif
