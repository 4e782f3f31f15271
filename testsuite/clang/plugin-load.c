// SPDX-License-Identifier: GPL-2.0
// The plugin loads and lowers the unit both when compiling (-c) and under
// -fsyntax-only (it is added before the main action), and a clean unit
// gets no bdops diagnostics.
// REQUIRES: frontend-clang
// RUN: %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-dump-ir=%t.c.ir -std=gnu11 -Wall -Wextra -c %s -o %t.o 2>&1 | FileCheck --allow-empty --implicit-check-not=warning: --implicit-check-not=error: --check-prefix=QUIET %s
// RUN: FileCheck --check-prefix=IR %s < %t.c.ir
// RUN: %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-dump-ir=%t.s.ir -std=gnu11 -Wall -Wextra -fsyntax-only %s 2>&1 | FileCheck --allow-empty --implicit-check-not=warning: --implicit-check-not=error: --check-prefix=QUIET %s
// RUN: FileCheck --check-prefix=IR %s < %t.s.ir

struct file {
	unsigned int f_flags;
};

int plain(const struct file *f)
{
	return f->f_flags & 3;
}

// QUIET-NOT: bdops
// IR: unit {{.*}}plugin-load.c
// IR: func int plain(struct file *)  @15
// IR: fieldload v{{[0-9]+}} file.f_flags : unsigned int
