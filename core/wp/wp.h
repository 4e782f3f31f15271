/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wp.h - the whole program as put-mode sees it: per function, a graph of
 * the events that get, put or keep a block device across function and
 * unit boundaries, and what each function does to them (its summary).
 *
 * Inside a function put_mode.c pairs gets and puts of locals and struct
 * fields on the IR.  What crosses functions and units is here:
 *   - a bdev kept in a global variable (swsusp's hib_resume_bdev): got in
 *     one function, put in another, possibly of another unit;
 *   - wrappers: a function that puts (gets) a bdev with a mode taken from
 *     its parameter (swsusp_close(mode)), or one that gets and keeps one;
 *     each call is a put (get) with the call's arguments;
 *   - modes that depend on a global flag (snapshot_test), resolved where a
 *     caller sets or tests the flag before the call.
 *
 * The same graphs, built over 6.5's calls with holders for modes
 * (wp_prog.holder), carry put-holder across functions and units.
 *
 * A unit builds the graphs of its functions from the IR (build.c),
 * analyses them (flow.c) and writes them into its facts file (json.c);
 * "bdops merge" reads every unit's graphs and runs the same analysis over
 * the whole program, so a finding is the same whichever way it is found.
 *
 * A graph keeps only what matters across functions: gets and puts of
 * globals, parameters and locals, calls (with the modes and bdevs they
 * pass), stores of global flags and branches on them.  Only functions
 * with such an event or a call that passes a mode or a bdev ("anchored")
 * keep a graph; the others keep the flags they set.
 */
#ifndef BDOPS_WP_H
#define BDOPS_WP_H

#include "../internal.h"
#include "../engine/mode.h"

enum wp_obj_kind {
	WP_O_NONE,
	WP_O_GLOBAL,	/* a global variable: key (flags.h) */
	WP_O_PARAM,	/* the function's parameter n */
	WP_O_LOCAL,	/* the bdev node n produced (a get, a call) */
};

struct wp_obj {
	enum wp_obj_kind kind;
	int n;
	const char *key;
};

enum wp_kind {
	WP_GET,		/* a get: obj is where its bdev goes */
	WP_PUT,		/* a put of obj */
	WP_CALL,	/* a call: args, obj is where its result goes */
	WP_SET,		/* name = value (a global flag) */
	WP_TEST,	/* branch on flag name: succ[0] non-zero, succ[1] zero */
	WP_KINDS
};

/* A mode set as a graph keeps it: only as many members as it has (a
 * struct bd_mset is almost a kilobyte, and a whole program has millions
 * of call arguments). */
struct wp_mode {
	int n, unknown;
	struct bd_mexpr *v;
};

void wp_mode_set(struct wp_mode *m, const struct bd_mset *s);
void wp_mode_get(const struct wp_mode *m, struct bd_mset *s);
void wp_mode_free(struct wp_mode *m);

struct wp_arg {
	struct wp_obj obj;	/* a bdev passed */
	int has_mode;		/* an integer passed, as a mode */
	struct wp_mode mode;
};

#define WP_EXIT (-1)

struct wp_node {
	enum wp_kind kind;
	struct bd_loc at;
	const char *name;	/* GET/PUT: the API; CALL: callee; SET/TEST: flag */
	struct wp_obj obj;
	int has_mode;
	struct wp_mode mode;	/* GET, PUT; PARAM members are this function's */
	int exclusive;		/* GET/PUT exclusive by name (open_bdev_excl) */
	int ret;		/* GET/CALL: the function returns this bdev */
	int value;		/* SET: 0, 1 (non-zero) or -1 (not a constant) */
	int nargs;
	struct wp_arg *args;	/* CALL */
	int nsucc[2];
	int *succ[2];		/* node indices or WP_EXIT; TEST uses both */
};

/* A flag a function leaves set: value as in struct wp_node. */
struct wp_set {
	const char *flag;
	int value;
};

struct wp_sum;

struct wp_fn {
	const char *name, *unit;
	int is_static, nparams;
	int nnodes;
	struct wp_node *nodes;
	int nentry;
	int *entry;
	int nsets;		/* without a graph: the flags it may set */
	struct wp_set *sets;
	struct bd_event *opaque;	/* read back: identities of opaque values */
	/* analysis */
	struct wp_sum *sum;
	int state;		/* 0 new, 1 in progress, 2 done */
	int ncallers;
	int next;		/* hash chain */
};

/* How findings leave the analysis: bd_report() in a unit, the merge's
 * result in bdops merge. */
struct wp_out {
	void (*report)(struct wp_out *o, enum bd_severity sev, struct bd_loc at,
		       const char *function, const char *fix, int nnotes,
		       const struct bd_note *notes, const char *msg);
	int strict;
	int whole;		/* the whole program: every root is a root */
	int holder;		/* findings are put-holder's (set by wp_analyze) */
};

struct wp_prog {
	struct bd_unit *names;	/* interns every string of the program */
	int own_names;
	int holder;		/* 6.5's: values are holders, not modes */
	struct bd_event **named; /* holders: one event per named object */
	int nnamed, capnamed;
	struct wp_fn *fns;
	int nfns, cap_fns;
	int *hash;
	int hsize;
};

#define WP_OPAQUE 64		/* opaque values told apart per function */

void wp_prog_init(struct wp_prog *p, struct bd_unit *names);
/* The one event that stands for named object 'key' (op: BD_GLOBAL_ADDR,
 * BD_FUNC_ADDR or BD_GLOBAL_LOAD) in p's holders: equal holders are the
 * same event, in a unit and read back alike. */
struct bd_event *wp_named(struct wp_prog *p, int op, const char *key);
void wp_prog_free(struct wp_prog *p);
struct wp_fn *wp_add_fn(struct wp_prog *p);
void wp_index(struct wp_prog *p);
/* A function by name, as a call from 'unit' would reach it. */
struct wp_fn *wp_find(struct wp_prog *p, const char *name, const char *unit);

/* build.c: the unit's functions into p (strings interned in the unit);
 * p->holder: the calls of 6.5's era, with their holders. */
struct bd_ctx;
void wp_build(struct bd_ctx *c, struct wp_prog *p);

/* flow.c: summaries and findings. */
void wp_analyze(struct wp_prog *p, struct wp_out *out);

/* unit.c: the unit's graphs, analysed, kept in c->sum->wp until freed */
void wp_check_unit(struct bd_ctx *c);
struct bd_summary;
void wp_unit_free(struct bd_summary *s);

/* json.c */
struct bd_json_writer;
struct bd_json;
void wp_write(struct bd_json_writer *w, const struct wp_prog *p);
int wp_read(struct wp_prog *p, const struct bd_json *j, const char *unit,
	    char *err, size_t errlen);

#endif
