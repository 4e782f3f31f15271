// SPDX-License-Identifier: GPL-2.0
/*
 * errptr.c - error-pointer tests in every spelling (errptr.h).
 *
 * GCC's pass runs before inlining, so an inline IS_ERR() is a call there;
 * a macro IS_ERR() (or IS_ERR_VALUE() in any header) is the unsigned
 * comparison with -MAX_ERRNO, folded by GCC to "> -4096".  Clang and
 * sparse lower the AST: the same call or the same comparison, unfolded
 * (">= -4095").  Constants arrive sign-extended to 64 bits; a 32-bit
 * unsigned long gives 0xfffff001.  MAX_ERRNO is 4095 on every
 * architecture the kernel has.
 */
#include <string.h>
#include "errptr.h"

#define MAX_ERRNO 4095

static const char *const predicates[] = {
	"IS_ERR", "IS_ERR_OR_NULL", "IS_ERR_VALUE", "PTR_ERR_OR_ZERO", NULL,
};

/* -MAX_ERRNO as the first error value (err_at 1) or as one below it (0). */
static int is_errno_bound(int64_t k, int *err_at)
{
	int64_t low = (int64_t)(k & 0xffffffff);

	if (k == -MAX_ERRNO || low == 0x100000000LL - MAX_ERRNO) {
		*err_at = 1;
		return 1;
	}
	if (k == -MAX_ERRNO - 1 || low == 0x100000000LL - MAX_ERRNO - 1) {
		*err_at = 0;
		return 1;
	}
	return 0;
}

/*
 * x OP k (or k OP x) against the bound: which side is the error side?
 * With k the first error value: x >= k, x > k - 1 are errors.
 */
static int compare_test(struct bd_fn *fn, const struct bd_event *e, bd_val *ptr)
{
	int64_t k;
	int err_at, op = e->sub, swapped = 0;
	bd_val x;

	if (bd_const_value(fn, e->b, &k)) {
		x = e->a;
	} else if (bd_const_value(fn, e->a, &k)) {
		x = e->b;
		swapped = 1;
	} else {
		return -1;
	}
	if (!is_errno_bound(k, &err_at))
		return -1;
	if (swapped) {		/* k OP x is x OP' k */
		switch (op) {
		case BD_LT: op = BD_GT; break;
		case BD_LE: op = BD_GE; break;
		case BD_GT: op = BD_LT; break;
		case BD_GE: op = BD_LE; break;
		default: return -1;
		}
	}
	*ptr = x;
	switch (op) {
	case BD_GE:		/* x >= -4095 */
		return err_at ? 1 : -1;
	case BD_GT:		/* x > -4096 */
		return err_at ? -1 : 1;
	case BD_LT:		/* x < -4095 */
		return err_at ? 0 : -1;
	case BD_LE:		/* x <= -4096 */
		return err_at ? -1 : 0;
	default:
		return -1;
	}
}

static int is_zero(struct bd_fn *fn, bd_val v)
{
	int64_t k;

	return bd_const_value(fn, v, &k) && k == 0;
}

static int test(struct bd_fn *fn, bd_val v, bd_val *ptr, int depth);

/*
 * err = IS_ERR(p) ? PTR_ERR(p) : 0, as a macro PTR_ERR_OR_ZERO() expands
 * (or spelled out with if/else): two arms merged, 0 on the good side of an
 * error-pointer test of p and PTR_ERR(p) - or p itself cast - on its error
 * side.  Non-zero exactly when p is an error pointer (PTR_ERR() of one is
 * never 0).
 */
static int or_zero(struct bd_fn *fn, bd_val val[2], int blk[2], int join,
		   bd_val *ptr, int depth)
{
	int d = bd_ncd(fn, blk[0], blk[1]), z, side;
	struct bd_event *x;
	struct bd_block *db;
	struct bd_roots a, b;
	bd_val q, tested;

	if (d < 0)
		return -1;
	db = fn->f->blocks[d];
	if (db->term != BD_T_BRANCH || db->nsucc != 2)
		return -1;
	z = is_zero(fn, val[0]) ? 0 : is_zero(fn, val[1]) ? 1 : -1;
	if (z < 0 || !(x = bd_strip(fn, val[!z])))
		return -1;
	q = val[!z];
	if (x->op == BD_CALL && x->name && !strcmp(x->name, "PTR_ERR") && x->nargs == 1)
		q = x->args[0];
	side = test(fn, db->cond, &tested, depth + 1);
	if (side < 0)
		return -1;
	/* the error side is succ[0] when the test is true on error */
	if (bd_branch_side(fn, d, blk[!z], join) != (side ? 0 : 1) ||
	    bd_branch_side(fn, d, blk[z], join) != (side ? 1 : 0))
		return -1;
	bd_roots(fn, q, &a);
	bd_roots(fn, tested, &b);
	for (int i = 0; i < a.n; i++)
		for (int j = 0; j < b.n; j++)
			if (a.ev[i] && a.ev[i] == b.ev[j]) {
				*ptr = q;
				return 1;
			}
	return -1;
}

static int merged(struct bd_fn *fn, struct bd_event *e, bd_val *ptr, int depth)
{
	bd_val val[2];
	int blk[2], join = bd_event_block(fn, e);

	if (join < 0)
		return -1;
	if (e->op == BD_PHI) {
		if (e->nargs != 2 || !e->preds)
			return -1;
		for (int i = 0; i < 2; i++) {
			val[i] = e->args[i];
			blk[i] = e->preds[i];
		}
	} else {
		struct bd_event *st[3];
		int k = (int)(e - fn->f->blocks[join]->events);

		if (bd_reaching(fn, join, k, (int)e->imm, st, 3) != 2 || !st[0] || !st[1])
			return -1;
		for (int i = 0; i < 2; i++) {
			val[i] = st[i]->b;
			blk[i] = bd_event_block(fn, st[i]);
			if (blk[i] < 0)
				return -1;
		}
	}
	return or_zero(fn, val, blk, join, ptr, depth);
}

static int test(struct bd_fn *fn, bd_val v, bd_val *ptr, int depth)
{
	struct bd_event *e = bd_strip(fn, v);
	int r;

	if (!e || depth > 16)
		return -1;
	switch (e->op) {
	case BD_UNOP:
		if (e->sub != BD_NOT)
			return -1;
		r = test(fn, e->a, ptr, depth + 1);
		return r < 0 ? r : !r;
	case BD_BINOP:
		if (e->sub == BD_NE || e->sub == BD_EQ) {
			if (is_zero(fn, e->b))
				r = test(fn, e->a, ptr, depth + 1);
			else if (is_zero(fn, e->a))
				r = test(fn, e->b, ptr, depth + 1);
			else
				return -1;
			return r < 0 || e->sub == BD_NE ? r : !r;
		}
		return compare_test(fn, e, ptr);
	case BD_CALL:
		if (!e->name || e->nargs < 1)
			return -1;
		if (!strcmp(e->name, "expect") || !strcmp(e->name, "__builtin_expect"))
			return test(fn, e->args[0], ptr, depth + 1);
		for (int i = 0; predicates[i]; i++)
			if (!strcmp(e->name, predicates[i])) {
				*ptr = e->args[0];
				return 1;
			}
		return -1;
	case BD_PHI:
	case BD_SLOT_LOAD:
		return merged(fn, e, ptr, depth);
	default:
		return -1;
	}
}

int bd_errptr_test(struct bd_fn *fn, bd_val cond, bd_val *ptr)
{
	*ptr = 0;
	return test(fn, cond, ptr, 0);
}

static int is_pointer(const struct bd_event *e)
{
	size_t n = e->type ? strlen(e->type) : 0;

	return n > 2 && !strcmp(e->type + n - 2, " *");
}

static int null_test(struct bd_fn *fn, bd_val v, bd_val *ptr, int depth)
{
	struct bd_event *e = bd_strip(fn, v);
	int r;

	if (!e || depth > 16)
		return -1;
	if (e->op == BD_UNOP && e->sub == BD_NOT) {
		r = null_test(fn, e->a, ptr, depth + 1);
		return r < 0 ? r : !r;
	}
	if (e->op == BD_BINOP && (e->sub == BD_NE || e->sub == BD_EQ)) {
		if (is_zero(fn, e->b))
			v = e->a;
		else if (is_zero(fn, e->a))
			v = e->b;
		else
			return -1;
		r = null_test(fn, v, ptr, depth + 1);
		return r < 0 || e->sub == BD_NE ? r : !r;
	}
	if (e->op == BD_CALL && e->name && e->nargs >= 1 &&
	    (!strcmp(e->name, "expect") || !strcmp(e->name, "__builtin_expect")))
		return null_test(fn, e->args[0], ptr, depth + 1);
	if (!is_pointer(e))
		return -1;
	*ptr = v;
	return 0;		/* p itself: non-zero when not NULL */
}

int bd_null_test(struct bd_fn *fn, bd_val cond, bd_val *ptr)
{
	*ptr = 0;
	return null_test(fn, cond, ptr, 0);
}

int bd_errptr_or_null(struct bd_fn *fn, bd_val cond)
{
	int neg;
	struct bd_event *e = bd_strip(fn, bd_cond_base(fn, cond, &neg));

	return e && e->op == BD_CALL && e->name && !strcmp(e->name, "IS_ERR_OR_NULL");
}

int bd_errptr_pure(const char *callee)
{
	static const char *const pure[] = {
		"PTR_ERR", "ERR_PTR", "ERR_CAST", "expect", "__builtin_expect", NULL,
	};

	for (int i = 0; predicates[i]; i++)
		if (!strcmp(callee, predicates[i]))
			return 1;
	for (int i = 0; pure[i]; i++)
		if (!strcmp(callee, pure[i]))
			return 1;
	return 0;
}
