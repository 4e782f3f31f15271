// SPDX-License-Identifier: GPL-2.0
// Every function address in a static initializer: designated, positional,
// nested records, arrays of records, a static local; each binding names the
// record that declares the member and the line of the value.  Function
// addresses elsewhere (an array of handlers) are references only, so the
// static functions stay in the unit.
// The same input as testsuite/clang/ops-tables.c, with the same bindings;
// GCC keeps the value's location on the ADDR_EXPR, so every binding is
// exact (no "?" after the line).  A compound literal's members count too.
// REQUIRES: family-gcc
// RUN: gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-dump-ir=%t.ir -c %s -o %t.o
// RUN: FileCheck --implicit-check-not=bind %s < %t.ir

struct block_device;
typedef unsigned int fmode_t;

struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
	int (*ioctl)(struct block_device *, fmode_t, unsigned, unsigned long);
};

struct driver {
	const char *name;
	struct block_device_operations fops;
	struct block_device_operations alt[2];
};

static int a_open(struct block_device *b, fmode_t m) { return b && m; }
static int b_ioctl(struct block_device *b, fmode_t m, unsigned c, unsigned long a)
{
	return b && m && c && a;
}
static void handler(void) { }

static const struct block_device_operations positional = { a_open, b_ioctl };

struct driver drv = {
	.name = "drv",
	.fops = {
		.open = a_open,
	},
	.alt = { [1] = { .ioctl = b_ioctl } },
};

void (*handlers[2])(void) = { handler, 0 };

const struct block_device_operations *lit = &(struct block_device_operations){
	.open = a_open,
};

const void *get(void)
{
	static const struct block_device_operations local = {
		.ioctl = b_ioctl,
	};
	return positional.open ? (const void *)&local : (const void *)&positional;
}

// CHECK: bind block_device_operations positional.open = a_open  @35
// CHECK-NEXT: bind block_device_operations positional.ioctl = b_ioctl  @35
// CHECK-NEXT: bind block_device_operations drv.open = a_open  @40
// CHECK-NEXT: bind block_device_operations drv.ioctl = b_ioctl  @42
// CHECK-NEXT: bind block_device_operations lit.open = a_open  @48
// CHECK-NEXT: bind block_device_operations local.ioctl = b_ioctl  @54
// CHECK: func static int a_open(struct block_device *, unsigned int)  @28
// CHECK: func static int b_ioctl(struct block_device *, unsigned int, unsigned int, unsigned long)  @29
// CHECK: func static void handler()  @33
// CHECK: func void * get()  @51
