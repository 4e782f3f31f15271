// SPDX-License-Identifier: GPL-2.0
// sparc's uapi <asm/fcntl.h>: on 32-bit sparc O_NDELAY is a bit of its
// own ORed with O_NONBLOCK's, on sparc64 that bit alone; either way a test
// of 0x0004 tests O_NDELAY (and one of 0x4000 O_NDELAY or O_NONBLOCK), and x86's 04000 is no flag of this
// rule.  Every frontend reads these values (core/macro_eval.c), none keeps
// the x86 default.
// RUN: not %check %s -- -std=gnu11 -Wall -Wextra 2>&1 | FileCheck %s --check-prefixes=CHECK,S32 --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %check %s -- -std=gnu11 -Wall -Wextra -D__sparc__ -D__arch64__ 2>&1 | FileCheck %s --check-prefixes=CHECK,S64 --implicit-check-not=warning: --implicit-check-not=note:

#define O_NONBLOCK	0x4000
#if defined(__sparc__) && defined(__arch64__)
#define O_NDELAY	0x0004	/* Interacts with O_NONBLOCK */
#else
#define O_NDELAY	(0x0004 | O_NONBLOCK)
#endif

#include "Inputs/masks.h"

// CHECK: masks.h:18:{{[0-9]+}}: warning: 'bit_0x4' (called from block method 'drv_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & FMODE_NDELAY'
// S32: masks.h:21:{{[0-9]+}}: warning: 'bit_0x4000' (called from block method 'drv_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// S64: masks.h:21:{{[0-9]+}}: warning: 'bit_0x4000' (called from block method 'drv_ioctl') tests O_NONBLOCK in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & FMODE_NDELAY'
// CHECK: bdops: 2 findings
