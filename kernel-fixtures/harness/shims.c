// SPDX-License-Identifier: GPL-2.0
/*
 * shims.c - the few kernel services the model needs that only libc can
 * provide: memory, printk, panic, the BKL (a counter that must balance),
 * capable() and user copies.  No kernel header is included here; the
 * prototypes match the fixture headers' declarations (size_t is unsigned
 * long, gfp_t unsigned int on x86_64).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shims.h"

#define GFP_ZERO 0x8000u

int shim_bkl_depth;
int shim_capable = 1;
int shim_verbose;

void *__kmalloc(unsigned long size, unsigned int flags);
void kfree(const void *p);
int printk(const char *fmt, ...);
void panic(const char *fmt, ...);
void lock_kernel(void);
void unlock_kernel(void);
int capable(int cap);
unsigned long copy_to_user(void *to, const void *from, unsigned long n);
unsigned long copy_from_user(void *to, const void *from, unsigned long n);
size_t strlcpy(char *dst, const char *src, size_t size);

void *__kmalloc(unsigned long size, unsigned int flags)
{
	void *p = malloc(size ? size : 1);

	if (p && (flags & GFP_ZERO))
		memset(p, 0, size);
	return p;
}

void kfree(const void *p)
{
	free((void *)p);
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (!shim_verbose)
		return 0;
	va_start(ap, fmt);
	n = vfprintf(stderr, fmt, ap);
	va_end(ap);
	return n;
}

void panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("kernel panic: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

void lock_kernel(void)
{
	shim_bkl_depth++;
}

void unlock_kernel(void)
{
	if (--shim_bkl_depth < 0)
		panic("unlock_kernel() without lock_kernel()");
}

int capable(int cap)
{
	(void)cap;
	return shim_capable;
}

unsigned long copy_to_user(void *to, const void *from, unsigned long n)
{
	if (!to)
		return n;
	memcpy(to, from, n);
	return 0;
}

unsigned long copy_from_user(void *to, const void *from, unsigned long n)
{
	if (!from)
		return n;
	memcpy(to, from, n);
	return 0;
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len >= size ? size - 1 : len;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}
