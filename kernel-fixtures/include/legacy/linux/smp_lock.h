/* SPDX-License-Identifier: GPL-2.0 */
/* The big kernel lock. */
#ifndef __LINUX_SMPLOCK_H
#define __LINUX_SMPLOCK_H

#include <linux/compiler.h>

extern void lock_kernel(void) __acquires(kernel_lock);
extern void unlock_kernel(void) __releases(kernel_lock);

#endif /* __LINUX_SMPLOCK_H */
