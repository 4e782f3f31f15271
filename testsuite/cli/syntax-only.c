// Under -fsyntax-only GCC runs no passes, so the plugin sees no body: the
// driver must say nothing was analysed and exit 2, never report "clean".
// REQUIRES: frontend-gcc
// RUN: sh %S/Inputs/exit-status.sh %check %s -- %kflags_fmode -fsyntax-only > %t.out 2>&1
// RUN: FileCheck %s --match-full-lines --implicit-check-not=warning: < %t.out
// CHECK:      bdops: nothing was analysed (no function bodies; was -fsyntax-only given?)
// CHECK-NEXT: exit status 2

int answer(void)
{
	return 42;
}
