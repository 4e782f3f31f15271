/* SPDX-License-Identifier: GPL-2.0 */
/* wfl-real.h, changed: a WFL_PUT_MODE that is not the mode of wfl.c's get. */
#define WFL_PUT_MODE FMODE_READ
