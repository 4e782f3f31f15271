/* SPDX-License-Identifier: GPL-2.0 */
/* wfi.h - the mode wfi.c gets its device with: the right one to put. */
#define WFI_PUT_MODE (FMODE_READ | FMODE_WRITE)
