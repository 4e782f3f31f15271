/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_UACCESS_H
#define _ASM_X86_UACCESS_H

#include <linux/compiler.h>
#include <linux/errno.h>

/* Both return the number of bytes that could not be copied. */
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);

#define put_user(x, ptr) ({						\
	__typeof__(*(ptr)) __pu_val = (x);				\
	copy_to_user((ptr), &__pu_val, sizeof(*(ptr))) ? -EFAULT : 0; })

#define get_user(x, ptr) ({						\
	__typeof__(*(ptr)) __gu_val;					\
	int __gu_err = copy_from_user(&__gu_val, (ptr), sizeof(*(ptr))) ? -EFAULT : 0; \
	(x) = __gu_val;							\
	__gu_err; })

#endif /* _ASM_X86_UACCESS_H */
