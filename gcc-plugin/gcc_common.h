// SPDX-License-Identifier: GPL-2.0
/*
 * gcc_common.h - the GCC headers the bdops plugin needs, in the order GCC
 * wants them, plus what bdops_gcc.cc and gcc_lower.cc share.  GCC version
 * churn is absorbed here (as in the kernel's scripts/gcc-plugins/gcc-common.h);
 * the plugin is written against GCC 12.
 */
#ifndef BDOPS_GCC_COMMON_H
#define BDOPS_GCC_COMMON_H

#define INCLUDE_STRING
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "gimple-iterator.h"
#include "gimple-ssa.h"
#include "tree-phinodes.h"
#include "ssa.h"
#include "tree-ssanames.h"
#include "tree-cfg.h"
#include "stringpool.h"
#include "cgraph.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "cpplib.h"
#include "tree-dfa.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "input.h"
#include "toplev.h"
#include "output.h"
#include "opts.h"
#include "fold-const.h"

#if BUILDING_GCC_VERSION < 12000 && !defined(BDOPS_ALLOW_OLD_GCC)
#error "bdops_gcc is written against the GCC 12 plugin API"
#endif

#include "bdops/bdops.h"

/* gcc_lower.cc: the unit being built, created lazily for the main file. */
struct bd_unit *bdops_gcc_unit(void);

/* Canonical type spelling ("struct file *", "unsigned int", ...). */
const char *bdops_gcc_type(struct bd_unit *u, tree type);
const char *bdops_gcc_ptr_type(tree type);

/* The tag of a record or union type ("file", "<anon>"). */
const char *bdops_gcc_tag(tree rec);

/* expand_location() as a bd_loc. */
struct bd_loc bdops_gcc_loc(struct bd_unit *u, location_t loc);

/* Declare a function (body or not) with its prototype. */
void bdops_gcc_declare(struct bd_unit *u, tree fndecl);

/* Lower cfun (in SSA form) into the unit. */
void bdops_gcc_lower_function(struct bd_unit *u, function *fn);

/* gcc_cfg.cc: normalise f's CFG (forwarders, merges, block order). */
void bdops_gcc_canonicalise(struct bd_func *f);

/* Copy the lowered functions into the unit, sorted by definition. */
void bdops_gcc_flush_functions(struct bd_unit *u);

/* Walk a variable's static initializer for ops-table bindings. */
void bdops_gcc_scan_initializer(struct bd_unit *u, tree var);

/* Record the unit's flag macros, bd_macro_names() (C only). */
void bdops_gcc_record_macros(struct bd_unit *u);

#endif
