/* SPDX-License-Identifier: GPL-2.0 */
/* CD-ROM ioctls and capability bits, as include/linux/cdrom.h */
#ifndef	_LINUX_CDROM_H
#define	_LINUX_CDROM_H

#define CDROMEJECT		0x5309 /* Ejects the cdrom media */
#define CDROMRESET		0x5312 /* hard-reset the drive */
#define CDROMCLOSETRAY		0x5319 /* pendant of CDROMEJECT */
#define CDROM_SET_OPTIONS	0x5320 /* Set behavior options */
#define CDROM_CLEAR_OPTIONS	0x5321 /* Clear behavior options */
#define CDROM_MEDIA_CHANGED	0x5325 /* Check is media changed  */
#define CDROM_DRIVE_STATUS	0x5326 /* Get tray position, etc. */
#define CDROM_DISC_STATUS	0x5327 /* Get disc type, etc. */
#define CDROM_LOCKDOOR		0x5329 /* lock or unlock door */
#define CDROM_GET_CAPABILITY	0x5331 /* get capabilities */

/* capability flags */
#define CDC_CLOSE_TRAY		0x1	/* caddy systems _can't_ close */
#define CDC_OPEN_TRAY		0x2	/* but _can_ eject.  */
#define CDC_LOCK		0x4	/* disable manual eject */
#define CDC_MEDIA_CHANGED	0x80	/* media changed */

/* drive status */
#define CDS_NO_INFO		0	/* if not implemented */
#define CDS_NO_DISC		1
#define CDS_TRAY_OPEN		2
#define CDS_DRIVE_NOT_READY	3
#define CDS_DISC_OK		4

/* options */
#define CDO_AUTO_CLOSE		0x1	/* close tray on first open() */
#define CDO_AUTO_EJECT		0x2	/* open tray on last release() */
#define CDO_USE_FFLAGS		0x4	/* use O_NONBLOCK information on open */
#define CDO_LOCK		0x8	/* lock tray on open files */

#define CD_FRAMESIZE		2048

#endif  /* _LINUX_CDROM_H */
