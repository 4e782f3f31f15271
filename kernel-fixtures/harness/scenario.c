// SPDX-License-Identifier: GPL-2.0
/*
 * scenario.c - the harnesses' scenario runner (scenario.h).
 */
#include "scenario.h"

const char *scenario_name;
int scenario_failures;
static int passed, failed;

void scenario_run(const char *name, void (*fn)(void), void (*after)(void))
{
	scenario_name = name;
	scenario_failures = 0;
	fn();
	if (after)
		after();
	if (scenario_failures) {
		failed++;
	} else {
		passed++;
		printf("PASS: %s\n", name);
	}
}

int scenario_summary(void)
{
	if (failed) {
		printf("%d scenarios passed, %d failed\n", passed, failed);
		return 1;
	}
	printf("%d scenarios passed\n", passed);
	return 0;
}
