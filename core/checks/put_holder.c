// SPDX-License-Identifier: GPL-2.0
/*
 * put_holder.c - bdops-put-holder: since 6.5, blkdev_put(bdev, holder)
 * must give back the holder its blkdev_get_by_path/dev() took.
 *
 * 6.5 replaced FMODE_EXCL by the holder: a get given a non-NULL holder
 * claims the device for it, and blkdev_put() releases the claim of the
 * holder it is given (a put with another holder trips a WARN and leaves
 * the claim; a put with NULL after an exclusive open never releases it).
 * The gets of each put are found by put-mode's pairing (pairing.h), over
 * the calls whose prototypes are 6.5's (engine/era.c); the holders are
 * compared as the modes are, as expressions: the constant NULL, a named
 * object (&global, a function, a global read), or a symbol (a parameter,
 * a struct field by type and name, a call's result).  Reported:
 *   - NULL against a holder that is not the constant NULL, either way;
 *   - two named objects or constants that differ;
 *   - a get given BLK_OPEN_EXCL with a NULL holder (the open fails with a
 *     WARN), at the get;
 *   - (put_paths.c) a put after its get failed, a second put on one path.
 * Two different symbols are not reported: sb->s_type and fc->fs_type hold
 * the same holder in 6.5's mount code.  Unknown is not a mismatch: with
 * --strict such pairs, and puts with no get in sight, get a note.
 *
 * Limits: holders are not carried across units by facts yet; a holder
 * kept in a field is followed where put-mode follows a mode.
 * Confidence: high for NULL against non-NULL, high for named objects.
 */
#include <stdio.h>
#include <string.h>
#include "pairing.h"

static int is_null(const struct bd_mexpr *m)
{
	return m->kind == BD_MX_CONST && m->k == 0;
}

/* The global or function an address or a read names, or NULL. */
static const char *named(const struct bd_mexpr *m, int *addr)
{
	const struct bd_event *e = m->ev;

	if (m->kind != BD_MX_EVENT || !e || !e->name)
		return NULL;
	*addr = e->op == BD_GLOBAL_ADDR;
	if (e->op == BD_GLOBAL_ADDR || e->op == BD_FUNC_ADDR || e->op == BD_GLOBAL_LOAD)
		return e->name;
	return NULL;
}

/* A holder both sides can name: NULL, a constant, a named object. */
static int concrete(const struct bd_mexpr *m)
{
	int addr;

	return m->kind == BD_MX_CONST || named(m, &addr);
}

static int holder_eq(const struct bd_mexpr *a, const struct bd_mexpr *b)
{
	int x, y;
	const char *na = named(a, &x), *nb = named(b, &y);

	if (na || nb)
		return na && nb && x == y && a->ev->op == b->ev->op && !strcmp(na, nb);
	return bd_mexpr_equal(a, b);
}

static int has(const struct bd_mset *s, const struct bd_mexpr *m)
{
	for (int i = 0; i < s->n; i++)
		if (holder_eq(&s->v[i], m))
			return 1;
	return 0;
}

static int count_null(const struct bd_mset *s)
{
	int n = 0;

	for (int i = 0; i < s->n; i++)
		n += is_null(&s->v[i]);
	return n;
}

static int all_concrete(const struct bd_mset *s)
{
	for (int i = 0; i < s->n; i++)
		if (!concrete(&s->v[i]))
			return 0;
	return 1;
}

/* A holder as the messages spell it: NULL, '&sb_holder', 'pdev->owner'. */
static const char *holder_str(const struct bd_mexpr *m, char *buf, size_t len)
{
	const struct bd_decl *d;
	const char *n;
	int addr;

	if (is_null(m))
		snprintf(buf, len, "NULL");
	else if (m->kind == BD_MX_CONST)
		snprintf(buf, len, "'%lld'", (long long)m->k);
	else if ((n = named(m, &addr)))
		snprintf(buf, len, "'%s%s'", addr ? "&" : "", n);
	else if (m->kind == BD_MX_FIELD)
		snprintf(buf, len, "'%s->%s'", m->tag, m->field);
	else if (m->kind == BD_MX_PARAM && m->fn && (d = m->fn->f->decl) &&
		 m->param < d->nparams && d->param_names && d->param_names[m->param])
		snprintf(buf, len, "'%s'", d->param_names[m->param]);
	else if (m->kind == BD_MX_EVENT && m->ev && m->ev->op == BD_CALL && m->ev->name)
		snprintf(buf, len, "the result of %s()", m->ev->name);
	else
		snprintf(buf, len, "a non-NULL holder");
	return buf;
}

/* The first member of s not in o (the one that differs), or s's first. */
static const struct bd_mexpr *differing(const struct bd_mset *s, const struct bd_mset *o)
{
	for (int i = 0; i < s->n; i++)
		if (!has(o, &s->v[i]))
			return &s->v[i];
	return &s->v[0];
}

/*
 * A fix hint that compiles where the put is: NULL; the field the get's
 * holder was kept in next to the bdev (fixit.c spells it from the put's
 * own bdev argument); a named object the get, earlier in the same file,
 * could already name; the put's own parameter.
 */
static const char *fix_for(const struct bd_pair *pr, const struct bd_mexpr *want,
			   char *buf, size_t len)
{
	const struct bd_loc *g = &pr->get->loc, *p = &pr->put->loc;
	const struct bd_decl *d;
	struct bd_event *h = bd_strip(pr->fn, pr->put->args[1]);
	const char *n;
	int addr;

	/* a wrapper's put passes what its callers give it: no edit here */
	if (h && h->op == BD_PARAM && pr->fn != pr->get_fn)
		return NULL;
	if (is_null(want))
		return "pass NULL";
	if (pr->field) {
		snprintf(buf, len, "pass the stored holder '%s->%s'", pr->tag, pr->field);
		return buf;
	}
	n = named(want, &addr);
	if (n && g->file && p->file && !strcmp(g->file, p->file) && g->line < p->line) {
		snprintf(buf, len, "pass %s%s", addr ? "&" : "", n);
		return buf;
	}
	d = want->fn ? want->fn->f->decl : NULL;
	if (want->kind == BD_MX_PARAM && want->fn == pr->fn && want->param < d->nparams &&
	    d->param_names && d->param_names[want->param]) {
		snprintf(buf, len, "pass %s", d->param_names[want->param]);
		return buf;
	}
	return NULL;
}

static void unknown_note(struct bd_ctx *c, const struct bd_pair *pr)
{
	char a[300];

	if (pr->dry || !c->o->strict)
		return;
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_NOTE, pr->put->loc, pr->fn->f->decl->name,
		  NULL, 0, NULL, "%s() holder cannot be matched to its %s(): %s vs unknown",
		  pr->put->name, pr->get->name,
		  pr->P->n && !pr->P->unknown ? holder_str(&pr->P->v[0], a, sizeof(a)) :
		  pr->G->n && !pr->G->unknown ? holder_str(&pr->G->v[0], a, sizeof(a)) :
		  "unknown");
}

static int judge(struct bd_ctx *c, const struct bd_pair *pr)
{
	const struct bd_mset *G = pr->G, *P = pr->P;
	const struct bd_mexpr *pm, *gm;
	char a[300], b[300], fixb[300], note[400], vnote[300];
	const char *fix;
	struct bd_note notes[2], *n = notes;
	int all_in = 1, all_back = 1;

	if (!pr->has_g || G->unknown || P->unknown || !G->n || !P->n) {
		unknown_note(c, pr);
		return 0;
	}
	for (int i = 0; i < P->n; i++)
		all_in &= has(G, &P->v[i]);
	for (int i = 0; i < G->n; i++)
		all_back &= has(P, &G->v[i]);
	if (all_in && all_back)
		return 0;
	pm = differing(P, G);
	gm = differing(G, P);
	if (count_null(G) == G->n && !count_null(P)) {
		gm = &G->v[0];
	} else if (count_null(P) == P->n && !count_null(G)) {
		pm = &P->v[0];
	} else if (!(all_concrete(G) && all_concrete(P) && !all_in && !all_back)) {
		unknown_note(c, pr);
		return 0;
	}
	if (pr->dry)
		return 1;
	holder_str(pm, a, sizeof(a));
	holder_str(gm, b, sizeof(b));
	/* reported at a wrapper's call: first where the wrapper puts */
	if (pr->via) {
		snprintf(vnote, sizeof(vnote), "%s() puts the block device with it here",
			 pr->via->name);
		*n++ = (struct bd_note){ pr->via->loc, vnote };
	}
	n->loc = pr->get->loc;
	n->message = note;
	n++;
	if (is_null(gm))
		snprintf(note, sizeof(note), "%s() took a NULL holder here", pr->get->name);
	else
		snprintf(note, sizeof(note), "%s() claimed the device for %s here",
			 pr->get->name, b);
	fix = fix_for(pr, gm, fixb, sizeof(fixb));
	if (is_null(gm))
		bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_WARNING, pr->put->loc,
			  pr->fn->f->decl->name, fix, (int)(n - notes), notes,
			  "%s() passes holder %s, but the matching %s() took a NULL holder",
			  pr->put->name, a, pr->get->name);
	else
		bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_WARNING, pr->put->loc,
			  pr->fn->f->decl->name, fix, (int)(n - notes), notes,
			  "%s() passes %s%s, but the matching %s() claimed the device for %s",
			  pr->put->name, is_null(pm) ? "" : "holder ", a, pr->get->name, b);
	return 1;
}

/* --strict: a put of a bdev no get of this unit explains. */
static void no_get(struct bd_ctx *c, struct bd_fn *fn, struct bd_event *put)
{
	struct bd_mset P;
	char a[300];

	bd_mode_eval(fn, put->args[1], &P);
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_NOTE, put->loc, fn->f->decl->name,
		  NULL, 0, NULL, "%s() holder cannot be matched to a get: %s vs unknown",
		  put->name, P.n == 1 && !P.unknown ? holder_str(&P.v[0], a, sizeof(a)) :
		  "unknown");
}

/* Does every value the mode can be have BLK_OPEN_EXCL?  Its spelling in *k
 * when it is one constant. */
static int always_excl(struct bd_ctx *c, struct bd_fn *fn, bd_val mode, int64_t *k)
{
	uint64_t excl = (uint64_t)bd_era_macro(c->u, "BLK_OPEN_EXCL");
	struct bd_mset m;
	int all = 1;

	bd_mode_eval(fn, mode, &m);
	if (m.unknown || !m.n)
		return 0;
	for (int i = 0; i < m.n; i++)
		all &= m.v[i].kind == BD_MX_CONST ? !!((uint64_t)m.v[i].k & excl) :
						    !!(m.v[i].set & excl);
	*k = m.n == 1 && m.v[0].kind == BD_MX_CONST ? m.v[0].k : -1;
	return all;
}

/* 6.5's blkdev_get_by_path/dev(..., BLK_OPEN_EXCL, NULL, ...) fails. */
static void excl_null_holder(struct bd_ctx *c, struct bd_fn *fn, struct bd_event *e)
{
	char bits[300];
	int64_t k, h;

	if (e->nargs < 3 || !bd_const_value(fn, e->args[2], &h) || h != 0 ||
	    !always_excl(c, fn, e->args[1], &k))
		return;
	if (k < 0)
		snprintf(bits, sizeof(bits), "BLK_OPEN_EXCL");
	else
		bd_era_mode_bits(c->u, BD_ERA_HOLDER, (uint64_t)k, bits, sizeof(bits));
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_WARNING, e->loc, fn->f->decl->name,
		  "claim the device with a non-NULL holder, or open it shared without BLK_OPEN_EXCL",
		  0, NULL, "%s() is given %s with a NULL holder: the open fails",
		  e->name, bits);
}

void bd_check_put_holder(struct bd_ctx *c)
{
	static const struct bd_pair_era holder = { BD_ERA_HOLDER, 1, judge, no_get };
	struct bd_call_it it;
	struct bd_event *e;
	struct bd_fn *fn;

	if (!c->o->enabled[BD_CHECK_PUT_HOLDER])
		return;
	bd_pair_puts(c, &holder);
	for (int i = 0; i < 2; i++) {
		const char *get = i ? "blkdev_get_by_dev" : "blkdev_get_by_path";

		memset(&it, 0, sizeof(it));
		while ((e = bd_next_call(c, get, NULL, &it, &fn)))
			if (bd_era_of_call(c->u, e) == BD_ERA_HOLDER)
				excl_null_holder(c, fn, e);
	}
}
