// SPDX-License-Identifier: GPL-2.0
// mips' uapi <asm/fcntl.h>: O_NONBLOCK is 0x0080 (hex), O_NDELAY its alias.
// RUN: not %check %s -- -std=gnu11 -Wall -Wextra 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#define O_NONBLOCK	0x0080

/* asm-generic/fcntl.h */
#ifndef O_NDELAY
#define O_NDELAY	O_NONBLOCK
#endif

#include "Inputs/masks.h"

// CHECK: masks.h:19:{{[0-9]+}}: warning: 'bit_0x80' (called from block method 'drv_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & FMODE_NDELAY'
// CHECK: bdops: 1 finding
