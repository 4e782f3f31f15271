// SPDX-License-Identifier: GPL-2.0
/*
 * ops.c - ops tables from static initializers (docs/design.md, rule 7).
 *
 * After evaluation sparse turns designators into EXPR_POS nodes that keep
 * only the byte offset, but the node's type is still the member symbol
 * (for positional initializers too), so the member's name and the record
 * that declares it come from there.  A member set to a function address is
 * a binding; a function address anywhere else is a reference.
 */
#include "sparse_rules.h"

struct symbol *sp_func_of(struct expression *e)
{
	int guard = 0;

	while (e && guard++ < 32) {
		switch (e->type) {
		case EXPR_CAST:
		case EXPR_FORCE_CAST:
		case EXPR_IMPLIED_CAST:
			e = e->cast_expression;
			continue;
		case EXPR_PREOP:
			if (e->op != '&' && e->op != '*' && e->op != '(')
				return NULL;
			e = e->unop;
			continue;
		case EXPR_SYMBOL:
			if (!e->symbol || !sp_fn_type(e->symbol))
				return NULL;
			return e->symbol;
		default:
			return NULL;
		}
	}
	return NULL;
}

/* Every function an arbitrary initializer expression mentions. */
static void scan_refs(struct bd_unit *u, struct expression *e, int depth)
{
	struct symbol *fn;
	struct expression *x;

	if (!e || depth > 64)
		return;
	fn = sp_func_of(e);
	if (fn) {
		sp_declare(u, fn);
		bd_reference(u, sp_name(u, fn));
		return;
	}
	switch (e->type) {
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(e->expr_list, x) {
			scan_refs(u, x, depth + 1);
		} END_FOR_EACH_PTR(x);
		break;
	case EXPR_POS:
		scan_refs(u, e->init_expr, depth + 1);
		break;
	case EXPR_IDENTIFIER:
		scan_refs(u, e->ident_expression, depth + 1);
		break;
	case EXPR_INDEX:
		scan_refs(u, e->idx_expression, depth + 1);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		scan_refs(u, e->cast_expression, depth + 1);
		break;
	case EXPR_PREOP:
	case EXPR_POSTOP:
		scan_refs(u, e->unop, depth + 1);
		break;
	case EXPR_BINOP:
	case EXPR_COMMA:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
		scan_refs(u, e->left, depth + 1);
		scan_refs(u, e->right, depth + 1);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		scan_refs(u, e->conditional, depth + 1);
		scan_refs(u, e->cond_true, depth + 1);
		scan_refs(u, e->cond_false, depth + 1);
		break;
	default:
		break;
	}
}

/* A designator's member symbol, when the node still carries one. */
static struct symbol *pos_member(struct expression *e, struct symbol *rec)
{
	struct symbol *m = e->ctype;

	if (!rec || !m || m->type != SYM_NODE || !m->ident)
		return NULL;
	return sp_member_owner(rec, m, -1) ? m : NULL;
}

static void walk(struct bd_unit *u, const char *var, struct expression *e,
		 struct symbol *rec, int depth);

static void walk_member(struct bd_unit *u, const char *var, struct expression *e,
			struct symbol *rec, int depth)
{
	struct symbol *m = pos_member(e, rec), *fn, *sub;
	struct expression *val = e->init_expr;

	if (!m) {
		/* an array element: the element type is the node's type */
		walk(u, var, val, sp_record(e->ctype), depth + 1);
		return;
	}
	fn = sp_func_of(val);
	if (fn) {
		sp_declare(u, fn);
		bd_bind(u, sp_tag(u, sp_member_owner(rec, m, -1)), var, sp_name(u, m),
			sp_name(u, fn), sp_loc(u, val->pos), 1);
		return;
	}
	sub = sp_record(m);
	if (!sub) {
		/* an array member: records inside are typed per element */
		struct symbol *t = sp_base(m);

		if (t && t->type == SYM_ARRAY)
			sub = sp_record(t->ctype.base_type);
	}
	walk(u, var, val, sub, depth + 1);
}

static void walk(struct bd_unit *u, const char *var, struct expression *e,
		 struct symbol *rec, int depth)
{
	struct expression *x;
	struct symbol *r;

	if (!e || depth > 64)
		return;
	switch (e->type) {
	case EXPR_INITIALIZER:
		r = sp_record(e->ctype);
		if (!r)
			r = rec;
		FOR_EACH_PTR(e->expr_list, x) {
			walk(u, var, x, r, depth + 1);
		} END_FOR_EACH_PTR(x);
		break;
	case EXPR_POS:
		walk_member(u, var, e, rec, depth);
		break;
	default:
		scan_refs(u, e, depth);
		break;
	}
}

void sp_scan_initializer(struct bd_unit *u, struct symbol *var)
{
	const char *name = sp_name(u, var);

	if (!var->initializer || !name)
		return;
	walk(u, name, var->initializer, sp_record(var), 0);
}
