/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture header (file era, 6.9 and later): unchanged since the handle era. */
#include "../../handle/linux/err.h"
