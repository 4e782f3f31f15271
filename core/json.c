// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - the JSON writer and reader behind the JSON and SARIF reports,
 * the baseline file and the facts directory.  No dependencies: plugins link
 * this into the host compiler, where pulling in a JSON library is not an
 * option.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"
#include "json.h"

/* ---- writer ---- */

void bd_json_init(struct bd_json_writer *w, FILE *out, int pretty)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
	w->pretty = pretty;
}

static void indent(struct bd_json_writer *w)
{
	int i;

	if (!w->pretty)
		return;
	fputc('\n', w->out);
	for (i = 0; i < w->depth; i++)
		fputs("  ", w->out);
}

/* Separator and indentation before a value (or a key in an object). */
static void before_value(struct bd_json_writer *w)
{
	if (w->after_key) {
		w->after_key = 0;
		return;
	}
	if (w->depth > 0) {
		if (w->count[w->depth - 1]++)
			fputc(',', w->out);
		indent(w);
	}
}

static void open_container(struct bd_json_writer *w, int c)
{
	before_value(w);
	fputc(c, w->out);
	if (w->depth < BD_JSON_MAX_DEPTH)
		w->count[w->depth] = 0;
	w->depth++;
}

static void close_container(struct bd_json_writer *w, int c)
{
	int had = w->depth <= BD_JSON_MAX_DEPTH && w->count[w->depth - 1];

	w->depth--;
	if (had)
		indent(w);
	fputc(c, w->out);
	if (w->depth == 0 && w->pretty)
		fputc('\n', w->out);
}

void bd_json_begin_object(struct bd_json_writer *w) { open_container(w, '{'); }
void bd_json_end_object(struct bd_json_writer *w) { close_container(w, '}'); }
void bd_json_begin_array(struct bd_json_writer *w) { open_container(w, '['); }
void bd_json_end_array(struct bd_json_writer *w) { close_container(w, ']'); }

/* Length of the valid UTF-8 sequence at s, or 0 if it is not one. */
static int utf8_len(const unsigned char *s)
{
	unsigned c = s[0], cp;
	int n, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* overlong, surrogates, beyond U+10FFFF */
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

void bd_json_write_escaped(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int n;

	fputc('"', out);
	while (*s) {
		switch (*s) {
		case '"':  fputs("\\\"", out); s++; continue;
		case '\\': fputs("\\\\", out); s++; continue;
		case '\b': fputs("\\b", out); s++; continue;
		case '\f': fputs("\\f", out); s++; continue;
		case '\n': fputs("\\n", out); s++; continue;
		case '\r': fputs("\\r", out); s++; continue;
		case '\t': fputs("\\t", out); s++; continue;
		}
		if (*s < 0x20) {
			fprintf(out, "\\u%04x", *s);
			s++;
			continue;
		}
		n = utf8_len(s);
		if (!n) {
			fputs("\\ufffd", out);
			s++;
			continue;
		}
		fwrite(s, 1, n, out);
		s += n;
	}
	fputc('"', out);
}

void bd_json_key(struct bd_json_writer *w, const char *key)
{
	before_value(w);
	bd_json_write_escaped(w->out, key);
	fputs(w->pretty ? ": " : ":", w->out);
	w->after_key = 1;
}

void bd_json_string(struct bd_json_writer *w, const char *s)
{
	if (!s) {
		bd_json_null(w);
		return;
	}
	before_value(w);
	bd_json_write_escaped(w->out, s);
}

void bd_json_int(struct bd_json_writer *w, int64_t v)
{
	before_value(w);
	fprintf(w->out, "%lld", (long long)v);
}

void bd_json_bool(struct bd_json_writer *w, int v)
{
	before_value(w);
	fputs(v ? "true" : "false", w->out);
}

void bd_json_null(struct bd_json_writer *w)
{
	before_value(w);
	fputs("null", w->out);
}

void bd_json_kv_str(struct bd_json_writer *w, const char *key, const char *s)
{
	bd_json_key(w, key);
	bd_json_string(w, s);
}

void bd_json_kv_int(struct bd_json_writer *w, const char *key, int64_t v)
{
	bd_json_key(w, key);
	bd_json_int(w, v);
}

/* ---- reader ---- */

/*
 * A document is parsed in a scratch arena (its nodes, strings, keys and
 * item arrays carved from a few big chunks), then copied at its exact size
 * into a slab it shares with other documents; bd_json_free() of the root
 * gives its place back.  Tens of thousands of facts files are read per
 * merge: a malloc per value, or per document, made that slow and the
 * arenas' slack doubled the memory.
 */
struct chunk {
	struct chunk *next;
	size_t used, size;
	char data[];
};

/* Parsed documents are kept in slabs: a merge keeps tens of thousands,
 * and one malloc each (plus its slack) cost more than parsing them.  A
 * slab is freed with the last of its documents. */
struct slab {
	size_t used, size;
	long live;		/* documents in it */
	char data[];
};

struct doc {			/* what precedes the root node */
	struct chunk *chunks;	/* the scratch's, or strings added later */
	struct slab *slab;	/* where a parsed document lives */
	struct bd_json root;
};

struct parser {
	const char *s, *end, *start;
	const char *line_start;		/* of the current line */
	int line;			/* 1-based, of p->s */
	int depth;
	char *err;
	size_t errlen;
	int failed;
	struct doc *doc;
	void **stack;		/* items (and keys) of the open containers */
	int nstack, capstack;
	size_t first_chunk;	/* most documents fit in one of this size */
};

static void *doc_alloc(struct doc *d, size_t n, size_t align, size_t first)
{
	struct chunk *c = d->chunks;
	size_t at = c ? (c->used + align - 1) & ~(align - 1) : 0;

	if (!c || at > c->size || c->size - at < n) {
		size_t size = c ? c->size * 2 : first;

		while (size < n)
			size *= 2;
		if (size > (1u << 20))
			size = n > (1u << 20) ? n : 1u << 20;
		c = bd_xrealloc(NULL, sizeof(*c) + size);	/* no need to clear */
		c->size = size;
		c->next = d->chunks;
		d->chunks = c;
		at = 0;
	}
	c->used = at + n;
	return c->data + at;
}

static void *alloc_bytes(struct parser *p, size_t n, size_t align)
{
	return doc_alloc(p->doc, n, align, p->first_chunk);
}

static void *alloc(struct parser *p, size_t n)
{
	return alloc_bytes(p, n, 8);
}

/* Object keys repeat across documents ("file", "line", "function"): one
 * process-wide copy of each, never freed.  Each slot keeps its string's
 * hash and length, so a probe compares bytes only on a true match, and the
 * strings come from a bump pool: a merge interns hundreds of thousands of
 * function names and paths. */
struct key_slot {
	char *s;
	unsigned hash, len;
};

static struct {
	struct key_slot *v;
	unsigned n, size;
	char *pool;
	size_t left;
} keys;

#define KEY_POOL (64u << 10)

static unsigned key_hash(const char *s, size_t len)
{
	unsigned h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static char *key_copy(const char *s, size_t len)
{
	char *d;

	if (len + 1 > keys.left) {
		size_t n = len + 1 > KEY_POOL ? len + 1 : KEY_POOL;

		keys.pool = bd_xcalloc(n, 1);
		keys.left = n;
	}
	d = keys.pool;
	memcpy(d, s, len);
	d[len] = 0;
	keys.pool += len + 1;
	keys.left -= len + 1;
	return d;
}

static void keys_grow(void)
{
	struct key_slot *old = keys.v;
	unsigned osize = keys.size, i;

	keys.size = osize ? 2 * osize : 256;
	keys.v = bd_xcalloc(keys.size, sizeof(*keys.v));
	for (unsigned k = 0; k < osize; k++) {
		if (!old[k].s)
			continue;
		for (i = old[k].hash & (keys.size - 1); keys.v[i].s; i = (i + 1) & (keys.size - 1))
			;
		keys.v[i] = old[k];
	}
	free(old);
}

/* The slot of s, or the empty slot where it belongs. */
static struct key_slot *key_slot(const char *s, size_t len, unsigned h)
{
	unsigned i;

	for (i = h & (keys.size - 1); keys.v[i].s; i = (i + 1) & (keys.size - 1))
		if (keys.v[i].hash == h && keys.v[i].len == len && !memcmp(keys.v[i].s, s, len))
			break;
	return &keys.v[i];
}

static char *intern_key(const char *s, size_t len)
{
	unsigned h = key_hash(s, len);
	struct key_slot *k;

	if (keys.n * 2 >= keys.size)
		keys_grow();
	k = key_slot(s, len, h);
	if (!k->s) {
		k->s = key_copy(s, len);
		k->hash = h;
		k->len = (unsigned)len;
		keys.n++;
	}
	return k->s;
}

static void push(struct parser *p, void *v)
{
	if (p->nstack == p->capstack) {
		p->capstack = p->capstack ? 2 * p->capstack : 256;
		p->stack = bd_xrealloc(p->stack, p->capstack * sizeof(*p->stack));
	}
	p->stack[p->nstack++] = v;
}

static void fail(struct parser *p, const char *what)
{
	const char *q;
	int line = 1, col = 1;

	if (p->failed)
		return;
	p->failed = 1;
	for (q = p->start; q < p->s && q < p->end; q++) {
		if (*q == '\n')
			line++, col = 1;
		else
			col++;
	}
	if (p->err)
		snprintf(p->err, p->errlen, "%d:%d: %s", line, col, what);
}

/* Newlines only occur between tokens (strings hold none), so counting
 * them here gives every value its line. */
static void skip_ws(struct parser *p)
{
	while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' ||
				 *p->s == '\n' || *p->s == '\r')) {
		if (*p->s == '\n') {
			p->line++;
			p->line_start = p->s + 1;
		}
		p->s++;
	}
}

static struct bd_json *node(struct parser *p, enum bd_json_type t)
{
	struct bd_json *j = alloc(p, sizeof(*j));

	memset(j, 0, sizeof(*j));
	j->type = t;
	return j;
}

static int literal(struct parser *p, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(p->end - p->s) < n || memcmp(p->s, word, n))
		return 0;
	p->s += n;
	return 1;
}

static int hex4(struct parser *p, unsigned *out)
{
	unsigned v = 0;
	int i;

	if (p->end - p->s < 4)
		return -1;
	for (i = 0; i < 4; i++) {
		char c = p->s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	p->s += 4;
	*out = v;
	return 0;
}

static size_t put_utf8(char *d, unsigned cp)
{
	if (cp < 0x80) {
		d[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = 0xc0 | (cp >> 6);
		d[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = 0xe0 | (cp >> 12);
		d[1] = 0x80 | ((cp >> 6) & 0x3f);
		d[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	d[0] = 0xf0 | (cp >> 18);
	d[1] = 0x80 | ((cp >> 12) & 0x3f);
	d[2] = 0x80 | ((cp >> 6) & 0x3f);
	d[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* A string over BD_JSON_MAX_STRING: refused before it is copied (the
 * place is its opening quote). */
static void too_long(struct parser *p)
{
	char msg[96];

	p->s--;
	snprintf(msg, sizeof(msg), "a string longer than %u KiB (no string bdops writes is)",
		 BD_JSON_MAX_STRING >> 10);
	fail(p, msg);
}

/* Parse a string literal at p->s (which is at the opening quote). */
static char *parse_string(struct parser *p, size_t *lenp)
{
	/* The decoded text is never longer than the source text. */
	const char *q = ++p->s;
	char *buf, *d;
	unsigned cp, lo;

	/* most strings have no escape: copy them whole */
	while (q < p->end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20)
		q++;
	if ((size_t)(q - p->s) > BD_JSON_MAX_STRING) {
		too_long(p);
		return NULL;
	}
	if (q < p->end && *q == '"') {
		buf = alloc_bytes(p, q - p->s + 1, 1);
		memcpy(buf, p->s, q - p->s);
		buf[q - p->s] = 0;
		*lenp = q - p->s;
		p->s = q + 1;
		return buf;
	}
	q = p->s;
	while (q < p->end && *q != '"' && (size_t)(q - p->s) <= BD_JSON_MAX_STRING)
		q += (*q == '\\') ? 2 : 1;
	if ((size_t)(q - p->s) > BD_JSON_MAX_STRING) {
		too_long(p);
		return NULL;
	}
	if (q >= p->end) {
		fail(p, "unterminated string");
		return NULL;
	}
	buf = d = alloc_bytes(p, q - p->s + 1, 1);
	while (*p->s != '"') {
		unsigned char c = *p->s;

		if (c < 0x20) {
			fail(p, "control character in string");
			goto bad;
		}
		if (c != '\\') {
			*d++ = *p->s++;
			continue;
		}
		p->s++;
		switch (*p->s++) {
		case '"': *d++ = '"'; break;
		case '\\': *d++ = '\\'; break;
		case '/': *d++ = '/'; break;
		case 'b': *d++ = '\b'; break;
		case 'f': *d++ = '\f'; break;
		case 'n': *d++ = '\n'; break;
		case 'r': *d++ = '\r'; break;
		case 't': *d++ = '\t'; break;
		case 'u':
			if (hex4(p, &cp)) {
				fail(p, "bad \\u escape");
				goto bad;
			}
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (p->end - p->s >= 6 && p->s[0] == '\\' && p->s[1] == 'u') {
					p->s += 2;
					if (hex4(p, &lo) || lo < 0xdc00 || lo > 0xdfff) {
						fail(p, "bad surrogate pair");
						goto bad;
					}
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				} else {
					cp = 0xfffd;
				}
			} else if (cp >= 0xdc00 && cp <= 0xdfff) {
				cp = 0xfffd;
			} else if (!cp) {
				/* every reader takes strings as C strings: the
				 * rest of a name or message would vanish */
				p->s -= 6;
				fail(p, "NUL (\\u0000) in a string");
				goto bad;
			}
			d += put_utf8(d, cp);
			break;
		default:
			p->s--;
			fail(p, "bad escape in string");
			goto bad;
		}
	}
	p->s++;
	*d = 0;
	*lenp = d - buf;
	return buf;
bad:
	return NULL;
}

static struct bd_json *parse_value(struct parser *p);

static struct bd_json *parse_number(struct parser *p)
{
	const char *q = p->s;
	struct bd_json *j;
	char tmp[64];
	size_t n;

	if (q < p->end && *q == '-')
		q++;
	if (q >= p->end || *q < '0' || *q > '9') {
		fail(p, "unexpected character");
		return NULL;
	}
	if (*q == '0' && q + 1 < p->end && q[1] >= '0' && q[1] <= '9') {
		fail(p, "leading zero in number");
		return NULL;
	}
	while (q < p->end && ((*q >= '0' && *q <= '9') || *q == '+' || *q == '-' ||
			      *q == '.' || *q == 'e' || *q == 'E'))
		q++;
	n = q - p->s;
	if (n >= sizeof(tmp)) {
		fail(p, "number too long");
		return NULL;
	}
	memcpy(tmp, p->s, n);
	tmp[n] = 0;
	j = node(p, BD_JSON_NUMBER);
	errno = 0;
	if (strpbrk(tmp, ".eE+")) {
		j->number = strtod(tmp, NULL);
		/* out of int64_t's range (or not finite) it is no integer:
		 * converting it would be undefined */
		if (j->number > -9.2e18 && j->number < 9.2e18)
			j->integer = (int64_t)j->number;
		p->s = q;
		return j;
	}
	if (n < 19) {		/* no overflow: the digits by hand */
		int64_t v = 0;
		const char *d = tmp + (*tmp == '-');

		for (; *d; d++)
			v = v * 10 + (*d - '0');
		j->integer = *tmp == '-' ? -v : v;
	} else {
		j->integer = strtoll(tmp, NULL, 10);
		if (errno == ERANGE) {
			fail(p, "integer out of range (more than 64 bits)");
			return NULL;
		}
	}
	j->number = (double)j->integer;
	p->s = q;
	return j;
}

/* The container's items (and keys), from the stack into the arena. */
static void close_items(struct parser *p, struct bd_json *j, int base)
{
	int k = j->type == BD_JSON_OBJECT ? 2 : 1;

	j->n = (p->nstack - base) / k;
	j->items = j->n ? alloc(p, j->n * sizeof(*j->items)) : NULL;
	if (k == 2)
		j->keys = j->n ? alloc(p, j->n * sizeof(*j->keys)) : NULL;
	for (int i = 0; i < j->n; i++) {
		if (k == 2)
			j->keys[i] = p->stack[base + 2 * i];
		j->items[i] = p->stack[base + k * i + k - 1];
	}
	p->nstack = base;
}

/*
 * Is key (interned) already a key of the object whose items start at
 * stack[base]?  A duplicate is an error: readers take the first copy, so
 * '"findings": [], ..., "findings": [...]' would hide the second.  Most
 * objects have a few keys, compared as pointers; past DUP_LINEAR keys an
 * object gets a hash set of them (*set, freed by the caller), so a hostile
 * object of a million keys costs no more than its parse.
 */
#define DUP_LINEAR 32

struct keyset {
	const char **v;
	size_t size, n;
};

static int keyset_add(struct keyset *ks, const char *key)
{
	size_t i;

	if (2 * (ks->n + 1) > ks->size) {
		struct keyset old = *ks;

		ks->size = old.size ? 2 * old.size : 4 * DUP_LINEAR;
		ks->v = bd_xcalloc(ks->size, sizeof(*ks->v));
		ks->n = 0;
		for (i = 0; i < old.size; i++)
			if (old.v[i])
				keyset_add(ks, old.v[i]);
		free(old.v);
	}
	for (i = ((uintptr_t)key >> 3) * 2654435761u & (ks->size - 1); ks->v[i];
	     i = (i + 1) & (ks->size - 1))
		if (ks->v[i] == key)
			return 1;
	ks->v[i] = key;
	ks->n++;
	return 0;
}

/* The value of the key's other copy, or NULL. */
static const struct bd_json *duplicate(struct parser *p, int base, const char *key,
				       struct keyset *ks)
{
	int n = (p->nstack - base) / 2;

	if (n < DUP_LINEAR) {
		for (int i = 0; i < n; i++)
			if (p->stack[base + 2 * i] == key)
				return p->stack[base + 2 * i + 1];
		return NULL;
	}
	if (!ks->size)
		for (int i = 0; i < n; i++)
			keyset_add(ks, p->stack[base + 2 * i]);
	if (!keyset_add(ks, key))
		return NULL;
	for (int i = 0; i < n; i++)
		if (p->stack[base + 2 * i] == key)
			return p->stack[base + 2 * i + 1];
	return NULL;
}

static struct bd_json *parse_container(struct parser *p, int is_object)
{
	struct bd_json *j = node(p, is_object ? BD_JSON_OBJECT : BD_JSON_ARRAY);
	struct bd_json *v;
	const struct bd_json *other;
	struct keyset ks = { NULL, 0, 0 };
	const char *key_at;
	char *key = NULL, msg[160];
	size_t klen;
	int base = p->nstack;

	if (++p->depth > BD_JSON_MAX_DEPTH) {
		fail(p, "nested too deeply");
		goto bad;
	}
	p->s++;
	skip_ws(p);
	if (p->s < p->end && *p->s == (is_object ? '}' : ']')) {
		p->s++;
		p->depth--;
		close_items(p, j, base);
		return j;
	}
	for (;;) {
		skip_ws(p);
		if (is_object) {
			if (p->s >= p->end || *p->s != '"') {
				fail(p, "expected a string key");
				goto bad;
			}
			key_at = p->s;
			key = parse_string(p, &klen);
			if (!key)
				goto bad;
			key = intern_key(key, klen);
			other = duplicate(p, base, key, &ks);
			if (other) {
				snprintf(msg, sizeof(msg), "duplicate key \"%.60s\" (its first value "
					 "is at %d:%d)", key, other->line, other->col);
				p->s = key_at;
				fail(p, msg);
				goto bad;
			}
			skip_ws(p);
			if (p->s >= p->end || *p->s != ':') {
				fail(p, "expected ':'");
				goto bad;
			}
			p->s++;
		}
		v = parse_value(p);
		if (!v)
			goto bad;
		if (is_object)
			push(p, key);
		push(p, v);
		key = NULL;
		skip_ws(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			continue;
		}
		if (p->s < p->end && *p->s == (is_object ? '}' : ']')) {
			p->s++;
			break;
		}
		fail(p, is_object ? "expected ',' or '}'" : "expected ',' or ']'");
		goto bad;
	}
	p->depth--;
	close_items(p, j, base);
	free(ks.v);
	return j;
bad:
	free(ks.v);
	p->nstack = base;
	return NULL;
}

static struct bd_json *parse_value_at(struct parser *p);

/* Every value knows where it starts, for errors about its shape. */
static struct bd_json *parse_value(struct parser *p)
{
	struct bd_json *j;
	int line, col;

	skip_ws(p);
	line = p->line;
	col = (int)(p->s - p->line_start) + 1;
	j = parse_value_at(p);
	if (j) {
		j->line = line;
		j->col = col;
	}
	return j;
}

static struct bd_json *parse_value_at(struct parser *p)
{
	struct bd_json *j;

	if (p->s >= p->end) {
		fail(p, "unexpected end of input");
		return NULL;
	}
	switch (*p->s) {
	case '{':
		return parse_container(p, 1);
	case '[':
		return parse_container(p, 0);
	case '"':
		j = node(p, BD_JSON_STRING);
		j->string = parse_string(p, &j->len);
		return j->string ? j : NULL;
	}
	if (literal(p, "null"))
		return node(p, BD_JSON_NULL);
	if (literal(p, "true")) {
		j = node(p, BD_JSON_BOOL);
		j->boolean = 1;
		return j;
	}
	if (literal(p, "false"))
		return node(p, BD_JSON_BOOL);
	return parse_number(p);
}

#define SLAB_SIZE ((2u << 20) - sizeof(struct slab))
static __thread struct slab *cur_slab;

static void slab_put(struct slab *sl)
{
	if (!__atomic_sub_fetch(&sl->live, 1, __ATOMIC_ACQ_REL) && sl != cur_slab)
		free(sl);
}

/* A slab is one 2 MiB huge page where the kernel gives them on request
 * (transparent_hugepage "madvise", Debian's default): a merge fills
 * hundreds of slabs, and a page fault per 4 KiB was a third of its time. */
static struct slab *new_slab(void)
{
	void *p;

	if (posix_memalign(&p, 2u << 20, 2u << 20))
		return bd_xrealloc(NULL, sizeof(struct slab) + SLAB_SIZE);
	madvise(p, 2u << 20, MADV_HUGEPAGE);
	return p;
}

/* n bytes (a multiple of 8) for a document, in the current slab or a new
 * one; a large document gets a slab of its own. */
static void *slab_take(size_t n, struct slab **out)
{
	struct slab *sl = cur_slab;

	if (n > SLAB_SIZE / 4) {
		sl = bd_xrealloc(NULL, sizeof(*sl) + n);
		sl->size = sl->used = n;
		sl->live = 1;
		*out = sl;
		return sl->data;
	}
	if (!sl || sl->size - sl->used < n) {
		struct slab *old = sl;

		sl = new_slab();
		sl->size = SLAB_SIZE;
		sl->used = 0;
		sl->live = 1;		/* while current */
		cur_slab = sl;
		if (old)
			slab_put(old);
	}
	__atomic_add_fetch(&sl->live, 1, __ATOMIC_ACQ_REL);
	*out = sl;
	sl->used += n;
	return sl->data + sl->used - n;
}

static void free_doc(struct doc *d)
{
	for (struct chunk *c = d->chunks, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	if (d->slab)
		slab_put(d->slab);
	else
		free(d);
}

/* ---- copying ---- */

/*
 * A parsed document is copied into one allocation of exactly its size:
 * parsing happens in a scratch arena that is kept for the next document,
 * so the documents a merge keeps (tens of thousands) carry no arena slack
 * and cost one malloc each.
 */
struct copier {
	char *at;		/* next free byte (second pass) */
	size_t size;		/* bytes needed (first pass) */
};

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* Short strings repeat across documents (function names, files, the
 * modes' fields): they are interned like keys, one copy per process.
 * Documents never change a string in place (bd_json_set_string() points
 * elsewhere). */
static int shared(const struct bd_json *j)
{
	return j->len < 96 && !memchr(j->string, 0, j->len);
}

/* Bytes the copy of j's strings, items and keys take, nodes aligned. */
static void measure(struct copier *c, const struct bd_json *j)
{
	if (j->type == BD_JSON_STRING && !shared(j))
		c->size += align8(j->len + 1);
	if (j->type != BD_JSON_ARRAY && j->type != BD_JSON_OBJECT)
		return;
	c->size += j->n * (sizeof(struct bd_json) +
			   sizeof(void *) * (j->type == BD_JSON_OBJECT ? 2 : 1));
	for (int i = 0; i < j->n; i++)
		measure(c, j->items[i]);
}

static void *take(struct copier *c, size_t n)
{
	void *v = c->at;

	c->at += align8(n);
	return v;
}

static void copy_into(struct copier *c, struct bd_json *d, const struct bd_json *j)
{
	*d = *j;
	if (j->type == BD_JSON_STRING && shared(j)) {
		d->string = intern_key(j->string, j->len);
	} else if (j->type == BD_JSON_STRING) {
		d->string = take(c, j->len + 1);
		memcpy(d->string, j->string, j->len + 1);
	}
	if (j->type != BD_JSON_ARRAY && j->type != BD_JSON_OBJECT)
		return;
	d->items = j->n ? take(c, j->n * sizeof(*d->items)) : NULL;
	if (j->type == BD_JSON_OBJECT)
		d->keys = j->n ? take(c, j->n * sizeof(*d->keys)) : NULL;
	for (int i = 0; i < j->n; i++) {
		d->items[i] = take(c, sizeof(struct bd_json));
		if (j->type == BD_JSON_OBJECT)
			d->keys[i] = j->keys[i];	/* interned */
		copy_into(c, d->items[i], j->items[i]);
	}
}

static struct bd_json *copy_doc(const struct bd_json *j)
{
	struct copier c = { NULL, 0 };
	struct slab *sl;
	struct doc *d;

	measure(&c, j);
	d = slab_take(align8(sizeof(*d)) + c.size, &sl);
	d->chunks = NULL;
	d->slab = sl;
	c.at = (char *)d + align8(sizeof(*d));
	copy_into(&c, &d->root, j);
	return &d->root;
}

/* The scratch arena a document is parsed in (one per thread), emptied for
 * the next: one chunk of the size the largest document so far needed, up
 * to SCRATCH_KEEP; the open containers' stack likewise. */
#define SCRATCH_KEEP (16u << 20)
static __thread struct doc scratch;
static __thread void **scratch_stack;
static __thread int scratch_cap;

static void scratch_reset(void)
{
	size_t total = 0;

	if (!scratch.chunks)
		return;
	if (scratch.chunks->next) {	/* grew: one chunk of it all next time */
		for (struct chunk *c = scratch.chunks; c; c = c->next)
			total += c->size;
		for (struct chunk *c = scratch.chunks, *n; c; c = n) {
			n = c->next;
			free(c);
		}
		scratch.chunks = NULL;
		if (total <= SCRATCH_KEEP) {
			scratch.chunks = bd_xrealloc(NULL, sizeof(struct chunk) + total);
			scratch.chunks->next = NULL;
			scratch.chunks->size = total;
		}
	} else if (scratch.chunks->size > SCRATCH_KEEP) {
		free(scratch.chunks);
		scratch.chunks = NULL;
	}
	if (scratch.chunks)
		scratch.chunks->used = 0;
}

struct bd_json *bd_json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct parser p = { .s = text, .end = text + len, .start = text, .line_start = text,
			    .line = 1, .err = err, .errlen = errlen };
	struct bd_json *j, *copy = NULL;

	/* a facts file's DOM takes about 2.7 times its text */
	p.first_chunk = len < (1u << 16) ? 1u << 18 : len * 3;
	scratch_reset();
	p.doc = &scratch;
	p.stack = scratch_stack;
	p.capstack = scratch_cap;
	j = parse_value(&p);
	skip_ws(&p);
	if (j && p.s != p.end)
		fail(&p, "trailing characters after the JSON value");
	scratch_stack = p.stack;
	scratch_cap = p.capstack;
	if (j && !p.failed)
		copy = copy_doc(j);
	scratch_reset();
	return copy;
}

static void too_large(const char *path, unsigned long long size, int more,
		      unsigned long long max, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: too large to read (%s%llu bytes; the limit is %llu MiB)",
		 path, more ? "over " : "", size, max >> 20);
}

struct bd_json *bd_json_parse_file(const char *path, char *err, size_t errlen)
{
	return bd_json_parse_file_max(path, BD_JSON_MAX_FILE, err, errlen);
}

struct bd_json *bd_json_parse_file_max(const char *path, unsigned long long max, char *err,
				       size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct bd_json *j;
	struct stat st;
	char *buf = NULL, msg[256];
	size_t len = 0, cap;
	ssize_t n;

	if (fd < 0) {
		snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	/* one read of the whole file, sized by fstat (a pipe: grown), and
	 * never more than max: the size is judged before the memory is taken */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && (unsigned long long)st.st_size > max) {
		too_large(path, st.st_size, 0, max, err, errlen);
		close(fd);
		return NULL;
	}
	cap = !fstat(fd, &st) && st.st_size > 0 ? (size_t)st.st_size + 1 : 65536;
	buf = bd_xrealloc(NULL, cap);
	for (;;) {
		if (len > max) {
			too_large(path, max, 1, max, err, errlen);
			close(fd);
			free(buf);
			return NULL;
		}
		if (len == cap) {
			cap *= 2;
			buf = bd_xrealloc(buf, cap);
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	if (n < 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		close(fd);
		free(buf);
		return NULL;
	}
	close(fd);
	j = bd_json_parse(buf, len, msg, sizeof(msg));
	if (!j)
		snprintf(err, errlen, "%s:%s", path, msg);
	free(buf);
	return j;
}

static struct doc *doc_of(struct bd_json *root)
{
	return (struct doc *)((char *)root - offsetof(struct doc, root));
}

void bd_json_free(struct bd_json *j)
{
	if (j)
		free_doc(doc_of(j));
}

void bd_json_set_string(struct bd_json *root, struct bd_json *v, const char *s)
{
	size_t len = strlen(s);
	char *copy = doc_alloc(doc_of(root), len + 1, 1, 1024);

	memcpy(copy, s, len + 1);
	v->string = copy;
	v->len = len;
}

/* The interned copy of key, or NULL: no document has that key. */
static const char *find_key(const char *key)
{
	size_t len = strlen(key);

	if (!keys.size)
		return NULL;
	return key_slot(key, len, key_hash(key, len))->s;
}

const struct bd_json *bd_json_get(const struct bd_json *j, const char *key)
{
	if (!j || j->type != BD_JSON_OBJECT || !(key = find_key(key)))
		return NULL;
	/* every parsed key is interned: compare pointers */
	for (int i = 0; i < j->n; i++)
		if (j->keys[i] == key)
			return j->items[i];
	return NULL;
}

const char *bd_json_get_str(const struct bd_json *j, const char *key, const char *dflt)
{
	const struct bd_json *v = bd_json_get(j, key);

	return v && v->type == BD_JSON_STRING ? v->string : dflt;
}

int64_t bd_json_get_int(const struct bd_json *j, const char *key, int64_t dflt)
{
	const struct bd_json *v = bd_json_get(j, key);

	return v && v->type == BD_JSON_NUMBER ? v->integer : dflt;
}
