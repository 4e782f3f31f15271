// SPDX-License-Identifier: GPL-2.0
/*
 * lookalike.c - the ASCII a piece of UTF-8 text looks like, so that a
 * suppression comment spelt with look-alike characters ("bdоps" with a
 * Cyrillic o, "ignore" with a zero-width space inside, a fullwidth colon)
 * is recognised as meant and reported, not silently taken for prose.
 *
 * The skeleton (in the sense of Unicode TR 39, for the few characters
 * that matter here) keeps ASCII as it is and:
 *   - drops invisible characters: zero-width spaces and joiners, word
 *     joiners, the byte order mark, the soft hyphen, bidi controls,
 *     combining marks (which only decorate the letter before them);
 *   - makes every Unicode space a blank;
 *   - makes fullwidth forms (U+FF01-FF5E) their ASCII;
 *   - maps the Latin-looking letters of Cyrillic, Greek, the
 *     mathematical alphabets, and look-alikes of ':' and '-', to ASCII.
 * Anything else non-ASCII becomes '?', which matches nothing.  Its limit:
 * a look-alike missing from the tables is not recognised (then the
 * comment is prose, as before); no look-alike is ever honoured.
 */
#include <string.h>
#include "internal.h"

static const struct {
	unsigned cp;
	char ascii;
} lookalikes[] = {
	/* Cyrillic */
	{ 0x0430, 'a' }, { 0x0432, 'b' }, { 0x0441, 'c' }, { 0x0501, 'd' }, { 0x0435, 'e' },
	{ 0x0261, 'g' }, { 0x04bb, 'h' }, { 0x0456, 'i' }, { 0x0458, 'j' }, { 0x04cf, 'l' },
	{ 0x043e, 'o' }, { 0x0440, 'p' }, { 0x051b, 'q' }, { 0x0455, 's' }, { 0x0445, 'x' },
	{ 0x0443, 'y' }, { 0x051d, 'w' }, { 0x0410, 'A' }, { 0x0412, 'B' }, { 0x0421, 'C' },
	{ 0x0415, 'E' }, { 0x041d, 'H' }, { 0x0406, 'I' }, { 0x0408, 'J' }, { 0x041a, 'K' },
	{ 0x041c, 'M' }, { 0x041e, 'O' }, { 0x0420, 'P' }, { 0x0405, 'S' }, { 0x0422, 'T' },
	{ 0x0425, 'X' }, { 0x04ae, 'Y' },
	/* Greek */
	{ 0x03b1, 'a' }, { 0x03b9, 'i' }, { 0x03ba, 'k' }, { 0x03bd, 'v' }, { 0x03bf, 'o' },
	{ 0x03c1, 'p' }, { 0x03c5, 'u' }, { 0x03c7, 'x' }, { 0x0391, 'A' }, { 0x0392, 'B' },
	{ 0x0395, 'E' }, { 0x0396, 'Z' }, { 0x0397, 'H' }, { 0x0399, 'I' }, { 0x039a, 'K' },
	{ 0x039c, 'M' }, { 0x039d, 'N' }, { 0x039f, 'O' }, { 0x03a1, 'P' }, { 0x03a4, 'T' },
	{ 0x03a5, 'Y' }, { 0x03a7, 'X' },
	/* Latin */
	{ 0x0131, 'i' }, { 0x0269, 'i' }, { 0x026a, 'i' }, { 0x1d00, 'a' }, { 0x0251, 'a' },
	{ 0x2170, 'i' }, { 0x217c, 'l' }, { 0x2113, 'l' }, { 0x1d0f, 'o' }, { 0x1d18, 'p' },
	{ 0xa731, 's' },
	/* ':' and '-' */
	{ 0x02d0, ':' }, { 0x02f8, ':' }, { 0x0589, ':' }, { 0x05c3, ':' }, { 0x0703, ':' },
	{ 0x0704, ':' }, { 0x16ec, ':' }, { 0x1803, ':' }, { 0x1809, ':' }, { 0x205a, ':' },
	{ 0x2236, ':' }, { 0xa789, ':' }, { 0xfe13, ':' }, { 0xfe30, ':' }, { 0xfe55, ':' },
	{ 0x2010, '-' }, { 0x2011, '-' }, { 0x2012, '-' }, { 0x2013, '-' }, { 0x2014, '-' },
	{ 0x2015, '-' }, { 0x2212, '-' }, { 0xfe58, '-' }, { 0xfe63, '-' },
};

/* One code point of UTF-8 at s (at most n bytes); *len its length.  An
 * ill-formed byte is U+FFFD, one byte long. */
static unsigned decode(const unsigned char *s, size_t n, int *len)
{
	unsigned cp;
	int k, need;

	if (s[0] < 0x80) {
		*len = 1;
		return s[0];
	}
	need = s[0] >= 0xf0 && s[0] < 0xf5 ? 3 : s[0] >= 0xe0 ? 2 : s[0] >= 0xc2 ? 1 : -1;
	if (need < 0 || s[0] >= 0xf5 || (size_t)need >= n) {
		*len = 1;
		return 0xfffd;
	}
	cp = s[0] & (0x3f >> need);
	for (k = 1; k <= need; k++) {
		if ((s[k] & 0xc0) != 0x80) {
			*len = 1;
			return 0xfffd;
		}
		cp = cp << 6 | (s[k] & 0x3f);
	}
	*len = need + 1;
	return cp;
}

static int invisible(unsigned cp)
{
	return cp == 0x00ad || cp == 0x034f || cp == 0x061c || cp == 0x115f || cp == 0x1160 ||
	       cp == 0x17b4 || cp == 0x17b5 || cp == 0x180e || cp == 0x3164 || cp == 0xfeff ||
	       cp == 0xffa0 || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x206f) || (cp >= 0x0300 && cp <= 0x036f) ||
	       (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0000 && cp <= 0xe007f);
}

static int space(unsigned cp)
{
	return cp == 0x00a0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
	       cp == 0x202f || cp == 0x205f || cp == 0x3000;
}

/* The ASCII cp stands for: a character, 0 to drop it, '?' for none. */
static char ascii_of(unsigned cp, const char **what)
{
	size_t i;

	if (cp < 0x80)
		return (char)cp;
	if (invisible(cp)) {
		*what = "an invisible character";
		return 0;
	}
	if (space(cp)) {
		*what = "a Unicode space";
		return ' ';
	}
	if (cp >= 0xff01 && cp <= 0xff5e) {
		*what = "a fullwidth form";
		return (char)(cp - 0xfee0);
	}
	/* the mathematical alphabets: A-Z a-z in one style after another */
	if (cp >= 0x1d400 && cp <= 0x1d6a3) {
		unsigned k = (cp - 0x1d400) % 52;

		*what = "a mathematical letter";
		return (char)(k < 26 ? 'A' + k : 'a' + k - 26);
	}
	for (i = 0; i < sizeof(lookalikes) / sizeof(lookalikes[0]); i++)
		if (lookalikes[i].cp == cp) {
			*what = "a look-alike";
			return lookalikes[i].ascii;
		}
	return '?';
}

size_t bd_skeleton(const char *s, size_t n, char *out, int *at, size_t cap)
{
	size_t i = 0, k = 0;

	while (i < n && k + 1 < cap) {
		const char *what = NULL;
		int len;
		unsigned cp = decode((const unsigned char *)s + i, n - i, &len);
		char c = ascii_of(cp, &what);

		if (c) {
			out[k] = c;
			at[k++] = (int)i;
		}
		i += len;
	}
	out[k] = 0;
	at[k] = (int)i;
	return k;
}

int bd_first_non_ascii(const char *s, size_t n, unsigned *cp, char *ascii, const char **what)
{
	for (size_t i = 0; i < n; i++) {
		int len;

		if ((unsigned char)s[i] < 0x80)
			continue;
		*cp = decode((const unsigned char *)s + i, n - i, &len);
		*what = "a character that is not ASCII";
		*ascii = ascii_of(*cp, what);
		return (int)i;
	}
	return -1;
}
