// SPDX-License-Identifier: GPL-2.0
/*
 * errors.c - which of sparse's errors cost bdops part of the unit.
 *
 * sparse reports an error and goes on: a statement it could not parse is
 * dropped, an expression it could not type gets sparse's "bad type".  The
 * lowering then sees less than the code says, so findings can be missed,
 * and the unit must not pass as clean (docs/output.md, "Units not fully
 * analysed").  But sparse also errs on some code gcc accepts (a builtin
 * or predefined macro it lacks), and an error in code bdops never lowers
 * costs nothing.  So:
 *
 *  - any error while sparse preprocesses and parses the file: the unit is
 *    not fully analysed (what was dropped is unknown);
 *  - an error while sparse evaluates a function body or an initializer,
 *    or an inline body bdops lowers: the unit is not fully analysed, and
 *    the reason names that function or variable;
 *  - a comparison sparse types as bad while both its operands are typed
 *    (pointers in different address spaces) loses nothing itself: not
 *    counted, but an expression sparse then leaves untyped is (lower.c);
 *  - other errors (in a declaration without body or initializer, or at
 *    a declaration's name: redeclared with another type, initialized
 *    twice when several files are checked at once) are sparse's to print
 *    and change nothing here.
 *
 * The link wraps sparse_error() and expression_error()
 * (-Wl,--wrap=...): each error is counted and its text kept, then printed
 * by sparse exactly as before.  Errors sparse itself silences (at a token
 * already known bad) are not counted: they follow one that was.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "sparse_rules.h"
#include "expression.h"
#include "symbol.h"

void __real_sparse_error(struct position pos, const char *fmt, ...);
void __real_expression_error(struct expression *expr, const char *fmt, ...);
void __wrap_sparse_error(struct position pos, const char *fmt, ...);
void __wrap_expression_error(struct expression *expr, const char *fmt, ...);

/* The errors since sp_errors_mark(), the first few of them kept. */
#define KEPT 16
static struct {
	struct position pos;
	char text[512];
} kept[KEPT];
static int nkept, nsince;

static void count(struct position pos, const char *msg)
{
	if (pos.type == TOKEN_BAD)
		return;
	if (nkept < KEPT) {
		kept[nkept].pos = pos;
		snprintf(kept[nkept].text, sizeof(kept[nkept].text), "%s:%d:%d: %s",
			 stream_name(pos.stream) ? stream_name(pos.stream) : "?",
			 pos.line, pos.pos, msg);
		nkept++;
	}
	nsince++;
}

void __wrap_sparse_error(struct position pos, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	count(pos, msg);
	__real_sparse_error(pos, "%s", msg);
}

static int typed(const struct expression *e)
{
	return e && e->ctype && e->ctype != &bad_ctype;
}

/*
 * A comparison of two pointers sparse finds incompatible (different
 * address spaces: the kernel's rcu_dereference() compares an __rcu
 * pointer with itself to make sparse say so) keeps both operands, typed,
 * and its result is an int by the language: lower.c lowers it as such, so
 * the error itself loses nothing.  What sparse does next may: an
 * expression built on it (a ?: on its result) is left untyped without a
 * second error, so lower.c treats an untyped expression in a file where
 * this happened as lost code (sp_compares_kept()).
 */
int sp_compare_kept_whole(const struct expression *e)
{
	return e->type == EXPR_COMPARE && typed(e->left) && typed(e->right);
}

static int compares_kept;

int sp_compares_kept(void)
{
	return compares_kept;
}

void sp_compares_forget(void)
{
	compares_kept = 0;
}

void __wrap_expression_error(struct expression *expr, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (sp_compare_kept_whole(expr))
		compares_kept++;
	else
		count(expr->pos, msg);
	__real_expression_error(expr, "%s", msg);
}

void sp_errors_mark(void)
{
	nkept = nsince = 0;
}

static int same_pos(const struct position *a, const struct position *b)
{
	return a->stream == b->stream && a->line == b->line && a->pos == b->pos;
}

/* An error at the declaration itself (a redeclaration with another type,
 * a second initializer of a symbol when sparse checks several files at
 * once) is about the name, not about the code bdops lowers. */
const char *sp_errors_since_mark(const struct position *decl)
{
	for (int i = 0; i < nkept; i++)
		if (!decl || !same_pos(&kept[i].pos, decl))
			return kept[i].text;
	return NULL;
}
