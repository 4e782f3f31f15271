// SPDX-License-Identifier: GPL-2.0
/*
 * facts.c - fuzz target: the facts readers on any bytes - the JSON reader
 * (core/json.c: duplicate keys, NULs, limits), the shape check of a facts
 * file (core/shape.c), the whole-program graphs of a unit that passes it
 * (core/wp/json.c, through a merge of that one unit), and the same bytes
 * as the records of a .bdops.facts section (core/facts_section.c: headers,
 * inflation).  Anything but an error message is a failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "json.h"
#include "shape.h"

/* One unit's facts: parsed, checked, merged alone. */
static int one_unit(const char *text, size_t len, const char *version, void *ctx)
{
	struct bd_facts_set s = { 0 };
	struct bd_options o;
	struct bd_result *r;
	struct bd_json *j;
	char err[1024];

	(void)version;
	(void)ctx;
	j = bd_json_parse(text, len, err, sizeof(err));
	if (!j)
		return 0;
	if (bd_facts_set_add(&s, j, "fuzz.json", 0, err, sizeof(err))) {
		bd_facts_set_free(&s);
		return 0;
	}
	bd_facts_set_finish(&s);
	bd_options_init(&o);
	r = bd_result_new();
	for (int i = 0; i < s.n; i++)
		bd_facts_add(r, s.v[i].j, &o, err, sizeof(err));
	bd_merge_units(r, &s, &o, err, sizeof(err));
	bd_result_free(r);
	bd_facts_set_free(&s);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[1024];

	one_unit((const char *)data, size, "", NULL);
	bd_facts_section_parse((const char *)data, size, one_unit, NULL, err, sizeof(err));
	return 0;
}
