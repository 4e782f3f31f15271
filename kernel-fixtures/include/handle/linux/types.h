/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixture header (handle era, 6.7 .. 6.8): the kernel's basic types, x86_64 sizes.
 * No libc: size_t and friends are defined the kernel way.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <linux/compiler.h>

#ifdef __CHECKER__
#define __bitwise__ __attribute__((bitwise))
#else
#define __bitwise__
#endif
#ifdef __CHECK_ENDIAN__
#define __bitwise __bitwise__
#else
#define __bitwise
#endif

typedef signed char		__s8;
typedef unsigned char		__u8;
typedef signed short		__s16;
typedef unsigned short		__u16;
typedef signed int		__s32;
typedef unsigned int		__u32;
typedef signed long long	__s64;
typedef unsigned long long	__u64;

typedef __s8	s8;
typedef __u8	u8;
typedef __s16	s16;
typedef __u16	u16;
typedef __s32	s32;
typedef __u32	u32;
typedef __s64	s64;
typedef __u64	u64;

typedef unsigned long		__kernel_size_t;
typedef long			__kernel_ssize_t;
typedef long long		__kernel_loff_t;
typedef unsigned int		__kernel_mode_t;
typedef __u32			__kernel_dev_t;
typedef unsigned int		__kernel_uid32_t;
typedef unsigned int		__kernel_gid32_t;

typedef __kernel_size_t		size_t;
typedef __kernel_ssize_t	ssize_t;
typedef __kernel_loff_t		loff_t;
typedef __kernel_mode_t		mode_t;
typedef __kernel_dev_t		dev_t;
typedef unsigned short		umode_t;
typedef __kernel_uid32_t	uid_t;
typedef __kernel_gid32_t	gid_t;
typedef unsigned long		sector_t;
typedef unsigned long		blkcnt_t;

typedef _Bool			bool;
enum {
	false	= 0,
	true	= 1
};

/* open modes of a struct file and of a block device reference (2.6.28) */
typedef unsigned __bitwise__	fmode_t;
typedef unsigned __bitwise__	gfp_t;
/* the mode a block device is opened with (6.5): BLK_OPEN_* bits */
typedef unsigned int __bitwise__	blk_mode_t;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long counter;
} atomic_long_t;

#endif /* _LINUX_TYPES_H */
