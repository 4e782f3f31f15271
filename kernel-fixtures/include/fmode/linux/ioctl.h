/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_IOCTL_H
#define _LINUX_IOCTL_H

#include <asm-generic/ioctl.h>

#endif
