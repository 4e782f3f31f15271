// SPDX-License-Identifier: GPL-2.0
/*
 * deprecated_ioctl.c - bdops-deprecated-ioctl and bdops-deprecated-prototype
 *
 * The RFC replaces ->ioctl(inode, file, cmd, arg), ->unlocked_ioctl and
 * ->compat_ioctl(file, cmd, arg) (both returning long) with
 * ioctl/compat_ioctl(bdev, mode, cmd, arg) returning int, and open/release
 * taking (inode, file) with open(bdev, mode) / release(disk, mode).
 *
 * Looks at every block_device_operations binding: static initializers and
 * runtime stores of a function address.  Judges the bound function by the
 * prototype the unit declares for it, so it works in either header era.
 *
 * Limits: a function bound through a pointer the unit cannot see (passed in
 * from elsewhere) is not judged.  Confidence: high.
 */
#include <stdio.h>
#include <string.h>
#include "../engine/engine.h"

#define NEW_IOCTL "(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)"

static int param_is(const struct bd_decl *d, int i, const char *type)
{
	return d && d->nparams > i && d->param_types[i] &&
	       !strcmp(d->param_types[i], type);
}

static int old_pair(const struct bd_decl *d)
{
	return param_is(d, 0, "struct inode *") && param_is(d, 1, "struct file *");
}

/* Why member 'm' bound to 'd' is deprecated, or NULL; *check set. */
static const char *reason(const char *m, const struct bd_decl *d, enum bd_check *check)
{
	int returns_long = d && d->ret_type && !strcmp(d->ret_type, "long");

	*check = BD_CHECK_DEPRECATED_IOCTL;
	if (!strcmp(m, "unlocked_ioctl"))
		return "and unlocked_ioctl is removed: it becomes 'ioctl'";
	if (!strcmp(m, "locked_ioctl"))
		return "and locked_ioctl is removed: it becomes 'ioctl', taking the BKL itself";
	if (!strcmp(m, "ioctl") || !strcmp(m, "compat_ioctl")) {
		if (old_pair(d))
			return "which takes (struct inode *, struct file *, ...): the old ioctl prototype";
		if (param_is(d, 0, "struct file *"))
			return "which takes (struct file *, ...): the old compat_ioctl prototype";
		if (returns_long)
			return "which returns long";
		return NULL;
	}
	*check = BD_CHECK_DEPRECATED_PROTOTYPE;
	if (!strcmp(m, "open") && old_pair(d))
		return "which takes (struct inode *, struct file *): the old open prototype";
	if (!strcmp(m, "release") && old_pair(d))
		return "which takes (struct inode *, struct file *): the old release prototype";
	return NULL;
}

static void fix_hint(const char *m, const char *func, char *buf, size_t len)
{
	if (!strcmp(m, "open"))
		snprintf(buf, len, "int %s(struct block_device *bdev, fmode_t mode)", func);
	else if (!strcmp(m, "release"))
		snprintf(buf, len, "int %s(struct gendisk *disk, fmode_t mode)", func);
	else if (!strcmp(m, "locked_ioctl"))
		snprintf(buf, len, "int %s" NEW_IOCTL
			 "; take lock_kernel()/unlock_kernel() around the old body", func);
	else
		snprintf(buf, len, "int %s" NEW_IOCTL, func);
}

static int calls(struct bd_fn *fn, const char *callee)
{
	struct bd_func *f = fn->f;

	for (int b = 0; b < f->nblocks; b++)
		for (int k = 0; k < f->blocks[b]->nevents; k++) {
			struct bd_event *e = &f->blocks[b]->events[k];

			if (e->op == BD_CALL && e->name && !strcmp(e->name, callee))
				return 1;
		}
	return 0;
}

static void judge(struct bd_ctx *c, const char *member, const char *func,
		  struct bd_loc loc)
{
	struct bd_decl *d = bd_find_decl(c->u, func);
	enum bd_check check;
	const char *why;
	char fix[512];

	why = reason(member, d, &check);
	if (why) {
		/* A locked ioctl (old ->ioctl taking inode, file) ran under the
		 * BKL: its conversion takes the BKL itself, as the RFC says. */
		if (!strcmp(member, "ioctl") && old_pair(d))
			snprintf(fix, sizeof(fix), "int %s" NEW_IOCTL
				 "; take lock_kernel()/unlock_kernel() around the old body", func);
		else
			fix_hint(member, func, fix, sizeof(fix));
		bd_report(c, check, BD_SEV_WARNING, loc, func, fix, 0, NULL,
			  "block_device_operations member '%s' is bound to '%s', %s",
			  member, func, why);
		return;
	}
	if (c->o->strict && (!strcmp(member, "ioctl") || !strcmp(member, "compat_ioctl"))) {
		struct bd_fn *fn = bd_fn_by_name(c, func);

		if (fn && calls(fn, "lock_kernel"))
			bd_report(c, BD_CHECK_DEPRECATED_IOCTL, BD_SEV_NOTE, loc, func,
				  NULL, 0, NULL,
				  "'%s' still takes the big kernel lock; it needs review", func);
	}
}

void bd_check_deprecated_ioctl(struct bd_ctx *c)
{
	struct bd_unit *u = c->u;

	for (int i = 0; i < u->nbindings; i++) {
		struct bd_binding *b = &u->bindings[i];
		struct bd_loc loc = b->loc;

		if (!bd_is_bdops_tag(b->tag))
			continue;
		if (!b->exact)
			loc = bd_locate_member(b->loc, b->member, b->func);
		judge(c, b->member, b->func, loc);
	}
	for (int i = 0; i < c->nfns; i++) {
		struct bd_fn *fn = &c->fns[i];
		struct bd_func *f = fn->f;

		if (!fn->kept)
			continue;
		for (int bl = 0; bl < f->nblocks; bl++)
			for (int k = 0; k < f->blocks[bl]->nevents; k++) {
				struct bd_event *e = &f->blocks[bl]->events[k];
				struct bd_event *v;

				if (e->op != BD_FIELD_STORE || !bd_is_bdops_tag(e->tag))
					continue;
				v = bd_strip(fn, e->b);
				if (v && v->op == BD_FUNC_ADDR)
					judge(c, e->name, v->name, e->loc);
			}
	}
}
