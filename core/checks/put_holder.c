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
 * Across units: the gets that keep their bdev (or their holder) in a
 * struct field, and the puts of a field no get of their unit explains,
 * travel in facts (holder_gets, holder_puts); merge.c pairs them with the
 * judgement and texts of this file (holder.h), so a pair of two units is
 * reported exactly as it is in one.  Globals and wrappers across
 * functions and units are the whole-program graphs' (wp/, built over this
 * era's calls with holders for modes), judged with the same functions.
 * A symbol equals nothing in another unit.
 * Limits: a holder kept in a field is followed where put-mode follows a
 * mode; holders that other units store into a field a get reads are not.
 * Confidence: high for NULL against non-NULL, high for named objects.
 */
#include <stdio.h>
#include <string.h>
#include "holder.h"
#include "../summary.h"
#include "pairing.h"
#include "../engine/flags.h"
#include "../engine/callers.h"
#include "../engine/cond.h"
#include "../engine/errptr.h"

/* The key of a named object: name, or name@unit when static. */
const char *bd_holder_key(struct bd_unit *u, const struct bd_event *e)
{
	const struct bd_decl *d;
	char buf[1024];

	if (e->op != BD_FUNC_ADDR)
		return bd_global_key(u, e->name);
	d = bd_find_decl(u, e->name);
	if (!d || !d->is_static)
		return bd_intern(u, e->name);
	snprintf(buf, sizeof(buf), "%s@%s", e->name, bd_unit_main_file(u));
	return bd_intern(u, buf);
}

int bd_holder_names(const struct bd_event *e)
{
	return e && e->name && (e->op == BD_GLOBAL_ADDR || e->op == BD_FUNC_ADDR ||
				e->op == BD_GLOBAL_LOAD);
}

void bd_holder_const(struct bd_holder *h, int64_t k)
{
	memset(h, 0, sizeof(*h));
	h->kind = BD_H_CONST;
	h->k = k;
	if (k)
		snprintf(h->show, sizeof(h->show), "'%lld'", (long long)k);
	else
		snprintf(h->show, sizeof(h->show), "NULL");
}

void bd_holder_named(struct bd_holder *h, const char *key, int op, const char *name)
{
	memset(h, 0, sizeof(*h));
	h->kind = BD_H_NAMED;
	h->key = key;
	h->how = op == BD_GLOBAL_ADDR ? BD_HOW_ADDR : op == BD_FUNC_ADDR ? BD_HOW_FUNC :
		 BD_HOW_VALUE;
	snprintf(h->show, sizeof(h->show), "'%s%s'", op == BD_GLOBAL_ADDR ? "&" : "", name);
}

void bd_holder_field(struct bd_holder *h, const char *tag, const char *field)
{
	memset(h, 0, sizeof(*h));
	h->kind = BD_H_FIELD;
	h->tag = tag;
	h->field = field;
	snprintf(h->show, sizeof(h->show), "'%s->%s'", tag, field);
}

void bd_holder_of(struct bd_unit *u, const struct bd_mexpr *m, struct bd_holder *h)
{
	const struct bd_event *e = m->kind == BD_MX_EVENT ? m->ev : NULL;
	const struct bd_decl *d;

	if (m->kind == BD_MX_CONST) {
		bd_holder_const(h, m->k);
	} else if (bd_holder_names(e)) {
		bd_holder_named(h, bd_holder_key(u, e), e->op, e->name);
	} else if (m->kind == BD_MX_FIELD) {
		bd_holder_field(h, m->tag, m->field);
	} else {
		memset(h, 0, sizeof(*h));
		h->kind = BD_H_SYMBOL;
		h->x = m;
		if (m->kind == BD_MX_PARAM && m->fn && (d = m->fn->f->decl) &&
		    m->param < d->nparams && d->param_names && d->param_names[m->param])
			snprintf(h->show, sizeof(h->show), "'%s'", d->param_names[m->param]);
		else if (e && e->op == BD_CALL && e->name)
			snprintf(h->show, sizeof(h->show), "the result of %s()", e->name);
		else
			snprintf(h->show, sizeof(h->show), "a non-NULL holder");
	}
}

void bd_hset_of(struct bd_unit *u, const struct bd_mset *m, struct bd_hset *out)
{
	out->n = m->n;
	out->unknown = m->unknown;
	for (int i = 0; i < m->n; i++)
		bd_holder_of(u, &m->v[i], &out->v[i]);
}

void bd_hset_to_sum(const struct bd_hset *h, struct bd_summary *s, struct bd_sum_mode *out)
{
	memset(out, 0, sizeof(*out));
	out->unknown = h->unknown;
	out->n = h->n < BD_SUM_MODES ? h->n : BD_SUM_MODES;
	for (int i = 0; i < out->n; i++) {
		const struct bd_holder *x = &h->v[i];

		out->v[i].is_const = x->kind == BD_H_CONST;
		out->v[i].is_field = x->kind == BD_H_FIELD;
		out->v[i].is_named = x->kind == BD_H_NAMED;
		out->v[i].k = x->k;
		out->v[i].tag = bd_summary_str(s, x->tag);
		out->v[i].field = bd_summary_str(s, x->field);
		out->v[i].key = bd_summary_str(s, x->key);
		out->v[i].how = x->how;
		if (x->kind != BD_H_CONST)
			out->v[i].show = bd_summary_str(s, x->show);
	}
}

static int concrete(const struct bd_holder *h)
{
	return h->kind == BD_H_CONST || h->kind == BD_H_NAMED;
}

static int holder_eq(const struct bd_holder *a, const struct bd_holder *b)
{
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case BD_H_CONST:
		return a->k == b->k;
	case BD_H_NAMED:
		return a->how == b->how && !strcmp(a->key, b->key);
	case BD_H_FIELD:
		return !strcmp(a->tag, b->tag) && !strcmp(a->field, b->field);
	default:
		/* a symbol of another unit is equal to nothing */
		return a->x && b->x && bd_mexpr_equal(a->x, b->x);
	}
}

static int has(const struct bd_hset *s, const struct bd_holder *h)
{
	for (int i = 0; i < s->n; i++)
		if (holder_eq(&s->v[i], h))
			return 1;
	return 0;
}

static int count_null(const struct bd_hset *s)
{
	int n = 0;

	for (int i = 0; i < s->n; i++)
		n += bd_holder_null(&s->v[i]);
	return n;
}

static int all_concrete(const struct bd_hset *s)
{
	for (int i = 0; i < s->n; i++)
		if (!concrete(&s->v[i]))
			return 0;
	return 1;
}

/* The first member of s not in o (the one that differs), or s's first. */
static const struct bd_holder *differing(const struct bd_hset *s, const struct bd_hset *o)
{
	for (int i = 0; i < s->n; i++)
		if (!has(o, &s->v[i]))
			return &s->v[i];
	return &s->v[0];
}

int bd_holder_judge(const struct bd_hset *G, const struct bd_hset *P,
		    const struct bd_holder **pm, const struct bd_holder **gm)
{
	int all_in = 1, all_back = 1;

	if (G->unknown || P->unknown || !G->n || !P->n)
		return -1;
	for (int i = 0; i < P->n; i++)
		all_in &= has(G, &P->v[i]);
	for (int i = 0; i < G->n; i++)
		all_back &= has(P, &G->v[i]);
	if (all_in && all_back)
		return 0;
	*pm = differing(P, G);
	*gm = differing(G, P);
	if (count_null(G) == G->n && !count_null(P))
		*gm = &G->v[0];
	else if (count_null(P) == P->n && !count_null(G))
		*pm = &P->v[0];
	else if (!(all_concrete(G) && all_concrete(P) && !all_in && !all_back))
		return -1;
	return 1;
}

void bd_holder_text(const char *put, const char *get, const struct bd_holder *pm,
		    const struct bd_holder *gm, char *msg, size_t msglen,
		    char *note, size_t notelen)
{
	if (bd_holder_null(gm)) {
		snprintf(note, notelen, "%s() took a NULL holder here", get);
		snprintf(msg, msglen, "%s() passes holder %s, but the matching %s() took a "
			 "NULL holder", put, pm->show, get);
	} else {
		snprintf(note, notelen, "%s() claimed the device for %s here", get, gm->show);
		snprintf(msg, msglen, "%s() passes %s%s, but the matching %s() claimed the "
			 "device for %s", put, bd_holder_null(pm) ? "" : "holder ", pm->show,
			 get, gm->show);
	}
}

const char *bd_holder_fix(const struct bd_holder *want, const char *tag,
			  const char *field, char *buf, size_t len)
{
	if (bd_holder_null(want))
		return "pass NULL";
	if (!field)
		return NULL;
	snprintf(buf, len, "pass the stored holder '%s->%s'", tag, field);
	return buf;
}

/*
 * A fix hint that compiles where the put is: NULL; the field the get's
 * holder was kept in next to the bdev (fixit.c spells it from the put's
 * own bdev argument); a named object the get, earlier in the same file,
 * could already name; the put's own parameter.
 */
static const char *fix_for(const struct bd_pair *pr, const struct bd_holder *want,
			   const struct bd_mexpr *wx, char *buf, size_t len)
{
	const struct bd_loc *g = &pr->get->loc, *p = &pr->put->loc;
	const struct bd_decl *d;
	struct bd_event *h = bd_strip(pr->fn, pr->put->args[1]);
	const char *fix;

	/* a wrapper's put passes what its callers give it: no edit here */
	if (h && h->op == BD_PARAM && pr->fn != pr->get_fn)
		return NULL;
	if ((fix = bd_holder_fix(want, pr->tag, pr->field, buf, len)))
		return fix;
	if (want->kind == BD_H_NAMED && g->file && p->file && !strcmp(g->file, p->file) &&
	    g->line < p->line) {
		snprintf(buf, len, "pass %s%s", want->how == BD_HOW_ADDR ? "&" : "",
			 wx->ev->name);
		return buf;
	}
	d = wx->fn ? wx->fn->f->decl : NULL;
	if (wx->kind == BD_MX_PARAM && wx->fn == pr->fn && wx->param < d->nparams &&
	    d->param_names && d->param_names[wx->param]) {
		snprintf(buf, len, "pass %s", d->param_names[wx->param]);
		return buf;
	}
	return NULL;
}

static void unknown_note(struct bd_ctx *c, const struct bd_pair *pr,
			 const struct bd_hset *G, const struct bd_hset *P)
{
	if (pr->dry || !c->o->strict)
		return;
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_NOTE, pr->put->loc, pr->fn->f->decl->name,
		  NULL, 0, NULL, "%s() holder cannot be matched to its %s(): %s vs unknown",
		  pr->put->name, pr->get->name,
		  P->n && !P->unknown ? P->v[0].show : G->n && !G->unknown ? G->v[0].show :
		  "unknown");
}

/* Is x the same pointer as the put's bdev y: the same value, or a load
 * of the same field of the same object (journal->j_dev_bd tested, then
 * loaded again for the put)? */
static int same_pointer(struct bd_fn *fn, bd_val x, bd_val y)
{
	struct bd_event *a = bd_strip(fn, x), *b = bd_strip(fn, y);
	struct bd_roots ra, rb;

	if (a && b && a->op == BD_FIELD_LOAD && b->op == BD_FIELD_LOAD) {
		if (a->tag != b->tag || a->name != b->name)
			return 0;
		x = a->a;
		y = b->a;
	}
	bd_roots(fn, x, &ra);
	bd_roots(fn, y, &rb);
	return !ra.overflow && !rb.overflow && bd_roots_meet(&ra, &rb);
}

/* A branch on the put's own bdev (NULL or error-pointer test). */
static int tests_bdev(struct bd_fn *fn, bd_val cond, void *arg)
{
	bd_val ptr = 0;

	if (bd_null_test(fn, cond, &ptr) < 0 && bd_errptr_test(fn, cond, &ptr) < 0)
		return 0;
	return same_pointer(fn, ptr, *(bd_val *)arg);
}

/* How holders are ordered in texts: NULL, named objects, the rest; then
 * by spelling.  Independent of how a frontend lowered the branch. */
static int hrank(const struct bd_holder *h)
{
	return bd_holder_null(h) ? 0 : h->kind == BD_H_CONST || h->kind == BD_H_NAMED ? 1 : 2;
}

static int hbefore(const struct bd_holder *a, const struct bd_holder *b)
{
	return hrank(a) != hrank(b) ? hrank(a) < hrank(b) : strcmp(a->show, b->show) < 0;
}

/* Where a note names the branch that chose a call's argument: the
 * condition, or the call itself when the condition is inside its
 * arguments (`c ? a : b`: GCC puts that comparison on the call's line,
 * Clang on its own). */
static struct bd_loc choice_loc(const struct bd_arm *arm, const struct bd_event *call)
{
	if (arm->at.line >= call->loc.line && arm->at.file == call->loc.file)
		return call->loc;
	return arm->at;
}

/* The object whose field 'bdev' was loaded from (rdev for rdev->bdev) as
 * a mode member, with the field; 0 when bdev is no field load. */
static int owner_at_put(struct bd_fn *fn, bd_val bdev, struct bd_mexpr *m,
			const char **tag, const char **field)
{
	struct bd_event *e = bd_strip(fn, bdev);
	struct bd_mset s;

	if (!e || e->op != BD_FIELD_LOAD)
		return 0;
	bd_mode_eval(fn, e->a, &s);
	if (s.unknown || s.n != 1)
		return 0;
	*m = s.v[0];
	*tag = e->tag;
	*field = e->name;
	return 1;
}

/* The object the get's result is stored into tag.field of, in the get's
 * function (journal for journal->j_dev_bd = blkdev_get_by_dev(...)). */
static int owner_at_get(struct bd_fn *fn, const struct bd_event *get, const char *tag,
			const char *field, struct bd_mexpr *m)
{
	struct bd_roots r;
	struct bd_mset s;

	for (int b = 0; b < fn->f->nblocks; b++)
		for (int k = 0; k < fn->f->blocks[b]->nevents; k++) {
			struct bd_event *e = &fn->f->blocks[b]->events[k];
			int fed = 0;

			if (e->op != BD_FIELD_STORE || e->tag != tag || e->name != field)
				continue;
			bd_roots(fn, e->b, &r);
			for (int i = 0; i < r.n && !r.overflow; i++)
				fed |= r.ev[i] == get;
			if (!fed)
				continue;
			bd_mode_eval(fn, e->a, &s);
			if (s.unknown || s.n != 1)
				return 0;
			*m = s.v[0];
			return 1;
		}
	return 0;
}

/*
 * Is the put's holder x the get's holder y as objects: the same
 * constant or named object, or, each in its function, the object that
 * keeps the bdev in the same field (journal->j_dev_bd = get(.., journal)
 * and blkdev_put(journal->j_dev_bd, journal))?
 */
static int same_owner(struct bd_ctx *c, const struct bd_pair *pr, const struct bd_holder *ph,
		      const struct bd_mexpr *x, const struct bd_holder *gh,
		      const struct bd_mexpr *y)
{
	struct bd_mexpr po, go;
	const char *tag, *field;

	(void)c;
	if (concrete(ph) || concrete(gh))
		return holder_eq(ph, gh);
	if (x->set || x->clr || y->set || y->clr)
		return 0;
	return owner_at_put(pr->fn, pr->put->args[0], &po, &tag, &field) &&
	       bd_mexpr_equal(&po, x) &&
	       owner_at_get(pr->get_fn, pr->get, tag, field, &go) && bd_mexpr_equal(&go, y);
}

/*
 * A get whose holder a branch chose - NULL on one path, an object on the
 * other - paired with a put in another function that passes a holder
 * that is never NULL, reached with no test but of its own bdev: on the
 * path where the get took NULL, the put gives back a claim never taken
 * (reiserfs' journal on the filesystem's own device, c576c4bf9ecf).
 * Reported with a note at the branch, and a hint with no edit: no one
 * holder is right on every path.
 */
static int null_by_branch(struct bd_ctx *c, const struct bd_pair *pr, const struct bd_hset *G,
			  const struct bd_hset *P)
{
	const struct bd_api *a = bd_api_role(pr->get->name, BD_API_GET);
	const struct bd_holder *gnull = NULL, *gobj = NULL;
	struct bd_arm arm[2];
	const struct bd_arm *chose = NULL;
	char msg[800], note[400], cnote[100], fix[400];
	struct bd_note notes[2];
	bd_val bdev;
	int b;

	if (!pr->has_g || pr->via || pr->fn == pr->get_fn || G->unknown ||
	    P->unknown || !P->n || count_null(P) || !a || a->holder_arg < 0 ||
	    pr->get->nargs <= a->holder_arg)
		return 0;
	for (int i = 0; i < G->n; i++) {
		if (bd_holder_null(&G->v[i]))
			gnull = &G->v[i];
		else
			gobj = &G->v[i];
	}
	if (!gnull || !gobj || G->n != 2 || P->n != 1 ||
	    !same_owner(c, pr, &P->v[0], &pr->P->v[0], gobj, &pr->G->v[gobj - G->v]))
		return 0;
	/* the put is not itself under a condition of its own */
	bdev = pr->put->args[0];
	b = bd_event_block(pr->fn, pr->put);
	if (b < 0 || !bd_reached_through(pr->fn, b, tests_bdev, &bdev))
		return 0;
	/* the branch that chose NULL */
	if (bd_arms(pr->get_fn, pr->get->args[a->holder_arg], arm) != 2)
		return 0;
	for (int i = 0; i < 2; i++) {
		struct bd_mset m;
		int64_t k;

		bd_mode_eval(pr->get_fn, arm[i].val, &m);
		if (arm[i].d >= 0 && m.n == 1 && !m.unknown && m.v[0].kind == BD_MX_CONST &&
		    (k = m.v[0].k) == 0)
			chose = &arm[i];
	}
	if (!chose)
		return 0;
	if (pr->dry)
		return 1;
	bd_holder_text(pr->put->name, pr->get->name, &P->v[0], gnull, msg, sizeof(msg), note,
		       sizeof(note));
	snprintf(cnote, sizeof(cnote), "on the path where this condition chooses NULL");
	notes[0] = (struct bd_note){ pr->get->loc, note };
	notes[1] = (struct bd_note){ choice_loc(chose, pr->get), cnote };
	snprintf(fix, sizeof(fix), "keep the holder the get took (NULL or %s) and pass it",
		 gobj->show);
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_WARNING, pr->put->loc, pr->fn->f->decl->name,
		  fix, 2, notes, "%s", msg);
	return 1;
}

/* Collect the fields (tag.field) condition v reads, through its
 * operands, a few levels deep; 1 when it reads through the pointer
 * 'bdev' (a condition recomputed from the device itself). */
struct cfields {
	const char *tag[8], *field[8];
	int n;
	struct bd_event *addr[8];	/* its FIELD_ADDRs */
	int naddr;
};

static int cond_fields(struct bd_fn *fn, bd_val v, bd_val bdev, struct cfields *cf, int depth)
{
	struct bd_event *e = bd_def(fn, v);
	int via = 0;

	if (!e || depth > 6)
		return 0;
	if (bdev && same_pointer(fn, v, bdev))
		return 1;
	switch (e->op) {
	case BD_FIELD_LOAD:
	case BD_FIELD_ADDR:
		if (cf->n < 8) {
			cf->tag[cf->n] = e->tag;
			cf->field[cf->n++] = e->name;
		}
		if (e->op == BD_FIELD_ADDR && cf->naddr < 8)
			cf->addr[cf->naddr++] = e;
		return cond_fields(fn, e->a, bdev, cf, depth + 1);
	case BD_COPY:
	case BD_UNOP:
		return cond_fields(fn, e->a, bdev, cf, depth + 1);
	case BD_BINOP:
		return cond_fields(fn, e->a, bdev, cf, depth + 1) |
		       cond_fields(fn, e->b, bdev, cf, depth + 1);
	case BD_CALL:
		for (int i = 0; i < e->nargs; i++)
			via |= cond_fields(fn, e->args[i], bdev, cf, depth + 1);
		return via;
	default:
		return 0;
	}
}

/* Does any code of the unit write tag.field, or take its address
 * (set_bit(Holder, &rdev->flags)) other than in the condition? */
struct fwrite {
	const char *tag, *field;
	const struct cfields *skip;
};

static int writes_field(struct bd_fn *fn, struct bd_event *e, void *arg)
{
	const struct fwrite *w = arg;

	(void)fn;
	if ((e->op != BD_FIELD_STORE && e->op != BD_FIELD_ADDR) || e->tag != w->tag ||
	    e->name != w->field)
		return 0;
	for (int x = 0; x < w->skip->naddr; x++)
		if (w->skip->addr[x] == e)
			return 0;
	return 1;
}

static int field_written(struct bd_ctx *c, const char *tag, const char *field,
			 const struct cfields *skip)
{
	struct fwrite w = { tag, field, skip };

	return bd_each_event(c, writes_field, &w);
}

/* A condition that decides nothing the get recorded: it reads no field
 * any code writes, nothing through the put's bdev, no field the get's
 * condition reads. */
static int independent(struct bd_ctx *c, const struct bd_pair *pr, const struct bd_arm *pa,
		       const struct bd_arm *ga)
{
	struct cfields pc = { 0 }, gc = { 0 };

	if (cond_fields(pr->fn, pr->fn->f->blocks[pa->d]->cond, pr->put->args[0], &pc, 0))
		return 0;
	cond_fields(pr->get_fn, pr->get_fn->f->blocks[ga->d]->cond, 0, &gc, 0);
	for (int i = 0; i < pc.n; i++) {
		if (field_written(c, pc.tag[i], pc.field[i], &pc))
			return 0;
		for (int j = 0; j < gc.n; j++)
			if (pc.tag[i] == gc.tag[j] && pc.field[i] == gc.field[j])
				return 0;
	}
	return 1;
}

/* A get's owner object that is fresh from an allocator (rdev =
 * kzalloc(...)): no global is that object. */
static int fresh_owner(const struct bd_mexpr *y)
{
	return y->kind == BD_MX_EVENT && y->ev && y->ev->op == BD_CALL && y->ev->name &&
	       strstr(y->ev->name, "alloc");
}

/*
 * Holders chosen by a branch at the get and by another branch at the put,
 * between the same two objects (md's export_rdev(): the get claims for
 * &claim_rdev when its caller imports for external metadata, for the rdev
 * otherwise; the put recomputes the choice from mddev->major_version (V1,
 * a1d767191096) or mddev->external (V2, 99892147f028)).  Where the two
 * conditions part, the put gives back a claim of the other holder.
 * Reported when the two holders are provably different objects (NULL and
 * an object, two named objects, a named object and the get's freshly
 * allocated owner) and the put's condition is independent of the get's
 * (it reads no state the unit writes - the fix records the choice in
 * rdev->flags -, nothing of the bdev itself, no field the get's condition
 * reads).  Named: the put's holder where its condition is true, against
 * the other holder of the get.
 */
static int both_by_branch(struct bd_ctx *c, const struct bd_pair *pr)
{
	const struct bd_api *a = bd_api_role(pr->get->name, BD_API_GET);
	struct bd_arm pa[2], ga[2];
	struct bd_mset pm[2], gm[2];
	struct bd_holder ph[2], gh[2];
	const struct bd_arm *pt, *go;
	int match[2], t, o, distinct;
	char msg[800], note[400], pnote[100], gnote[100], fix[400];
	struct bd_note notes[3];

	if (!pr->has_g || pr->via || pr->fn == pr->get_fn || !a || a->holder_arg < 0 ||
	    pr->get->nargs <= a->holder_arg || pr->put->nargs < 2 ||
	    bd_arms(pr->fn, pr->put->args[1], pa) != 2 ||
	    bd_arms(pr->get_fn, pr->get->args[a->holder_arg], ga) != 2)
		return 0;
	for (int i = 0; i < 2; i++) {
		bd_mode_eval(pr->fn, pa[i].val, &pm[i]);
		bd_mode_eval(pr->get_fn, ga[i].val, &gm[i]);
		if (pa[i].d < 0 || ga[i].d < 0 || pm[i].unknown || pm[i].n != 1 ||
		    gm[i].unknown || gm[i].n != 1 || pa[i].d != pa[0].d || ga[i].d != ga[0].d)
			return 0;
		bd_holder_of(c->u, &pm[i].v[0], &ph[i]);
		bd_holder_of(c->u, &gm[i].v[0], &gh[i]);
	}
	if (pa[0].side == pa[1].side || ga[0].side == ga[1].side)
		return 0;
	/* the same two objects on both sides */
	for (int i = 0; i < 2; i++) {
		match[i] = -1;
		for (int j = 0; j < 2 && match[i] < 0; j++)
			if (same_owner(c, pr, &ph[i], &pm[i].v[0], &gh[j], &gm[j].v[0]))
				match[i] = j;
	}
	if (match[0] < 0 || match[1] < 0 || match[0] == match[1])
		return 0;
	t = hbefore(&ph[0], &ph[1]);	/* the put's arm named: the later holder */
	o = !match[t];			/* the get's other arm */
	pt = &pa[t];
	go = &ga[o];
	distinct = bd_holder_null(&gh[0]) != bd_holder_null(&gh[1]) ||
		   (concrete(&gh[0]) && concrete(&gh[1]) && !holder_eq(&gh[0], &gh[1])) ||
		   (gh[0].kind == BD_H_NAMED && fresh_owner(&gm[1].v[0])) ||
		   (gh[1].kind == BD_H_NAMED && fresh_owner(&gm[0].v[0]));
	if (!distinct || !independent(c, pr, pt, go))
		return 0;
	if (pr->dry)
		return 1;
	/* the get's holders spelled as the put spells the same objects */
	gh[match[0]] = ph[0];
	gh[match[1]] = ph[1];
	bd_holder_text(pr->put->name, pr->get->name, &ph[t], &gh[o], msg, sizeof(msg), note,
		       sizeof(note));
	snprintf(pnote, sizeof(pnote), "on the path where this condition chooses %s",
		 ph[t].show);
	snprintf(gnote, sizeof(gnote), "on the path where this condition chooses %s",
		 gh[o].show);
	notes[0] = (struct bd_note){ choice_loc(pt, pr->put), pnote };
	notes[1] = (struct bd_note){ pr->get->loc, note };
	notes[2] = (struct bd_note){ choice_loc(go, pr->get), gnote };
	snprintf(fix, sizeof(fix), "keep the holder the get took (%s or %s) and pass it",
		 gh[!hbefore(&gh[0], &gh[1])].show, gh[hbefore(&gh[0], &gh[1])].show);
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_WARNING, pr->put->loc, pr->fn->f->decl->name,
		  fix, 3, notes, "%s", msg);
	return 1;
}

static int judge(struct bd_ctx *c, const struct bd_pair *pr)
{
	struct bd_hset G, P;
	const struct bd_holder *pm, *gm;
	char msg[800], fixb[300], note[400], vnote[300];
	const char *fix;
	struct bd_note notes[2], *n = notes;
	int v;

	bd_hset_of(c->u, pr->G, &G);
	bd_hset_of(c->u, pr->P, &P);
	if (pr->always)
		return null_by_branch(c, pr, &G, &P) || both_by_branch(c, pr);
	v = pr->has_g ? bd_holder_judge(&G, &P, &pm, &gm) : -1;
	if (v < 0)
		unknown_note(c, pr, &G, &P);
	if (v <= 0 || pr->dry)
		return v > 0;
	/* reported at a wrapper's call: first where the wrapper puts */
	if (pr->via) {
		snprintf(vnote, sizeof(vnote), "%s() puts the block device with it here",
			 pr->via->name);
		*n++ = (struct bd_note){ pr->via->loc, vnote };
	}
	*n++ = (struct bd_note){ pr->get->loc, note };
	bd_holder_text(pr->put->name, pr->get->name, pm, gm, msg, sizeof(msg), note,
		       sizeof(note));
	fix = fix_for(pr, gm, pr->G->v + (gm - G.v), fixb, sizeof(fixb));
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_WARNING, pr->put->loc, pr->fn->f->decl->name,
		  fix, (int)(n - notes), notes, "%s", msg);
	return 1;
}

/* --strict: a put of a bdev no get of this unit explains. */
static void no_get(struct bd_ctx *c, struct bd_fn *fn, struct bd_event *put)
{
	struct bd_mset P;
	struct bd_holder h;

	bd_mode_eval(fn, put->args[1], &P);
	if (P.n == 1 && !P.unknown)
		bd_holder_of(c->u, &P.v[0], &h);
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_NOTE, put->loc, fn->f->decl->name,
		  NULL, 0, NULL, "%s() holder cannot be matched to a get: %s vs unknown",
		  put->name, P.n == 1 && !P.unknown ? h.show : "unknown");
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

/* A mode that is a parameter without BLK_OPEN_EXCL forced either way,
 * which a caller of the unit passes with it (callers.h): the call. */
static int caller_excl(struct bd_ctx *c, struct bd_fn *fn, bd_val mode, struct bd_may_why *why)
{
	uint64_t excl = (uint64_t)bd_era_macro(c->u, "BLK_OPEN_EXCL");
	struct bd_mset m;

	bd_mode_eval(fn, mode, &m);
	if (m.unknown)
		return 0;
	for (int i = 0; i < m.n; i++) {
		const struct bd_mexpr *x = &m.v[i];

		if (x->kind != BD_MX_PARAM || x->nguard || ((x->set | x->clr) & excl))
			continue;
		if (bd_param_may_hold(c, x->fn, x->param, excl, why) == BD_MAY_YES)
			return 1;
	}
	return 0;
}

/* 6.5's blkdev_get_by_path/dev(..., BLK_OPEN_EXCL, NULL, ...) fails: given
 * always, or given by a caller of the unit (note at that call). */
static void excl_null_holder(struct bd_ctx *c, struct bd_fn *fn, struct bd_event *e,
			     const struct bd_api *a)
{
	char bits[300];
	int64_t k, h;
	struct bd_may_why why;
	int by_caller = 0;

	if (e->nargs <= a->holder_arg || e->nargs <= a->mode_arg ||
	    !bd_const_value(fn, e->args[a->holder_arg], &h) || h != 0)
		return;
	if (!always_excl(c, fn, e->args[a->mode_arg], &k)) {
		if (!caller_excl(c, fn, e->args[a->mode_arg], &why))
			return;
		by_caller = 1;
		k = -1;
	}
	if (k < 0)
		snprintf(bits, sizeof(bits), "BLK_OPEN_EXCL");
	else
		bd_era_mode_bits(c->u, BD_ERA_HOLDER, (uint64_t)k, bits, sizeof(bits));
	bd_report(c, BD_CHECK_PUT_HOLDER, BD_SEV_WARNING, e->loc, fn->f->decl->name,
		  "claim the device with a non-NULL holder, or open it shared without BLK_OPEN_EXCL",
		  by_caller, &(struct bd_note){ why.at, why.text },
		  "%s() is given %s with a NULL holder: the open fails", e->name, bits);
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
	/* the gets of 6.5 (the API model's, engine/api.h) */
	for (int i = 0; i < bd_api_count(); i++) {
		const struct bd_api *a = bd_api_at(i);

		if (a->role != BD_API_GET || !(a->eras & BD_ERA_BIT(BD_ERA_HOLDER)))
			continue;
		memset(&it, 0, sizeof(it));
		while ((e = bd_next_call(c, a->name, NULL, &it, &fn)))
			if (bd_era_of_call(c->u, e) == BD_ERA_HOLDER)
				excl_null_holder(c, fn, e, a);
	}
}
