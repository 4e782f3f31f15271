/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CAPABILITY_H
#define _LINUX_CAPABILITY_H

#define CAP_SYS_RAWIO	17
#define CAP_SYS_ADMIN	21

extern int capable(int cap);

#endif
