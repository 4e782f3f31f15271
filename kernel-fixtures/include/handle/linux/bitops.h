/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture header, handle era: unchanged since the fmode_t era. */
#include "../../fmode/linux/bitops.h"
