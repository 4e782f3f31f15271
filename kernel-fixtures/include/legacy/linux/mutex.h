/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_MUTEX_H
#define __LINUX_MUTEX_H

#include <linux/types.h>

struct mutex {
	int count;		/* 1: unlocked, 0: locked */
};

#define __MUTEX_INITIALIZER(lockname)	{ .count = 1 }
#define DEFINE_MUTEX(mutexname) \
	struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

static inline void mutex_init(struct mutex *lock)
{
	lock->count = 1;
}

static inline void mutex_lock(struct mutex *lock)
{
	lock->count--;
}

static inline void mutex_unlock(struct mutex *lock)
{
	lock->count++;
}

static inline void mutex_lock_nested(struct mutex *lock, unsigned int subclass)
{
	(void)subclass;
	lock->count--;
}

#endif /* __LINUX_MUTEX_H */
