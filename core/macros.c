// SPDX-License-Identifier: GPL-2.0
/*
 * macros.c - the one list of flag macros the frontends read from a unit's
 * headers (bd_unit_set_macro()), with the value the core assumes when a
 * unit does not define one: the x86/asm-generic O_* values, 2.6.28's
 * FMODE_* and 6.5's BLK_OPEN_* bits.  The GCC, Clang and sparse adapters
 * iterate bd_macro_names(); a new era's flags are added here only.
 */
#include <string.h>
#include "internal.h"

static const struct {
	const char *name;
	int64_t dflt;
} macros[] = {
	{ "O_NDELAY", 04000 },
	{ "O_NONBLOCK", 04000 },
	{ "FMODE_READ", 0x1 },
	{ "FMODE_WRITE", 0x2 },
	{ "FMODE_LSEEK", 0x4 },
	{ "FMODE_PREAD", 0x8 },
	{ "FMODE_PWRITE", 0x10 },
	{ "FMODE_EXEC", 0x20 },
	{ "FMODE_NDELAY", 0x40 },
	{ "FMODE_EXCL", 0x80 },
	{ "FMODE_WRITE_IOCTL", 0x100 },
	{ "BLK_OPEN_READ", 1 << 0 },
	{ "BLK_OPEN_WRITE", 1 << 1 },
	{ "BLK_OPEN_EXCL", 1 << 2 },
	{ "BLK_OPEN_NDELAY", 1 << 3 },
	{ "BLK_OPEN_WRITE_IOCTL", 1 << 4 },
	{ "BLK_OPEN_RESTRICT_WRITES", 1 << 5 },
	{ "BLK_OPEN_STRICT_SCAN", 1 << 6 },
};

#define NMACROS (sizeof(macros) / sizeof(macros[0]))

static const char *names[NMACROS + 1];

const char *const *bd_macro_names(void)
{
	if (!names[0])
		for (size_t i = 0; i < NMACROS; i++)
			names[i] = macros[i].name;
	return names;
}

int64_t bd_macro_default(const char *name)
{
	for (size_t i = 0; i < NMACROS; i++)
		if (!strcmp(macros[i].name, name))
			return macros[i].dflt;
	return 0;
}
