/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fix.h - what the parts of "bdops fix" share: the token view of one
 * source file and the edits planned for it (fix.c), and the transforms
 * in other files (fix_keep.c).
 */
#ifndef BDOPS_FIX_H
#define BDOPS_FIX_H

#include "cli.h"
#include "engine/api.h"

enum { T_ID, T_NUM, T_STR, T_PUNCT };

struct tok {
	int kind;
	int start, end;		/* byte offsets in the text */
	int line;
	int match;		/* index of the matching bracket, or -1 */
};

struct src {
	const char *path;
	char *text;
	int len;
	struct tok *t;
	int n, cap;
};

/* Edit groups: verified and dropped together. */
enum { G_CONV, G_PUT, G_OTHER, G_KEEP, G_CLAIM };

struct edit {
	int start, end;		/* replace text[start, end) */
	char *text;
	int group;		/* G_* */
	const char *func;	/* put-mode: the function, for verification */
	int dropped;
};

struct fixer {
	struct drv *d;
	struct src s;
	struct edit *e;
	int ne, cap_e;
	struct bd_result *r;
	int nfixed, nleft;
	int pd_disk;		/* open()'s private_data copy was converted */
	char *helpers[8];	/* helpers whose f_flags parameter became the mode */
	int nhelpers;
	const struct bd_finding *pend[32];	/* puts no single mode fixes */
	const char *pend_why[32];
	int npend;
	char *keep_fields[16];	/* fix_keep.c: members planned (or being) */
	int nkeep_fields;
	const char *extra_flag;	/* one more compiler flag for collect() */
	int wdrop[16][2];	/* fix_writes.c: lines of file writes dropped */
	int nwdrop;
	char *const *set;	/* all the files given: one program, checked together */
	int nset;
	struct lib_plan *lib;	/* fix_lib.c: library functions converted with the methods */
	int conv_failed;	/* the conversion of this file was refused */
	int quiet;		/* a planning round: say nothing */
	int unused_attr;	/* the headers define __always_unused: 1 yes, 2 no */
};

struct lib_plan;

struct func {
	int name;		/* token of the name */
	int lparen, rparen;	/* parameter list */
	int lbrace, rbrace;	/* body; -1 for a declaration */
	int spec;		/* first token of the declaration specifiers */
};

struct param {
	int first, last;	/* tokens */
	int name;		/* token of the name, or -1 */
	char *type;		/* "struct inode *", "unsigned int", ... */
	char *attr;		/* text after the name ("__always_unused"), or "" */
};

int is(const struct src *s, int i, const char *text);
/* The API model's entry (engine/api.h) for a call of a function with
 * role 'role' whose name is token i (not "x->f(" or "x.f("); NULL if not.
 * Every name of the block-device API the fix reads comes from there. */
const struct bd_api *api_call_at(const struct src *s, int i, enum bd_api_role role);
char *tok_str(const struct src *s, int i);
int name_is(const struct src *s, int i, const char *name);
/* Index after the tokens of path matched at i, or -1. */
int seq(const struct src *s, int i, const char *const *path);
void add_edit(struct fixer *fx, int start, int end, const char *text, int group,
	      const char *func);
void left_alone(struct fixer *fx, const struct bd_finding *f, const char *why);
int find_funcs(const struct src *s, const char *name, struct func *out, int max,
	       int want_body);
int func_at(struct src *s, const char *name, struct func *def);
char *var_of_type(struct src *s, const struct func *def, const char *const *type);
/* The findings of the file set with the file at path in place of this
 * one, as "bdops check" of the whole set shows them. */
struct bd_result *collect(struct fixer *fx, const char *path);

/* The findings of the file with the edits of the groups in mask, checked
 * in dir with one more compiler flag extra (or NULL); NULL if it does not
 * check. */
struct bd_result *check_edited(struct fixer *fx, const char *dir, unsigned mask,
			       const char *extra);

struct range {
	int first, last;	/* tokens, inclusive */
};
/* fix_keep.c: the top-level arguments of the call whose '(' is token lp,
 * and the text of a range. */
int call_args(const struct src *s, int lp, struct range *a, int max);
char *range_str(const struct src *s, struct range r);

/* fix_claim.c: an exclusive close of a bdev that a plain fallback get
 * opened: the fallback claims too.  Adds G_CLAIM edits; NULL if planned
 * (*holder: the NULL-holder finding the edits also fix, or NULL, set
 * also when that is why nothing is planned; span:
 * the lines of the gets' function), else the reason; claim_not_mine if f
 * is not such a close. */
const char *claim_fallback(struct fixer *fx, const struct bd_finding *f,
			   const struct bd_finding **holder, int span[2]);
extern const char claim_not_mine[];

/* fix_keep.c: keep the get's mode next to the bdev (a local or a struct
 * field) and give it to the put.  Adds G_KEEP edits for the put-mode
 * finding f; 0 if planned, else the reason. */
const char *keep_mode(struct fixer *fx, const struct bd_finding *f);
/* keep_mode()'s answer for a finding that is not at a put (a holder). */
extern const char keep_no_put[];

/* fix_private.c: what an old open() stores in file->private_data. */
enum pd_kind {
	PD_NONE,	/* nothing */
	PD_DISK,	/* the disk's private_data: read it from the bdev/disk */
	PD_PERM,	/* a write-ioctl permission flag: FMODE_WRITE_IOCTL */
	PD_OTHER,	/* anything else: not mechanical */
};
/* *alias: a "struct file *A = FILE;" copy of the file in open, or NULL. */
enum pd_kind private_data_use(const struct src *s, const struct func *open, const char *file,
			      const char *inode, char **alias);
/* "struct file *A = FILE;" at i: the token of A, else -1. */
int file_alias_at(const struct src *s, int i, const char *file);
/* PD_PERM pieces: a helper storing the flag; "if (COND) FILE->private_data
 * = V;" with the store at i (returns the 'if' token or -1); a condition on
 * the opener's write permission only. */
int perm_helper(const struct src *s, const char *name);
int perm_if(const struct src *s, int i, const char *file);
int perm_cond(const struct src *s, int a, int b, const char *file);

/* fix_helpers.c: helpers carrying f_flags for an O_NDELAY test. */
struct helper_req {
	char *func;
	int argno;		/* the parameter given FILE->f_flags */
	int getter;		/* 1: returns FILE->f_flags; argno unused */
	int calls;		/* calls the conversion rewrote */
};
/* Is parameter argno of callee only tested for O_NDELAY? */
int flags_param_helper(const struct src *s, const char *callee, int argno);
/* Does callee only return its file's f_flags? */
int flags_getter(const struct src *s, const char *callee);
/* The helper edits the conversions asked for (group G_CONV). */
void helper_edits(struct fixer *fx, const struct helper_req *r, int n);

/* fix_writes.c: statements of a converted method that only write the
 * struct file (they go with the conversion).  file_ptrs(): the locals
 * "T *P = &FILE->A;" used only by such writes (allocated names); the
 * others return the last token of the statement at i, or -1. */
int file_ptrs(const struct src *s, int lo, int hi, const char *file, char **ptrs, int max);
int file_ptr_decl(const struct src *s, int i, const char *file, char *const *ptrs, int nptrs);
int file_write_stmt(const struct src *s, int i, const char *file, char *const *ptrs, int nptrs);

/* fix.c: tokenize s->text (s->len bytes). */
void src_tokenize(struct src *s);
/* fix.c: the text with the edits of the groups in mask applied. */
char *fix_apply_mask(struct fixer *fx, unsigned mask);
#define fix_apply_edits(fx) fix_apply_mask((fx), ~0u)
/* fix.c: the unified diff of text (n bytes) against out, labelled with
 * path, appended to diff; tmp is a scratch directory. */
void fix_emit_diff(const char *path, const char *text, size_t n, const char *out,
		   const char *tmp, struct buf *diff);
/* fix.c: read and tokenize the file at path (s->path = path); 0 if ok. */
int src_load(struct src *s, const char *path);
/* Are a and b, as given or as findings name them, the same file? */
int same_file(const char *a, const char *b);
/* The '(' of the call whose argument token i is, and which argument. */
int enclosing_call(const struct src *s, int i, int *argno);
/* fix_helpers.c: the tokens of parameter argno of def. */
int param_tokens(const struct src *s, const struct func *def, int argno, int *first,
		 int *last, int *name);

/* fix_lib.c: library functions converted with their callers (see its
 * header). */
#define LIB_HELPERS 64
#define LIB_SRCS 64
struct lib_helper {
	char *func;
	int src;		/* the defining file, in srcs[] */
	int pi, pf;		/* its inode and file parameters, -1 if none */
	int pair;		/* a lone file becomes (bdev, mode) */
	int is_static;
	int dropped;		/* not converted, because of why */
	char *why;
};
struct lib_plan {
	struct lib_helper h[LIB_HELPERS];
	int n;
	struct src srcs[LIB_SRCS];	/* the set's files, then headers */
	int nset, nsrc;
	const struct bd_result *all;
	struct {		/* methods converted: their declarations in headers */
		char *func, *params;
	} m[64];
	int nm;
};
void lib_plan(struct lib_plan *p, char *const *set, int nset, char *const *hdrs, int nhdrs,
	      const struct bd_result *all);
/* A planned function's inode and file positions; 0 if not planned. */
int lib_shape(const struct lib_plan *p, const char *func, int *pi, int *pf, int *pair);
/* Drops spread: what only dropped functions call is dropped too. */
void lib_settle(struct lib_plan *p);
/* Does the body of def derive the inode from its file parameter file? */
int derives_inode(const struct src *s, const struct func *def, const char *file);
/* Why func, a function of the set, is not converted; NULL if it is. */
const char *lib_blocked(const struct lib_plan *p, const char *func);
int lib_in_set(const struct lib_plan *p, const char *func);
int lib_defined_here(const struct lib_plan *p, const struct lib_helper *h, const struct src *s);
/* The declarations of the planned functions defined in other files. */
void lib_edits(struct fixer *fx, const struct lib_plan *p);
/* s's conversion was refused (why): drop what it defines or calls. */
int lib_refuse(struct lib_plan *p, const struct src *s, const char *why);
void lib_outside_callers(const struct lib_plan *p);
void lib_free(struct lib_plan *p);
/* fix.c: a library function's parameter list (param_list() for K_LIB)
 * and the edit of one of its declarations. */
struct conv;
void lib_param_list(struct buf *b, const struct src *s, const struct param *p, int np,
		    const struct conv *c);
void lib_decl_edit(struct fixer *fx, const struct func *decl, const struct conv *c);

/* ---- one function's conversion (fix.c plans it, fix_rules.c rewrites
 * its body) ---- */

enum kind { K_OPEN, K_RELEASE, K_IOCTL, K_LIB };

struct conv {
	char *func;
	char *member;		/* the ops member, or NULL for a library function */
	enum kind kind;
	int bkl;
	int old_shape;		/* 2: (inode, file, ...), 1: (file, ...), 0: new already */
	char *inode, *file;	/* old parameter names (NULL: none) */
	int pi, pf;		/* K_LIB: their positions, -1 if none */
	int pair;		/* K_LIB: a lone file becomes (bdev, mode): the body
				 * derives the inode from it */
	char bdev[16], disk[16], mode[16];	/* the new parameters' names */
	const struct bd_finding *f;
	struct func def;
	struct param p[8];
	int np;
	int is_static;
	int local_inode, local_file;	/* an old parameter reused as a local */
	char *params;		/* the new parameter list, once planned */
};

struct conv_set {
	struct conv v[32];
	int n;
	struct helper_req req[8];	/* helpers to change with the methods */
	int nreq;
	enum pd_kind pd;	/* what open() keeps in file->private_data */
	char *pd_alias;		/* open()'s copy of its struct file, or NULL */
	int wl[16][2];		/* lines of the writes to the file dropped */
	int nw;
	const struct lib_plan *lib;	/* library functions converted with the methods */
};

struct conv *conv_find(struct conv_set *cs, const char *name);
/* fix_rules.c: the body tokens [from, to) of c rewritten into out by the
 * rules of the conversion; NULL, or the reason it is not mechanical. */
const char *conv_obj(const struct conv *c);
const char *rewrite_body(const struct src *s, struct conv *c, struct conv_set *cs, int from,
			 int to, struct buf *out);

/* ---- the command (fix.c) and its two other shapes ---- */

/* A probe run (fix_ccdb.c): nothing on stderr, only the lines. */
extern int bd_fix_probe;
/* When set: "FUNC\tFILE\n" for each library function a run converted. */
extern struct buf *bd_fix_libs;
/* One run over d->args (a .h among them is edited, not checked): the
 * diff into *diff, what it says into *lines; the exit status. */
int bd_fix_run(struct drv *d, struct buf *diff, struct buf *lines);
/* Write the diff (stdout or --output), then the lines on stderr; the
 * exit status (status, or EXIT_USAGE if the diff was not written). */
int bd_fix_emit(struct drv *d, struct buf *diff, struct buf *lines, int status);
/* fix_ccdb.c: "bdops fix FILES -p BUILD_DIR". */
int bd_fix_ccdb(struct drv *d);
/* fix_ccdb.c: a refusal "blocked by library function 'F' ... give the
 * file that defines it too" gets the .c file under the current directory
 * that defines F, and the headers the given files read that declare it. */
void bd_fix_name_definers(struct drv *d, struct buf *lines);
/* fix_ccdb.c: d->flags from BUILD_DIR (-p) unless given after "--"; 0 if
 * done, else said on stderr. */
int bd_fix_build_flags(struct drv *d);
/* fix_era.c: "bdops fix --to-era holder|handle|file FILES". */
int bd_fix_era(struct drv *d);

#endif
