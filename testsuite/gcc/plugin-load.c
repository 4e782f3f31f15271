// SPDX-License-Identifier: GPL-2.0
// The plugin loads into gcc, lowers the unit when compiling, and a clean
// unit gets no bdops diagnostics and a normal object file.
// REQUIRES: family-gcc
// RUN: gcc -fplugin=%gcc_plugin -std=gnu11 -Wall -Wextra -c %s -o %t.o 2>&1 | FileCheck --allow-empty --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note: --check-prefix=QUIET %s
// RUN: test -s %t.o
// RUN: gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-dump-ir=%t.ir -O2 -c %s -o %t.o
// RUN: FileCheck --check-prefix=IR %s < %t.ir

struct file {
	unsigned int f_flags;
};

int plain(const struct file *f)
{
	return f->f_flags & 3;
}

// QUIET-NOT: bdops
// IR: unit {{.*}}plugin-load.c
// IR: func int plain(struct file *)  @14
// IR: fieldload v{{[0-9]+}} file.f_flags : unsigned int
