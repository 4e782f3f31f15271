/* Error pointers as a header may spell them: macros, not inline
 * functions (the kernel has both shapes over its history). */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/errno.h>

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x) unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)
#define ERR_PTR(e)	((void *)(long)(e))
#define PTR_ERR(p)	((long)(p))
#define IS_ERR(p)	IS_ERR_VALUE((unsigned long)(p))
#define IS_ERR_OR_NULL(p) (unlikely(!(p)) || IS_ERR_VALUE((unsigned long)(p)))
#define PTR_ERR_OR_ZERO(p) (IS_ERR(p) ? (int)PTR_ERR(p) : 0)

#endif
