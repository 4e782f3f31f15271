/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_COMPAT_H
#define _LINUX_COMPAT_H

#include <linux/compiler.h>
#include <linux/types.h>

typedef u32		compat_uptr_t;
typedef u32		compat_ulong_t;

static inline void __user *compat_ptr(compat_uptr_t uptr)
{
	return (void __user *)(unsigned long)uptr;
}

#endif /* _LINUX_COMPAT_H */
