// SPDX-License-Identifier: GPL-2.0
// The findings come out at the end of the unit, still through GCC's
// diagnostics: -Werror turns them into errors and fails the compile
// (error=auto); error=no keeps them warnings even under -Werror, so a
// CONFIG_WERROR=y tree still builds; error=yes makes them errors without
// -Werror.  The finding: an old-prototype ioctl bound in a
// block_device_operations initializer.  Output formats other than text go
// to stderr or output=FILE and are never errors.
// REQUIRES: family-gcc
// RUN: gcc -fplugin=%gcc_plugin -c %s -o %t.o 2>&1 | FileCheck --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: not gcc -fplugin=%gcc_plugin -Werror -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ERR --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-error=no -Werror -c %s -o %t.o 2>&1 | FileCheck --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: not gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-error=yes -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ERR --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: gcc -fplugin=%gcc_plugin -Werror -Wno-error -c %s -o %t.o 2>&1 | FileCheck --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-disable=deprecated-ioctl -Werror -c %s -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=NONE --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-format=json -fplugin-arg-bdops_gcc-output=%t.json -Werror -c %s -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=NONE --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: FileCheck --check-prefix=JSON %s < %t.json

struct inode;
struct file;
struct block_device;
typedef unsigned int fmode_t;

struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
	int (*ioctl)(struct inode *, struct file *, unsigned, unsigned long);
};

static int drv_open(struct block_device *bdev, fmode_t mode)
{
	return bdev && mode ? 0 : -1;
}

static int drv_ioctl(struct inode *inode, struct file *filp, unsigned cmd,
		     unsigned long arg)
{
	return inode && filp && cmd && arg ? 0 : -25;
}

const struct block_device_operations drv_fops = {
	.open = drv_open,
	.ioctl = drv_ioctl,
// WARN: plugin-werror.c:[[@LINE-1]]:18: warning: block_device_operations member 'ioctl' is bound to 'drv_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
// WARN-NEXT: {{.*}}.ioctl = drv_ioctl,
// WARN-NEXT: ^
// WARN-NEXT: plugin-werror.c:[[@LINE-4]]:18: note: fix: int drv_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
// ERR: plugin-werror.c:[[@LINE-5]]:18: error: block_device_operations member 'ioctl' is bound to 'drv_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
// ERR: plugin-werror.c:[[@LINE-6]]:18: note: fix: int drv_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
// JSON: "line": [[@LINE-7]],
// JSON: "check": "bdops-deprecated-ioctl",
// JSON: "function": "drv_ioctl",
};
// NONE-NOT: bdops
