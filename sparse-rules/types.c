// SPDX-License-Identifier: GPL-2.0
/*
 * types.c - sparse types as bdops spells them, and the records that declare
 * struct members.
 *
 * After evaluation sparse keeps member accesses as *(base + offset) with
 * the member symbol as the expression's type; the record that declares the
 * member is found here by walking the record's member list (and the
 * anonymous records nested in it) for that member.
 */
#include <stdio.h>
#include <string.h>
#include "sparse_rules.h"

struct symbol *sp_base(struct symbol *t)
{
	int guard = 0;

	while (t && guard++ < 64) {
		switch (t->type) {
		case SYM_NODE:
		case SYM_RESTRICT:	/* __bitwise: fmode_t is unsigned int */
		case SYM_FOULED:
		case SYM_BITFIELD:
		case SYM_ENUM:
		case SYM_TYPEOF:
			if (!t->ctype.base_type)
				return t;
			t = t->ctype.base_type;
			continue;
		default:
			return t;
		}
	}
	return t;
}

static const struct {
	struct symbol *sym;
	const char *name;
} base_names[] = {
	{ &bool_ctype, "_Bool" },	{ &void_ctype, "void" },
	{ &char_ctype, "char" },	{ &schar_ctype, "signed char" },
	{ &uchar_ctype, "unsigned char" },
	{ &short_ctype, "short" },	{ &sshort_ctype, "short" },
	{ &ushort_ctype, "unsigned short" },
	{ &int_ctype, "int" },		{ &sint_ctype, "int" },
	{ &uint_ctype, "unsigned int" },
	{ &long_ctype, "long" },	{ &slong_ctype, "long" },
	{ &ulong_ctype, "unsigned long" },
	{ &llong_ctype, "long long" },	{ &sllong_ctype, "long long" },
	{ &ullong_ctype, "unsigned long long" },
};

const char *sp_type(struct bd_unit *u, struct symbol *t)
{
	struct symbol *p;
	unsigned int i;

	t = sp_base(t);
	if (!t)
		return "other";
	switch (t->type) {
	case SYM_BASETYPE:
		for (i = 0; i < sizeof(base_names) / sizeof(base_names[0]); i++)
			if (base_names[i].sym == t)
				return base_names[i].name;
		return "other";
	case SYM_PTR:
		p = sp_base(t->ctype.base_type);
		if (p && p->type == SYM_FN)
			return "fnptr";
		return bd_type_ptr(u, sp_type(u, p));
	case SYM_STRUCT:
	case SYM_UNION:
		return bd_type_record(u, t->type == SYM_UNION, sp_tag(u, t));
	case SYM_FN:
		return "fnptr";
	default:
		return "other";
	}
}

const char *sp_addr_type(struct bd_unit *u, struct symbol *t)
{
	struct symbol *b = sp_base(t);

	/* an array's address is its first element's */
	if (b && b->type == SYM_ARRAY)
		return bd_type_ptr(u, sp_type(u, b->ctype.base_type));
	return bd_type_ptr(u, sp_type(u, t));
}

struct symbol *sp_record(struct symbol *t)
{
	t = sp_base(t);
	if (t && (t->type == SYM_STRUCT || t->type == SYM_UNION))
		return t;
	return NULL;
}

struct symbol *sp_pointee_record(struct symbol *t)
{
	t = sp_base(t);
	if (!t || t->type != SYM_PTR)
		return NULL;
	return sp_record(t->ctype.base_type);
}

static const char *ident_str(struct bd_unit *u, struct ident *id)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%.*s", id->len, id->name);
	return bd_intern(u, buf);
}

const char *sp_tag(struct bd_unit *u, struct symbol *rec)
{
	if (!rec || !rec->ident)
		return "<anon>";
	return ident_str(u, rec->ident);
}

const char *sp_name(struct bd_unit *u, struct symbol *sym)
{
	if (!sym || !sym->ident)
		return NULL;
	return ident_str(u, sym->ident);
}

struct symbol *sp_member_owner(struct symbol *rec, struct symbol *member, long off)
{
	struct symbol *s, *sub, *r;

	if (!rec || !member)
		return NULL;
	FOR_EACH_PTR(rec->symbol_list, s) {
		if (s == member)
			return rec;
		if (s->ident) {
			if (s->ident == member->ident &&
			    (off < 0 || (long)s->offset == off))
				return rec;
			continue;
		}
		sub = sp_record(s);
		if (!sub)
			continue;
		r = sp_member_owner(sub, member, off < 0 ? -1 : off - (long)s->offset);
		if (r)
			return r;
	} END_FOR_EACH_PTR(s);
	return NULL;
}

struct symbol *sp_fn_type(struct symbol *sym)
{
	struct symbol *t = sp_base(sym);

	return t && t->type == SYM_FN ? t : NULL;
}

struct bd_loc sp_loc(struct bd_unit *u, struct position pos)
{
	/* sparse counts columns from 1 for the first character; bad or
	 * builtin positions have no stream name */
	const char *file = stream_name(pos.stream);
	int line = pos.line;

	if (!file || pos.type == TOKEN_BAD)
		return bd_loc_make(u, NULL, 0, 0);
	sp_marked_pos(pos.stream, &file, &line);
	return bd_loc_make(u, file, line, pos.pos);
}

struct symbol *sp_definition(struct symbol *sym)
{
	return sym->definition ? sym->definition : sym;
}

struct bd_decl *sp_declare(struct bd_unit *u, struct symbol *sym)
{
	struct symbol *def = sp_definition(sym);
	struct symbol *fn = sp_fn_type(def), *arg;
	const char *types[64], *names[64];
	int n = 0;

	if (!fn || !sp_name(u, def))
		return NULL;
	if (fn->stmt || fn->inline_stmt)
		sp_want_body(def);
	FOR_EACH_PTR(fn->arguments, arg) {
		if (n >= 64)
			break;
		types[n] = sp_type(u, arg);
		names[n] = sp_name(u, arg);
		n++;
	} END_FOR_EACH_PTR(arg);
	return bd_declare(u, sp_name(u, def), !!(def->ctype.modifiers & MOD_STATIC),
			  sp_type(u, fn->ctype.base_type), n, types, names,
			  sp_loc(u, def->pos));
}
