/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture header, holder era (6.5): unchanged since the fmode_t era. */
#include "../../fmode/asm/atomic.h"
