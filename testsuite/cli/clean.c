// A clean file through the real frontend: no findings, the functions are
// counted, status 0.
// RUN: sh %S/Inputs/exit-status.sh %check %s -- %kflags_fmode > %t.out 2>&1
// RUN: FileCheck %s --match-full-lines --implicit-check-not=warning: --implicit-check-not=error: < %t.out
// CHECK:      bdops: 0 findings (0 suppressed) in 2 functions
// CHECK-NEXT: exit status 0

static int helper(int x)
{
	return x + 1;
}

int entry(int x);

int entry(int x)
{
	return helper(x);
}
