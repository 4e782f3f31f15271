/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Spinlocks.  The model is single-threaded: a lock is a counter, so a
 * double acquire or a release of a free lock is still visible in a debugger.
 */
#ifndef __LINUX_SPINLOCK_H
#define __LINUX_SPINLOCK_H

#include <linux/types.h>

typedef struct {
	unsigned int slock;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(lockname)	{ .slock = 0 }
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

static inline void spin_lock_init(spinlock_t *lock)
{
	lock->slock = 0;
}

static inline void spin_lock(spinlock_t *lock)
{
	lock->slock++;
}

static inline void spin_unlock(spinlock_t *lock)
{
	lock->slock--;
}

static inline void spin_lock_irq(spinlock_t *lock)
{
	lock->slock++;
}

static inline void spin_unlock_irq(spinlock_t *lock)
{
	lock->slock--;
}

#define spin_lock_irqsave(lock, flags)	do { (flags) = 0; spin_lock(lock); } while (0)
#define spin_unlock_irqrestore(lock, flags) do { (void)(flags); spin_unlock(lock); } while (0)

#endif /* __LINUX_SPINLOCK_H */
