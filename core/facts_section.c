// SPDX-License-Identifier: GPL-2.0
/*
 * facts_section.c - a unit's facts inside the object it compiles to, so
 * they travel wherever the object goes: out of ccache on a hit, back from
 * a distcc or icecream server, into archives and "ld -r" outputs.
 *
 * The section is ".bdops.facts" with SHF_EXCLUDE ("e"), as .llvm_addrsig
 * and the LTO sections have: relocatable links (ld -r, kbuild's modules
 * and vmlinux.o) concatenate it, a final link drops it, so vmlinux and
 * executables never carry it.  One record per unit:
 *
 *	bdops-facts 2 <bdops version> <length> <JSON length>\n
 *	<length bytes: the facts JSON of docs/facts.md, compact, zlib-deflated>\n
 *
 * Format 1, written before, is read too: its header has no JSON length
 * and its bytes are the JSON as it is.  The JSON deflates to about a
 * sixth (it repeats key names and paths); objects are what ccache keeps
 * and distcc/icecream send back, so the section is kept small.  A record
 * says how long it is, so records concatenated by ld -r (with any NUL
 * padding an alignment put between them) read back one by one; the
 * JSON's "path" says which unit it is.  The frontends emit it through
 * the assembler (.pushsection/.popsection, so the compiler's idea of the
 * current section stays right), which GNU as and LLVM's integrated
 * assembler both accept.  docs/facts.md describes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "internal.h"
#include "shape.h"

#define RECORD_MAGIC "bdops-facts"
#define RECORD_PLAIN 1		/* the JSON as it is */
#define RECORD_DEFLATED 2	/* the JSON through zlib's compress2() */
#define RECORD_MAX_JSON BD_FACTS_MAX_BYTES	/* checked before inflating */
/* NULs an alignment may put between records; a longer run is a record
 * overwritten with zeros, not padding (docs/facts.md) */
#define RECORD_MAX_PAD 64
#define ASCII_CHUNK 200		/* bytes of payload per .ascii line */

/* The unit's facts JSON, compact, in a malloc'ed buffer.  NULL on error. */
static char *facts_json(const struct bd_unit *u, const struct bd_result *r, size_t *len)
{
	char *json = NULL;
	size_t jlen = 0;
	FILE *f = open_memstream(&json, &jlen);
	int bad;

	if (!f)
		return NULL;
	bad = bd_facts_encode(f, u, r, 0);
	if (fclose(f) || bad) {
		free(json);
		return NULL;
	}
	*len = jlen;
	return json;
}

/* The record's bytes (header, deflated JSON, newline).  NULL on error. */
static char *record(const struct bd_unit *u, const struct bd_result *r, size_t *len)
{
	size_t jlen = 0;
	char *json = facts_json(u, r, &jlen), *z = NULL, *rec = NULL;
	char head[128];
	uLongf zlen;
	int hlen;

	if (!json)
		return NULL;
	zlen = compressBound(jlen);
	z = malloc(zlen);
	if (z && compress2((Bytef *)z, &zlen, (Bytef *)json, jlen, Z_DEFAULT_COMPRESSION) == Z_OK) {
		hlen = snprintf(head, sizeof(head), RECORD_MAGIC " %d %s %lu %zu\n",
				RECORD_DEFLATED, BD_VERSION, (unsigned long)zlen, jlen);
		rec = malloc(hlen + zlen + 1);
		if (rec) {
			memcpy(rec, head, hlen);
			memcpy(rec + hlen, z, zlen);
			rec[hlen + zlen] = '\n';
			*len = hlen + zlen + 1;
		}
	}
	free(z);
	free(json);
	return rec;
}

/*
 * One .ascii line; bytes an assembler string cannot hold as they are
 * become octal escapes (both assemblers read \ooo).  So does a '-' that
 * starts a line: kbuild turns the .ascii lines of asm-offsets.s that start
 * with "->" into #defines (sed-offsets), and it compiles that file with
 * KCFLAGS, the plugin included.
 */
static void ascii_line(FILE *f, const unsigned char *p, size_t n)
{
	/* built in a buffer: a deflated record is mostly escapes, and one
	 * fprintf() each was a fifth of writing the section */
	char buf[4 * ASCII_CHUNK + 16], *o = buf;

	*o++ = '\t';
	memcpy(o, ".ascii \"", 8);
	o += 8;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '"' || p[i] == '\\' || p[i] < 0x20 || p[i] >= 0x7f ||
		    (i == 0 && p[i] == '-')) {
			*o++ = '\\';
			*o++ = (char)('0' + (p[i] >> 6));
			*o++ = (char)('0' + ((p[i] >> 3) & 7));
			*o++ = (char)('0' + (p[i] & 7));
		} else {
			*o++ = (char)p[i];
		}
	}
	*o++ = '"';
	*o++ = '\n';
	fwrite(buf, 1, (size_t)(o - buf), f);
}

char *bd_facts_asm(const struct bd_unit *u, const struct bd_result *r,
		   const struct bd_options *o)
{
	char *rec, *text = NULL;
	size_t len = 0, tlen = 0;
	FILE *f;

	if (!o || !o->facts_object || !u || !r)
		return NULL;
	rec = record(u, r, &len);
	if (!rec)
		return NULL;
	f = open_memstream(&text, &tlen);
	if (f) {
		/* no section type: "@progbits" would be a comment on ARM */
		fputs("\t.pushsection .bdops.facts,\"e\"\n", f);
		for (size_t i = 0; i < len; i += ASCII_CHUNK)
			ascii_line(f, (unsigned char *)rec + i,
				   len - i < ASCII_CHUNK ? len - i : ASCII_CHUNK);
		fputs("\t.popsection\n", f);
		if (fclose(f)) {
			free(text);
			text = NULL;
		}
	}
	free(rec);
	return text;
}

/* Hand fn the JSON of a deflated record of zlen bytes at z.  fn's return,
 * or -1 with err set (at: the record's offset). */
static int inflated(const char *z, size_t zlen, unsigned long long jlen, const char *version,
		    bd_facts_record_fn fn, void *ctx, size_t at, char *err, size_t errlen)
{
	uLongf got = jlen;
	char *json;
	int rc;

	if (jlen > RECORD_MAX_JSON) {
		snprintf(err, errlen, "byte %zu: a record of %llu bytes of JSON, over the %llu MiB "
			 "a unit's facts may have", at, jlen, RECORD_MAX_JSON >> 20);
		return -1;
	}
	json = malloc(jlen ? jlen : 1);
	if (!json) {
		snprintf(err, errlen, "byte %zu: out of memory", at);
		return -1;
	}
	rc = uncompress((Bytef *)json, &got, (const Bytef *)z, zlen);
	if (rc != Z_OK || got != jlen) {
		snprintf(err, errlen, "byte %zu: deflated record does not inflate to %llu bytes (%s)",
			 at, jlen, rc == Z_OK ? "length differs" : zError(rc));
		free(json);
		return -1;
	}
	rc = fn(json, jlen, version, ctx) ? 1 : 0;
	free(json);
	return rc;
}

int bd_facts_section_parse(const char *buf, size_t len, bd_facts_record_fn fn, void *ctx,
			   char *err, size_t errlen)
{
	size_t p = 0;
	int n = 0;

	for (;;) {
		char head[128], version[64];
		const char *nl;
		unsigned long long blen, jlen = 0;
		int format, k = 0, ok, rc;
		size_t hlen;

		size_t pad = p;

		while (p < len && buf[p] == 0)
			p++;		/* alignment padding between records */
		/* a section is never without a record (a unit without
		 * functions writes one too): zeros instead of one are
		 * damage, and a unit silently missing from the merge */
		if (p - pad > RECORD_MAX_PAD || (p >= len && !n)) {
			snprintf(err, errlen, "byte %zu: %zu bytes of zeros where a facts record "
				 "should be: the section was damaged; rebuild the object",
				 pad, p - pad);
			return -1;
		}
		if (p >= len)
			return n;
		nl = memchr(buf + p, '\n', len - p < sizeof(head) ? len - p : sizeof(head));
		hlen = nl ? (size_t)(nl - (buf + p)) : 0;
		if (!nl || hlen >= sizeof(head) || strncmp(buf + p, RECORD_MAGIC " ", 12)) {
			snprintf(err, errlen, "byte %zu: not a bdops facts record", p);
			return -1;
		}
		memcpy(head, buf + p, hlen);
		head[hlen] = 0;
		if (sscanf(head, RECORD_MAGIC " %d", &format) != 1 ||
		    (format != RECORD_PLAIN && format != RECORD_DEFLATED)) {
			snprintf(err, errlen, "byte %zu: record format '%.20s' (this bdops, %s, reads "
				 "formats %d and %d)", p, head + 12, BD_VERSION, RECORD_PLAIN,
				 RECORD_DEFLATED);
			return -1;
		}
		if (format == RECORD_PLAIN)
			ok = sscanf(head, RECORD_MAGIC " %*d %63s %llu%n", version, &blen, &k) == 2;
		else
			ok = sscanf(head, RECORD_MAGIC " %*d %63s %llu %llu%n", version, &blen, &jlen,
				    &k) == 3;
		if (!ok || (size_t)k != hlen) {
			snprintf(err, errlen, "byte %zu: bad record header '%s'", p, head);
			return -1;
		}
		p += hlen + 1;
		if (blen > len - p) {
			snprintf(err, errlen, "byte %zu: record of %llu bytes cut short at %zu",
				 p, blen, len - p);
			return -1;
		}
		if (format == RECORD_PLAIN && blen > RECORD_MAX_JSON) {
			snprintf(err, errlen, "byte %zu: a record of %llu bytes of JSON, over the "
				 "%llu MiB a unit's facts may have", p, blen, RECORD_MAX_JSON >> 20);
			return -1;
		}
		if (format == RECORD_PLAIN)
			rc = fn(buf + p, (size_t)blen, version, ctx) ? 1 : 0;
		else
			rc = inflated(buf + p, (size_t)blen, jlen, version, fn, ctx, p, err, errlen);
		if (rc < 0)
			return -1;
		if (rc)
			return n + 1;
		n++;
		p += blen;
		if (p < len && buf[p] == '\n')
			p++;
	}
}
