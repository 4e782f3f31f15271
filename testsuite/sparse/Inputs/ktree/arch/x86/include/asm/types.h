/* SPDX-License-Identifier: GPL-2.0 */
typedef unsigned int __bitwise fmode_t;
#define FMODE_READ	((__force fmode_t)0x1)
#define FMODE_WRITE	((__force fmode_t)0x2)
#define FMODE_EXCL	((__force fmode_t)0x80)
