// SPDX-License-Identifier: GPL-2.0
// Which bodies the Clang frontend lowers: like GCC, only what the host
// compiler would emit - the externally visible definitions and the statics
// reachable from them or from a global initializer (a call, an address, an
// ops-table binding, a function-local static's initializer).  Unused static
// inline bodies from headers are skipped: lowering them was most of the
// plugin's cost on kernel units.
// REQUIRES: frontend-clang
// RUN: %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-dump-ir=%t.ir -fsyntax-only %s
// RUN: grep '^func' %t.ir | FileCheck --match-full-lines %s

struct block_device_operations {
	int (*open)(int);
};

static inline int only_from_unused(int x) { return x + 1; }
static inline int unused(int x) { return only_from_unused(x); }
static inline int helper(int x) { return x * 2; }
static inline int from_helper(int x) { return x - 1; }
static inline int twice(int x) { return helper(from_helper(x)); }
static int bound_open(int x) { return twice(x); }
static int local_bound(int x) { return x; }
static int addr_taken(int x) { return x; }
extern inline __attribute__((gnu_inline)) int inline_only(int x) { return x; }

static const struct block_device_operations fops = {
	.open = bound_open,
};

int visible(int x)
{
	static const struct block_device_operations lops = {
		.open = local_bound,
	};
	int (*p)(int) = addr_taken;

	return p(x) + lops.open(x) + inline_only(x);
}

// CHECK: func static int helper(int)  @18
// CHECK-NEXT: func static int from_helper(int)  @19
// CHECK-NEXT: func static int twice(int)  @20
// CHECK-NEXT: func static int bound_open(int)  @21
// CHECK-NEXT: func static int local_bound(int)  @22
// CHECK-NEXT: func static int addr_taken(int)  @23
// CHECK-NEXT: func int visible(int)  @30
// CHECK-NOT: func
