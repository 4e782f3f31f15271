/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine.h - what the engine knows about a unit, shared by the checks.
 *
 * The engine answers three kinds of questions a check asks:
 *  - context: is this function a block method, which roles reach it, and
 *    from which method (roles.c);
 *  - provenance: where can this value come from, through copies, casts,
 *    PHIs and local variables (value.c), and what mode expression it is
 *    (mode.c);
 *  - paths: on which paths is a block device failed, put, or put twice
 *    (bdev.c).
 */
#ifndef BDOPS_ENGINE_H
#define BDOPS_ENGINE_H

#include "../internal.h"
#include "../summary.h"

/* Roles: one bit per block_device_operations member a function is reached
 * from.  ROLE_OTHER covers members without a bit of their own. */
enum bd_role {
	ROLE_OPEN = 1 << 0,
	ROLE_RELEASE = 1 << 1,
	ROLE_IOCTL = 1 << 2,
	ROLE_COMPAT_IOCTL = 1 << 3,
	ROLE_LOCKED_IOCTL = 1 << 4,
	ROLE_UNLOCKED_IOCTL = 1 << 5,
	ROLE_MEDIA_CHANGED = 1 << 6,
	ROLE_REVALIDATE = 1 << 7,
	ROLE_GETGEO = 1 << 8,
	ROLE_OTHER = 1 << 9,
};

struct bd_ctx;

/* Per-function facts computed once. */
struct bd_fn {
	struct bd_func *f;
	struct bd_ctx *ctx;
	int kept;		/* the host compiler would emit it */
	unsigned roles;
	int is_method;		/* bound directly in a block_device_operations */
	const char *method;	/* first method (by name) reaching it */
	const char *member;	/* member it is bound to, if is_method */
	/* value id -> defining event and its block */
	struct bd_event **def;
	int *def_block;
	/* CFG */
	int *npreds;
	int **preds;
	int *idom;		/* -1 for the entry and unreachable blocks */
	int *rpo;		/* blocks in reverse post-order */
	int nrpo;
	int *dom_pre, *dom_post; /* dominator tree DFS interval; -1 unreachable */
	int *byaddr;		/* blocks with events, by events address */
	int nbyaddr;
	/* reach.c: slot stores numbered 0..nstores-1 in block order; the
	 * reaching store or phi of each load, by event number */
	int nstores;
	struct bd_event **stores;
	int *store_block;
	int *evbase;		/* number of block b's first event */
	int *load_def;		/* -1: none, < nstores: store, else phi */
	int nphis;
	int **phi_set;		/* stores of each phi, sorted, at most
				 * BD_MAXROOTS + 1 */
	int *phi_n;
	/* memo for value.c */
	void *memo;
	/* mode.c: bd_mode_eval()'s answer per value, or NULL */
	struct bd_mset **modes;
};

/* A struct field a bdev or a mode was stored in, unit-wide. */
struct bd_fieldfact {
	const char *tag;
	const char *field;
	struct bd_fn *fn;	/* function of the store */
	struct bd_event *store;
	struct bd_event *get;	/* the get whose bdev was stored, or NULL */
	struct bd_fn *get_fn;
	const char *mode_field;	/* field of the same object the get's mode
				 * was stored in, or NULL */
};

struct bd_ctx {
	struct bd_unit *u;
	struct bd_result *r;
	const struct bd_options *o;
	int nfns;
	struct bd_fn *fns;
	struct bd_fieldfact *ff;
	int nff, cap_ff;
	int64_t o_ndelay, o_nonblock;
	struct bd_summary *sum;		/* cross-TU facts being recorded */
	int *hash;			/* function by interned name */
	int hsize;
	struct bd_bapi *bapi;		/* bdev_api.c, computed when asked */
	struct bd_flife_unit *flife;	/* fieldlife.c, computed when asked */
	int *seen;			/* r's findings by place and text */
	int nseen, seen_size;		/* how many of them are in seen */
};

/* func.c */
void bd_fn_init(struct bd_ctx *c, struct bd_fn *fn, struct bd_func *f);
void bd_fn_free(struct bd_fn *fn);
struct bd_event *bd_def(const struct bd_fn *fn, bd_val v);
/* reach.c */
void bd_build_reaching(struct bd_fn *fn);
void bd_free_reaching(struct bd_fn *fn);
/* Stores that may reach 'load' (a SLOT_LOAD in block b at index i); returns
 * the count and fills out[] (at most max <= BD_MAXROOTS).  A count above
 * BD_MAXROOTS only says "more".  NULL in out means "no store"
 * (uninitialised or set through a pointer). */
int bd_reaching(const struct bd_fn *fn, int b, int i, int slot,
		struct bd_event **out, int max);
int bd_event_block(const struct bd_fn *fn, const struct bd_event *e);
/* Events numbered 0..bd_fn_nevents()-1 in block order; -1: not in fn. */
int bd_event_index(const struct bd_fn *fn, const struct bd_event *e);
int bd_fn_nevents(const struct bd_fn *fn);
int bd_ncd(const struct bd_fn *fn, int a, int b);	/* nearest common dominator */
int bd_dominates(const struct bd_fn *fn, int a, int b);
/* Block 'blk', an arm of a merge at block 'join' (a phi's predecessor, or
 * the block of a store that reaches a load there), lies under one
 * successor of block d's two-way branch only: that successor's index, or
 * -1 (blk == d means the edge from d straight to join). */
int bd_branch_side(const struct bd_fn *fn, int d, int blk, int join);
struct bd_fn *bd_fn_by_name(struct bd_ctx *c, const char *name);
void bd_fn_index(struct bd_ctx *c);

/* The calls to function 'name' in every kept function but 'skip', one per
 * call of bd_next_call(); 'it' starts zeroed.  NULL at the end. */
struct bd_call_it {
	int fn, b, k;
};
struct bd_event *bd_next_call(struct bd_ctx *c, const char *name, const struct bd_fn *skip,
			      struct bd_call_it *it, struct bd_fn **caller);

/* Call cb on every event of every kept function until it returns
 * non-zero; that value, or 0. */
int bd_each_event(struct bd_ctx *c, int (*cb)(struct bd_fn *fn, struct bd_event *e, void *arg),
		  void *arg);

/* roles.c */
void bd_roles(struct bd_ctx *c);
unsigned bd_role_of_member(const char *member);
/* "block method 'F'" or "'F' (called from block method 'M')" */
const char *bd_who(const struct bd_fn *fn, char *buf, size_t len);
int bd_is_bdops_tag(const char *tag);

/* value.c: provenance */
#define BD_MAXROOTS 16
struct bd_roots {
	int n;
	int overflow;		/* more roots than fit: treat as unknown */
	struct bd_event *ev[BD_MAXROOTS];	/* NULL = uninitialised */
	struct bd_fn *fn[BD_MAXROOTS];
};
/* Roots of value v: defining events that are not copies, PHIs or slot loads. */
void bd_roots(struct bd_fn *fn, bd_val v, struct bd_roots *out);
/* Do a and b share a root (other than "uninitialised")? */
int bd_roots_meet(const struct bd_roots *a, const struct bd_roots *b);

/* rootidx.c: which of n items' roots (item i at first + i * stride) meet
 * a given set, answered in the size of the answer rather than n. */
struct bd_ints {
	int *v;
	int n, cap;
};
struct bd_rootidx {
	const struct bd_fn *fn;
	int nev;
	int *off, *item;	/* items with event k among their roots:
				 * item[off[k] .. off[k + 1]) */
};
void bd_rootidx_build(struct bd_rootidx *x, const struct bd_fn *fn, int n,
		      const struct bd_roots *first, size_t stride);
void bd_rootidx_free(struct bd_rootidx *x);
/* The items whose roots meet r, in increasing order, into out (reset). */
int bd_rootidx_meet(const struct bd_rootidx *x, const struct bd_roots *r, struct bd_ints *out);
void bd_ints_push(struct bd_ints *s, int v);
/* Sort and drop repeats. */
void bd_ints_uniq(struct bd_ints *s);
void bd_value_memo_free(struct bd_fn *fn);
/* Follow COPY only (and single-store slot loads). */
struct bd_event *bd_strip(struct bd_fn *fn, bd_val v);
int bd_const_value(struct bd_fn *fn, bd_val v, int64_t *k);

/* Field path of a struct file written/read through base value 'base' with
 * field 'name' of record 'tag': "f_flags", "f_path.dentry"; NULL when the
 * object is not a struct file. */
const char *bd_file_field(struct bd_fn *fn, const char *tag, const char *name,
			  bd_val base, char *buf, size_t len);
/* Does pointer value p point to a struct file or into one?  Sets *field to
 * the field path ("" for the whole object). */
int bd_points_into_file(struct bd_fn *fn, bd_val p, char *field, size_t len);

/* paths.c: path-sensitive exploration (see its header).  The check fills
 * in everything but 'complete', which says whether every path was walked
 * within the budget (64 visits per block). */
struct bd_walk {
	struct bd_fn *fn;
	int size;			/* ints per state */
	int cap;			/* states kept per block before joining */
	void *ctx;
	void (*block)(struct bd_walk *w, int b, int *s);	/* run b's events */
	int (*edge)(struct bd_walk *w, int b, int si, int *s);	/* 0: infeasible */
	void (*join)(struct bd_walk *w, int *into, const int *from);
	void (*exit)(struct bd_walk *w, int b, const int *s);	/* at a return */
	int complete;
};
void bd_walk(struct bd_walk *w, const int *entry);

/* value.c: what a condition tests once !, != 0, == 0 and
 * likely()/unlikely() are looked through; *negated says whether they
 * turned it around.  0 when nothing is left. */
bd_val bd_cond_base(struct bd_fn *fn, bd_val v, int *negated);

/* Report helpers (analyze.c) */
void bd_report(struct bd_ctx *c, enum bd_check check, enum bd_severity sev,
	       struct bd_loc loc, const char *function, const char *fix,
	       int nnotes, const struct bd_note *notes, const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));

/* checks */
void bd_check_file_write(struct bd_ctx *c);
void bd_check_ndelay_flags(struct bd_ctx *c);
void bd_check_put_mode(struct bd_ctx *c);
void bd_check_deprecated_ioctl(struct bd_ctx *c);
void bd_check_put_holder(struct bd_ctx *c);
void bd_check_bdev_release(struct bd_ctx *c);
/* suppress.c: "bdops:" comments that suppress nothing */
void bd_check_suppression_comments(struct bd_ctx *c);
/* fixit.c: edits for the findings whose fix hint is mechanical */
void bd_fixits(struct bd_ctx *c);

/* source text lookup for inexact binding locations */
struct bd_loc bd_locate_member(struct bd_loc start, const char *member, const char *func);

#endif
