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
 *	bdops-facts <format> <bdops version> <length>\n
 *	<length bytes: the facts JSON of docs/facts.md, compact>\n
 *
 * A record says how long it is, so records concatenated by ld -r (with
 * any NUL padding an alignment put between them) read back one by one;
 * the JSON's "path" says which unit it is.  The frontends emit it through
 * the assembler (.pushsection/.popsection, so the compiler's idea of the
 * current section stays right), which GNU as and LLVM's integrated
 * assembler both accept.  docs/facts.md describes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#define RECORD_MAGIC "bdops-facts"
#define RECORD_FORMAT 1
#define ASCII_CHUNK 200		/* bytes of payload per .ascii line */

/* The record's bytes (header, JSON, newline).  NULL if out of memory. */
static char *record(const struct bd_unit *u, const struct bd_result *r, size_t *len)
{
	char *json = NULL, *rec = NULL;
	size_t jlen = 0;
	FILE *f = open_memstream(&json, &jlen);
	int bad, hlen;

	if (!f)
		return NULL;
	bad = bd_facts_encode(f, u, r, 0);
	if (fclose(f) || bad) {
		free(json);
		return NULL;
	}
	hlen = snprintf(NULL, 0, RECORD_MAGIC " %d %s %zu\n", RECORD_FORMAT, BD_VERSION, jlen);
	rec = malloc(hlen + jlen + 2);
	if (rec) {
		snprintf(rec, hlen + 1, RECORD_MAGIC " %d %s %zu\n", RECORD_FORMAT, BD_VERSION, jlen);
		memcpy(rec + hlen, json, jlen);
		rec[hlen + jlen] = '\n';
		*len = hlen + jlen + 1;
	}
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
	fputs("\t.ascii \"", f);
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '"' || p[i] == '\\' || p[i] < 0x20 || p[i] >= 0x7f ||
		    (i == 0 && p[i] == '-'))
			fprintf(f, "\\%03o", p[i]);
		else
			fputc(p[i], f);
	}
	fputs("\"\n", f);
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

int bd_facts_section_parse(const char *buf, size_t len, bd_facts_record_fn fn, void *ctx,
			   char *err, size_t errlen)
{
	size_t p = 0;
	int n = 0;

	for (;;) {
		char head[128], version[64];
		const char *nl;
		unsigned long long jlen;
		int format, k;
		size_t hlen;

		while (p < len && buf[p] == 0)
			p++;		/* alignment padding between records */
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
		if (sscanf(head, RECORD_MAGIC " %d %63s %llu%n", &format, version, &jlen, &k) != 3 ||
		    (size_t)k != hlen) {
			snprintf(err, errlen, "byte %zu: bad record header '%s'", p, head);
			return -1;
		}
		if (format != RECORD_FORMAT) {
			snprintf(err, errlen, "byte %zu: record format %d written by bdops %s; "
				 "this bdops (%s) reads format %d", p, format, version, BD_VERSION,
				 RECORD_FORMAT);
			return -1;
		}
		p += hlen + 1;
		if (jlen > len - p) {
			snprintf(err, errlen, "byte %zu: record of %llu bytes cut short at %zu",
				 p, jlen, len - p);
			return -1;
		}
		if (fn(buf + p, (size_t)jlen, version, ctx))
			return n + 1;
		n++;
		p += jlen;
		if (p < len && buf[p] == '\n')
			p++;
	}
}
