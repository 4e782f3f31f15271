/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errptr.h - is this branch a test of an error pointer?  (errptr.c)
 *
 * The kernel spells "p holds -errno, not an object" in several ways, and a
 * header may make each a macro or an inline function: IS_ERR(p),
 * IS_ERR_OR_NULL(p), PTR_ERR_OR_ZERO(p), IS_ERR_VALUE(x), and what
 * IS_ERR_VALUE expands to, (unsigned long)p >= (unsigned long)-MAX_ERRNO
 * (GCC folds it to "> -MAX_ERRNO - 1").  A check that follows error paths
 * (put-mode's put of a failed get, bdev-release's release of an error
 * handle) asks here rather than matching names itself.
 */
#ifndef BDOPS_ERRPTR_H
#define BDOPS_ERRPTR_H

#include "engine.h"

/*
 * Does value 'cond' (a branch condition, or a value a branch tests) say
 * whether a pointer is an error pointer?  Returns 1 when cond is non-zero
 * exactly on the error side (IS_ERR(p), p >= -MAX_ERRNO), 0 when it is
 * non-zero on the good side (!IS_ERR(p), p < -MAX_ERRNO), -1 when it is no
 * such test.  *ptr is then the pointer value tested (before its casts are
 * looked through; give it to bd_roots()).  Looks through casts, copies,
 * locals with one store, !, == 0, != 0 and likely()/unlikely().
 * IS_ERR_OR_NULL's error side includes NULL.
 */
int bd_errptr_test(struct bd_fn *fn, bd_val cond, bd_val *ptr);

/* Does the error side of test 'cond' hold NULL too (IS_ERR_OR_NULL())?
 * A check that knows what a pointer may be (an error pointer, NULL, an
 * object) keeps NULL on the side where it can be. */
int bd_errptr_or_null(struct bd_fn *fn, bd_val cond);

/*
 * Is 'cond' a NULL test of a pointer (p, !p, p == NULL, p != NULL, through
 * casts and likely()/unlikely())?  Returns 1 when cond is non-zero exactly
 * when the pointer is NULL, 0 when exactly when it is not, -1 otherwise;
 * *ptr is the pointer.  An error pointer is never NULL, so a check that
 * knows p failed can drop the NULL side (GCC folds PTR_ERR_OR_ZERO(p) == 0
 * into "!IS_ERR(p) || p == NULL").
 */
int bd_null_test(struct bd_fn *fn, bd_val cond, bd_val *ptr);

/* IS_ERR(), PTR_ERR(), ERR_PTR(), ... and likely()'s builtin: calls that
 * only compute a value, with no effect a whole-program check follows. */
int bd_errptr_pure(const char *callee);

#endif
