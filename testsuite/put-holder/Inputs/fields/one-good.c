// SPDX-License-Identifier: GPL-2.0
/* open.c and close-good.c as one unit. */
#include "open.c"
#include "close-good.c"
