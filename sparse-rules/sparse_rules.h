/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sparse_rules.h - what the files of bdops-sparse share.
 *
 *	types.c	canonical type strings, records and their members
 *	lower.c	function bodies: evaluated AST -> bdops IR
 *	ops.c	static initializers -> bindings and references
 *	bdops_sparse.c	main(), sparse.c's hooks, inline bodies, reporting
 */
#ifndef BDOPS_SPARSE_RULES_H
#define BDOPS_SPARSE_RULES_H

#include "lib.h"
#include "symbol.h"
#include "expression.h"
#include "parse.h"
#include "token.h"
#include "bdops/ir.h"

/* ---- types.c ---- */
/* Strip typedef nodes, __bitwise restrictions, bitfields and enums. */
struct symbol *sp_base(struct symbol *t);
/* The canonical bdops spelling of type 't' ("struct file *", "long"). */
const char *sp_type(struct bd_unit *u, struct symbol *t);
/* The type of &x for an object of type 't' (arrays: of their element). */
const char *sp_addr_type(struct bd_unit *u, struct symbol *t);
/* The struct/union 't' is or names, or NULL. */
struct symbol *sp_record(struct symbol *t);
/* The record a pointer type points to, or NULL. */
struct symbol *sp_pointee_record(struct symbol *t);
/* A record's tag as bdops spells it: "file", or "<anon>". */
const char *sp_tag(struct bd_unit *u, struct symbol *rec);
/* The record that declares 'member' inside 'rec' (itself or an anonymous
 * record nested in it); 'off' is the member's byte offset from the start
 * of 'rec', or -1 when unknown.  NULL if 'member' is not in 'rec'. */
struct symbol *sp_member_owner(struct symbol *rec, struct symbol *member, long off);
/* The function type of 'sym' if it names a function, else NULL. */
struct symbol *sp_fn_type(struct symbol *sym);
/* Identifier (interned in the unit: show_ident() reuses its buffers) or NULL */
const char *sp_name(struct bd_unit *u, struct symbol *sym);
struct bd_loc sp_loc(struct bd_unit *u, struct position pos);
/* The symbol that holds the body of function 'sym' (a declaration before
 * or after the body points to it), or 'sym'. */
struct symbol *sp_definition(struct symbol *sym);
/* Declare function 'sym' in the unit with its prototype, and have its
 * body lowered (sp_want_body()). */
struct bd_decl *sp_declare(struct bd_unit *u, struct symbol *sym);

/* ---- bdops_sparse.c ---- */
/* Lower the body of function 'def' (once) if it has one. */
void sp_want_body(struct symbol *def);

/* ---- errors.c ---- */
/* Start counting sparse's errors afresh; the text ("file:line:col: msg")
 * of the first error since, not at position 'decl' (if not NULL), or NULL
 * if there was none. */
void sp_errors_mark(void);
const char *sp_errors_since_mark(const struct position *decl);
/* A comparison sparse erred on but kept whole (both operands typed), not
 * counted as an error; how many the current file had; a new file. */
int sp_compare_kept_whole(const struct expression *e);
int sp_compares_kept(void);
void sp_compares_forget(void);

/* ---- markers.c ---- */
/* Where the line markers of a preprocessed file (# 123 "floppy.c") put
 * line 'line' of sparse's stream: *file and *line are updated when a
 * marker covers it (sparse itself ignores markers). */
void sp_marked_pos(int stream, const char **file, int *line);
/* The unit of input file 'path': the file a .i's first marker names. */
struct bd_unit *sp_new_unit(const char *path);

/* ---- lower.c ---- */
/* Lower one function definition into the unit. */
void sp_lower_function(struct bd_unit *u, struct symbol *sym);

/* ---- ops.c ---- */
/* Walk the initializer of variable 'var' (global or function-static):
 * bindings for members set to functions, references for the rest. */
void sp_scan_initializer(struct bd_unit *u, struct symbol *var);
/* The function an initializer value designates (through casts and &), or
 * NULL. */
struct symbol *sp_func_of(struct expression *e);

/* limits.c: bdops-sparse's own limits (docs/output.md "Limits"). */
#define SP_MAX_INCLUDE 200	/* #include levels, as gcc's */
#define SP_MAX_DEPTH 500	/* statement and expression levels lowered */
#define SP_TIMEOUT 300		/* s, -fbdops-timeout=N (0: none) */
/* Check the files in a child and wait for it at most timeout seconds (0:
 * no limit).  In the parent: the status to exit with, after report(file,
 * why) for the file a crashed or stopped child was checking; in the child
 * (or when no child could be made): -1, go on. */
int sp_limits_run(unsigned timeout, void (*report)(const char *file, const char *why));
/* The child starts checking file. */
void sp_limits_file(const char *file);

#endif
