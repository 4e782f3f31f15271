/* SPDX-License-Identifier: GPL-2.0 */
/*
 * internal.h - what core/ files share and frontends never see.
 */
#ifndef BDOPS_INTERNAL_H
#define BDOPS_INTERNAL_H

#include <stddef.h>
#include "bdops/ir.h"
#include "bdops/bdops.h"

struct bd_macro {
	const char *name;
	int64_t value;
};

struct bd_unit {
	const char *main_file;
	const char **strs;		/* intern table, open addressing */
	unsigned nstrs, cap_strs;
	struct bd_func **funcs;
	int nfuncs, cap_funcs;
	struct bd_decl **decls;
	int ndecls, cap_decls;
	struct bd_binding *bindings;
	int nbindings, cap_bindings;
	const char **refs;		/* functions referenced from initializers */
	int nrefs, cap_refs;
	struct bd_macro *macros;
	int nmacros, cap_macros;
};

void *bd_xcalloc(size_t n, size_t size);
void *bd_xrealloc(void *p, size_t size);
char *bd_xstrdup(const char *s);

/* Grow array 'v' holding 'n' elements with capacity 'cap' by one slot. */
#define BD_GROW(v, n, cap)						\
	do {								\
		if ((n) >= (cap)) {					\
			(cap) = (cap) ? (cap) * 2 : 8;			\
			(v) = bd_xrealloc((v), (cap) * sizeof(*(v)));	\
		}							\
	} while (0)

/* ---- results (result.c) ---- */
struct bd_result {
	struct bd_finding *v;
	int n, cap;
	int nsuppressed;
	int nfuncs;			/* bodies analysed */
	char *internal;			/* first internal error, or NULL */
	char **pool;			/* strings owned by the result */
	int npool, cap_pool;
};
/* Copy a string into the result's pool. */
const char *bd_result_str(struct bd_result *r, const char *s);
void bd_result_set_internal(struct bd_result *r, const char *msg);

/* ---- suppression (suppress.c) ---- */
/* Mark findings suppressed by "bdops: ignore <check>" comments on their line
 * or the line above (reading the source files), and by the baseline file in
 * o->baseline.  Suppressed findings stay in r->v with f->suppressed set;
 * bd_result_count() skips them. */
void bd_apply_suppressions(struct bd_result *r, const struct bd_options *o);

/* ---- source text (source.c) ---- */
/* Line 'line' (1-based) of 'file' without its newline, or NULL.  Files are
 * cached for the life of the process. */
const char *bd_source_line(const char *file, int line);

#endif
