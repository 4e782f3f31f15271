/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Module entry points.  module_init(fn) leaves a pointer to fn in a global
 * __initcall_fn (declared first, so sparse does not ask for 'static'): the
 * harness calls the reference drivers' init functions through it.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#define module_init(initfn)					\
	extern initcall_t __initcall_##initfn;			\
	initcall_t __initcall_##initfn = initfn

#define module_exit(exitfn)					\
	extern exitcall_t __exitcall_##exitfn;			\
	exitcall_t __exitcall_##exitfn = exitfn

#endif /* _LINUX_INIT_H */
