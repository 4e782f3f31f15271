/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Error pointers, as include/linux/err.h: the top MAX_ERRNO values of the
 * address space encode -errno.  Static inline functions, not macros, so the
 * checkers see IS_ERR()/PTR_ERR()/ERR_PTR() calls.
 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/errno.h>

#define MAX_ERRNO	4095

#define IS_ERR_VALUE(x) unlikely((x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *) error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long) ptr;
}

static inline long IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

/* 2.6.25: an error pointer passed on as another pointer type */
static inline void *ERR_CAST(const void *ptr)
{
	return (void *) ptr;
}

#endif /* _LINUX_ERR_H */
