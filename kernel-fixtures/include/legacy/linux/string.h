/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/types.h>

extern void *memcpy(void *, const void *, __kernel_size_t);
extern void *memset(void *, int, __kernel_size_t);
extern int memcmp(const void *, const void *, __kernel_size_t);
extern __kernel_size_t strlen(const char *);
extern int strcmp(const char *, const char *);
extern int strncmp(const char *, const char *, __kernel_size_t);
extern size_t strlcpy(char *, const char *, size_t);

#endif /* _LINUX_STRING_H */
