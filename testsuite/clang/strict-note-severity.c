// SPDX-License-Identifier: GPL-2.0
// A --strict note finding ("mode cannot be matched") is printed as a note
// by the Clang plugin and bdops-clang-tool, as the GCC plugin does, not as
// a warning that error=yes (or -Werror) would make an error.  (Clang drops
// a note that has no warning before it unless told otherwise.)  The tool
// exits 1 when it has findings, notes included.
// REQUIRES: frontend-clang
// RUN: %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-strict -fplugin-arg-bdops_clang-error=yes -std=gnu11 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %clang_tool --strict --error=yes %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// CHECK: strict-note-severity.c:[[@LINE+9]]:{{[0-9]+}}: note: blkdev_put() mode cannot be matched to its blkdev_get(): FMODE_READ vs unknown [bdops-put-mode]

typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
struct block_device;
void blkdev_put(struct block_device *bdev, fmode_t mode);

void drop(struct block_device *bdev)
{
	blkdev_put(bdev, FMODE_READ);
}
