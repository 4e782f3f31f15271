// SPDX-License-Identifier: GPL-2.0
// C's precedence, not left to right: 1 << 2 + 5 is 1 << 7 (mips' 0x80),
// not (1 << 2) + 5 = 9, which would make the test of 0x1 an O_NDELAY test.
// RUN: not %check %s -- -std=gnu11 -Wall -Wextra 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#define O_NONBLOCK	((unsigned int)(1 << 2 + 5))
#define O_NDELAY	(O_NONBLOCK)

#include "Inputs/masks.h"

// CHECK: masks.h:19:{{[0-9]+}}: warning: 'bit_0x80' (called from block method 'drv_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & FMODE_NDELAY'
// CHECK: bdops: 1 finding
