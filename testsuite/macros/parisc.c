// SPDX-License-Identifier: GPL-2.0
// parisc's uapi <asm/fcntl.h>: O_NONBLOCK is two bits (HP-UX has separate
// NDELAY and NONBLOCK), written in octal with leading zeros, and
// asm-generic makes O_NDELAY its alias: tests of either bit are O_NDELAY
// tests, x86's 04000 is not.
// RUN: not %check %s -- -std=gnu11 -Wall -Wextra 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#define O_NONBLOCK	000200004 /* HPUX has separate NDELAY & NONBLOCK */

/* asm-generic/fcntl.h */
#ifndef O_NDELAY
#define O_NDELAY	O_NONBLOCK
#endif

#include "Inputs/masks.h"

// CHECK: masks.h:18:{{[0-9]+}}: warning: 'bit_0x4' (called from block method 'drv_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & FMODE_NDELAY'
// CHECK: masks.h:22:{{[0-9]+}}: warning: 'bit_0200000' (called from block method 'drv_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & FMODE_NDELAY'
// CHECK: bdops: 2 findings
