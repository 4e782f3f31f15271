// SPDX-License-Identifier: GPL-2.0
/*
 * macro_eval.c - the one evaluator of the flag macros (O_NDELAY, FMODE_*,
 * BLK_OPEN_*) every frontend reads from a unit's headers.
 *
 * A frontend only hands over spellings: bd_unit_read_macros() asks it, by
 * a callback, for a macro's replacement list as written ("(0x0004 |
 * O_NONBLOCK)", sparc's O_NDELAY) and where it is defined, and evaluates
 * it here as C evaluates an integer constant expression on an LP64
 * target: literals of every base and suffix with their C types, unary and
 * binary operators with C's precedence and usual arithmetic conversions,
 * ?:, parentheses, casts (to C's integer types, to pointers, and to names
 * the evaluator cannot see, such as fmode_t with sparse's __force, which
 * keep the value), character constants and other object-like macros.
 * Three grammars, one per frontend, used to drift apart (docs/design.md).
 *
 * A macro that is defined but cannot be evaluated (it names an enumerator
 * or a function-like macro, uses sizeof, ...) keeps the core's default,
 * and bd_analyze() says so in a note at its definition naming it: a
 * default is never taken in silence.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "engine/engine.h"

#define MAX_TOKENS 256
#define MAX_DEPTH 32

enum tk { T_END, T_NUM, T_CHAR, T_IDENT, T_PUNCT, T_OTHER };

struct tok {
	enum tk kind;
	char text[64];		/* spelling (clipped) */
};

struct val {
	int64_t v;
	int is_unsigned;
	int wide;		/* 64 bits (long), else 32 (int) */
};

struct ev {
	struct tok t[MAX_TOKENS];
	int n, i;
	int dead;		/* inside an operand that is not evaluated */
	const char *stack[MAX_DEPTH];	/* the macros being expanded */
	int depth;
	bd_macro_lookup_fn lookup;
	void *ctx;
	char *why;
	size_t whylen;
	int failed;
};

static void fail(struct ev *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct ev *e, const char *fmt, ...)
{
	va_list ap;

	if (e->failed++)
		return;
	if (!e->why || !e->whylen)
		return;
	va_start(ap, fmt);
	vsnprintf(e->why, e->whylen, fmt, ap);
	va_end(ap);
}

/* ---- tokens ---- */

static const char *const puncts[] = {
	"<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "##",
	"(", ")", "~", "!", "-", "+", "*", "/", "%", "<", ">", "&", "^", "|",
	"?", ":", ",", "#", NULL
};

static void put_tok(struct ev *e, enum tk kind, const char *s, size_t n)
{
	struct tok *t;

	if (e->n >= MAX_TOKENS - 1) {
		fail(e, "its spelling is too long");
		return;
	}
	t = &e->t[e->n++];
	t->kind = kind;
	if (n >= sizeof(t->text))
		n = sizeof(t->text) - 1;
	memcpy(t->text, s, n);
	t->text[n] = 0;
}

/* Split a replacement list into preprocessing tokens. */
static void tokenize(struct ev *e, const char *s)
{
	while (*s && !e->failed) {
		const char *b = s;
		int k;

		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		if (isdigit((unsigned char)*s) || (*s == '.' && isdigit((unsigned char)s[1]))) {
			/* a pp-number: digits, letters, '.', and a sign after e/p */
			s++;
			while (isalnum((unsigned char)*s) || *s == '_' || *s == '.' ||
			       ((*s == '+' || *s == '-') && strchr("eEpP", s[-1])))
				s++;
			put_tok(e, T_NUM, b, s - b);
			continue;
		}
		if (isalpha((unsigned char)*s) || *s == '_') {
			while (isalnum((unsigned char)*s) || *s == '_')
				s++;
			/* L'x', u'x', U'x', u8'x': a character constant */
			if (*s == '\'' && (s - b <= 2)) {
				b = s;
			} else {
				put_tok(e, T_IDENT, b, s - b);
				continue;
			}
		}
		if (*s == '\'' || *s == '"') {
			char q = *s++;

			while (*s && *s != q)
				s += (*s == '\\' && s[1]) ? 2 : 1;
			if (*s)
				s++;
			put_tok(e, q == '\'' ? T_CHAR : T_OTHER, b, s - b);
			continue;
		}
		for (k = 0; puncts[k]; k++)
			if (!strncmp(s, puncts[k], strlen(puncts[k])))
				break;
		if (puncts[k]) {
			s += strlen(puncts[k]);
			put_tok(e, T_PUNCT, b, s - b);
			continue;
		}
		put_tok(e, T_OTHER, b, 1);
		s++;
	}
	put_tok(e, T_END, "", 0);
}

static const struct tok *peek(struct ev *e)
{
	return &e->t[e->i < e->n ? e->i : e->n - 1];
}

static int is_punct(const struct tok *t, const char *p)
{
	return t->kind == T_PUNCT && !strcmp(t->text, p);
}

static int accept(struct ev *e, const char *p)
{
	if (!is_punct(peek(e), p))
		return 0;
	e->i++;
	return 1;
}

/* ---- values with C's types (LP64: int 32 bits, long 64) ---- */

static struct val norm(struct val x)
{
	if (!x.wide)
		x.v = x.is_unsigned ? (int64_t)(uint32_t)x.v : (int64_t)(int32_t)x.v;
	return x;
}

static struct val mk(int64_t v, int is_unsigned, int wide)
{
	struct val x = { v, is_unsigned, wide };

	return norm(x);
}

static struct val mk_int(int64_t v)
{
	return mk(v, 0, 0);
}

/* The usual arithmetic conversions of two operands (after promotion). */
static void convert(struct val *a, struct val *b)
{
	int wide = a->wide || b->wide;
	int uns;

	if (a->wide == b->wide)
		uns = a->is_unsigned || b->is_unsigned;
	else	/* long holds every unsigned int: the wider one's sign */
		uns = a->wide ? a->is_unsigned : b->is_unsigned;
	*a = mk(a->v, uns, wide);
	*b = mk(b->v, uns, wide);
}

/* An integer literal: its value and its type (C11 6.4.4.1). */
static struct val number(struct ev *e, const char *s)
{
	const char *p = s, *digits;
	int base = 10, nu = 0, nl = 0, any = 0;
	uint64_t v = 0;
	struct val x = { 0, 0, 0 };

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
		base = 2;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	}
	digits = p;
	for (;; p++) {
		int d;

		if (*p == '\'' && p > digits)
			continue;	/* C23 digit separator */
		if (isdigit((unsigned char)*p))
			d = *p - '0';
		else if (base == 16 && isxdigit((unsigned char)*p))
			d = tolower((unsigned char)*p) - 'a' + 10;
		else
			break;
		if (d >= base) {
			fail(e, "'%s' is not a valid number", s);
			return x;
		}
		if (v > (UINT64_MAX - d) / base) {
			fail(e, "'%s' does not fit in 64 bits", s);
			return x;
		}
		v = v * base + d;
		any = 1;
	}
	if (!any && base != 8) {
		fail(e, "'%s' is not a valid number", s);
		return x;
	}
	for (; *p; p++) {
		if ((*p == 'u' || *p == 'U') && !nu)
			nu = 1;
		else if ((*p == 'l' || *p == 'L') && !nl)
			nl = p[1] == *p ? (p++, 2) : 1;
		else
			break;
	}
	if (*p) {
		fail(e, "'%s' is not an integer constant", s);
		return x;
	}
	/* the first type of the list that holds the value */
	if (!nl && !nu && v <= INT32_MAX)
		return mk((int64_t)v, 0, 0);
	if (!nl && (nu || base != 10) && v <= UINT32_MAX)
		return mk((int64_t)v, 1, 0);
	if (!nu && v <= INT64_MAX)
		return mk((int64_t)v, 0, 1);
	if (nu || base != 10)
		return mk((int64_t)v, 1, 1);
	fail(e, "'%s' does not fit in long", s);
	return x;
}

/* A character constant: 'a', '\n', '\x41', '\101' (int). */
static struct val character(struct ev *e, const char *s)
{
	const char *p = strchr(s, '\'');
	int64_t v = 0;

	if (!p || p[1] == '\'' || !p[1]) {
		fail(e, "'%s' is not a character constant", s);
		return mk_int(0);
	}
	p++;
	if (*p != '\\') {
		v = (unsigned char)*p++;
	} else {
		static const char esc[] = "n\nt\tr\ra\ab\bf\fv\v\\\\''\"\"??";

		p++;
		if (*p == 'x') {
			for (p++; isxdigit((unsigned char)*p); p++)
				v = v * 16 + (isdigit((unsigned char)*p) ? *p - '0' :
					      tolower((unsigned char)*p) - 'a' + 10);
		} else if (*p >= '0' && *p <= '7') {
			for (int k = 0; k < 3 && *p >= '0' && *p <= '7'; k++, p++)
				v = v * 8 + (*p - '0');
		} else {
			const char *q;

			for (q = esc; *q && *q != *p; q += 2)
				;
			if (!*q) {
				fail(e, "'%s' is not a character constant", s);
				return mk_int(0);
			}
			v = (unsigned char)q[1];
			p++;
		}
	}
	if (*p != '\'') {
		fail(e, "'%s' is not a single character", s);
		return mk_int(0);
	}
	return mk_int((int8_t)v);	/* char is signed on x86 */
}

/* ---- the grammar (C11 6.5, constant expressions) ---- */

static struct val cond_expr(struct ev *e);
static struct val unary(struct ev *e);
static struct val expand(struct ev *e, const char *name);

static const char *const type_words[] = {
	"char", "short", "int", "long", "signed", "unsigned", "_Bool", "const",
	"volatile", "void", "__signed__", "__signed", "__unsigned", NULL
};

static int is_type_word(const char *s)
{
	for (int k = 0; type_words[k]; k++)
		if (!strcmp(type_words[k], s))
			return 1;
	return 0;
}

/*
 * Is the '(' at e->i a cast?  "(" names and "*"s ")" followed by an
 * operand.  A single name that is an object-like macro in parentheses is
 * an expression, "(O_NONBLOCK)"; any other name is taken for a type (a
 * typedef such as fmode_t, or an annotation such as __force).
 */
static int cast_end(struct ev *e)
{
	int j = e->i + 1, names = 0, stars = 0;
	const struct tok *t;

	for (;; j++) {
		t = &e->t[j];
		if (t->kind == T_IDENT && !stars)
			names++;
		else if (is_punct(t, "*") && names)
			stars++;
		else
			break;
	}
	if (!names || !is_punct(t, ")"))
		return 0;
	t = &e->t[j + 1];
	if (!(t->kind == T_NUM || t->kind == T_CHAR || t->kind == T_IDENT ||
	      is_punct(t, "(") || is_punct(t, "~") || is_punct(t, "!") ||
	      is_punct(t, "-") || is_punct(t, "+")))
		return 0;
	if (names == 1 && !stars && !is_type_word(e->t[e->i + 1].text)) {
		struct bd_macro_def d;

		memset(&d, 0, sizeof(d));
		if (e->lookup(e->ctx, e->t[e->i + 1].text, &d) == BD_MACRO_OBJECT)
			return 0;
	}
	return j;
}

static struct val cast_to(struct ev *e, int from, int to, struct val x)
{
	int nlong = 0, uns = 0, sgn = 0, ch = 0, sh = 0, in = 0, boo = 0, vd = 0, ptr = 0;
	int other = 0;

	for (int j = from; j < to; j++) {
		const char *w = e->t[j].text;

		if (is_punct(&e->t[j], "*"))
			ptr = 1;
		else if (!strcmp(w, "long"))
			nlong++;
		else if (!strcmp(w, "unsigned") || !strcmp(w, "__unsigned"))
			uns = 1;
		else if (!strcmp(w, "signed") || !strncmp(w, "__signed", 8))
			sgn = 1;
		else if (!strcmp(w, "char"))
			ch = 1;
		else if (!strcmp(w, "short"))
			sh = 1;
		else if (!strcmp(w, "int"))
			in = 1;
		else if (!strcmp(w, "_Bool"))
			boo = 1;
		else if (!strcmp(w, "void"))
			vd = 1;
		else if (strcmp(w, "const") && strcmp(w, "volatile"))
			other = 1;
	}
	if (ptr)
		return mk(x.v, 1, 1);
	if (boo)
		return mk_int(x.v != 0);
	if (vd) {
		fail(e, "it casts to void");
		return x;
	}
	if (ch)
		return mk(uns ? (int64_t)(uint8_t)x.v : (int64_t)(int8_t)x.v, 0, 0);
	if (sh)
		return mk(uns ? (int64_t)(uint16_t)x.v : (int64_t)(int16_t)x.v, 0, 0);
	if (nlong)
		return mk(x.v, uns, 1);
	if (in || uns || sgn)
		return mk(x.v, uns, 0);
	(void)other;	/* a typedef we cannot see: the value as it is */
	return x;
}

static struct val primary(struct ev *e)
{
	const struct tok *t = peek(e);
	struct val x = mk_int(0);

	if (e->failed)
		return x;
	switch (t->kind) {
	case T_NUM:
		e->i++;
		return number(e, t->text);
	case T_CHAR:
		e->i++;
		return character(e, t->text);
	case T_IDENT:
		e->i++;
		if (!strcmp(t->text, "sizeof") || !strcmp(t->text, "_Alignof") ||
		    !strcmp(t->text, "__alignof__"))
			fail(e, "it uses %s", t->text);
		else
			return expand(e, t->text);
		return x;
	case T_PUNCT:
		if (accept(e, "(")) {
			x = cond_expr(e);
			if (!accept(e, ")"))
				fail(e, "a ')' is missing");
			return x;
		}
		break;
	default:
		break;
	}
	if (t->kind == T_END)
		fail(e, "an operand is missing");
	else
		fail(e, "'%s' is not part of an integer constant expression", t->text);
	return x;
}

static struct val unary(struct ev *e)
{
	struct val x;
	int end;

	if (accept(e, "+")) {
		x = unary(e);
		return mk(x.v, x.is_unsigned, x.wide);
	}
	if (accept(e, "-")) {
		x = unary(e);
		return mk((int64_t)(0 - (uint64_t)x.v), x.is_unsigned, x.wide);
	}
	if (accept(e, "~")) {
		x = unary(e);
		return mk(~x.v, x.is_unsigned, x.wide);
	}
	if (accept(e, "!")) {
		x = unary(e);
		return mk_int(!x.v);
	}
	if (is_punct(peek(e), "(") && (end = cast_end(e))) {
		int from = e->i + 1;

		e->i = end + 1;
		x = unary(e);
		return cast_to(e, from, end, x);
	}
	return primary(e);
}

/* Binary operators by C's precedence, loosest first. */
static const char *const levels[][5] = {
	{ "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" },
	{ "<", ">", "<=", ">=" }, { "<<", ">>" }, { "+", "-" }, { "*", "/", "%" },
};
#define NLEVELS ((int)(sizeof(levels) / sizeof(levels[0])))

static struct val apply(struct ev *e, const char *op, struct val a, struct val b)
{
	uint64_t ua, ub;

	if (!strcmp(op, "<<") || !strcmp(op, ">>")) {
		int bits = a.wide ? 64 : 32;

		if (b.v < 0 || b.v >= bits) {
			if (!e->dead)
				fail(e, "it shifts by %lld", (long long)b.v);
			return a;
		}
		if (op[0] == '<')
			return mk((int64_t)((uint64_t)a.v << b.v), a.is_unsigned, a.wide);
		if (a.is_unsigned)
			return mk((int64_t)((uint64_t)a.v >> b.v), 1, a.wide);
		return mk(a.v >> b.v, 0, a.wide);
	}
	if (!strcmp(op, "&&") || !strcmp(op, "||"))
		return mk_int(op[0] == '&' ? (a.v && b.v) : (a.v || b.v));
	convert(&a, &b);
	ua = (uint64_t)a.v;
	ub = (uint64_t)b.v;
	switch (op[0]) {
	case '|': return mk((int64_t)(ua | ub), a.is_unsigned, a.wide);
	case '^': return mk((int64_t)(ua ^ ub), a.is_unsigned, a.wide);
	case '&': return mk((int64_t)(ua & ub), a.is_unsigned, a.wide);
	case '+': return mk((int64_t)(ua + ub), a.is_unsigned, a.wide);
	case '-': return mk((int64_t)(ua - ub), a.is_unsigned, a.wide);
	case '*': return mk((int64_t)(ua * ub), a.is_unsigned, a.wide);
	case '=': return mk_int(ua == ub);
	case '!': return mk_int(ua != ub);
	case '/':
	case '%':
		if (!ub) {
			if (!e->dead)
				fail(e, "it divides by zero");
			return a;
		}
		if (a.is_unsigned)
			return mk((int64_t)(op[0] == '/' ? ua / ub : ua % ub), 1, a.wide);
		if (a.v == INT64_MIN && b.v == -1)
			return mk(op[0] == '/' ? a.v : 0, 0, a.wide);
		return mk(op[0] == '/' ? a.v / b.v : a.v % b.v, 0, a.wide);
	case '<':
	case '>': {
		int lt = a.is_unsigned ? ua < ub : a.v < b.v;
		int gt = a.is_unsigned ? ua > ub : a.v > b.v;

		if (op[0] == '<')
			return mk_int(op[1] ? !gt : lt);
		return mk_int(op[1] ? !lt : gt);
	}
	}
	fail(e, "'%s' is not an operator here", op);
	return a;
}

static struct val binary(struct ev *e, int level)
{
	struct val a, b;

	if (level == NLEVELS)
		return unary(e);
	a = binary(e, level + 1);
	while (!e->failed) {
		const char *op = NULL;
		int dead;

		for (int k = 0; k < 5 && levels[level][k]; k++)
			if (is_punct(peek(e), levels[level][k]))
				op = levels[level][k];
		if (!op)
			break;
		e->i++;
		/* the right operand of && and || may go unevaluated */
		dead = (!strcmp(op, "&&") && !a.v) || (!strcmp(op, "||") && a.v);
		e->dead += dead;
		b = binary(e, level + 1);
		e->dead -= dead;
		a = apply(e, op, a, b);
	}
	return a;
}

static struct val cond_expr(struct ev *e)
{
	struct val c = binary(e, 0), x, y;

	if (!accept(e, "?"))
		return c;
	e->dead += !c.v;
	x = cond_expr(e);
	e->dead -= !c.v;
	if (!accept(e, ":")) {
		fail(e, "a ':' is missing");
		return c;
	}
	e->dead += !!c.v;
	y = cond_expr(e);
	e->dead -= !!c.v;
	convert(&x, &y);
	return c.v ? x : y;
}

/* Evaluate 'body' (a replacement list) on its own token array. */
static struct val eval_body(struct ev *outer, const char *body)
{
	struct ev *e = calloc(1, sizeof(*e));
	struct val x = mk_int(0);

	if (!e) {
		fail(outer, "out of memory");
		return x;
	}
	e->lookup = outer->lookup;
	e->ctx = outer->ctx;
	e->why = outer->why;
	e->whylen = outer->whylen;
	e->depth = outer->depth;
	e->dead = outer->dead;
	memcpy(e->stack, outer->stack, sizeof(e->stack));
	e->failed = outer->failed;
	tokenize(e, body);
	if (!e->failed && e->t[0].kind == T_END)
		fail(e, "it is empty");
	if (!e->failed)
		x = cond_expr(e);
	if (!e->failed && peek(e)->kind != T_END)
		fail(e, "'%s' is not part of an integer constant expression", peek(e)->text);
	outer->failed = e->failed;
	free(e);
	return x;
}

static struct val expand(struct ev *e, const char *name)
{
	struct bd_macro_def d;
	char *body;
	struct val x = mk_int(0);
	int kind;

	for (int k = 0; k < e->depth; k++)
		if (!strcmp(e->stack[k], name)) {
			fail(e, "'%s' refers to itself", name);
			return x;
		}
	if (e->depth >= MAX_DEPTH) {
		fail(e, "its macros nest too deep");
		return x;
	}
	memset(&d, 0, sizeof(d));
	kind = e->lookup(e->ctx, name, &d);
	if (kind == BD_MACRO_FUNCTION) {
		fail(e, "'%s' is a function-like macro", name);
		return x;
	}
	if (kind != BD_MACRO_OBJECT || !d.body) {
		fail(e, "'%s' is not a macro", name);
		return x;
	}
	body = bd_xstrdup(d.body);	/* the callback's buffer may be reused */
	e->stack[e->depth++] = name;
	x = eval_body(e, body);
	e->depth--;
	free(body);
	return x;
}

int bd_macro_eval(const char *name, bd_macro_lookup_fn lookup, void *ctx,
		  int64_t *out, char *why, size_t whylen)
{
	struct ev e;
	struct val x;

	memset(&e, 0, sizeof(e));
	e.lookup = lookup;
	e.ctx = ctx;
	e.why = why;
	e.whylen = whylen;
	if (why && whylen)
		why[0] = 0;
	x = expand(&e, name);
	if (e.failed)
		return -1;
	*out = x.v;
	return 0;
}

/* ---- recording a unit's macros ---- */

/* A replacement list spelled the same whatever the frontend's spacing:
 * tokens one blank apart, none inside parentheses, after ~ and !, or
 * between a function-like macro's name and its arguments. */
static void respell(const char *body, char *out, size_t len)
{
	struct ev *e = calloc(1, sizeof(*e));
	size_t n = 0;

	out[0] = 0;
	if (!e)
		return;
	tokenize(e, body);
	for (int i = 0; e->t[i].kind != T_END && i < e->n; i++) {
		const struct tok *p = i ? &e->t[i - 1] : NULL, *t = &e->t[i];
		int blank = p && !is_punct(p, "(") && !is_punct(p, "~") && !is_punct(p, "!") &&
			    !is_punct(t, ")") && !(is_punct(t, "(") && p->kind == T_IDENT);

		if (n + strlen(e->t[i].text) + 2 >= len)
			break;
		n += snprintf(out + n, len - n, "%s%s", blank ? " " : "", e->t[i].text);
	}
	free(e);
}

int bd_unit_read_macro(struct bd_unit *u, const char *name, bd_macro_lookup_fn lookup,
		       void *ctx)
{
	struct bd_macro_def d;
	char why[256], body[200];
	int64_t v;
	int kind;

	memset(&d, 0, sizeof(d));
	kind = lookup(ctx, name, &d);
	if (kind == BD_MACRO_NONE)
		return 0;	/* not defined: the default, as documented */
	respell(d.body ? d.body : "", body, sizeof(body));
	if (kind == BD_MACRO_OBJECT && !bd_macro_eval(name, lookup, ctx, &v, why, sizeof(why))) {
		bd_unit_set_macro(u, name, v);
		return 1;
	}
	if (kind == BD_MACRO_FUNCTION)
		snprintf(why, sizeof(why), "it is a function-like macro");
	bd_unit_macro_unknown(u, name, d.loc, body, why);
	return -1;
}

void bd_unit_read_macros(struct bd_unit *u, bd_macro_lookup_fn lookup, void *ctx)
{
	for (const char *const *n = bd_macro_names(); *n; n++)
		bd_unit_read_macro(u, *n, lookup, ctx);
}

/* The check whose findings a flag macro's value decides. */
static enum bd_check macro_check(const char *name)
{
	if (!strncmp(name, "O_", 2))
		return BD_CHECK_NDELAY_FLAGS;
	if (!strncmp(name, "BLK_OPEN_", 9))
		return BD_CHECK_PUT_HOLDER;
	return BD_CHECK_PUT_MODE;
}

void bd_macro_notes(struct bd_ctx *c)
{
	const struct bd_unit *u = c->u;

	for (int i = 0; i < u->nmacros; i++) {
		const struct bd_macro *m = &u->macros[i];
		int64_t d = bd_macro_default(m->name);

		if (!m->why)
			continue;
		bd_report(c, macro_check(m->name), BD_SEV_NOTE, m->loc, NULL, NULL, 0, NULL,
			  !strncmp(m->name, "O_", 2) ?
			  "bdops cannot evaluate '%s', defined as '%s': %s; the checks "
			  "take its default, %#llo" :
			  "bdops cannot evaluate '%s', defined as '%s': %s; the checks "
			  "take its default, %#llx", m->name, m->body, m->why,
			  (unsigned long long)d);
	}
}
