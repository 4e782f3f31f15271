// SPDX-License-Identifier: GPL-2.0
// sparse's own warnings come out unchanged next to ours, and still exit 0.
// REQUIRES: frontend-sparse
// RUN: %bdops_sparse -Wbitwise %s 2>&1 | FileCheck --implicit-check-not=warning: %s

typedef unsigned int __attribute__((bitwise)) fmode_t;

int not_static;
// CHECK: sparse-warnings.c:[[@LINE-1]]:5: warning: symbol 'not_static' was not declared. Should it be static?

static unsigned int strip(fmode_t mode)
{
	return (unsigned int)mode;
	// CHECK: sparse-warnings.c:[[@LINE-1]]:17: warning: cast from restricted fmode_t
}

unsigned int (*keep)(fmode_t) = strip;
// CHECK: sparse-warnings.c:[[@LINE-1]]:14: warning: symbol 'keep' was not declared. Should it be static?
