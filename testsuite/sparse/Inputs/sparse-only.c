// SPDX-License-Identifier: GPL-2.0
// Warnings only sparse gives - address spaces, constant truncation, lock
// context, casts under -v (the last three from sparse.c's own checks after
// linearizing) - next to a bdops finding (the ioctl() below), for
// same-as-sparse.test.  The inline helper warns in each copy sparse inlines;
// bdops-sparse evaluates one more copy to lower it, which must say nothing.
#define __user __attribute__((noderef, address_space(__user)))
struct lock { int x; };
void lock_it(struct lock *l) __attribute__((context(l, 0, 1)));
void *memcpy(void *d, const void *s, unsigned long n);
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);

static int peek(int __user *p)
{
	return *p;
}

static unsigned char narrow(void)
{
	return (unsigned char)0x1234;
}

static void take(struct lock *l, int a)
{
	if (a)
		lock_it(l);
}

/* sparse.c checks the byte count of these calls; 0.6.4 reads the wrong
 * argument and says nothing, and so must bdops-sparse. */
static char big[200000];
static void copy(void *d, const void __user *u)
{
	memcpy(d, big, sizeof(big));
	copy_from_user(d, u, 150000);
}

static inline int peek_inline(int __user *p)
{
	return *p + (unsigned char)0x4321;
}

static long trunc(long v)
{
	return (int)v;
}

struct inode;
struct file;
struct block_device_operations {
	int (*ioctl)(struct inode *, struct file *, unsigned int, unsigned long);
};

static int old_ioctl(struct inode *inode, struct file *filp, unsigned int cmd,
		     unsigned long arg)
{
	return inode && filp ? (int)(cmd + arg) : 0;
}

const struct block_device_operations old_fops = {
	.ioctl = old_ioctl,
};

void use(void *d, void __user *u, int *q);
void use(void *d, void __user *u, int *q)
{
	take(0, peek(u));
	copy(d, q);
	peek(q);
	trunc(narrow());
	peek_inline(u);
	peek_inline(u);
}
