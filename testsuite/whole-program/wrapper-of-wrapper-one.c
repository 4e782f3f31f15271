// wrapper-of-wrapper.test with the library and the driver in one unit:
// put_mode.c follows the wrappers inside it and must report exactly what
// the whole-program graphs report across two units (same CHECK lines).
// RUN: cd %S && not %check %s -- -std=gnu11 2>&1 \
// RUN:   | FileCheck %S/wrapper-of-wrapper.test --implicit-check-not=warning: --implicit-check-not=note:
#include "Inputs/wrappers/lib.c"
#include "Inputs/wrappers/drv.c"
