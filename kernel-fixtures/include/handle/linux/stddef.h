/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture header (handle era, 6.7 .. 6.8): unchanged since the fmode_t era. */
#include "../../fmode/linux/stddef.h"
