// SPDX-License-Identifier: GPL-2.0
/*
 * test_macro_eval.c - core/macro_eval.c, the one evaluator of flag macros:
 * C's integer constant expressions over a macro's spelling, as the uapi
 * headers of several architectures write them, and the reasons it gives
 * when it cannot evaluate one.  The frontends' lanes test the same
 * spellings end to end (testsuite/macros/).
 */
#include <string.h>
#include "harness.h"

/* a tiny preprocessor: NAME=BODY definitions, "NAME(" for function-like */
static const char *const *defs;

static enum bd_macro_kind lookup(void *ctx, const char *name, struct bd_macro_def *d)
{
	size_t n = strlen(name);

	(void)ctx;
	for (const char *const *p = defs; *p; p++) {
		if (strncmp(*p, name, n))
			continue;
		if ((*p)[n] == '(')
			return BD_MACRO_FUNCTION;
		if ((*p)[n] == '=') {
			d->body = *p + n + 1;
			return BD_MACRO_OBJECT;
		}
	}
	return BD_MACRO_NONE;
}

struct row {
	const char *defs[6];	/* X is the macro evaluated */
	int64_t value;		/* when why is NULL */
	const char *why;	/* the reason it cannot be evaluated */
};

static const struct row rows[] = {
	/* sparc, sparc64, parisc, mips, alpha, x86 (asm-generic) */
	{ { "X=(0x0004 | O_NONBLOCK)", "O_NONBLOCK=0x4000" }, 0x4004, NULL },
	{ { "X=0x0004" }, 4, NULL },
	{ { "X=O_NONBLOCK", "O_NONBLOCK=000200004" }, 0200004, NULL },
	{ { "X=O_NONBLOCK", "O_NONBLOCK=0x0080" }, 0x80, NULL },
	{ { "X=O_NONBLOCK", "O_NONBLOCK=04" }, 4, NULL },
	{ { "X=00004000" }, 04000, NULL },
	/* the kernel's FMODE_* and BLK_OPEN_* spellings */
	{ { "X=((__force fmode_t)0x40)", "__force=" }, 0x40, NULL },
	{ { "X=((__force fmode_t)(1 << 7))", "__force=__attribute__((force))" }, 0x80, NULL },
	{ { "X=((__force blk_mode_t)(1 << 5))" }, 0x20, NULL },
	{ { "X=( ( __force fmode_t ) ( 1 << 3 ) )" }, 8, NULL },
	/* literals of every base and suffix */
	{ { "X=0b101" }, 5, NULL }, { { "X=0B11u" }, 3, NULL }, { { "X=017" }, 15, NULL },
	{ { "X=0" }, 0, NULL }, { { "X=0x1fUL" }, 31, NULL }, { { "X=10lu" }, 10, NULL },
	{ { "X=7LL" }, 7, NULL }, { { "X=7ull" }, 7, NULL }, { { "X=0XaBcD" }, 0xabcd, NULL },
	{ { "X='A'" }, 65, NULL }, { { "X='\\n'" }, 10, NULL }, { { "X='\\x7f'" }, 127, NULL },
	{ { "X='\\101'" }, 65, NULL },
	/* C's precedence, not left to right */
	{ { "X=1 << 2 + 5" }, 0x80, NULL },
	{ { "X=1 | 2 & 0" }, 1, NULL },
	{ { "X=2 + 3 * 4" }, 14, NULL },
	{ { "X=1 | 6 ^ 4" }, 3, NULL },
	{ { "X=(1 << 2) + 5" }, 9, NULL },
	{ { "X=10 - 4 - 3" }, 3, NULL },
	{ { "X=1 < 2 == 1" }, 1, NULL },
	{ { "X=7 % 4 * 3 / 2" }, 4, NULL },
	{ { "X=0 && 1 / 0" }, 0, NULL },
	{ { "X=1 || 1 / 0" }, 1, NULL },
	{ { "X=1 ? 0x10 : 0x20" }, 0x10, NULL },
	{ { "X=0 ? 0x10 : 1 ? 0x20 : 0x30" }, 0x20, NULL },
	/* unary operators, C's types and casts */
	{ { "X=-1 + 2" }, 1, NULL }, { { "X=!0" }, 1, NULL }, { { "X=~0U" }, 0xffffffff, NULL },
	{ { "X=~0" }, -1, NULL }, { { "X=~0UL" }, -1, NULL }, { { "X=-1U >> 28" }, 15, NULL },
	{ { "X=-1 >> 28" }, -1, NULL }, { { "X=(unsigned char)0x1ff" }, 0xff, NULL },
	{ { "X=(int)0xffffffff" }, -1, NULL }, { { "X=(unsigned long)-1 >> 60" }, 15, NULL },
	{ { "X=(short)0x18000" }, -32768, NULL }, { { "X=(_Bool)4" }, 1, NULL },
	{ { "X=(void *)0" }, 0, NULL }, { { "X=+(long)3" }, 3, NULL },
	{ { "X=0x80000000 >> 31" }, 1, NULL }, { { "X=2147483648 >> 31" }, 1, NULL },
	{ { "X=1 - 2U > 0" }, 1, NULL }, { { "X=-1 < 0U" }, 0, NULL }, { { "X=-1L < 0U" }, 1, NULL },
	/* other macros; a name in parentheses is an expression, not a cast */
	{ { "X=(A) | B", "A=1", "B=(A << 1)" }, 3, NULL },
	{ { "X=(A)-1", "A=8" }, 7, NULL },
	{ { "X=(T)-1", "A=8" }, -1, NULL },
	/* what it cannot evaluate, and says so */
	{ { "X=__O_NONBLOCK" }, 0, "'__O_NONBLOCK' is not a macro" },
	{ { "X=BIT(7)", "BIT(" }, 0, "'BIT' is a function-like macro" },
	{ { "X=sizeof(int)" }, 0, "it uses sizeof" },
	{ { "X=A", "A=B", "B=A" }, 0, "'A' refers to itself" },
	{ { "X=" }, 0, "it is empty" },
	{ { "X=1 +" }, 0, "an operand is missing" },
	{ { "X=(1 | 2" }, 0, "a ')' is missing" },
	{ { "X=1 2" }, 0, "'2' is not part of an integer constant expression" },
	{ { "X=1.5" }, 0, "'1.5' is not an integer constant" },
	{ { "X=08" }, 0, "'08' is not a valid number" },
	{ { "X=1 << 40" }, 0, "it shifts by 40" },
	{ { "X=1 / 0" }, 0, "it divides by zero" },
	{ { "X=\"s\"" }, 0, "'\"s\"' is not part of an integer constant expression" },
	{ { "X=1, 2" }, 0, "',' is not part of an integer constant expression" },
	{ { "X=0x10000000000000000" }, 0, "'0x10000000000000000' does not fit in 64 bits" },
};

static void t_macro_eval(struct tu *t)
{
	char why[256];
	int64_t v;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		int rc;

		defs = r->defs;
		rc = bd_macro_eval("X", lookup, NULL, &v, why, sizeof(why));
		if (!r->why && rc)
			fail(t, "'%s': not evaluated: %s", r->defs[0], why);
		else if (!r->why && v != r->value)
			fail(t, "'%s' is %lld, expected %lld", r->defs[0], (long long)v,
			     (long long)r->value);
		else if (r->why && !rc)
			fail(t, "'%s' evaluated to %lld, expected: %s", r->defs[0],
			     (long long)v, r->why);
		else if (r->why && strcmp(why, r->why))
			fail(t, "'%s': '%s', expected '%s'", r->defs[0], why, r->why);
	}
	analyze(t);
	done(t);
}

const struct test macro_eval_tests[] = {
	{ "macro_eval", t_macro_eval, SSA },
	{ NULL, NULL, SSA },
};
