// SPDX-License-Identifier: GPL-2.0
/*
 * options.c - the one option parser every frontend passes its arguments
 * through, so that "-fplugin-arg-bdops_gcc-disable=put-mode",
 * "--disable=put-mode" and "-fbdops-disable=put-mode" mean the same thing
 * and fail with the same message.
 */
#include <stdio.h>
#include <string.h>
#include "internal.h"

struct opt {
	const char *key;
	const char *arg;	/* NULL: a flag */
	const char *help;
};

static const struct opt opts[] = {
	{ "format",    "text|json|sarif", "output format (text goes through the compiler's diagnostics)" },
	{ "output",    "FILE",            "write the report to FILE instead of the compiler's diagnostics/stderr" },
	{ "facts-dir", "DIR",             "write this unit's facts (findings, stats) to DIR for 'bdops merge'" },
	{ "facts-object", "yes|no",       "put this unit's facts into the object compiled (default yes; plugins)" },
	{ "strict",    NULL,              "also report unknown-vs-known put modes and BKL use as notes" },
	{ "disable",   "CHECK[,CHECK]",   "turn checks off (names with or without 'bdops-', or 'all')" },
	{ "enable",    "CHECK[,CHECK]",   "turn checks on (names with or without 'bdops-', or 'all')" },
	{ "error",     "auto|yes|no",     "findings as errors: auto follows -Werror, no keeps them warnings" },
	{ "baseline",  "FILE",            "do not report findings listed in this baseline file" },
	{ "root",      "DIR",             "repository root for relative paths (SARIF SRCROOT, baseline)" },
	{ "dump-ir",   "FILE|-",          "dump the lowered unit to FILE (- for stderr)" },
	{ "verbose",   NULL,              "explain what is being done" },
	{ "help",      NULL,              "print this list" },
	{ "version",   NULL,              "print the versions of bdops and of the compiler" },
};

#define NOPTS (sizeof(opts) / sizeof(opts[0]))

void bd_options_init(struct bd_options *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	for (i = 0; i < BD_CHECK_COUNT; i++)
		o->enabled[i] = 1;
	o->format = BD_FMT_TEXT;
	o->error = BD_ERR_AUTO;
	o->facts_object = 1;
}

static int err_valid_keys(char *err, size_t errlen, const char *key)
{
	size_t i, n;

	n = snprintf(err, errlen, "unknown option '%s'; valid: ", key);
	for (i = 0; i < NOPTS && n < errlen; i++)
		n += snprintf(err + n, errlen - n, "%s%s", i ? ", " : "", opts[i].key);
	return -1;
}

static int err_valid_checks(char *err, size_t errlen, const char *key, const char *name)
{
	size_t n;
	int i;

	n = snprintf(err, errlen, "%s: unknown check '%s'; valid: ", key, name);
	for (i = 0; i < BD_CHECK_COUNT && n < errlen; i++)
		n += snprintf(err + n, errlen - n, "%s, ", bd_check_info(i)->name);
	if (n < errlen)
		snprintf(err + n, errlen - n, "all");
	return -1;
}

/* deprecated-ioctl and deprecated-prototype are one family (SPEC 2). */
static void set_check(struct bd_options *o, int id, int on)
{
	o->enabled[id] = on;
	if (id == BD_CHECK_DEPRECATED_IOCTL)
		o->enabled[BD_CHECK_DEPRECATED_PROTOTYPE] = on;
	if (id == BD_CHECK_DEPRECATED_PROTOTYPE)
		o->enabled[BD_CHECK_DEPRECATED_IOCTL] = on;
}

static int set_checks(struct bd_options *o, const char *key, const char *list, int on,
		      char *err, size_t errlen)
{
	char name[64];
	const char *p = list, *q;
	size_t len;
	int i, id;

	/* Validate the whole list first so an error changes nothing. */
	for (int pass = 0; pass < 2; pass++) {
		for (p = list; *p; p = *q ? q + 1 : q) {
			q = strchr(p, ',');
			if (!q)
				q = p + strlen(p);
			len = q - p;
			while (len && (*p == ' '))
				p++, len--;
			while (len && p[len - 1] == ' ')
				len--;
			if (!len)
				continue;
			if (len >= sizeof(name))
				len = sizeof(name) - 1;
			memcpy(name, p, len);
			name[len] = 0;
			if (!strcmp(name, "all") || !strcmp(name, "bdops-all")) {
				for (i = 0; pass && i < BD_CHECK_COUNT; i++)
					o->enabled[i] = on;
				continue;
			}
			id = bd_check_lookup(name);
			if (id < 0)
				return err_valid_checks(err, errlen, key, name);
			if (pass)
				set_check(o, id, on);
		}
	}
	return 0;
}

static int parse_bool(const char *v, int *out)
{
	static const char *const yes[] = { "", "1", "yes", "on", "true" };
	static const char *const no[] = { "0", "no", "off", "false" };
	size_t i;

	if (!v) {
		*out = 1;
		return 0;
	}
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (!strcmp(v, yes[i])) {
			*out = 1;
			return 0;
		}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (!strcmp(v, no[i])) {
			*out = 0;
			return 0;
		}
	return -1;
}

static int bad_value(char *err, size_t errlen, const char *key, const char *v,
		     const char *valid)
{
	snprintf(err, errlen, "invalid value '%s' for option '%s'; valid: %s",
		 v ? v : "", key, valid);
	return -1;
}

/*
 * Returns 0 when the option was applied, 1 for "help" (err then says so;
 * the caller prints bd_options_help()), 2 for "version" (the caller prints
 * BD_VERSION and its host's), -1 on error with err filled in.
 */
int bd_options_set(struct bd_options *o, const char *key, const char *value,
		   char *err, size_t errlen)
{
	const struct opt *op = NULL;
	size_t i;
	int b;

	if (err && errlen)
		err[0] = 0;
	if (!key)
		key = "";
	/* the short spellings of the habit */
	if (!strcmp(key, "h"))
		key = "help";
	else if (!strcmp(key, "V"))
		key = "version";
	for (i = 0; i < NOPTS; i++)
		if (!strcmp(key, opts[i].key))
			op = &opts[i];
	if (!op)
		return err_valid_keys(err, errlen, key);
	if (op->arg && !(value && *value) && strcmp(key, "dump-ir")) {
		snprintf(err, errlen, "option '%s' needs a value: %s=%s", key, key, op->arg);
		return -1;
	}

	if (!strcmp(key, "format")) {
		if (!strcmp(value, "text"))
			o->format = BD_FMT_TEXT;
		else if (!strcmp(value, "json"))
			o->format = BD_FMT_JSON;
		else if (!strcmp(value, "sarif"))
			o->format = BD_FMT_SARIF;
		else
			return bad_value(err, errlen, key, value, "text, json, sarif");
	} else if (!strcmp(key, "error")) {
		if (!strcmp(value, "auto"))
			o->error = BD_ERR_AUTO;
		else if (!strcmp(value, "yes"))
			o->error = BD_ERR_YES;
		else if (!strcmp(value, "no"))
			o->error = BD_ERR_NO;
		else
			return bad_value(err, errlen, key, value, "auto, yes, no");
	} else if (!strcmp(key, "disable") || !strcmp(key, "enable")) {
		return set_checks(o, key, value, key[0] == 'e', err, errlen);
	} else if (!strcmp(key, "facts-object")) {
		if (parse_bool(value, &o->facts_object))
			return bad_value(err, errlen, key, value, "yes, no");
	} else if (!strcmp(key, "strict") || !strcmp(key, "verbose")) {
		if (parse_bool(value, &b))
			return bad_value(err, errlen, key, value, "yes, no (or no value)");
		if (key[0] == 's')
			o->strict = b;
		else
			o->verbose = b;
	} else if (!strcmp(key, "output")) {
		o->output = bd_xstrdup(value);
	} else if (!strcmp(key, "facts-dir")) {
		o->facts_dir = bd_xstrdup(value);
	} else if (!strcmp(key, "baseline")) {
		o->baseline = bd_xstrdup(value);
	} else if (!strcmp(key, "root")) {
		o->root = bd_xstrdup(value);
	} else if (!strcmp(key, "dump-ir")) {
		o->dump_ir = bd_xstrdup(value && *value ? value : "-");
	} else if (!strcmp(key, "help")) {
		snprintf(err, errlen, "help requested");
		return 1;
	} else if (!strcmp(key, "version")) {
		snprintf(err, errlen, "version requested");
		return 2;
	}
	return 0;
}

/* One option a line ("  key=ARG   what"), or with a prefix as the host
 * spells them, the option on a line of its own and what it does below. */
const char *bd_options_help_with(const char *prefix)
{
	static char buf[4096];
	char left[96];
	size_t i, n = 0;

	for (i = 0; i < NOPTS && n < sizeof(buf); i++) {
		snprintf(left, sizeof(left), "%s%s%s%s", prefix ? prefix : "", opts[i].key,
			 opts[i].arg ? "=" : "", opts[i].arg ? opts[i].arg : "");
		if (prefix && *prefix)
			n += snprintf(buf + n, sizeof(buf) - n, "  %s\n%31s%s\n", left, "",
				      opts[i].help);
		else
			n += snprintf(buf + n, sizeof(buf) - n, "  %-26s %s\n", left,
				      opts[i].help);
	}
	return buf;
}

const char *bd_options_help(void)
{
	static char buf[4096];

	if (!buf[0])
		snprintf(buf, sizeof(buf), "%s", bd_options_help_with(NULL));
	return buf;
}
