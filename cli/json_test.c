// SPDX-License-Identifier: GPL-2.0
/*
 * json_test.c - unit test of core/json.c: escaping, UTF-8 handling, the
 * reader's error positions and a write/read round trip.  Prints "ok N" per
 * test and exits 1 on the first failure.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "json.h"

static int ntests;

static void expect(int cond, const char *what)
{
	ntests++;
	if (!cond) {
		printf("FAIL %d: %s\n", ntests, what);
		exit(1);
	}
	printf("ok %d %s\n", ntests, what);
}

static char *escaped(const char *s)
{
	static char buf[256];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	bd_json_write_escaped(f, s);
	fclose(f);
	return buf;
}

static void test_escape(void)
{
	expect(!strcmp(escaped("a\"b\\c"), "\"a\\\"b\\\\c\""), "quote and backslash");
	expect(!strcmp(escaped("\n\t\r\b\f"), "\"\\n\\t\\r\\b\\f\""), "short escapes");
	expect(!strcmp(escaped("\x01\x1f"), "\"\\u0001\\u001f\""), "control characters");
	expect(!strcmp(escaped("caf\xc3\xa9 \xe2\x82\xac"), "\"caf\xc3\xa9 \xe2\x82\xac\""),
	       "valid UTF-8 kept");
	expect(!strcmp(escaped("a\xff" "b\xc3"), "\"a\\ufffdb\\ufffd\""),
	       "invalid UTF-8 replaced");
	expect(!strcmp(escaped("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\""),
	       "encoded surrogate replaced");
}

static struct bd_json *parse(const char *s, char *err, size_t errlen)
{
	return bd_json_parse(s, strlen(s), err, errlen);
}

static void test_parse(void)
{
	char err[128];
	struct bd_json *j;

	j = parse("{\"a\": [1, -2, 3.5e1, true, false, null], "
		  "\"b\": \"\\u00e9\\ud83d\\ude00\"}", err, sizeof(err));
	expect(j && j->type == BD_JSON_OBJECT && j->n == 2, "object parsed");
	expect(bd_json_get(j, "a")->n == 6 && bd_json_get(j, "a")->items[1]->integer == -2 &&
	       bd_json_get(j, "a")->items[2]->integer == 35, "numbers");
	expect(!strcmp(bd_json_get_str(j, "b", ""), "\xc3\xa9\xf0\x9f\x98\x80"),
	       "\\u escapes and surrogate pairs");
	bd_json_free(j);

	j = parse("[1,\n 2,,]", err, sizeof(err));
	expect(!j && !strcmp(err, "2:4: unexpected character"), "error position");
	j = parse("{\"a\" 1}", err, sizeof(err));
	expect(!j && strstr(err, "expected ':'"), "missing colon");
	j = parse("\"abc", err, sizeof(err));
	expect(!j && strstr(err, "unterminated"), "unterminated string");
	j = parse("[01]", err, sizeof(err));
	expect(!j, "leading zero rejected");
	j = parse("[1] x", err, sizeof(err));
	expect(!j && strstr(err, "trailing"), "trailing garbage rejected");
	j = parse("\"a\x01\"", err, sizeof(err));
	expect(!j, "raw control character rejected");
	/* what a reader must not take silently (issue 29) */
	j = parse("{\"a\": [],\n \"b\": 1, \"a\": [2]}", err, sizeof(err));
	expect(!j && !strcmp(err, "2:10: duplicate key \"a\" (its first value is at 1:7)"),
	       "duplicate key rejected at the second");
	j = parse("[\"a\\u0000b\"]", err, sizeof(err));
	expect(!j && !strcmp(err, "1:4: NUL (\\u0000) in a string"), "NUL in a string rejected");
	j = parse("[99999999999999999999]", err, sizeof(err));
	expect(!j && strstr(err, "out of range"), "integer over 64 bits rejected");
	j = parse("[1e300]", err, sizeof(err));
	expect(j && j->items[0]->integer == 0 && j->items[0]->number == 1e300,
	       "a huge number is no integer");
	bd_json_free(j);
	{
		/* the object's keys past the linear scan go through a set */
		char obj[8192];
		size_t k = 0;

		k += snprintf(obj + k, sizeof(obj) - k, "{");
		for (int i = 0; i < 100; i++)
			k += snprintf(obj + k, sizeof(obj) - k, "\"k%d\": %d, ", i, i);
		snprintf(obj + k, sizeof(obj) - k, "\"k77\": 0}");
		j = parse(obj, err, sizeof(err));
		expect(!j && strstr(err, "duplicate key \"k77\""), "duplicate key in a big object");
		obj[k] = 0;
		snprintf(obj + k - 2, sizeof(obj) - k + 2, "}");
		j = parse(obj, err, sizeof(err));
		expect(j && j->n == 100 && bd_json_get_int(j, "k99", -1) == 99, "a big object parsed");
		bd_json_free(j);
	}
}

static void test_round_trip(void)
{
	static const char nasty[] = "tab\there \"q\" back\\slash \xe2\x9c\x93 \x7f end";
	struct bd_json_writer w;
	struct bd_json *j;
	char *buf = NULL, err[128];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	bd_json_init(&w, f, 1);
	bd_json_begin_object(&w);
	bd_json_kv_str(&w, "s", nasty);
	bd_json_kv_int(&w, "n", -1234567890123LL);
	bd_json_key(&w, "empty");
	bd_json_begin_array(&w);
	bd_json_end_array(&w);
	bd_json_kv_str(&w, "null", NULL);
	bd_json_end_object(&w);
	fclose(f);
	expect(!strcmp(buf, "{\n  \"s\": \"tab\\there \\\"q\\\" back\\\\slash \xe2\x9c\x93 \x7f end\",\n"
			    "  \"n\": -1234567890123,\n  \"empty\": [],\n  \"null\": null\n}\n"),
	       "pretty output");
	j = bd_json_parse(buf, len, err, sizeof(err));
	expect(j && !strcmp(bd_json_get_str(j, "s", ""), nasty), "string round trip");
	expect(bd_json_get_int(j, "n", 0) == -1234567890123LL, "integer round trip");
	expect(bd_json_get(j, "null")->type == BD_JSON_NULL, "null round trip");
	bd_json_free(j);
	free(buf);
}

/* Many documents kept at once, some freed between (a merge dropping a
 * unit's older copy): each keeps its own values, big ones too, and a
 * string changed in one document leaves the others' alone. */
static void test_many(void)
{
	static struct bd_json *docs[3000];
	struct bd_json *j;
	char text[512], err[256], *big;
	int ok = 1, n = (int)(sizeof(docs) / sizeof(docs[0]));

	for (int i = 0; i < n; i++) {
		snprintf(text, sizeof(text), "{\"unit\": \"u%d.c\", \"same\": \"kapi_1\", "
			 "\"n\": %d, \"a\": [1, 2.5, \"x%d\"]}", i % 7, i, i);
		docs[i] = bd_json_parse(text, strlen(text), err, sizeof(err));
		if (i % 3 == 1) {
			bd_json_free(docs[i]);
			docs[i] = NULL;
		}
	}
	for (int i = 0; i < n; i++) {
		const struct bd_json *a;

		if (!docs[i])
			continue;
		snprintf(text, sizeof(text), "u%d.c", i % 7);
		a = bd_json_get(docs[i], "a");
		snprintf(err, sizeof(err), "x%d", i);
		ok &= !strcmp(bd_json_get_str(docs[i], "unit", ""), text) &&
		      bd_json_get_int(docs[i], "n", -1) == i && a && a->n == 3 &&
		      a->items[1]->number == 2.5 && !strcmp(a->items[2]->string, err);
	}
	expect(ok, "thousands of documents kept, some freed");
	bd_json_set_string(docs[0], (struct bd_json *)bd_json_get(docs[0], "same"), "changed");
	expect(!strcmp(bd_json_get_str(docs[0], "same", ""), "changed") &&
	       !strcmp(bd_json_get_str(docs[3], "same", ""), "kapi_1"),
	       "a shared string changed in one document only");
	/* three strings of 900,000 bytes: 2.7 MB, more than a slab (a
	 * string may not be over BD_JSON_MAX_STRING) */
	big = malloc(3 * 900004 + 2);
	big[0] = '[';
	for (int i = 0; i < 3; i++) {
		char *at = big + 1 + i * 900004;

		at[0] = '"';
		memset(at + 1, 'b', 900000);
		memcpy(at + 900001, i < 2 ? "\", " : "\"]", 3);
	}
	docs[1] = bd_json_parse(big, 3 * 900004, err, sizeof(err));
	expect(docs[1] && docs[1]->n == 3 && docs[1]->items[2]->len == 900000 &&
	       docs[1]->items[2]->string[5] == 'b', "a document larger than a slab");
	memset(big + 1, 'c', BD_JSON_MAX_STRING + 2);	/* one string past the limit */
	big[0] = '"';
	j = bd_json_parse(big, BD_JSON_MAX_STRING + 3, err, sizeof(err));
	expect(!j && !strcmp(err, "1:1: a string longer than 1024 KiB (no string bdops writes is)"),
	       "a string over the limit refused");
	free(big);
	for (int i = 0; i < n; i++)
		bd_json_free(docs[i]);
}

int main(void)
{
	test_escape();
	test_parse();
	test_round_trip();
	test_many();
	printf("all %d passed\n", ntests);
	return 0;
}
