// SPDX-License-Identifier: GPL-2.0
/*
 * facts_summary.c - write the "summary" object of a unit's facts file: the
 * cross-TU facts the checks recorded (summary.h), read back by merge.c.
 */
#include "internal.h"
#include "json.h"
#include "summary.h"
#include "wp/wp.h"

static void write_loc(struct bd_json_writer *w, const char *key, struct bd_loc l)
{
	bd_json_key(w, key);
	bd_json_begin_object(w);
	bd_json_kv_str(w, "file", l.file);
	bd_json_kv_int(w, "line", l.line);
	bd_json_kv_int(w, "column", l.col);
	bd_json_end_object(w);
}

static void write_mode_value(struct bd_json_writer *w, const struct bd_sum_mode *m);

static void write_mode(struct bd_json_writer *w, const struct bd_sum_mode *m)
{
	bd_json_key(w, "mode");
	write_mode_value(w, m);
}

static void write_mode_value(struct bd_json_writer *w, const struct bd_sum_mode *m)
{
	bd_json_begin_object(w);
	bd_json_kv_int(w, "unknown", m->unknown);
	bd_json_key(w, "values");
	bd_json_begin_array(w);
	for (int i = 0; i < m->n; i++) {
		bd_json_begin_object(w);
		if (m->v[i].is_const) {
			bd_json_kv_int(w, "k", m->v[i].k);
		} else if (m->v[i].is_field) {
			bd_json_kv_str(w, "tag", m->v[i].tag);
			bd_json_kv_str(w, "field", m->v[i].field);
			bd_json_kv_int(w, "set", (int64_t)m->v[i].set);
			bd_json_kv_int(w, "clr", (int64_t)m->v[i].clr);
		} else if (m->v[i].is_named) {
			char how[2] = { (char)m->v[i].how, 0 };

			bd_json_kv_str(w, "object", m->v[i].key);
			bd_json_kv_str(w, "how", how);
		} else {
			bd_json_kv_int(w, "opaque", 1);
		}
		if (m->v[i].show)
			bd_json_kv_str(w, "show", m->v[i].show);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
	bd_json_end_object(w);
}

static void write_tests(struct bd_json_writer *w, const char *key,
			const struct bd_sum_test *t, int n)
{
	bd_json_key(w, key);
	bd_json_begin_array(w);
	for (int i = 0; i < n; i++) {
		bd_json_begin_object(w);
		write_loc(w, "at", t[i].loc);
		if (t[i].read.line)
			write_loc(w, "read", t[i].read);
		bd_json_kv_str(w, "what", t[i].what);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
}

/* The gets (puts) of one kind: modes, or 6.5's holders. */
static void write_gets(struct bd_json_writer *w, const struct bd_summary *s, int holder)
{
	bd_json_key(w, holder ? "holder_gets" : "gets");
	bd_json_begin_array(w);
	for (int i = 0; i < s->ngets; i++) {
		const struct bd_sum_get *g = &s->gets[i];

		if (g->holder != holder)
			continue;
		bd_json_begin_object(w);
		bd_json_kv_str(w, "function", g->function);
		bd_json_kv_str(w, "get", g->get);
		write_loc(w, "at", g->loc);
		bd_json_kv_str(w, "tag", g->tag);
		bd_json_kv_str(w, "field", g->field);
		bd_json_kv_str(w, "mode_field", g->mode_field);
		bd_json_kv_str(w, "group", g->group);
		if (holder) {
			bd_json_key(w, "holder");
			write_mode_value(w, &g->mode);
		} else {
			bd_json_kv_int(w, "exclusive", g->exclusive);
			write_mode(w, &g->mode);
		}
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
}

static void write_puts(struct bd_json_writer *w, const struct bd_summary *s, int holder)
{
	bd_json_key(w, holder ? "holder_puts" : "puts");
	bd_json_begin_array(w);
	for (int i = 0; i < s->nputs; i++) {
		const struct bd_sum_put *p = &s->puts[i];

		if (p->holder != holder)
			continue;
		bd_json_begin_object(w);
		bd_json_kv_str(w, "function", p->function);
		bd_json_kv_str(w, "put", p->put);
		write_loc(w, "at", p->loc);
		bd_json_kv_str(w, "tag", p->tag);
		bd_json_kv_str(w, "field", p->field);
		if (holder) {
			bd_json_kv_int(w, "param_holder", p->param_holder);
			bd_json_key(w, "holder");
			write_mode_value(w, &p->mode);
		} else {
			bd_json_kv_int(w, "exclusive", p->exclusive);
			bd_json_kv_str(w, "from_tag", p->from_tag);
			bd_json_kv_str(w, "from_field", p->from_field);
			write_mode(w, &p->mode);
		}
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
}

static int has_holders(const struct bd_summary *s)
{
	for (int i = 0; i < s->ngets; i++)
		if (s->gets[i].holder)
			return 1;
	for (int i = 0; i < s->nputs; i++)
		if (s->puts[i].holder)
			return 1;
	return 0;
}

void bd_facts_summary_write(struct bd_json_writer *w, const struct bd_unit *u,
			    const struct bd_result *r)
{
	const struct bd_summary *s = r->summary;

	(void)u;
	if (!s)
		return;
	write_gets(w, s, 0);
	write_puts(w, s, 0);
	/* 6.5's holders: arrays of their own, which readers of format 2 that
	 * know only modes skip (docs/facts.md) */
	if (has_holders(s)) {
		write_gets(w, s, 1);
		write_puts(w, s, 1);
	}
	bd_json_key(w, "functions");
	bd_json_begin_array(w);
	for (int i = 0; i < s->nfns; i++) {
		const struct bd_sum_fn *f = &s->fns[i];

		bd_json_begin_object(w);
		bd_json_kv_str(w, "name", f->name);
		bd_json_kv_int(w, "static", f->is_static);
		bd_json_kv_int(w, "method", f->is_method);
		bd_json_kv_int(w, "roles", f->roles);
		bd_json_kv_str(w, "reached_from", f->method);
		bd_json_key(w, "calls");
		bd_json_begin_array(w);
		for (int k = 0; k < f->ncalls; k++)
			bd_json_string(w, f->calls[k]);
		bd_json_end_array(w);
		write_tests(w, "ndelay", f->ndelay, f->nndelay);
		write_tests(w, "writes", f->writes, f->nwrites);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
	bd_json_key(w, "stores");
	bd_json_begin_array(w);
	for (int i = 0; i < s->nstores; i++) {
		bd_json_begin_object(w);
		bd_json_kv_str(w, "tag", s->stores[i].tag);
		bd_json_kv_str(w, "field", s->stores[i].field);
		write_loc(w, "at", s->stores[i].loc);
		write_mode(w, &s->stores[i].mode);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
	bd_json_key(w, "deferred");
	bd_json_begin_array(w);
	for (int i = 0; i < s->ndefers; i++) {
		const struct bd_sum_defer *d = &s->defers[i];

		bd_json_begin_object(w);
		bd_json_kv_str(w, "function", d->function);
		bd_json_kv_str(w, "put", d->put);
		write_loc(w, "at", d->loc);
		write_mode(w, &d->mode);
		bd_json_kv_str(w, "get", d->get);
		write_loc(w, "get_at", d->get_loc);
		bd_json_key(w, "get_mode");
		write_mode_value(w, &d->get_mode);
		bd_json_end_object(w);
	}
	bd_json_end_array(w);
	if (s->wp)
		wp_write(w, s->wp);
	if (s->wp_holder)
		wp_write(w, s->wp_holder);
}
