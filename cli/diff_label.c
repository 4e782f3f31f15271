// SPDX-License-Identifier: GPL-2.0
/*
 * diff_label.c - the file names of a unified diff's "---" and "+++" lines,
 * written the way git writes them, which GNU patch and git apply both
 * read: a name with a quote, a backslash, a control character or a byte
 * above 0x7f is C-quoted ("a/odd\"name.c"); a name with a blank gets a
 * tab after it (GNU patch takes the name up to the tab, or else up to the
 * first blank); any other name is written as it is.
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"

static int needs_quotes(const char *s)
{
	for (; *s; s++)
		if (*s == '"' || *s == '\\' || (unsigned char)*s < 0x20 ||
		    (unsigned char)*s >= 0x7f)
			return 1;
	return 0;
}

void bd_drv_diff_label(char *buf, size_t len, const char *prefix, const char *path)
{
	static const char esc[] = "\a\b\t\n\v\f\r";
	static const char letter[] = "abtnvfr";
	size_t k = 0;
	const char *s, *e;
	char name[8192];

	snprintf(name, sizeof(name), "%s%s", prefix, path);
	if (!needs_quotes(name)) {
		snprintf(buf, len, "%s%s", name, strpbrk(name, " \t") ? "\t" : "");
		return;
	}
	if (len < 3)
		return;
	buf[k++] = '"';
	for (s = name; *s && k + 5 < len; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\') {
			buf[k++] = '\\';
			buf[k++] = c;
		} else if (c && (e = strchr(esc, c))) {
			buf[k++] = '\\';
			buf[k++] = letter[e - esc];
		} else if (c < 0x20 || c >= 0x7f) {
			k += snprintf(buf + k, len - k, "\\%03o", c);
		} else {
			buf[k++] = c;
		}
	}
	buf[k++] = '"';
	buf[k] = 0;
}
