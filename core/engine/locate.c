// SPDX-License-Identifier: GPL-2.0
/*
 * locate.c - find the line of '.member = func' in an initializer.
 *
 * GCC keeps no location on the values of a static initializer, only on the
 * variable.  Rather than let one frontend report at another line, the core
 * finds the member in the source text, starting at the variable, the same
 * way for every frontend that cannot say better.
 */
#include <ctype.h>
#include <string.h>
#include "engine.h"

#define SEARCH_LINES 400

static int is_ident(int ch)
{
	return isalnum(ch) || ch == '_';
}

/* Column (1-based) of word w in s at or after s+from, or 0. */
static int find_word(const char *s, const char *w, int from)
{
	size_t n = strlen(w);

	for (const char *p = strstr(s + from, w); p; p = strstr(p + 1, w)) {
		if ((p == s || !is_ident((unsigned char)p[-1])) &&
		    !is_ident((unsigned char)p[n]))
			return (int)(p - s) + 1;
	}
	return 0;
}

/* Column of ".member" followed by optional blanks and '=', or 0. */
static int find_designator(const char *s, const char *member)
{
	for (const char *p = strchr(s, '.'); p; p = strchr(p + 1, '.')) {
		const char *q = p + 1;
		size_t n = strlen(member);

		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, member, n) || is_ident((unsigned char)q[n]))
			continue;
		q += n;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '=' || *q == '\0')
			return (int)(q - s) + 1;
	}
	return 0;
}

struct bd_loc bd_locate_member(struct bd_loc start, const char *member, const char *func)
{
	struct bd_loc best = start;
	int designated = 0;

	if (!start.file || start.line <= 0)
		return start;
	for (int l = start.line; l < start.line + SEARCH_LINES; l++) {
		const char *s = bd_source_line(start.file, l);
		int col;

		if (!s)
			break;
		if (!designated) {
			col = find_designator(s, member);
			if (col) {
				designated = 1;
				col = find_word(s, func, col - 1);
				if (col) {
					best.line = l;
					best.col = col;
					return best;
				}
				continue;
			}
		} else {
			col = find_word(s, func, 0);
			if (col) {
				best.line = l;
				best.col = col;
				return best;
			}
			continue;
		}
		/* positional initializer: the first mention of func */
		col = find_word(s, func, 0);
		if (col && l > start.line) {
			best.line = l;
			best.col = col;
			return best;
		}
		if (strchr(s, ';') && l > start.line)
			break;
	}
	return best;
}
