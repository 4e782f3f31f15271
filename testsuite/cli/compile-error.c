// A file the compiler rejects: its error is shown and the status is 2,
// whatever bdops found elsewhere.
// REQUIRES: family-gcc || family-clang
// RUN: sh %S/Inputs/exit-status.sh %check %s -- %kflags_fmode 2>&1 | FileCheck %s
// CHECK: compile-error.c:[[@LINE+4]]:{{[0-9]+}}: error:
// CHECK: bdops: {{.*}}compile-error.c: the {{gcc|clang|clang-tool}} frontend failed
// CHECK: exit status 2

int broken(void) { return undeclared_identifier; }
