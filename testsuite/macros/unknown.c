// SPDX-License-Identifier: GPL-2.0
// A flag macro the core cannot evaluate (here O_NONBLOCK names an
// enumerator, which no preprocessor can see) keeps the core's default,
// and the report says so in a note at its definition, naming it: a
// default is never taken in silence.
// RUN: not %check %s -- -std=gnu11 -Wall -Wextra 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %check --format json %s -- -std=gnu11 -Wall -Wextra 2>/dev/null | FileCheck %s --check-prefix=JSON

// The finding in the included file comes first (sorted by file name).
// CHECK: masks.h:20:{{[0-9]+}}: warning: 'bit_04000' (called from block method 'drv_ioctl') tests O_NDELAY in 'file->f_flags' after open; fcntl() can change it [bdops-ndelay-flags]
// CHECK-NEXT: note: fix: use 'mode & FMODE_NDELAY'

enum { __O_NONBLOCK_BIT = 0x80 };
// CHECK: unknown.c:[[@LINE+1]]:{{[0-9]+}}: note: bdops cannot evaluate 'O_NONBLOCK', defined as '__O_NONBLOCK_BIT': '__O_NONBLOCK_BIT' is not a macro; the checks take its default, 04000 [bdops-ndelay-flags]
#define O_NONBLOCK	__O_NONBLOCK_BIT
// CHECK: unknown.c:[[@LINE+1]]:{{[0-9]+}}: note: bdops cannot evaluate 'O_NDELAY', defined as 'O_NONBLOCK': '__O_NONBLOCK_BIT' is not a macro; the checks take its default, 04000 [bdops-ndelay-flags]
#define O_NDELAY	O_NONBLOCK
// A function-like macro is named too.
#define BIT(n)		(1U << (n))
// CHECK: unknown.c:[[@LINE+1]]:{{[0-9]+}}: note: bdops cannot evaluate 'FMODE_EXCL', defined as 'BIT(7)': 'BIT' is a function-like macro; the checks take its default, 0x80 [bdops-put-mode]
#define FMODE_EXCL	BIT(7)

#include "Inputs/masks.h"

// The notes are no findings: the summary counts the warning only.
// CHECK: bdops: 1 finding{{ }}
// JSON:      "message": "bdops cannot evaluate 'O_NONBLOCK', defined as '__O_NONBLOCK_BIT': '__O_NONBLOCK_BIT' is not a macro; the checks take its default, 04000",
// JSON-NEXT:  "severity": "note",
