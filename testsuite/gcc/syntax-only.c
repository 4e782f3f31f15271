// SPDX-License-Identifier: GPL-2.0
// Under -fsyntax-only GCC runs no passes: the plugin says once that nothing
// was analysed, reports nothing (not even the ops table below), and the
// compile still succeeds.
// REQUIRES: frontend-gcc
// RUN: gcc -fplugin=%gcc_plugin -fsyntax-only %s 2>&1 | FileCheck --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note: %s
// RUN: gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-dump-ir=%t.ir -fsyntax-only %s 2>&1 | FileCheck --implicit-check-not=note: %s
// RUN: FileCheck --check-prefix=IR --implicit-check-not=func --implicit-check-not=bind %s < %t.ir

// CHECK: note: bdops: -fsyntax-only runs no passes; nothing was analysed

// IR: unit {{.*}}syntax-only.c

struct inode;
struct file;

struct block_device_operations {
	int (*ioctl)(struct inode *, struct file *, unsigned, unsigned long);
};

static int old_ioctl(struct inode *i, struct file *f, unsigned c, unsigned long a)
{
	return i && f && c && a;
}

const struct block_device_operations fops = {
	.ioctl = old_ioctl,
};
