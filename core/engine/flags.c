// SPDX-License-Identifier: GPL-2.0
/*
 * flags.c - keys of global variables, and branches on global flags.
 */
#include <stdio.h>
#include <string.h>
#include "flags.h"

const char *bd_global_key(struct bd_unit *u, const char *name)
{
	char buf[1024];

	if (!name)
		return NULL;
	if (!bd_unit_is_static_global(u, name))
		return bd_intern(u, name);
	snprintf(buf, sizeof(buf), "%s@%s", name, bd_unit_main_file(u));
	return bd_intern(u, buf);
}

const char *bd_global_name(const char *key, char *buf, size_t len)
{
	const char *at = strchr(key, '@');
	size_t n = at ? (size_t)(at - key) : strlen(key);

	if (n >= len)
		n = len - 1;
	memcpy(buf, key, n);
	buf[n] = 0;
	return buf;
}

static int scalar(const char *type)
{
	size_t n = type ? strlen(type) : 0;

	return n && strncmp(type, "struct ", 7) && strcmp(type + (n > 2 ? n - 2 : 0), " *") &&
	       strcmp(type, "fnptr") && strcmp(type, "other");
}

const char *bd_flag_test(struct bd_fn *fn, int b, int *nz_succ)
{
	struct bd_block *blk = fn->f->blocks[b];
	bd_val v = blk->cond;
	int64_t k;
	int neg = 0;

	if (blk->term != BD_T_BRANCH || blk->nsucc != 2)
		return NULL;
	for (int depth = 0; depth < 16; depth++) {
		struct bd_event *e = bd_def(fn, v);

		if (!e)
			return NULL;
		switch (e->op) {
		case BD_COPY:
			v = e->a;
			continue;
		case BD_UNOP:
			if (e->sub != BD_NOT)
				return NULL;
			neg = !neg;
			v = e->a;
			continue;
		case BD_BINOP:
			if ((e->sub != BD_NE && e->sub != BD_EQ) ||
			    !bd_const_value(fn, e->b, &k) || k)
				return NULL;
			neg ^= e->sub == BD_EQ;
			v = e->a;
			continue;
		case BD_CALL:
			if (!e->name || e->nargs < 1 ||
			    (strcmp(e->name, "expect") && strcmp(e->name, "__builtin_expect")))
				return NULL;
			v = e->args[0];
			continue;
		case BD_GLOBAL_LOAD:
			if (!scalar(e->type))
				return NULL;
			*nz_succ = neg;
			return bd_global_key(fn->f->unit, e->name);
		default:
			return NULL;
		}
	}
	return NULL;
}
