// SPDX-License-Identifier: GPL-2.0
/*
 * roles.c - which functions the host compiler keeps, which are block
 * methods, and which roles reach each function (SPEC section 1).
 *
 * GCC only hands its plugin the functions it emits; the Clang adapter
 * lowers a superset of what this rule keeps (lower.cpp, Reachable), and
 * sparse every body.  To agree, a static function counts only when
 * something kept refers to it: a call, its address, an ops-table binding or
 * a reference from a global initializer.  Non-static functions are always
 * kept.
 */
#include <stdio.h>
#include <string.h>
#include "engine.h"

static const struct {
	const char *member;
	unsigned role;
} member_roles[] = {
	{ "open", ROLE_OPEN },
	{ "release", ROLE_RELEASE },
	{ "ioctl", ROLE_IOCTL },
	{ "compat_ioctl", ROLE_COMPAT_IOCTL },
	{ "locked_ioctl", ROLE_LOCKED_IOCTL },
	{ "unlocked_ioctl", ROLE_UNLOCKED_IOCTL },
	{ "media_changed", ROLE_MEDIA_CHANGED },
	{ "revalidate_disk", ROLE_REVALIDATE },
	{ "getgeo", ROLE_GETGEO },
};

unsigned bd_role_of_member(const char *member)
{
	for (size_t i = 0; i < sizeof(member_roles) / sizeof(member_roles[0]); i++)
		if (!strcmp(member_roles[i].member, member))
			return member_roles[i].role;
	return ROLE_OTHER;
}

int bd_is_bdops_tag(const char *tag)
{
	return tag && !strcmp(tag, "block_device_operations");
}

/* The function whose address value v is, through casts; NULL if none. */
static const char *func_of_value(struct bd_fn *fn, bd_val v)
{
	struct bd_event *e = bd_strip(fn, v);

	return e && e->op == BD_FUNC_ADDR ? e->name : NULL;
}

static void mark_method(struct bd_ctx *c, const char *func, const char *member)
{
	struct bd_fn *fn = bd_fn_by_name(c, func);

	if (!fn)
		return;
	fn->is_method = 1;
	fn->roles |= bd_role_of_member(member);
	if (!fn->member || strcmp(member, fn->member) < 0)
		fn->member = member;
}

static void keep(struct bd_ctx *c, const char *name, int *changed)
{
	struct bd_fn *fn = bd_fn_by_name(c, name);

	if (fn && !fn->kept) {
		fn->kept = 1;
		*changed = 1;
	}
}

static void compute_kept(struct bd_ctx *c)
{
	struct bd_unit *u = c->u;
	int changed = 1;

	for (int i = 0; i < c->nfns; i++)
		if (!c->fns[i].f->decl->is_static)
			c->fns[i].kept = 1;
	for (int i = 0; i < u->nrefs; i++)
		keep(c, u->refs[i], &changed);
	while (changed) {
		changed = 0;
		for (int i = 0; i < c->nfns; i++) {
			struct bd_func *f = c->fns[i].f;

			if (!c->fns[i].kept)
				continue;
			for (int b = 0; b < f->nblocks; b++)
				for (int k = 0; k < f->blocks[b]->nevents; k++) {
					struct bd_event *e = &f->blocks[b]->events[k];

					if ((e->op == BD_CALL || e->op == BD_FUNC_ADDR) && e->name)
						keep(c, e->name, &changed);
				}
		}
	}
}

/* Runtime bindings: ops->member = &func. */
static void runtime_bindings(struct bd_ctx *c)
{
	for (int i = 0; i < c->nfns; i++) {
		struct bd_fn *fn = &c->fns[i];
		struct bd_func *f = fn->f;

		if (!fn->kept)
			continue;
		for (int b = 0; b < f->nblocks; b++)
			for (int k = 0; k < f->blocks[b]->nevents; k++) {
				struct bd_event *e = &f->blocks[b]->events[k];
				const char *target;

				if (e->op != BD_FIELD_STORE || !bd_is_bdops_tag(e->tag))
					continue;
				target = func_of_value(fn, e->b);
				if (target)
					mark_method(c, target, e->name);
			}
	}
}

/* Propagate roles and the reaching method's name to callees until stable. */
static void propagate(struct bd_ctx *c)
{
	int changed = 1;

	while (changed) {
		changed = 0;
		for (int i = 0; i < c->nfns; i++) {
			struct bd_fn *fn = &c->fns[i];
			struct bd_func *f = fn->f;

			if (!fn->kept || !fn->roles)
				continue;
			for (int b = 0; b < f->nblocks; b++)
				for (int k = 0; k < f->blocks[b]->nevents; k++) {
					struct bd_event *e = &f->blocks[b]->events[k];
					struct bd_fn *g;
					const char *m;

					if (e->op != BD_CALL || !e->name)
						continue;
					g = bd_fn_by_name(c, e->name);
					if (!g || g == fn)
						continue;
					m = fn->is_method ? f->decl->name : fn->method;
					if ((g->roles | fn->roles) != g->roles) {
						g->roles |= fn->roles;
						changed = 1;
					}
					if (!g->is_method && m &&
					    (!g->method || strcmp(m, g->method) < 0)) {
						g->method = m;
						changed = 1;
					}
				}
		}
	}
}

/* For the merge: roles, and the calls that leave the unit. */
static void record(struct bd_ctx *c)
{
	for (int i = 0; i < c->nfns; i++) {
		struct bd_fn *fn = &c->fns[i];
		struct bd_func *f = fn->f;
		struct bd_sum_fn *s;

		if (!fn->kept)
			continue;
		s = bd_summary_fn(c->sum, f->decl->name);
		s->is_static = f->decl->is_static;
		s->is_method = fn->is_method;
		s->roles = fn->roles;
		s->method = bd_summary_str(c->sum, fn->is_method ? f->decl->name : fn->method);
		for (int b = 0; b < f->nblocks; b++)
			for (int k = 0; k < f->blocks[b]->nevents; k++) {
				struct bd_event *e = &f->blocks[b]->events[k];
				int seen = 0;

				if (e->op != BD_CALL || !e->name || bd_fn_by_name(c, e->name))
					continue;
				for (int j = 0; j < s->ncalls; j++)
					seen |= !strcmp(s->calls[j], e->name);
				if (seen)
					continue;
				s->calls = bd_xrealloc(s->calls, (s->ncalls + 1) * sizeof(char *));
				s->calls[s->ncalls++] = bd_summary_str(c->sum, e->name);
			}
	}
}

void bd_roles(struct bd_ctx *c)
{
	struct bd_unit *u = c->u;

	compute_kept(c);
	for (int i = 0; i < u->nbindings; i++)
		if (bd_is_bdops_tag(u->bindings[i].tag))
			mark_method(c, u->bindings[i].func, u->bindings[i].member);
	runtime_bindings(c);
	propagate(c);
	record(c);
}

const char *bd_who(const struct bd_fn *fn, char *buf, size_t len)
{
	const char *name = fn->f->decl->name;

	if (fn->is_method || !fn->method)
		snprintf(buf, len, "block method '%s'", name);
	else
		snprintf(buf, len, "'%s' (called from block method '%s')",
			 name, fn->method);
	return buf;
}
