// SPDX-License-Identifier: GPL-2.0
// Clang does not turn a plugin's custom warnings into errors under -Werror;
// bdops does it itself (error=auto), and error=no keeps them warnings so a
// CONFIG_WERROR=y tree still builds.  The finding: an old-prototype ioctl
// bound in a block_device_operations initializer.
// REQUIRES: frontend-clang
// RUN: %clang -fplugin=%clang_plugin -fsyntax-only %s 2>&1 | FileCheck --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: not %clang -fplugin=%clang_plugin -Werror -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ERR --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: not %clang -fplugin=%clang_plugin -Werror -fsyntax-only %s 2>&1 | FileCheck --check-prefix=ERR --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-error=no -Werror -c %s -o %t.o 2>&1 | FileCheck --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: not %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-error=yes -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ERR --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: %clang -fplugin=%clang_plugin -Werror -Wno-error -c %s -o %t.o 2>&1 | FileCheck --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-disable=deprecated-ioctl -Werror -c %s -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=NONE --implicit-check-not=warning: --implicit-check-not=error: %s

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
// WARN: plugin-werror.c:[[@LINE-1]]:11: warning: block_device_operations member 'ioctl' is bound to 'drv_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
// WARN-NEXT: {{.*}}.ioctl = drv_ioctl,
// WARN-NEXT: ^
// WARN-NEXT: plugin-werror.c:[[@LINE-4]]:11: note: fix: int drv_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
// ERR: plugin-werror.c:[[@LINE-5]]:11: error: block_device_operations member 'ioctl' is bound to 'drv_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
// ERR: plugin-werror.c:[[@LINE-6]]:11: note: fix: int drv_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
};
// NONE-NOT: bdops
