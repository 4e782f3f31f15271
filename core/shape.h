/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shape.h - checks that a parsed JSON input has the shape bdops reads
 * (shape.c).  Each returns 0, or -1 with err set to
 * "FILE:LINE:COL: PLACE: what was expected, what was found".
 */
#ifndef BDOPS_SHAPE_H
#define BDOPS_SHAPE_H

#include <stddef.h>

/* 2 added the whole-program graphs, mode stores and deferred pairs
 * (issue 15): a merge of format-1 facts would silently miss what only they
 * show, so those are refused, saying so. */
#define BD_FACTS_VERSION 2

/* A unit's facts JSON: a few KiB, a few MiB for the largest kernel
 * units.  A facts file, or a record's JSON once inflated, over this is
 * refused before it is read or inflated (docs/output.md "Limits"). */
#define BD_FACTS_MAX_BYTES (64ull << 20)

struct bd_json;
/* A facts file (docs/facts.md); a newer format version says so. */
int bd_shape_facts(const struct bd_json *j, const char *file, char *err, size_t errlen);
/* A baseline or report: an array of findings (or a facts file). */
int bd_shape_findings(const struct bd_json *j, const char *file, char *err, size_t errlen);
/* A compile_commands.json. */
int bd_shape_ccdb(const struct bd_json *j, const char *file, char *err, size_t errlen);

#endif
