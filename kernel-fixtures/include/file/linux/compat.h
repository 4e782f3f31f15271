/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture header (file era, 6.9 ..): unchanged since the fmode_t era. */
#include "../../fmode/linux/compat.h"
