/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixture header (fmode_t era, 2.6.28-2.6.38): the compiler annotations a
 * block driver of that era sees.  sparse defines __CHECKER__ and gets the
 * address-space, force and context attributes; compilers see nothing.
 */
#ifndef __LINUX_COMPILER_H
#define __LINUX_COMPILER_H

#ifdef __CHECKER__
# define __user		__attribute__((noderef, address_space(1)))
# define __kernel	__attribute__((address_space(0)))
# define __force	__attribute__((force))
# define __nocast	__attribute__((nocast))
# define __acquires(x)	__attribute__((context(x, 0, 1)))
# define __releases(x)	__attribute__((context(x, 1, 0)))
# define __acquire(x)	__context__(x, 1)
# define __release(x)	__context__(x, -1)
#else
# define __user
# define __kernel
# define __force
# define __nocast
# define __acquires(x)
# define __releases(x)
# define __acquire(x)	(void)0
# define __release(x)	(void)0
#endif

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#define __always_unused	__attribute__((unused))
#define __maybe_unused	__attribute__((unused))
#define __used		__attribute__((__used__))
#define __must_check	__attribute__((warn_unused_result))
#define noinline	__attribute__((noinline))

/* The real ones place code in .init.text / .exit.text; a model has no use for that. */
#define __init
#define __exit
#define __devinit
#define __devexit

#endif /* __LINUX_COMPILER_H */
