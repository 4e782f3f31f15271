// SPDX-License-Identifier: GPL-2.0
/*
 * comments.c - the comments of a C file, as the compiler's lexer sees
 * them: "//" to the end of the line (continued by a backslash at its
 * end), and "/" "*" to the next "*" "/", on one line or many.  A "//" or
 * "/" "*" inside a string literal or a character constant starts no
 * comment, and a quote inside a comment starts no string.  What the
 * suppression reader (suppress.c) looks at, and nothing else.
 *
 * Each comment is given with its lines' text (without the delimiters)
 * and whether code shares its first line (before it) or its last line
 * (after it): which line a suppression covers depends on both.
 *
 * Limits: the preprocessor is not run, so a comment inside "#if 0" counts
 * like any other, and "<...>" of #include is code (a "//" in it would
 * start a comment, as no kernel header name has one); a backslash-newline
 * inside a comment's opening or closing pair is not joined.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

enum { CODE, BLOCK, LINE, STRING, CHAR };

static void part(struct bd_comments *c, int line, int col, const char *s, int len)
{
	BD_GROW(c->parts, c->nparts, c->cap_parts);
	c->parts[c->nparts++] = (struct bd_comment_part){ line, col, s, len };
	c->v[c->n - 1].nparts++;
}

static void open_comment(struct bd_comments *c, int line, int code_before)
{
	BD_GROW(c->v, c->n, c->cap);
	c->v[c->n++] = (struct bd_comment){ line, line, code_before, 0, c->nparts, 0 };
}

static int blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\f' || ch == '\v' || ch == '\r';
}

void bd_comments_scan(const char *(*line_at)(void *ctx, int n), void *ctx,
		      struct bd_comments *c)
{
	const char *s;
	int state = CODE, n;

	memset(c, 0, sizeof(*c));
	for (n = 1; (s = line_at(ctx, n)); n++) {
		int len = (int)strlen(s), i = 0, start = 0, code = 0;
		int cont = len > 0 && s[len - 1] == '\\';

		if (state == BLOCK || state == LINE)
			start = 0;
		for (; i < len; i++) {
			char ch = s[i], nx = i + 1 < len ? s[i + 1] : 0;

			switch (state) {
			case CODE:
				if (ch == '/' && nx == '/') {
					open_comment(c, n, code);
					state = LINE;
					start = i + 2;
					i = len;
				} else if (ch == '/' && nx == '*') {
					open_comment(c, n, code);
					state = BLOCK;
					start = i + 2;
					i++;
				} else if (ch == '"' || ch == '\'') {
					state = ch == '"' ? STRING : CHAR;
					code = 1;
				} else if (!blank(ch)) {
					code = 1;
					/* code after a comment ended on this line */
					if (c->n && c->v[c->n - 1].last == n && c->v[c->n - 1].nparts)
						c->v[c->n - 1].code_after = 1;
				}
				break;
			case BLOCK:
				if (ch == '*' && nx == '/') {
					part(c, n, start + 1, s + start, i - start);
					c->v[c->n - 1].last = n;
					state = CODE;
					i++;
				}
				break;
			case STRING:
			case CHAR:
				if (ch == '\\')
					i++;
				else if (ch == (state == STRING ? '"' : '\''))
					state = CODE;
				break;
			}
		}
		if (state == LINE) {
			part(c, n, start + 1, s + start, len - start - cont);
			c->v[c->n - 1].last = n;
			if (!cont)
				state = CODE;
		} else if (state == BLOCK) {
			part(c, n, start + 1, s + start, len - start);
			c->v[c->n - 1].last = n;
		} else if ((state == STRING || state == CHAR) && !cont) {
			state = CODE;	/* unterminated: the compiler says so */
		}
	}
}

void bd_comments_free(struct bd_comments *c)
{
	free(c->v);
	free(c->parts);
	memset(c, 0, sizeof(*c));
}
