/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bdops/ir.h - the shared representation every frontend lowers into.
 *
 * A translation unit (struct bd_unit) holds function declarations, function
 * bodies and ops-table bindings.  A body is a control-flow graph of blocks;
 * a block is a list of events over value ids followed by a terminator.
 *
 * Values: each event that produces a value defines a fresh id (bd_val, 1..n,
 * 0 means "no value").  In SSA form (GCC) a value is defined once and merged
 * with BD_PHI; in AST form (Clang, sparse) every expression evaluation is a
 * new value and source variables are "slots" read and written with
 * BD_SLOT_LOAD / BD_SLOT_STORE.  The engine accepts both, even mixed in one
 * function (GCC keeps address-taken locals in memory).
 *
 * Types are canonical strings built with bd_type_*() helpers (see below), so
 * that all frontends spell "struct file *" the same way.
 *
 * Locations: the line of the operator token ('=' of an assignment, '&' of a
 * bit test, the callee name of a call).  Columns are 1-based and may differ
 * between frontends; file, line, function and check must not.
 *
 * Ownership: every string passed in is copied (interned) by the unit.
 * See docs/design.md for the full contract with examples.
 */
#ifndef BDOPS_IR_H
#define BDOPS_IR_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned int bd_val;	/* 0 = none */

struct bd_loc {
	const char *file;	/* interned; path as the compiler saw it */
	int line;		/* 1-based; 0 = unknown */
	int col;		/* 1-based; 0 = unknown */
};

enum bd_op {
	/* --- value producers (dst != 0) --- */
	BD_CONST,	/* dst = imm (integer constant, already folded; NULL is 0) */
	BD_PARAM,	/* dst = parameter number imm (0-based) */
	BD_UNKNOWN,	/* dst = something not modelled (float, asm, ...) */
	BD_COPY,	/* dst = a; casts, conversions, SSA copies */
	BD_BINOP,	/* dst = a <sub> b; see enum bd_binop */
	BD_UNOP,	/* dst = <sub> a; see enum bd_unop */
	BD_PHI,		/* dst = phi(args[i] from block preds[i]); block start only */
	BD_FUNC_ADDR,	/* dst = &function 'name' (also a reference to it) */
	BD_SLOT_ADDR,	/* dst = &local slot imm */
	BD_GLOBAL_ADDR,	/* dst = &global variable 'name' */
	BD_SLOT_LOAD,	/* dst = local slot imm */
	BD_GLOBAL_LOAD,	/* dst = global variable 'name' */
	BD_FIELD_LOAD,	/* dst = a->field; 'tag' = struct tag of *a, 'name' = field */
	BD_FIELD_ADDR,	/* dst = &a->field; tag, name as above */
	BD_DEREF_LOAD,	/* dst = *a; 'tag' = struct tag if *a is a struct */
	BD_CALL,	/* dst = name(args...) or (*a)(args...) when name == NULL;
			 * dst may be 0 for a void call */
	/* --- side effects (dst == 0) --- */
	BD_SLOT_STORE,	/* local slot imm = b */
	BD_GLOBAL_STORE,/* global 'name' = b */
	BD_FIELD_STORE,	/* a->field = b; tag, name as for FIELD_LOAD; 'sub' is
			 * BD_STORE_PLAIN or BD_STORE_COMPOUND (+=, |=, ++) */
	BD_DEREF_STORE,	/* *a = b; 'tag' = struct tag if *a is a struct
			 * (whole-object assignment) */
	BD_OP_COUNT
};

enum bd_binop {
	BD_ADD, BD_SUB, BD_MUL, BD_DIV, BD_MOD,
	BD_AND, BD_OR, BD_XOR, BD_SHL, BD_SHR,
	BD_EQ, BD_NE, BD_LT, BD_LE, BD_GT, BD_GE,
	BD_LAND, BD_LOR,	/* only when a frontend keeps && || as values */
	BD_BINOP_COUNT
};

enum bd_unop {
	BD_NOT,		/* logical ! */
	BD_BITNOT,	/* ~ */
	BD_NEG,		/* unary - */
	BD_UNOP_COUNT
};

enum bd_store_kind { BD_STORE_PLAIN = 0, BD_STORE_COMPOUND = 1 };

struct bd_event {
	enum bd_op op;
	int sub;		/* enum bd_binop / bd_unop / bd_store_kind */
	bd_val dst;
	bd_val a, b;		/* operands; meaning per op */
	int64_t imm;		/* CONST value, PARAM index, slot number */
	const char *name;	/* field, global or callee name (interned) */
	const char *tag;	/* struct tag for field/deref ops ("file") */
	const char *type;	/* canonical type of dst (interned), may be NULL */
	int nargs;		/* CALL arguments / PHI inputs */
	bd_val *args;
	int *preds;		/* PHI: predecessor block index of args[i] */
	struct bd_loc loc;
};

enum bd_term {
	BD_T_NONE,	/* not yet set: treated as BD_T_RETURN without value */
	BD_T_GOTO,	/* succ[0] */
	BD_T_BRANCH,	/* if (cond != 0) succ[0] else succ[1] */
	BD_T_SWITCH,	/* cond compared against case values: succ[i] for
			 * cases[i]; succ[ncases] is default */
	BD_T_RETURN,	/* return cond (0 = void) */
	BD_T_UNREACHABLE
};

struct bd_block {
	int id;			/* index in func->blocks */
	int nevents, cap_events;
	struct bd_event *events;
	enum bd_term term;
	bd_val cond;
	int nsucc;
	int *succ;
	int64_t *cases;		/* SWITCH: nsucc - 1 case values */
	struct bd_loc term_loc;
};

struct bd_decl {
	const char *name;
	int is_static;
	int has_body;		/* a body was added to this unit */
	const char *ret_type;	/* canonical */
	int nparams;
	const char **param_types; /* canonical */
	const char **param_names; /* may hold NULL entries */
	struct bd_loc loc;
};

struct bd_func {
	struct bd_unit *unit;
	struct bd_decl *decl;
	struct bd_loc loc;	/* of the function name in its definition */
	int nblocks, cap_blocks;
	struct bd_block **blocks; /* blocks[0] is the entry */
	int nslots;
	const char **slot_names; /* for messages; may be NULL entries */
	const char **slot_types;
	bd_val next_val;	/* next value id to hand out */
	const char **val_types;	/* canonical type of each value, or NULL */
	int cap_vals;
};

/* An ops-table binding: 'member' of a struct 'tag' object is 'func'. */
struct bd_binding {
	const char *tag;	/* "block_device_operations" (all are recorded) */
	const char *object;	/* variable name, or NULL for runtime stores */
	const char *member;	/* "open", "ioctl", ... */
	const char *func;	/* bound function name */
	struct bd_loc loc;	/* of the bound value */
	int exact;		/* loc is the value's own location; 0 makes the
				 * core look the member up in the source text */
};

struct bd_unit;

/* ---- building a unit (frontends call these) ---- */
struct bd_unit *bd_unit_new(const char *main_file);
void bd_unit_free(struct bd_unit *u);
const char *bd_intern(struct bd_unit *u, const char *s);
struct bd_loc bd_loc_make(struct bd_unit *u, const char *file, int line, int col);
/* A flag macro (O_NDELAY, FMODE_*, BLK_OPEN_*) as the unit's headers define
 * it.  The names to read are bd_macro_names(): one NULL-terminated list in
 * the core that every frontend iterates. */
void bd_unit_set_macro(struct bd_unit *u, const char *name, int64_t value);
const char *const *bd_macro_names(void);
/* The value the core assumes when the unit does not define 'name'. */
int64_t bd_macro_default(const char *name);

/*
 * Reading the flag macros: the frontend only spells them, the core
 * evaluates them (core/macro_eval.c), as C evaluates an integer constant
 * expression: literals of every base and suffix, unary and binary
 * operators with C's precedence, ?:, parentheses, casts and other
 * object-like macros.
 *
 * The frontend's lookup fills *def with an object-like macro's
 * replacement list as written, tokens separated by blanks ("( 0x0004 |
 * O_NONBLOCK )"; def->body may point into a buffer the next call reuses)
 * and where it is defined, and says what 'name' is.
 */
enum bd_macro_kind { BD_MACRO_NONE, BD_MACRO_OBJECT, BD_MACRO_FUNCTION };
struct bd_macro_def {
	const char *body;
	struct bd_loc loc;	/* of the definition; file NULL if unknown */
};
typedef enum bd_macro_kind (*bd_macro_lookup_fn)(void *ctx, const char *name,
						 struct bd_macro_def *def);
/* Evaluate macro 'name': 0 and *out, or -1 with why saying what could not
 * be evaluated ("'O_FOO' is not a macro"). */
int bd_macro_eval(const char *name, bd_macro_lookup_fn lookup, void *ctx,
		  int64_t *out, char *why, size_t whylen);
/* Read one flag macro into the unit: 1 set, 0 not defined (the default
 * holds), -1 defined but not evaluable - the default holds and the report
 * says so in a note at the definition naming the macro. */
int bd_unit_read_macro(struct bd_unit *u, const char *name, bd_macro_lookup_fn lookup,
		       void *ctx);
/* bd_unit_read_macro() for every name of bd_macro_names(). */
void bd_unit_read_macros(struct bd_unit *u, bd_macro_lookup_fn lookup, void *ctx);
/* Record that 'name' is defined (at loc, as body) but cannot be evaluated
 * (why); a later bd_unit_set_macro() replaces it. */
void bd_unit_macro_unknown(struct bd_unit *u, const char *name, struct bd_loc loc,
			   const char *body, const char *why);
/* The frontend could not lower all of the unit (the compiler rejected it,
 * a function could not be lowered, sparse reported an error in code that
 * is lowered).  The first reason is kept; the unit's result then fails
 * (bd_result_failure) and its facts say so.  docs/output.md, "Units not
 * fully analysed". */
void bd_unit_incomplete(struct bd_unit *u, const char *reason);
/* Global variable 'name' (read, written or addressed by GLOBAL_* events)
 * has internal linkage: a file-scope or function-local static.  Frontends
 * say so once per reference or once per unit; the whole-program checks
 * then never take it for another unit's variable of the same name. */
void bd_unit_static_global(struct bd_unit *u, const char *name);
int bd_unit_is_static_global(const struct bd_unit *u, const char *name);
/* Mark in dst every global src marks static (a frontend that lowers each
 * function into a unit of its own, then copies it). */
void bd_unit_copy_statics(struct bd_unit *dst, const struct bd_unit *src);

/* Declare (or look up) a function; later calls update types if given. */
struct bd_decl *bd_declare(struct bd_unit *u, const char *name, int is_static,
			   const char *ret_type, int nparams,
			   const char *const *param_types,
			   const char *const *param_names, struct bd_loc loc);
struct bd_decl *bd_find_decl(struct bd_unit *u, const char *name);

/* Start a body for an already declared function.  Returns the function with
 * one empty entry block (index 0). */
struct bd_func *bd_func_begin(struct bd_unit *u, struct bd_decl *d, struct bd_loc loc);
int bd_block_new(struct bd_func *f);		/* returns block index */
int bd_slot_new(struct bd_func *f, const char *name, const char *type);
bd_val bd_val_new(struct bd_func *f, const char *type);

/* Append an event to block 'b'.  The event is copied; strings and arrays are
 * interned/copied.  If ev->dst is 0 and the op produces a value, a new value
 * is allocated with ev->type.  Returns the dst value (or 0). */
bd_val bd_emit(struct bd_func *f, int b, const struct bd_event *ev);

/* Convenience emitters (all return dst or 0). */
bd_val bd_const(struct bd_func *f, int b, int64_t k, struct bd_loc loc);
bd_val bd_param(struct bd_func *f, int b, int idx, const char *type, struct bd_loc loc);
bd_val bd_copy(struct bd_func *f, int b, bd_val a, const char *type, struct bd_loc loc);
bd_val bd_binop(struct bd_func *f, int b, enum bd_binop op, bd_val x, bd_val y,
		const char *type, struct bd_loc loc);
bd_val bd_unop(struct bd_func *f, int b, enum bd_unop op, bd_val x,
	       const char *type, struct bd_loc loc);
bd_val bd_unknown(struct bd_func *f, int b, const char *type, struct bd_loc loc);
bd_val bd_field_load(struct bd_func *f, int b, bd_val base, const char *tag,
		     const char *field, const char *type, struct bd_loc loc);
bd_val bd_field_addr(struct bd_func *f, int b, bd_val base, const char *tag,
		     const char *field, const char *type, struct bd_loc loc);
void bd_field_store(struct bd_func *f, int b, bd_val base, const char *tag,
		    const char *field, bd_val v, int compound, struct bd_loc loc);
bd_val bd_slot_load(struct bd_func *f, int b, int slot, struct bd_loc loc);
void bd_slot_store(struct bd_func *f, int b, int slot, bd_val v, struct bd_loc loc);
bd_val bd_slot_addr(struct bd_func *f, int b, int slot, const char *type, struct bd_loc loc);
bd_val bd_global_load(struct bd_func *f, int b, const char *name, const char *type,
		      struct bd_loc loc);
void bd_global_store(struct bd_func *f, int b, const char *name, bd_val v, struct bd_loc loc);
bd_val bd_global_addr(struct bd_func *f, int b, const char *name, const char *type,
		      struct bd_loc loc);
bd_val bd_deref_load(struct bd_func *f, int b, bd_val p, const char *tag,
		     const char *type, struct bd_loc loc);
void bd_deref_store(struct bd_func *f, int b, bd_val p, const char *tag, bd_val v,
		    struct bd_loc loc);
bd_val bd_func_addr(struct bd_func *f, int b, const char *name, const char *type,
		    struct bd_loc loc);
/* want_value: allocate a result value (non-void callee). */
bd_val bd_call(struct bd_func *f, int b, const char *callee, bd_val fnptr,
	       int nargs, const bd_val *args, const char *type, int want_value,
	       struct bd_loc loc);
/* PHI: call at the start of block b, before any other event. */
bd_val bd_phi(struct bd_func *f, int b, int n, const bd_val *vals, const int *preds,
	      const char *type, struct bd_loc loc);

/* Terminators. */
void bd_goto(struct bd_func *f, int b, int to);
void bd_branch(struct bd_func *f, int b, bd_val cond, int t, int e, struct bd_loc loc);
void bd_switch(struct bd_func *f, int b, bd_val cond, int ncases, const int64_t *cases,
	       const int *targets, int dflt, struct bd_loc loc);
void bd_return(struct bd_func *f, int b, bd_val v, struct bd_loc loc);
void bd_unreachable(struct bd_func *f, int b);
void bd_func_end(struct bd_func *f);

/* Ops-table bindings (static initializers; runtime stores of a function
 * address into a struct field are ordinary FIELD_STOREs of a FUNC_ADDR). */
void bd_bind(struct bd_unit *u, const char *tag, const char *object,
	     const char *member, const char *func, struct bd_loc loc, int exact);
/* A reference to a function from a global initializer that is not an ops
 * table (keeps static functions "used", see docs/design.md). */
void bd_reference(struct bd_unit *u, const char *func);

/* ---- canonical type spellings ---- */
/* "struct file *", "struct inode *", "unsigned int", "long", "void", ... :
 * integer types by their C name after typedef resolution ("fmode_t" is
 * "unsigned int"), "struct TAG" / "union TAG" for records, one " *" per
 * pointer level ("void *", "struct file **"), "fnptr" for function pointers,
 * "other" for anything else. */
const char *bd_type_ptr(struct bd_unit *u, const char *pointee);	/* pointee + " *" */
const char *bd_type_record(struct bd_unit *u, int is_union, const char *tag);

/* ---- reading a unit (the core and dump use these) ---- */
int bd_unit_nfuncs(const struct bd_unit *u);
struct bd_func *bd_unit_func(const struct bd_unit *u, int i);
int bd_unit_ndecls(const struct bd_unit *u);
struct bd_decl *bd_unit_decl(const struct bd_unit *u, int i);
int bd_unit_nbindings(const struct bd_unit *u);
const struct bd_binding *bd_unit_binding(const struct bd_unit *u, int i);
int bd_unit_is_referenced(const struct bd_unit *u, const char *func);
int64_t bd_unit_macro(const struct bd_unit *u, const char *name, int64_t dflt);
const char *bd_unit_main_file(const struct bd_unit *u);
/* The directory a relative main file is relative to: the compile's working
 * directory as the preprocessor recorded it (gcc -E's "# 1 "/dir//""
 * line, which distcc and icecream carry to the remote compiler), when it
 * differs from the process's own.  NULL: the current directory. */
void bd_unit_set_dir(struct bd_unit *u, const char *dir);
const char *bd_unit_dir(const struct bd_unit *u);
/* The file the compiler was given when it is not the unit's main file:
 * preprocessed input (floppy.i) is the unit its first line marker names
 * (drivers/block/floppy.c), as GCC takes it, but the .i is what exists
 * here, and what "bdops check floppy.i" looks for in the facts ("input").
 * bd_unit_input() is the main file when none was set. */
void bd_unit_set_input(struct bd_unit *u, const char *input);
const char *bd_unit_input(const struct bd_unit *u);
const char *bd_unit_incomplete_reason(const struct bd_unit *u);	/* or NULL */

/* Check the IR's invariants (core/verify.c): every value used is defined
 * once in its function, PHIs start their block and name real
 * predecessors, slots and parameters exist, terminators have the
 * successors their kind needs, field and global accesses are named.
 * 0, or -1 with err naming the function, block, event and what is wrong.
 * bd_analyze() runs it under dump-ir (an internal error when it fails). */
int bd_unit_verify(const struct bd_unit *u, char *err, size_t len);

/* Text dump of the whole unit (stable, for tests and debugging). */
void bd_unit_dump(const struct bd_unit *u, FILE *out);
const char *bd_op_name(enum bd_op op);

#ifdef __cplusplus
}
#endif
#endif
