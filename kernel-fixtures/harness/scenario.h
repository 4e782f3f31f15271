/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scenario.h - the harnesses' scenario runner: EXPECT() records a failed
 * condition of the running scenario, scenario_run() prints "PASS: NAME"
 * or the failures, scenario_summary() the "N scenarios passed[, M
 * failed]" line and the exit status.
 */
#ifndef BDOPS_FIXTURES_SCENARIO_H
#define BDOPS_FIXTURES_SCENARIO_H

#include <stdio.h>

extern const char *scenario_name;
extern int scenario_failures;

#define EXPECT(cond) do {						\
	if (!(cond)) {							\
		printf("FAIL: %s: %s (line %d)\n", scenario_name, #cond, __LINE__); \
		scenario_failures++;					\
	}								\
} while (0)

/* Run fn, then after (when not NULL) inside the same scenario. */
void scenario_run(const char *name, void (*fn)(void), void (*after)(void));
/* Print the summary line; the exit status of the harness. */
int scenario_summary(void);

#endif
