// SPDX-License-Identifier: GPL-2.0
// bdops-sparse runs on a file with nothing to say: no output, exit 0.
// REQUIRES: frontend-sparse
// RUN: %bdops_sparse %s 2>&1 | FileCheck --allow-empty --implicit-check-not={{.}} %s

static int add(int a, int b)
{
	return a + b;
}

int (*get_add(void))(int, int);
int (*get_add(void))(int, int)
{
	return add;
}
