/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture header: the atomic bit operations of <asm/bitops.h>, the same
 * prototypes in every era (md keeps rdev->flags bits with them). */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H
void set_bit(int nr, volatile unsigned long *addr);
void clear_bit(int nr, volatile unsigned long *addr);
int test_bit(int nr, const volatile unsigned long *addr);
int test_and_set_bit(int nr, volatile unsigned long *addr);
int test_and_clear_bit(int nr, volatile unsigned long *addr);
#endif
