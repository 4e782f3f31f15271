// SPDX-License-Identifier: GPL-2.0
/*
 * verify.c - bd_unit_verify(): the invariants of the IR (bdops/ir.h) that
 * every frontend's lowering must keep, checked rather than trusted.  The
 * engine assumes them everywhere; a frontend that breaks one gives wrong
 * findings, not a crash, so it must be caught where the unit is made.
 * Run under dump-ir (bd_analyze) and by testsuite/ir/verify-fixtures.test
 * over every fixture in every lane.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "internal.h"

struct vctx {
	const struct bd_func *f;
	unsigned char *def;	/* value id -> defined */
	char *err;
	size_t len;
	int bad;
};

static void bad(struct vctx *v, int b, int e, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void bad(struct vctx *v, int b, int e, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	if (v->bad++)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (e >= 0)
		snprintf(v->err, v->len, "function '%s', b%d, event %d: %s",
			 v->f->decl->name, b, e, what);
	else if (b >= 0)
		snprintf(v->err, v->len, "function '%s', b%d: %s", v->f->decl->name, b, what);
	else
		snprintf(v->err, v->len, "function '%s': %s", v->f->decl->name, what);
}

static void use(struct vctx *v, int b, int e, bd_val x, const char *what)
{
	if (!x)
		bad(v, b, e, "%s is no value (v0)", what);
	else if (x >= v->f->next_val || !v->def[x])
		bad(v, b, e, "%s v%u is never defined", what, x);
}

static int produces(enum bd_op op)
{
	return op < BD_SLOT_STORE;
}

static void check_event(struct vctx *v, int b, int k, const struct bd_event *ev, int *phis_done)
{
	const struct bd_func *f = v->f;

	if ((unsigned)ev->op >= BD_OP_COUNT) {
		bad(v, b, k, "op %d is no operation", ev->op);
		return;
	}
	if (ev->op == BD_PHI && *phis_done)
		bad(v, b, k, "a PHI after other events");
	if (ev->op != BD_PHI)
		*phis_done = 1;
	if (!produces(ev->op) && ev->dst)
		bad(v, b, k, "%s defines v%u", bd_op_name(ev->op), ev->dst);
	if (produces(ev->op) && ev->op != BD_CALL && !ev->dst)
		bad(v, b, k, "%s defines no value", bd_op_name(ev->op));
	switch (ev->op) {
	case BD_COPY:
	case BD_UNOP:
	case BD_DEREF_LOAD:
	case BD_FIELD_LOAD:
	case BD_FIELD_ADDR:
		use(v, b, k, ev->a, "its operand");
		break;
	case BD_BINOP:
	case BD_DEREF_STORE:
	case BD_FIELD_STORE:
		use(v, b, k, ev->a, "its first operand");
		use(v, b, k, ev->b, "its second operand");
		break;
	case BD_SLOT_STORE:
	case BD_GLOBAL_STORE:
		use(v, b, k, ev->b, "the value stored");
		break;
	case BD_CALL:
		if (!ev->name)
			use(v, b, k, ev->a, "the function pointer called");
		for (int i = 0; i < ev->nargs; i++)
			use(v, b, k, ev->args[i], "an argument");
		break;
	case BD_PHI:
		for (int i = 0; i < ev->nargs; i++) {
			use(v, b, k, ev->args[i], "a PHI input");
			if (!ev->preds || ev->preds[i] < 0 || ev->preds[i] >= f->nblocks)
				bad(v, b, k, "PHI input %d comes from no block", i);
		}
		break;
	default:
		break;
	}
	if (ev->op == BD_BINOP && (unsigned)ev->sub >= BD_BINOP_COUNT)
		bad(v, b, k, "binary operator %d", ev->sub);
	if (ev->op == BD_UNOP && (unsigned)ev->sub >= BD_UNOP_COUNT)
		bad(v, b, k, "unary operator %d", ev->sub);
	if ((ev->op == BD_SLOT_LOAD || ev->op == BD_SLOT_STORE || ev->op == BD_SLOT_ADDR) &&
	    (ev->imm < 0 || ev->imm >= f->nslots))
		bad(v, b, k, "slot %lld of %d", (long long)ev->imm, f->nslots);
	if (ev->op == BD_PARAM && (ev->imm < 0 || ev->imm >= f->decl->nparams))
		bad(v, b, k, "parameter %lld of %d", (long long)ev->imm, f->decl->nparams);
	if ((ev->op == BD_FIELD_LOAD || ev->op == BD_FIELD_ADDR || ev->op == BD_FIELD_STORE) &&
	    (!ev->tag || !ev->name))
		bad(v, b, k, "a field access without its record or field");
	if ((ev->op == BD_GLOBAL_LOAD || ev->op == BD_GLOBAL_STORE ||
	     ev->op == BD_GLOBAL_ADDR || ev->op == BD_FUNC_ADDR) && !ev->name)
		bad(v, b, k, "%s without a name", bd_op_name(ev->op));
}

static void check_term(struct vctx *v, int b, const struct bd_block *bl)
{
	int want = -1;

	for (int i = 0; i < bl->nsucc; i++)
		if (!bl->succ || bl->succ[i] < 0 || bl->succ[i] >= v->f->nblocks)
			bad(v, b, -1, "successor %d is no block", i);
	switch (bl->term) {
	case BD_T_GOTO:
		want = 1;
		break;
	case BD_T_BRANCH:
		want = 2;
		use(v, b, -1, bl->cond, "the branch condition");
		break;
	case BD_T_SWITCH:
		if (bl->nsucc < 1)
			bad(v, b, -1, "a switch without a default");
		use(v, b, -1, bl->cond, "the switch value");
		break;
	case BD_T_RETURN:
	case BD_T_NONE:
		if (bl->cond)
			use(v, b, -1, bl->cond, "the value returned");
		want = 0;
		break;
	case BD_T_UNREACHABLE:
		want = 0;
		break;
	default:
		bad(v, b, -1, "terminator %d", bl->term);
	}
	if (want >= 0 && bl->nsucc != want)
		bad(v, b, -1, "%d successors, expected %d", bl->nsucc, want);
}

static int verify_func(const struct bd_func *f, char *err, size_t len)
{
	struct vctx v = { f, NULL, err, len, 0 };

	if (!f->decl || !f->decl->name) {
		snprintf(err, len, "a body without a declaration");
		return -1;
	}
	if (f->nblocks < 1)
		bad(&v, -1, -1, "no entry block");
	v.def = bd_xcalloc(f->next_val + 1, 1);
	/* definitions first: a value may be used in a block listed before
	 * the one defining it (a PHI input along a back edge) */
	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			bd_val d = f->blocks[b]->events[k].dst;

			if (!d)
				continue;
			if (d >= f->next_val)
				bad(&v, b, k, "v%u beyond the function's values", d);
			else if (v.def[d]++)
				bad(&v, b, k, "v%u is defined twice", d);
		}
	for (int b = 0; b < f->nblocks && !v.bad; b++) {
		const struct bd_block *bl = f->blocks[b];
		int phis_done = 0;

		if (bl->id != b)
			bad(&v, b, -1, "block %d says it is b%d", b, bl->id);
		for (int k = 0; k < bl->nevents; k++)
			check_event(&v, b, k, &bl->events[k], &phis_done);
		check_term(&v, b, bl);
	}
	free(v.def);
	return v.bad ? -1 : 0;
}

int bd_unit_verify(const struct bd_unit *u, char *err, size_t len)
{
	for (int i = 0; i < u->nfuncs; i++)
		if (verify_func(u->funcs[i], err, len))
			return -1;
	for (int i = 0; i < u->nbindings; i++)
		if (!u->bindings[i].member || !u->bindings[i].func) {
			snprintf(err, len, "binding %d without its member or function", i);
			return -1;
		}
	return 0;
}
