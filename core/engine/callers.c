// SPDX-License-Identifier: GPL-2.0
/*
 * callers.c - what a parameter holds, from the calls that give it
 * (callers.h).
 *
 * Each member of the argument's mode set (mode.c) answers for itself: a
 * constant holds the bits or not; a symbol with the bits or-ed in holds
 * them, one with them masked out does not; a parameter of the caller asks
 * the caller's callers; a field or a call's result is open.  The first
 * call that holds them is the answer; else the first open one.
 */
#include <stdio.h>
#include <string.h>
#include "callers.h"
#include "era.h"
#include "mode.h"

static int takes_address(struct bd_fn *fn, struct bd_event *e, void *name)
{
	(void)fn;
	return e->op == BD_FUNC_ADDR && e->name && !strcmp(e->name, name);
}

int bd_fn_called_elsewhere(struct bd_ctx *c, const struct bd_fn *fn)
{
	const char *name = fn->f->decl->name;
	struct bd_unit *u = c->u;

	if (!fn->f->decl->is_static)
		return 1;
	for (int i = 0; i < u->nbindings; i++)
		if (u->bindings[i].func && !strcmp(u->bindings[i].func, name))
			return 1;
	for (int i = 0; i < u->nrefs; i++)
		if (!strcmp(u->refs[i], name))
			return 1;
	/* its address taken anywhere: called through a pointer */
	return bd_each_event(c, takes_address, (void *)name);
}

static const char *param_name(const struct bd_fn *fn, int i)
{
	const struct bd_decl *d = fn->f->decl;

	return i < d->nparams && d->param_names && d->param_names[i] ? d->param_names[i] :
									 "?";
}

static enum bd_may may_hold(struct bd_ctx *c, struct bd_fn *fn, int param, uint64_t bits,
			    int depth, struct bd_may_why *why);

/* One member of a caller's argument. */
static enum bd_may member_holds(struct bd_ctx *c, struct bd_fn *caller, const struct bd_mexpr *m,
				uint64_t bits, int depth, struct bd_may_why *why)
{
	if (m->kind == BD_MX_CONST)
		return ((uint64_t)m->k & bits) ? BD_MAY_YES : BD_MAY_NO;
	if (m->set & bits)
		return BD_MAY_YES;
	if ((m->clr & bits) == bits)
		return BD_MAY_NO;
	if (m->kind == BD_MX_PARAM && m->fn == caller && depth > 1)
		return may_hold(c, caller, m->param, bits & ~m->clr, depth - 1, why);
	return BD_MAY_OPEN;
}

static enum bd_may may_hold(struct bd_ctx *c, struct bd_fn *fn, int param, uint64_t bits,
			    int depth, struct bd_may_why *why)
{
	enum bd_may best = BD_MAY_NO;
	struct bd_call_it it = { 0 };
	struct bd_may_why w;
	char mb[200];
	struct bd_fn *caller;
	struct bd_event *call;

	bd_era_mode_bits(c->u, bd_era_naming(c->u), bits, mb, sizeof(mb));
	while ((call = bd_next_call(c, fn->f->decl->name, NULL, &it, &caller))) {
		enum bd_may one = BD_MAY_NO;
		struct bd_mset m;

		memset(&w, 0, sizeof(w));
		if (call->nargs <= param) {
			one = BD_MAY_OPEN;
		} else {
			bd_mode_eval(caller, call->args[param], &m);
			if (m.unknown || !m.n)
				one = BD_MAY_OPEN;
			for (int i = 0; i < m.n && one != BD_MAY_YES; i++) {
				enum bd_may x;

				memset(&w, 0, sizeof(w));
				x = member_holds(c, caller, &m.v[i], bits, depth, &w);
				if (x == BD_MAY_YES || one == BD_MAY_NO)
					one = x;
			}
		}
		if (one == BD_MAY_NO || (one == BD_MAY_OPEN && best == BD_MAY_OPEN))
			continue;
		/* the note names the call that passes the bits (deepest on
		 * the chain), or this call when the value stays open */
		if (!w.caller || one == BD_MAY_OPEN) {
			why->caller = caller;
			why->at = call->loc;
			snprintf(why->text, sizeof(why->text),
				 one == BD_MAY_YES ? "'%s' passes '%s' with %s here" :
						     "'%s' passes '%s' here, which may hold %s",
				 caller->f->decl->name, param_name(fn, param), mb);
		}
		if (one == BD_MAY_YES && w.caller)
			*why = w;
		best = one;
		if (best == BD_MAY_YES)
			return best;
	}
	if (best == BD_MAY_NO && bd_fn_called_elsewhere(c, fn)) {
		best = BD_MAY_OPEN;
		why->caller = NULL;
		why->at = fn->f->loc;
		snprintf(why->text, sizeof(why->text),
			 "'%s' is called from outside this file: '%s' may hold %s",
			 fn->f->decl->name, param_name(fn, param), mb);
	}
	return best;
}

enum bd_may bd_param_may_hold(struct bd_ctx *c, struct bd_fn *fn, int param, uint64_t bits,
			      struct bd_may_why *why)
{
	memset(why, 0, sizeof(*why));
	return may_hold(c, fn, param, bits, BD_CALLER_DEPTH, why);
}

int bd_param_unknown_why(struct bd_ctx *c, struct bd_fn *fn, int param, struct bd_may_why *why)
{
	struct bd_call_it it = { 0 };
	struct bd_fn *caller;
	struct bd_event *call;
	struct bd_mset m;

	memset(why, 0, sizeof(*why));
	while ((call = bd_next_call(c, fn->f->decl->name, NULL, &it, &caller))) {
		if (call->nargs > param) {
			bd_mode_eval(caller, call->args[param], &m);
			if (bd_mset_all_const(&m))
				continue;
		}
		why->caller = caller;
		why->at = call->loc;
		snprintf(why->text, sizeof(why->text),
			 "'%s' passes '%s' here: a value this file does not pin down",
			 caller->f->decl->name, param_name(fn, param));
		return 1;
	}
	if (!bd_fn_called_elsewhere(c, fn))
		return 0;
	why->at = fn->f->loc;
	snprintf(why->text, sizeof(why->text),
		 "'%s' is called from outside this file: '%s' is not known here",
		 fn->f->decl->name, param_name(fn, param));
	return 1;
}
