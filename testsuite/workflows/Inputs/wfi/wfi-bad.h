/* SPDX-License-Identifier: GPL-2.0 */
/* wfi.h - another directory's WFI_PUT_MODE: not the mode of wfi.c's get. */
#define WFI_PUT_MODE FMODE_READ
