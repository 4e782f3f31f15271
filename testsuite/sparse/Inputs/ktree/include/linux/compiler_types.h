/* SPDX-License-Identifier: GPL-2.0 */
#ifdef __CHECKER__
# define __bitwise	__attribute__((bitwise))
# define __force	__attribute__((force))
#else
# define __bitwise
# define __force
#endif
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
