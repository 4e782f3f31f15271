// SPDX-License-Identifier: GPL-2.0
/*
 * ndelay_flags.c - bdops-ndelay-flags: O_NDELAY tested in f_flags after open.
 *
 * "O_NDELAY can be flipped at will by fcntl() after the file got opened.
 * IOW, we can't rely on it." (Al Viro).  The fmode_t API saves it at open
 * time as FMODE_NDELAY in the mode every method receives.
 *
 * A bit test (x & MASK) is reported when x can come from a read of
 * file->f_flags - through locals, casts, PHIs, shifts (the mask is shifted
 * back), a helper's return value, or a helper's parameter - and MASK covers
 * O_NDELAY or O_NONBLOCK, in a function reached from any method but open.
 * Reading f_flags for other bits is fine; so is anything in open.
 *
 * Limits: values stored in struct fields and read back elsewhere are not
 * followed; neither are tests done by a switch on the flags.
 * Confidence: high.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "../engine/era.h"

struct hit {
	int found;
	struct bd_fn *fn;	/* where the f_flags read is */
	struct bd_event *load;
	int shift;		/* value = f_flags >> shift */
	int param;		/* >= 0: the value is this parameter (>> shift) */
};

struct nd {
	struct bd_ctx *c;
	int *ret_state;		/* per function: 0 unknown, 1 busy, 2 no, 3 yes */
	struct hit *ret_hit;
};

static void trace(struct nd *n, struct bd_fn *fn, bd_val v, int shift,
		  struct hit *h, int depth);

static int is_flags_load(const struct bd_event *e)
{
	return e->op == BD_FIELD_LOAD && e->tag && e->name &&
	       !strcmp(e->tag, "file") && !strcmp(e->name, "f_flags");
}

/* Does function g return a value read from f_flags (unshifted)? */
static struct hit *returns_flags(struct nd *n, struct bd_fn *g, int depth)
{
	int i = (int)(g - n->c->fns);
	struct bd_func *f = g->f;

	if (n->ret_state[i] == 1)
		return NULL;
	if (n->ret_state[i] == 0) {
		n->ret_state[i] = 1;
		for (int b = 0; b < f->nblocks && !n->ret_hit[i].found; b++) {
			struct bd_block *blk = f->blocks[b];

			if (blk->term == BD_T_RETURN && blk->cond)
				trace(n, g, blk->cond, 0, &n->ret_hit[i], depth + 1);
		}
		n->ret_state[i] = n->ret_hit[i].found && n->ret_hit[i].param < 0 ? 3 : 2;
	}
	return n->ret_state[i] == 3 ? &n->ret_hit[i] : NULL;
}

static void trace_slot(struct nd *n, struct bd_fn *fn, struct bd_event *e,
		       int shift, struct hit *h, int depth)
{
	struct bd_event *st[BD_MAXROOTS];
	int b = bd_event_block(fn, e), i, cnt;

	if (b < 0)
		return;
	i = (int)(e - fn->f->blocks[b]->events);
	cnt = bd_reaching(fn, b, i, (int)e->imm, st, BD_MAXROOTS);
	for (int k = 0; k < cnt && k < BD_MAXROOTS && !h->found; k++)
		if (st[k])
			trace(n, fn, st[k]->b, shift, h, depth + 1);
}

/* Steps one query may take: PHI webs in loops (a parser's state machine)
 * would otherwise be walked once per path, which is exponential. */
#define TRACE_BUDGET 4096
static int budget;

static void trace(struct nd *n, struct bd_fn *fn, bd_val v, int shift,
		  struct hit *h, int depth)
{
	struct bd_event *e = bd_def(fn, v);
	int64_t k;
	struct hit *r;

	if (!e || h->found || depth > 60 || --budget < 0)
		return;
	switch (e->op) {
	case BD_COPY:
		trace(n, fn, e->a, shift, h, depth + 1);
		break;
	case BD_PHI:
		for (int i = 0; i < e->nargs && !h->found; i++)
			trace(n, fn, e->args[i], shift, h, depth + 1);
		break;
	case BD_SLOT_LOAD:
		trace_slot(n, fn, e, shift, h, depth);
		break;
	case BD_BINOP:
		if ((e->sub == BD_SHR || e->sub == BD_SHL) &&
		    bd_const_value(fn, e->b, &k) && k >= 0 && k < 64)
			trace(n, fn, e->a, shift + (e->sub == BD_SHR ? (int)k : -(int)k),
			      h, depth + 1);
		break;
	case BD_FIELD_LOAD:
		if (is_flags_load(e)) {
			h->found = 1;
			h->fn = fn;
			h->load = e;
			h->shift = shift;
			h->param = -1;
		}
		break;
	case BD_PARAM:
		h->found = 1;
		h->fn = fn;
		h->load = NULL;
		h->shift = shift;
		h->param = (int)e->imm;
		break;
	case BD_CALL:
		if (e->name) {
			struct bd_fn *g = bd_fn_by_name(n->c, e->name);

			r = g ? returns_flags(n, g, depth) : NULL;
			if (r) {
				*h = *r;
				h->shift = shift;
			}
		}
		break;
	default:
		break;
	}
}

/* A parameter reached the test: find a caller passing f_flags in it. */
static int from_callers(struct nd *n, struct bd_fn *fn, int param, int shift,
			struct hit *out)
{
	struct bd_call_it it = { 0 };
	struct bd_fn *caller;
	struct bd_event *e;

	while ((e = bd_next_call(n->c, fn->f->decl->name, fn, &it, &caller))) {
		struct hit h = { 0 };

		if (param >= e->nargs)
			continue;
		budget = TRACE_BUDGET;
		trace(n, caller, e->args[param], shift, &h, 0);
		if (h.found && h.load) {
			*out = h;
			return 1;
		}
	}
	return 0;
}

static int64_t shifted_mask(int64_t mask, int shift)
{
	if (shift >= 0)
		return shift < 63 ? (int64_t)((uint64_t)mask << shift) : 0;
	return -shift < 63 ? (int64_t)((uint64_t)mask >> -shift) : 0;
}

static void test_at(struct nd *n, struct bd_fn *fn, struct bd_event *e)
{
	struct bd_ctx *c = n->c;
	struct hit h = { 0 };
	int64_t mask, bits;
	bd_val x;
	char who[512];
	const char *name, *fix;

	if (bd_const_value(fn, e->b, &mask))
		x = e->a;
	else if (bd_const_value(fn, e->a, &mask))
		x = e->b;
	else
		return;
	budget = TRACE_BUDGET;
	trace(n, fn, x, 0, &h, 0);
	if (!h.found)
		return;
	if (!h.load && !from_callers(n, fn, h.param, h.shift, &h))
		return;
	bits = shifted_mask(mask, h.shift);
	if (!(bits & (c->o_ndelay | c->o_nonblock)))
		return;
	name = (bits & c->o_ndelay) ? "O_NDELAY" : "O_NONBLOCK";
	if (!(fn->roles & ~(unsigned)ROLE_OPEN)) {
		/* no method of this unit reaches it after open: one in
		 * another unit may (merge.c) */
		struct bd_sum_fn *s = bd_summary_fn(c->sum, fn->f->decl->name);
		struct bd_sum_test *t;

		s->ndelay = bd_xrealloc(s->ndelay, (s->nndelay + 1) * sizeof(*t));
		t = &s->ndelay[s->nndelay++];
		memset(t, 0, sizeof(*t));
		t->loc = e->loc;
		if (h.load->loc.line != e->loc.line || h.load->loc.file != e->loc.file)
			t->read = h.load->loc;
		t->what = name;
		return;
	}
	bd_who(fn, who, sizeof(who));
	/* the open mode's NDELAY bit in the era's own name (docs/eras.md) */
	fix = bd_era_blk_mode(bd_era_naming(c->u)) ? "use 'mode & BLK_OPEN_NDELAY'" :
						       "use 'mode & FMODE_NDELAY'";
	if (h.load->loc.line != e->loc.line || h.load->loc.file != e->loc.file) {
		struct bd_note note = { h.load->loc, "'file->f_flags' is read here" };

		bd_report(c, BD_CHECK_NDELAY_FLAGS, BD_SEV_WARNING, e->loc,
			  fn->f->decl->name, fix, 1, &note,
			  "%s tests %s in 'file->f_flags' after open; fcntl() can change it",
			  who, name);
	} else {
		bd_report(c, BD_CHECK_NDELAY_FLAGS, BD_SEV_WARNING, e->loc,
			  fn->f->decl->name, fix, 0, NULL,
			  "%s tests %s in 'file->f_flags' after open; fcntl() can change it",
			  who, name);
	}
}

void bd_check_ndelay_flags(struct bd_ctx *c)
{
	struct nd n = { c, bd_xcalloc(c->nfns + 1, sizeof(int)),
			bd_xcalloc(c->nfns + 1, sizeof(struct hit)) };

	for (int i = 0; i < c->nfns; i++) {
		struct bd_fn *fn = &c->fns[i];
		struct bd_func *f = fn->f;

		if (!fn->kept)
			continue;
		for (int b = 0; b < f->nblocks; b++)
			for (int k = 0; k < f->blocks[b]->nevents; k++) {
				struct bd_event *e = &f->blocks[b]->events[k];

				if (e->op == BD_BINOP && e->sub == BD_AND)
					test_at(&n, fn, e);
			}
	}
	free(n.ret_state);
	free(n.ret_hit);
}
