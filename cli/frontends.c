// SPDX-License-Identifier: GPL-2.0
/*
 * frontends.c - the table of frontends (frontends.h).  Everything that
 * picks a frontend by name reads this table: "bdops check" (run.c), the
 * option parser (bdops.c), and, through "bdops list-frontends", the
 * testsuite's lanes (testsuite/lit.common.py) and scripts/test.sh.
 */
#include <string.h>
#include "frontends.h"

const struct bd_frontend bd_frontends[] = {
	{ "gcc", "GCC with its plugin (lib/bdops_gcc.so); BDOPS_GCC names the gcc",
	  BD_FE_PLUGIN, "gcc", "BDOPS_GCC", "bdops_gcc.so", BDOPS_GCC_PLUGIN_FROM_BIN,
	  "bdops_gcc", "-fplugin-arg-bdops_gcc-",
	  0, 0, "gcc;gcc-O2:--cflag -O2" },
	{ "clang", "clang-19 with its plugin (lib/bdops_clang.so); BDOPS_CLANG names the clang",
	  BD_FE_PLUGIN, "clang-19", "BDOPS_CLANG", "bdops_clang.so",
	  BDOPS_CLANG_PLUGIN_FROM_BIN, "bdops_clang.so", "-fplugin-arg-bdops_clang-",
	  0, 0, "clang" },
	{ "clang-tool", "bdops-clang-tool, the libTooling tool (FILE -- FLAGS)",
	  BD_FE_TOOL_FILE_FIRST, "bdops-clang-tool", NULL, NULL, NULL, NULL, "--",
	  1, 0, "clang-tool" },
	{ "sparse", "bdops-sparse, sparse with the checks (its command line)",
	  BD_FE_TOOL_FILE_LAST, "bdops-sparse", NULL, NULL, NULL, NULL, "-fbdops-",
	  0, 1, "sparse" },
	{ NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, NULL },
};

const struct bd_frontend *bd_frontend_find(const char *name)
{
	for (const struct bd_frontend *fe = bd_frontends; name && fe->name; fe++)
		if (!strcmp(fe->name, name))
			return fe;
	return NULL;
}

const char *bd_frontend_names(void)
{
	static char names[256];

	if (!names[0])
		for (const struct bd_frontend *fe = bd_frontends; fe->name; fe++) {
			if (fe != bd_frontends)
				strcat(names, ", ");
			strcat(names, fe->name);
		}
	return names;
}
