// SPDX-License-Identifier: GPL-2.0
/*
 * merge.c - what only the whole program shows (SPEC 5), from the facts
 * every unit wrote (summary.h):
 *
 *  - roles across units: a method's calls to functions defined in another
 *    unit give those functions its roles; their O_NDELAY tests and struct
 *    file writes, recorded because no method of their own unit reached
 *    them, are reported now;
 *  - put-mode across units: a put of a bdev read from a struct field that
 *    no get of its own unit explains is matched with the gets other units
 *    stored in that field (or whose mode they kept in that struct), with
 *    the same rules and messages as inside one unit.
 *
 * Cost: linear in the facts: one hash lookup per call edge, and per put
 * one lookup of the gets of its struct tag (index_gets()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "json.h"
#include "summary.h"
#include "engine/engine.h"
#include "engine/mode.h"
#include "checks/holder.h"
#include "wp/wp.h"

#define ROLE_OPEN_BIT 1u

struct mfn {			/* a function, across units */
	const struct bd_json *j;
	const char *name, *unit, *method;
	unsigned local_roles, roles;
	int is_static, is_method;
};

struct mstore {			/* what every unit stores in a mode field */
	const char *tag, *field;
	struct bd_mset values;
	struct bd_loc at;	/* the first store */
};

struct mget {			/* a get, across units */
	const struct bd_json *j;
	int unit;
	const char *field, *mode_field;
	int next;		/* next get of the same tag, -1 */
};

/* A set of strings (open addressing), each with an int. */
struct smap {
	const char **keys;
	int *vals;
	int size, n;
};

/* The gets of one kind (modes, or 6.5's holders), chained by struct tag. */
struct gindex {
	struct mget *gets;
	int ngets, cap_gets;
	struct smap by_tag;	/* tag -> its first get in gets */
	int *last;		/* per by_tag slot: its last get */
};

struct merge {
	struct bd_result *r;
	const struct bd_options *o;
	struct bd_json **units;
	int nunits, cap_units;
	struct mfn *fns;
	int nfns, cap_fns;
	int *hash;		/* open addressing over non-static fns */
	int hsize;
	struct gindex fm;	/* the "gets" (modes) */
	struct gindex ho;	/* the "holder_gets" */
	struct smap modes;	/* "tag.field" of every stored mode */
	struct smap stored;	/* "tag.field" -> index in mstores */
	struct mstore *mstores;
	int nmstores, cap_mstores;
	char **keys;		/* the "tag.field" strings */
	int nkeys, cap_keys;
};

static unsigned hash_name(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int smap_slot(struct smap *h, const char *key)
{
	unsigned i = hash_name(key) & (h->size - 1);

	while (h->keys[i] && strcmp(h->keys[i], key))
		i = (i + 1) & (h->size - 1);
	return i;
}

static void smap_init(struct smap *h, int n)
{
	h->size = 64;
	while (h->size < n * 2)
		h->size *= 2;
	h->n = 0;
	h->keys = bd_xcalloc(h->size, sizeof(*h->keys));
	h->vals = bd_xcalloc(h->size, sizeof(*h->vals));
}

/* The slot of key, added with value v if it was not there. */
static int smap_add(struct smap *h, const char *key, int v)
{
	int i = smap_slot(h, key);

	if (!h->keys[i]) {
		h->keys[i] = key;
		h->vals[i] = v;
		h->n++;
	}
	return i;
}

static void smap_free(struct smap *h)
{
	free(h->keys);
	free(h->vals);
}

static int lookup(struct merge *m, const char *name)
{
	unsigned h;

	if (!m->hsize)
		return -1;
	for (h = hash_name(name) & (m->hsize - 1); m->hash[h] >= 0; h = (h + 1) & (m->hsize - 1))
		if (!strcmp(m->fns[m->hash[h]].name, name))
			return m->hash[h];
	return -1;
}

static void index_fns(struct merge *m)
{
	for (int u = 0; u < m->nunits; u++) {
		const struct bd_json *sum = bd_json_get(m->units[u], "summary");
		const struct bd_json *fns = sum ? bd_json_get(sum, "functions") : NULL;

		for (int i = 0; fns && fns->type == BD_JSON_ARRAY && i < fns->n; i++) {
			const struct bd_json *f = fns->items[i];
			struct mfn *x;

			BD_GROW(m->fns, m->nfns, m->cap_fns);
			x = &m->fns[m->nfns++];
			x->j = f;
			x->unit = bd_json_get_str(m->units[u], "unit", "");
			x->name = bd_json_get_str(f, "name", "");
			x->method = bd_json_get_str(f, "reached_from", NULL);
			x->local_roles = x->roles = (unsigned)bd_json_get_int(f, "roles", 0);
			x->is_static = (int)bd_json_get_int(f, "static", 0);
			x->is_method = (int)bd_json_get_int(f, "method", 0);
		}
	}
	m->hsize = 64;
	while (m->hsize < m->nfns * 2)
		m->hsize *= 2;
	m->hash = bd_xcalloc(m->hsize, sizeof(int));
	for (int i = 0; i < m->hsize; i++)
		m->hash[i] = -1;
	for (int i = 0; i < m->nfns; i++) {
		unsigned h;

		if (m->fns[i].is_static || lookup(m, m->fns[i].name) >= 0)
			continue;
		h = hash_name(m->fns[i].name) & (m->hsize - 1);
		while (m->hash[h] >= 0)
			h = (h + 1) & (m->hsize - 1);
		m->hash[h] = i;
	}
}

/* ---- roles across units ---- */

static void propagate(struct merge *m)
{
	int changed = 1, rounds = 0;

	while (changed && rounds++ < 64) {
		changed = 0;
		for (int i = 0; i < m->nfns; i++) {
			struct mfn *f = &m->fns[i];
			const struct bd_json *calls = bd_json_get(f->j, "calls");
			const char *via = f->is_method ? f->name : f->method;

			if (!f->roles || !calls || calls->type != BD_JSON_ARRAY)
				continue;
			for (int k = 0; k < calls->n; k++) {
				int t;
				struct mfn *g;

				if (calls->items[k]->type != BD_JSON_STRING)
					continue;
				t = lookup(m, calls->items[k]->string);
				if (t < 0 || t == i)
					continue;
				g = &m->fns[t];
				if ((g->roles | f->roles) != g->roles) {
					g->roles |= f->roles;
					changed = 1;
				}
				if (!g->is_method && via &&
				    (!g->method || (!g->local_roles && strcmp(via, g->method) < 0))) {
					g->method = via;
					changed = 1;
				}
			}
		}
	}
}

static struct bd_loc loc_of(const struct bd_json *j)
{
	struct bd_loc l = { 0 };

	if (!j)
		return l;
	l.file = bd_json_get_str(j, "file", NULL);
	l.line = (int)bd_json_get_int(j, "line", 0);
	l.col = (int)bd_json_get_int(j, "column", 0);
	return l;
}

static void add(struct merge *m, enum bd_check check, struct bd_loc loc,
		const char *function, const char *fix, int nnotes,
		struct bd_note *notes, const char *msg)
{
	struct bd_finding f;

	if (!m->o->enabled[check])
		return;
	memset(&f, 0, sizeof(f));
	f.check = check;
	f.severity = BD_SEV_WARNING;
	f.loc = loc;
	f.function = function;
	f.message = msg;
	f.fix = fix;
	f.nnotes = nnotes;
	f.notes = notes;
	bd_result_add(m->r, &f);
}

/* ---- the whole-program graphs (wp/) ---- */

struct merge_out {
	struct wp_out o;
	struct merge *m;
};

static int already(const struct bd_result *r, enum bd_check check, struct bd_loc loc,
		   const char *msg)
{
	for (int i = 0; i < r->n; i++) {
		const struct bd_finding *f = &r->v[i];

		if (f->check == check && f->loc.line == loc.line &&
		    f->loc.col == loc.col && !strcmp(f->message, msg) &&
		    !strcmp(f->loc.file ? f->loc.file : "", loc.file ? loc.file : ""))
			return 1;
	}
	return 0;
}

static void merge_report(struct wp_out *o, enum bd_severity sev, struct bd_loc at,
			 const char *function, const char *fix, int nnotes,
			 const struct bd_note *notes, const char *msg)
{
	struct merge *m = ((struct merge_out *)o)->m;
	enum bd_check check = o->holder ? BD_CHECK_PUT_HOLDER : BD_CHECK_PUT_MODE;
	struct bd_finding f;

	/* a unit's own findings are in the report already */
	if (!m->o->enabled[check] || already(m->r, check, at, msg))
		return;
	memset(&f, 0, sizeof(f));
	f.check = check;
	f.severity = sev;
	f.loc = at;
	f.function = function;
	f.message = msg;
	f.fix = fix;
	f.nnotes = nnotes;
	f.notes = (struct bd_note *)notes;
	bd_result_add(m->r, &f);
}

/* The graphs of one era ("graphs", or 6.5's "holder_graphs"), analysed. */
static int graphs_of(struct merge *m, struct bd_unit *names, const char *key, int holder,
		     const struct bd_facts_set *s, char *err, size_t errlen)
{
	struct merge_out out = { { merge_report, m->o->strict, 1, holder }, m };
	struct wp_prog p;
	int ret = 0;

	wp_prog_init(&p, names);
	p.holder = holder;
	for (int u = 0; u < m->nunits && !ret; u++) {
		const struct bd_json *sum = bd_json_get(m->units[u], "summary");

		ret = wp_read(&p, sum ? bd_json_get(sum, key) : NULL,
			      bd_json_get_str(m->units[u], "unit", ""), err, errlen);
		if (ret) {
			/* name the file the damaged graph came from */
			char why[512];

			snprintf(why, sizeof(why), "%s", err);
			snprintf(err, errlen, "%s:%s", s->v[u].origin, why);
		}
	}
	if (!ret) {
		wp_index(&p);
		wp_analyze(&p, &out.o);
	}
	wp_prog_free(&p);
	return ret;
}

static int whole_program(struct merge *m, struct bd_unit *names, const struct bd_facts_set *s,
			 char *err, size_t errlen)
{
	int holders = 0;

	for (int u = 0; u < m->nunits && !holders; u++) {
		const struct bd_json *sum = bd_json_get(m->units[u], "summary");

		holders = sum && bd_json_get(sum, "holder_graphs");
	}
	return graphs_of(m, names, "graphs", 0, s, err, errlen) ||
	       (holders && graphs_of(m, names, "holder_graphs", 1, s, err, errlen));
}

/* The unit's "cannot be matched" note at loc: the merge knows better. */
static void drop_unknown_note(struct bd_result *r, struct bd_loc loc)
{
	for (int i = 0; i < r->n; i++) {
		struct bd_finding *f = &r->v[i];

		if (f->check != BD_CHECK_PUT_MODE || f->severity != BD_SEV_NOTE ||
		    f->loc.line != loc.line || f->loc.col != loc.col ||
		    strcmp(f->loc.file ? f->loc.file : "", loc.file ? loc.file : "") ||
		    !strstr(f->message, "cannot be matched"))
			continue;
		bd_finding_free_parts(f);
		memmove(f, f + 1, (r->n - i - 1) * sizeof(*f));
		r->n--;
		i--;
	}
	bd_result_recount(r);
}

static void add_sev(struct merge *m, enum bd_severity sev, struct bd_loc loc,
		    const char *function, const char *fix, int nnotes,
		    struct bd_note *notes, const char *msg)
{
	struct bd_finding f;

	drop_unknown_note(m->r, loc);
	if (!m->o->enabled[BD_CHECK_PUT_MODE] || already(m->r, BD_CHECK_PUT_MODE, loc, msg))
		return;
	memset(&f, 0, sizeof(f));
	f.check = BD_CHECK_PUT_MODE;
	f.severity = sev;
	f.loc = loc;
	f.function = function;
	f.message = msg;
	f.fix = fix;
	f.nnotes = nnotes;
	f.notes = notes;
	bd_result_add(m->r, &f);
}

static void report_gained(struct merge *m, struct mfn *f)
{
	const struct bd_json *nd = bd_json_get(f->j, "ndelay");
	const struct bd_json *wr = bd_json_get(f->j, "writes");
	char who[512], msg[1024];

	snprintf(who, sizeof(who), "'%s' (called from block method '%s')", f->name,
		 f->method ? f->method : "?");
	if ((f->roles & ~ROLE_OPEN_BIT) && !(f->local_roles & ~ROLE_OPEN_BIT))
		for (int i = 0; nd && nd->type == BD_JSON_ARRAY && i < nd->n; i++) {
			const struct bd_json *t = nd->items[i];
			struct bd_note n = { loc_of(bd_json_get(t, "read")),
					     "'file->f_flags' is read here" };

			snprintf(msg, sizeof(msg), "%s tests %s in 'file->f_flags' after open; "
				 "fcntl() can change it", who, bd_json_get_str(t, "what", "O_NDELAY"));
			add(m, BD_CHECK_NDELAY_FLAGS, loc_of(bd_json_get(t, "at")), f->name,
			    "use 'mode & FMODE_NDELAY'", n.loc.line ? 1 : 0, &n, msg);
		}
	if (f->roles && !f->local_roles)
		for (int i = 0; wr && wr->type == BD_JSON_ARRAY && i < wr->n; i++) {
			const struct bd_json *t = wr->items[i];

			snprintf(msg, sizeof(msg), "%s writes '%s'; the struct file may be a "
				 "temporary that does not outlive open()", who,
				 bd_json_get_str(t, "what", "?"));
			add(m, BD_CHECK_FILE_WRITE, loc_of(bd_json_get(t, "at")), f->name,
			    NULL, 0, NULL, msg);
		}
}

/* ---- put-mode across units ---- */

static void read_mode(const struct bd_json *j, struct bd_mset *out, struct bd_unit *names)
{
	const struct bd_json *vals = j ? bd_json_get(j, "values") : NULL;

	memset(out, 0, sizeof(*out));
	out->unknown = !j || bd_json_get_int(j, "unknown", 1);
	for (int i = 0; vals && vals->type == BD_JSON_ARRAY && i < vals->n && i < BD_MSET_MAX; i++) {
		const struct bd_json *v = vals->items[i];
		struct bd_mexpr *x = &out->v[out->n++];

		memset(x, 0, sizeof(*x));
		if (bd_json_get(v, "k")) {
			x->kind = BD_MX_CONST;
			x->k = bd_json_get_int(v, "k", 0);
		} else if (bd_json_get(v, "field")) {
			x->kind = BD_MX_FIELD;
			x->tag = bd_intern(names, bd_json_get_str(v, "tag", ""));
			x->field = bd_intern(names, bd_json_get_str(v, "field", ""));
			x->set = (uint64_t)bd_json_get_int(v, "set", 0);
			x->clr = (uint64_t)bd_json_get_int(v, "clr", 0);
		} else {
			x->kind = BD_MX_EVENT;	/* opaque: equal to nothing */
			out->unknown = 1;
		}
	}
}

struct mcand {
	const struct bd_json *j;
	const char *group, *mode_field, *tag;
	struct bd_mset mode;
};

static const char *mode_key(struct merge *m, const char *tag, const char *field)
{
	size_t n = strlen(tag) + strlen(field) + 2;
	char *k = bd_xcalloc(n, 1);

	snprintf(k, n, "%s.%s", tag, field);
	BD_GROW(m->keys, m->nkeys, m->cap_keys);
	m->keys[m->nkeys++] = k;
	return k;
}

static int is_mode_field(struct merge *m, const char *tag, const char *field)
{
	char key[512];

	if (!tag || !field)
		return 0;
	snprintf(key, sizeof(key), "%s.%s", tag, field);
	return m->modes.keys[smap_slot(&m->modes, key)] != NULL;
}

/*
 * Every get of every unit, chained by tag, and the set of fields modes
 * are stored in: a put then looks at the gets of its own tag only, so the
 * merge stays linear in the facts however many units there are.
 */
static void index_gets(struct merge *m, struct gindex *x, const char *key)
{
	int total = 0;

	for (int u = 0; u < m->nunits; u++) {
		const struct bd_json *sum = bd_json_get(m->units[u], "summary");
		const struct bd_json *gets = sum ? bd_json_get(sum, key) : NULL;

		for (int i = 0; gets && gets->type == BD_JSON_ARRAY && i < gets->n; i++) {
			struct mget *g;

			BD_GROW(x->gets, x->ngets, x->cap_gets);
			g = &x->gets[x->ngets++];
			g->j = gets->items[i];
			g->unit = u;
			g->field = bd_json_get_str(g->j, "field", NULL);
			g->mode_field = bd_json_get_str(g->j, "mode_field", NULL);
			g->next = -1;
		}
	}
	total = x->ngets;
	smap_init(&x->by_tag, total);
	if (x == &m->fm)
		smap_init(&m->modes, total);
	x->last = bd_xcalloc(x->by_tag.size, sizeof(*x->last));
	for (int i = 0; i < x->ngets; i++) {
		const char *tag = bd_json_get_str(x->gets[i].j, "tag", "");
		int slot = smap_slot(&x->by_tag, tag);

		if (!x->by_tag.keys[slot])
			smap_add(&x->by_tag, tag, i);
		else
			x->gets[x->last[slot]].next = i;
		x->last[slot] = i;
		if (x == &m->fm && x->gets[i].mode_field)
			smap_add(&m->modes, mode_key(m, tag, x->gets[i].mode_field), 1);
	}
}

static void gindex_free(struct gindex *x)
{
	free(x->gets);
	free(x->last);
	smap_free(&x->by_tag);
}

/* The put's mode with reads of the candidate's mode field replaced by the
 * candidate's mode; *uses says whether there was such a read. */
static void subst(const struct bd_mset *P, const struct mcand *c, struct bd_mset *out,
		  int *uses)
{
	memset(out, 0, sizeof(*out));
	out->unknown = P->unknown;
	*uses = 0;
	for (int i = 0; i < P->n; i++) {
		const struct bd_mexpr *x = &P->v[i];

		if (!c->mode_field || x->kind != BD_MX_FIELD ||
		    strcmp(x->field, c->mode_field) || strcmp(x->tag, c->tag)) {
			if (!bd_mset_has(out, x) && out->n < BD_MSET_MAX)
				out->v[out->n++] = *x;
			continue;
		}
		*uses = 1;
		out->unknown |= c->mode.unknown;
		for (int k = 0; k < c->mode.n && out->n < BD_MSET_MAX; k++) {
			struct bd_mexpr y = c->mode.v[k];

			if (y.kind == BD_MX_CONST)
				y.k = (y.k | (int64_t)x->set) & ~(int64_t)x->clr;
			if (!bd_mset_has(out, &y))
				out->v[out->n++] = y;
		}
	}
}

enum verdict { V_OK, V_CONST, V_COMPUTED };

static enum verdict judge(struct merge *m, const struct bd_json *put,
			  const struct bd_mset *P0, const struct mcand *c,
			  struct bd_mset *P)
{
	const char *ftag = bd_json_get_str(put, "from_tag", NULL);
	const char *ffield = bd_json_get_str(put, "from_field", NULL);
	int uses, all_in = 1, all_back = 1;

	subst(P0, c, P, &uses);
	if (c->mode_field && !uses && ffield && strcmp(ffield, c->mode_field) &&
	    !is_mode_field(m, ftag, ffield))
		return V_COMPUTED;
	if (P->unknown || c->mode.unknown || !P->n || !c->mode.n)
		return V_OK;
	for (int i = 0; i < P->n; i++)
		all_in &= bd_mset_has(&c->mode, &P->v[i]);
	for (int i = 0; i < c->mode.n; i++)
		all_back &= bd_mset_has(P, &c->mode.v[i]);
	if (all_in && all_back)
		return V_OK;
	if (!c->mode_field && ffield && !is_mode_field(m, ftag, ffield))
		return V_COMPUTED;
	if (bd_mset_all_const(&c->mode) && bd_mset_all_const(P))
		return V_CONST;
	return V_OK;
}

static void report_put(struct merge *m, const struct bd_json *put, const struct mcand *c,
		       enum verdict v, const struct bd_mset *P)
{
	const char *pname = bd_json_get_str(put, "put", "blkdev_put");
	const char *gname = bd_json_get_str(c->j, "get", "blkdev_get");
	struct bd_mset po = { 0 }, go = { 0 };
	char a[512], b[512], msg[2048], note[700], fix[600];
	struct bd_note n = { loc_of(bd_json_get(c->j, "at")), note };

	if (c->mode_field)
		snprintf(fix, sizeof(fix), "pass the stored mode '%s->%s'", c->tag, c->mode_field);
	if (v == V_COMPUTED) {
		snprintf(note, sizeof(note), "%s() took its mode here", gname);
		snprintf(msg, sizeof(msg), "%s() passes a mode computed from '%s->%s', not the "
			 "mode the matching %s() took", pname,
			 bd_json_get_str(put, "from_tag", "?"),
			 bd_json_get_str(put, "from_field", "?"), gname);
		add(m, BD_CHECK_PUT_MODE, loc_of(bd_json_get(put, "at")),
		    bd_json_get_str(put, "function", NULL), c->mode_field ? fix : NULL,
		    1, &n, msg);
		return;
	}
	for (int i = 0; i < P->n; i++)
		if (!bd_mset_has(&c->mode, &P->v[i]))
			po.v[po.n++] = P->v[i];
	for (int i = 0; i < c->mode.n; i++)
		if (!bd_mset_has(P, &c->mode.v[i]))
			go.v[go.n++] = c->mode.v[i];
	bd_mset_str(po.n ? &po : P, a, sizeof(a));
	bd_mset_str(go.n ? &go : &c->mode, b, sizeof(b));
	snprintf(note, sizeof(note), "%s() took %s here", gname, b);
	if (!c->mode_field)
		snprintf(fix, sizeof(fix), "pass %s", b);
	snprintf(msg, sizeof(msg), "%s() passes %s, but the matching %s() took %s",
		 pname, a, gname, b);
	add(m, BD_CHECK_PUT_MODE, loc_of(bd_json_get(put, "at")),
	    bd_json_get_str(put, "function", NULL), fix, 1, &n, msg);
}

static int same_get(const struct bd_json *a, const struct bd_json *b)
{
	struct bd_loc x = loc_of(bd_json_get(a, "at")), y = loc_of(bd_json_get(b, "at"));

	return x.line == y.line && x.col == y.col && !strcmp(x.file ? x.file : "",
							     y.file ? y.file : "");
}

static void add_cand(struct mcand *c, int *n, const struct mget *g, const char *tag,
		     struct bd_unit *names)
{
	c[*n].j = g->j;
	c[*n].group = bd_json_get_str(g->j, "group", "");
	c[*n].mode_field = g->mode_field;
	c[*n].tag = tag;
	read_mode(bd_json_get(g->j, "mode"), &c[*n].mode, names);
	(*n)++;
}

static void check_put(struct merge *m, int unit, const struct bd_json *put,
		      struct bd_unit *names)
{
	const char *tag = bd_json_get_str(put, "tag", "");
	const char *field = bd_json_get_str(put, "field", "");
	struct mcand c[32];
	int cu[32];
	struct bd_mset P0, P;
	int n = 0, nfull, bad = -1, slot, first;
	enum verdict bv = V_OK;

	read_mode(bd_json_get(put, "mode"), &P0, names);
	slot = smap_slot(&m->fm.by_tag, tag);
	first = m->fm.by_tag.keys[slot] ? m->fm.by_tag.vals[slot] : -1;
	/* gets that stored the bdev in this very field ... */
	for (int i = first; i >= 0 && n < 32; i = m->fm.gets[i].next) {
		const struct mget *g = &m->fm.gets[i];

		if (g->unit == unit || !g->field || strcmp(g->field, field))
			continue;	/* same unit: judged inside it */
		cu[n] = g->unit;
		add_cand(c, &n, g, tag, names);
	}
	/* ... and gets that stored only their mode in this struct (the bdev
	 * went through a callback, as sget() does), unless the same get
	 * already stored its bdev here: then that record says it all. */
	nfull = n;
	for (int i = first; i >= 0 && n < 32; i = m->fm.gets[i].next) {
		const struct mget *g = &m->fm.gets[i];
		int dup = 0;

		if (g->unit == unit || g->field || !g->mode_field ||
		    !strcmp(g->mode_field, field))
			continue;
		for (int k = 0; k < nfull && !dup; k++)
			dup = cu[k] == g->unit && same_get(c[k].j, g->j);
		if (dup)
			continue;
		cu[n] = g->unit;
		add_cand(c, &n, g, tag, names);
	}
	/* one store's candidates must all fit; of several stores, one */
	for (int i = 0; i < n; i++) {
		int ok = 1, first = -1;
		enum verdict fv = V_OK;

		for (int k = 0; k < n; k++) {
			enum verdict v;

			if (strcmp(c[k].group, c[i].group))
				continue;
			v = judge(m, put, &P0, &c[k], &P);
			if (v != V_OK) {
				ok = 0;
				if (first < 0) {
					first = k;
					fv = v;
				}
			}
		}
		if (ok)
			return;
		if (bad < 0) {
			bad = first;
			bv = fv;
		}
	}
	if (bad >= 0) {
		judge(m, put, &P0, &c[bad], &P);
		report_put(m, put, &c[bad], bv, &P);
	}
}

/* ---- put-holder across units (6.5's holders, checks/holder.h) ---- */

static void read_holders(const struct bd_json *j, struct bd_hset *out)
{
	const struct bd_json *vals = j ? bd_json_get(j, "values") : NULL;

	memset(out, 0, sizeof(*out));
	out->unknown = !j || bd_json_get_int(j, "unknown", 1);
	for (int i = 0; vals && vals->type == BD_JSON_ARRAY && i < vals->n && i < BD_MSET_MAX; i++) {
		const struct bd_json *v = vals->items[i];
		struct bd_holder *h = &out->v[out->n++];
		const char *how = bd_json_get_str(v, "how", "");

		memset(h, 0, sizeof(*h));
		snprintf(h->show, sizeof(h->show), "%s",
			 bd_json_get_str(v, "show", "a non-NULL holder"));
		if (bd_json_get(v, "k")) {
			bd_holder_const(h, bd_json_get_int(v, "k", 0));
		} else if (bd_json_get(v, "field")) {
			h->kind = BD_H_FIELD;
			h->tag = bd_json_get_str(v, "tag", "");
			h->field = bd_json_get_str(v, "field", "");
		} else if (bd_json_get(v, "object") && *how) {
			h->kind = BD_H_NAMED;
			h->key = bd_json_get_str(v, "object", "");
			h->how = how[0];
		} else {
			h->kind = BD_H_SYMBOL;	/* not NULL, equal to nothing here */
		}
	}
}

struct hcand {
	const struct bd_json *j;
	const char *group, *mode_field, *tag;
	struct bd_hset holder;
};

/* The put's holder with reads of the field the candidate kept its holder
 * in replaced by that holder. */
static void hsubst(const struct bd_hset *P, const struct hcand *c, struct bd_hset *out)
{
	memset(out, 0, sizeof(*out));
	out->unknown = P->unknown;
	for (int i = 0; i < P->n; i++) {
		const struct bd_holder *x = &P->v[i];

		if (!c->mode_field || x->kind != BD_H_FIELD || strcmp(x->field, c->mode_field) ||
		    strcmp(x->tag, c->tag)) {
			if (out->n < BD_MSET_MAX)
				out->v[out->n++] = *x;
			continue;
		}
		out->unknown |= c->holder.unknown;
		for (int k = 0; k < c->holder.n && out->n < BD_MSET_MAX; k++)
			out->v[out->n++] = c->holder.v[k];
	}
}

static void report_holder(struct merge *m, const struct bd_json *put, const struct hcand *c)
{
	const struct bd_holder *pm, *gm;
	struct bd_hset P0, P;
	char msg[800], note[400], fixb[300];
	const char *fix;
	struct bd_note n = { loc_of(bd_json_get(c->j, "at")), note };

	read_holders(bd_json_get(put, "holder"), &P0);
	hsubst(&P0, c, &P);
	if (bd_holder_judge(&c->holder, &P, &pm, &gm) <= 0)
		return;
	bd_holder_text(bd_json_get_str(put, "put", "blkdev_put"),
		       bd_json_get_str(c->j, "get", "blkdev_get_by_path"), pm, gm,
		       msg, sizeof(msg), note, sizeof(note));
	/* a wrapper's put passes what its callers give it: no edit there */
	fix = bd_json_get_int(put, "param_holder", 0) ? NULL :
	      bd_holder_fix(gm, c->tag, c->mode_field, fixb, sizeof(fixb));
	add(m, BD_CHECK_PUT_HOLDER, loc_of(bd_json_get(put, "at")),
	    bd_json_get_str(put, "function", NULL), fix, 1, &n, msg);
}

/*
 * A put of a bdev read from TAG->FIELD that no get of its unit explains,
 * against the gets other units stored there (or whose holder they kept in
 * that struct), as put_mode.c's pairing does inside one unit: of one
 * store every get must fit, of several stores one is enough.
 */
static void check_holder_put(struct merge *m, int unit, const struct bd_json *put)
{
	const char *tag = bd_json_get_str(put, "tag", "");
	const char *field = bd_json_get_str(put, "field", "");
	struct hcand c[32];
	struct bd_hset P0, P;
	const struct bd_holder *pm, *gm;
	int n = 0, bad = -1, slot, first;

	slot = smap_slot(&m->ho.by_tag, tag);
	first = m->ho.by_tag.keys[slot] ? m->ho.by_tag.vals[slot] : -1;
	for (int pass = 0; pass < 2; pass++)
		for (int i = first; i >= 0 && n < 32; i = m->ho.gets[i].next) {
			const struct mget *g = &m->ho.gets[i];

			if (g->unit == unit)
				continue;	/* judged inside its unit */
			if (pass == 0 ? !g->field || strcmp(g->field, field) :
			    g->field || !g->mode_field || !strcmp(g->mode_field, field))
				continue;
			c[n].j = g->j;
			c[n].group = bd_json_get_str(g->j, "group", "");
			c[n].mode_field = g->mode_field;
			c[n].tag = tag;
			read_holders(bd_json_get(g->j, "holder"), &c[n].holder);
			n++;
		}
	read_holders(bd_json_get(put, "holder"), &P0);
	for (int i = 0; i < n; i++) {
		int ok = 1, first_bad = -1;

		for (int k = 0; k < n; k++) {
			if (strcmp(c[k].group, c[i].group))
				continue;
			hsubst(&P0, &c[k], &P);
			if (bd_holder_judge(&c[k].holder, &P, &pm, &gm) > 0) {
				ok = 0;
				if (first_bad < 0)
					first_bad = k;
			}
		}
		if (ok)
			return;
		if (bad < 0)
			bad = first_bad;
	}
	if (bad >= 0)
		report_holder(m, put, &c[bad]);
}

/* ---- modes kept by other units (summary "stores", "deferred") ---- */

static void index_stores(struct merge *m, struct bd_unit *names)
{
	int total = 0;

	for (int u = 0; u < m->nunits; u++) {
		const struct bd_json *sum = bd_json_get(m->units[u], "summary");
		const struct bd_json *st = sum ? bd_json_get(sum, "stores") : NULL;

		total += st && st->type == BD_JSON_ARRAY ? st->n : 0;
	}
	smap_init(&m->stored, total);
	for (int u = 0; u < m->nunits; u++) {
		const struct bd_json *sum = bd_json_get(m->units[u], "summary");
		const struct bd_json *st = sum ? bd_json_get(sum, "stores") : NULL;

		for (int i = 0; st && st->type == BD_JSON_ARRAY && i < st->n; i++) {
			const struct bd_json *j = st->items[i];
			const char *tag = bd_json_get_str(j, "tag", ""), *field = bd_json_get_str(j, "field", "");
			const char *key = mode_key(m, tag, field);
			struct mstore *ms;
			struct bd_mset v;
			int slot = smap_slot(&m->stored, key);

			if (!m->stored.keys[slot]) {
				BD_GROW(m->mstores, m->nmstores, m->cap_mstores);
				ms = &m->mstores[m->nmstores];
				memset(ms, 0, sizeof(*ms));
				ms->tag = bd_intern(names, tag);
				ms->field = bd_intern(names, field);
				ms->at = loc_of(bd_json_get(j, "at"));
				smap_add(&m->stored, key, m->nmstores++);
			}
			ms = &m->mstores[m->stored.vals[smap_slot(&m->stored, key)]];
			read_mode(bd_json_get(j, "mode"), &v, names);
			ms->values.unknown |= v.unknown || !v.n;
			for (int k = 0; k < v.n; k++) {
				if (v.v[k].kind != BD_MX_CONST)
					ms->values.unknown = 1;
				else if (bd_mset_has(&ms->values, &v.v[k]))
					continue;
				else if (ms->values.n == BD_MSET_MAX)
					ms->values.unknown = 1;
				else
					ms->values.v[ms->values.n++] = v.v[k];
			}
		}
	}
}

/* m with each read of a mode field replaced by the values stored there;
 * *used: the field that was replaced. */
static void stored_values(struct merge *m, const struct bd_mset *in, struct bd_mset *out,
			  const struct mstore **used)
{
	char key[512];

	memset(out, 0, sizeof(*out));
	out->unknown = in->unknown;
	for (int i = 0; i < in->n; i++) {
		const struct bd_mexpr *x = &in->v[i];
		const struct mstore *ms;
		int slot;

		if (x->kind != BD_MX_FIELD) {
			if (out->n < BD_MSET_MAX)
				out->v[out->n++] = *x;
			continue;
		}
		snprintf(key, sizeof(key), "%s.%s", x->tag, x->field);
		slot = smap_slot(&m->stored, key);
		if (!m->stored.keys[slot]) {
			out->unknown = 1;
			continue;
		}
		ms = &m->mstores[m->stored.vals[slot]];
		*used = ms;
		out->unknown |= ms->values.unknown;
		for (int k = 0; k < ms->values.n && out->n < BD_MSET_MAX; k++) {
			struct bd_mexpr y = ms->values.v[k];

			y.k = (y.k | (int64_t)x->set) & ~(int64_t)x->clr;
			if (!bd_mset_has(out, &y))
				out->v[out->n++] = y;
		}
	}
}

/*
 * A pair its unit could not judge because a side reads a mode field:
 * that field holds one of the values the units store there.  A put that
 * matches none of them is wrong whatever the object (f2fs puts with
 * FMODE_EXCL devices got with sb->s_mode); one that matches some may be
 * wrong, and --strict says so.
 */
static void check_deferred(struct merge *m, const struct bd_json *d, struct bd_unit *names)
{
	const struct mstore *used = NULL;
	struct bd_mset P0, G0, P, G;
	struct bd_note notes[2];
	char a[256], b[256], msg[1024], fix[300], n0[300], n1[300];
	int any = 0, side;

	read_mode(bd_json_get(d, "mode"), &P0, names);
	read_mode(bd_json_get(d, "get_mode"), &G0, names);
	stored_values(m, &P0, &P, &used);
	side = !!used;		/* 1: the put read the field */
	stored_values(m, &G0, &G, &used);
	if (!used || !bd_mset_all_const(&P) || !bd_mset_all_const(&G))
		return;
	for (int i = 0; i < P.n; i++)
		any |= bd_mset_has(&G, &P.v[i]);
	if (any && (!m->o->strict || bd_mode_judge(&P, &G, &(uint64_t){ 0 }) == BD_V_EQUAL))
		return;
	bd_mset_str(side ? &G : &P, a, sizeof(a));
	bd_mset_str(side ? &P : &G, b, sizeof(b));
	if (side)
		snprintf(n0, sizeof(n0), "%s() took %s here", bd_json_get_str(d, "get", "?"), a);
	else
		snprintf(n0, sizeof(n0), "%s() took '%s->%s' here", bd_json_get_str(d, "get", "?"),
			 used->tag, used->field);
	notes[0] = (struct bd_note){ loc_of(bd_json_get(d, "get_at")), n0 };
	snprintf(n1, sizeof(n1), "'%s->%s' is set here", used->tag, used->field);
	notes[1] = (struct bd_note){ used->at, n1 };
	if (!any) {
		if (side)
			snprintf(msg, sizeof(msg), "%s() passes '%s->%s', which is %s, but the "
				 "matching %s() took %s", bd_json_get_str(d, "put", "?"), used->tag,
				 used->field, b, bd_json_get_str(d, "get", "?"), a);
		else
			snprintf(msg, sizeof(msg), "%s() passes %s, but the matching %s() took "
				 "'%s->%s', which is %s", bd_json_get_str(d, "put", "?"), a,
				 bd_json_get_str(d, "get", "?"), used->tag, used->field, b);
		if (side)
			snprintf(fix, sizeof(fix), "pass %s", a);
		else
			snprintf(fix, sizeof(fix), "pass '%s->%s'", used->tag, used->field);
		add_sev(m, BD_SEV_WARNING, loc_of(bd_json_get(d, "at")),
			bd_json_get_str(d, "function", NULL), fix, 2, notes, msg);
		return;
	}
	snprintf(msg, sizeof(msg), "%s() mode may differ from its %s()'s: '%s->%s' is %s",
		 bd_json_get_str(d, "put", "?"), bd_json_get_str(d, "get", "?"),
		 used->tag, used->field, side ? a : b);
	add_sev(m, BD_SEV_NOTE, loc_of(bd_json_get(d, "at")),
		bd_json_get_str(d, "function", NULL), NULL, 2, notes, msg);
}

int bd_merge_units(struct bd_result *r, const struct bd_facts_set *s,
		   const struct bd_options *o, char *err, size_t errlen)
{
	struct merge m;
	struct bd_unit *names = bd_unit_new("<merge>");
	int ret;

	memset(&m, 0, sizeof(m));
	m.r = r;
	m.o = o;
	/* the set owns the units */
	m.nunits = s->n;
	m.units = bd_xcalloc(s->n + 1, sizeof(*m.units));
	for (int u = 0; u < s->n; u++)
		m.units[u] = s->v[u].j;
	index_fns(&m);
	index_gets(&m, &m.fm, "gets");
	index_gets(&m, &m.ho, "holder_gets");
	propagate(&m);
	for (int i = 0; i < m.nfns; i++)
		if (m.fns[i].roles != m.fns[i].local_roles)
			report_gained(&m, &m.fns[i]);
	for (int u = 0; u < m.nunits; u++) {
		const struct bd_json *sum = bd_json_get(m.units[u], "summary");
		const struct bd_json *puts = sum ? bd_json_get(sum, "puts") : NULL;

		for (int i = 0; puts && puts->type == BD_JSON_ARRAY && i < puts->n; i++)
			check_put(&m, u, puts->items[i], names);
		puts = m.ho.ngets && sum ? bd_json_get(sum, "holder_puts") : NULL;
		for (int i = 0; puts && puts->type == BD_JSON_ARRAY && i < puts->n; i++)
			check_holder_put(&m, u, puts->items[i]);
	}
	index_stores(&m, names);
	for (int u = 0; u < m.nunits; u++) {
		const struct bd_json *sum = bd_json_get(m.units[u], "summary");
		const struct bd_json *d = sum ? bd_json_get(sum, "deferred") : NULL;

		for (int i = 0; d && d->type == BD_JSON_ARRAY && i < d->n; i++)
			check_deferred(&m, d->items[i], names);
	}
	/* a graph the shape check cannot judge (its nodes have a grammar
	 * of their own) that is damaged: an input error, not a clean unit */
	ret = whole_program(&m, names, s, err, errlen) ? -1 : 0;
	free(m.units);
	free(m.fns);
	free(m.hash);
	gindex_free(&m.fm);
	gindex_free(&m.ho);
	smap_free(&m.modes);
	smap_free(&m.stored);
	free(m.mstores);
	for (int i = 0; i < m.nkeys; i++)
		free(m.keys[i]);
	free(m.keys);
	bd_unit_free(names);
	return ret;
}

int bd_merge_analyze(struct bd_result *r, const char *facts_dir,
		     const struct bd_options *o, char *err, size_t errlen)
{
	struct bd_facts_set s = { 0 };
	int ret = bd_facts_set_add_dir(&s, facts_dir, err, errlen);

	if (!ret) {
		bd_facts_set_finish(&s);
		ret = bd_merge_units(r, &s, o, err, errlen);
	}
	bd_facts_set_free(&s);
	return ret;
}
