/* SPDX-License-Identifier: GPL-2.0 */
/* wfl-real.h - the mode wfl.c gets its device with: the right one to put. */
#define WFL_PUT_MODE (FMODE_READ | FMODE_WRITE)
