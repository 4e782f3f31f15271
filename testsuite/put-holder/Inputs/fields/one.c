// SPDX-License-Identifier: GPL-2.0
/* open.c and close.c as one unit: put-holder judges them inside it. */
#include "open.c"
#include "close.c"
