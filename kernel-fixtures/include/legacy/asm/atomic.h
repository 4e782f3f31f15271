/* SPDX-License-Identifier: GPL-2.0 */
/* Atomic counters.  The model is single-threaded, so plain arithmetic. */
#ifndef _ASM_X86_ATOMIC_H
#define _ASM_X86_ATOMIC_H

#include <linux/types.h>

#define ATOMIC_INIT(i)	{ (i) }

static inline int atomic_read(const atomic_t *v)
{
	return v->counter;
}

static inline void atomic_set(atomic_t *v, int i)
{
	v->counter = i;
}

static inline void atomic_inc(atomic_t *v)
{
	v->counter++;
}

static inline void atomic_dec(atomic_t *v)
{
	v->counter--;
}

static inline int atomic_dec_and_test(atomic_t *v)
{
	return --v->counter == 0;
}

#endif /* _ASM_X86_ATOMIC_H */
