// SPDX-License-Identifier: GPL-2.0
/*
 * analyze.c - bd_analyze(): the pipeline every frontend runs once per unit.
 *
 *   per-function facts -> kept functions and roles -> checks ->
 *   suppressions -> sort -> facts file
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "engine/engine.h"
#include "engine/bdev_api.h"
#include "engine/fieldlife.h"
#include "wp/wp.h"

static unsigned place_hash(enum bd_check check, const struct bd_loc *loc, const char *msg)
{
	unsigned h = (2166136261u ^ check) * 16777619u;

	h = (h ^ (unsigned)loc->line) * 16777619u;
	h = (h ^ (unsigned)loc->col) * 16777619u;
	for (; msg && *msg; msg++)
		h = (h ^ (unsigned char)*msg) * 16777619u;
	return h;
}

static void seen_add(struct bd_ctx *c, int i)
{
	const struct bd_finding *f = &c->r->v[i];
	unsigned h = place_hash(f->check, &f->loc, f->message);

	for (h &= c->seen_size - 1; c->seen[h] >= 0; h = (h + 1) & (c->seen_size - 1))
		;
	c->seen[h] = i;
}

/* Bring c->seen up to the findings of c->r, however they were added. */
static void seen_sync(struct bd_ctx *c)
{
	int n = c->r->n;

	if (c->nseen > n || 2 * (n + 1) > c->seen_size) {
		free(c->seen);
		c->seen_size = c->seen_size ? c->seen_size : 64;
		while (2 * (n + 1) > c->seen_size)
			c->seen_size *= 2;
		c->seen = bd_xcalloc(c->seen_size, sizeof(int));
		memset(c->seen, -1, c->seen_size * sizeof(int));
		c->nseen = 0;
	}
	for (; c->nseen < n; c->nseen++)
		seen_add(c, c->nseen);
}

/* One finding per place and text: paths and roles may find it twice.  A
 * huge function has thousands, so they are found by a hash. */
static int seen_before(struct bd_ctx *c, enum bd_check check, const struct bd_loc *loc,
		       const char *msg)
{
	unsigned h;

	seen_sync(c);
	h = place_hash(check, loc, msg) & (c->seen_size - 1);
	for (; c->seen[h] >= 0; h = (h + 1) & (c->seen_size - 1)) {
		const struct bd_finding *o = &c->r->v[c->seen[h]];

		if (o->check == check && o->loc.line == loc->line &&
		    o->loc.col == loc->col && !strcmp(o->message ? o->message : "", msg) &&
		    !strcmp(o->loc.file ? o->loc.file : "", loc->file ? loc->file : ""))
			return 1;
	}
	return 0;
}

void bd_report(struct bd_ctx *c, enum bd_check check, enum bd_severity sev,
	       struct bd_loc loc, const char *function, const char *fix,
	       int nnotes, const struct bd_note *notes, const char *fmt, ...)
{
	struct bd_finding f;
	char msg[1024];
	va_list ap;

	if (!c->o->enabled[check])
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (seen_before(c, check, &loc, msg))
		return;
	memset(&f, 0, sizeof(f));
	f.check = check;
	f.severity = sev;
	f.loc = loc;
	f.function = function;
	f.message = msg;
	f.fix = fix;
	f.nnotes = nnotes;
	f.notes = (struct bd_note *)notes;
	bd_result_add(c->r, &f);
}

static void dump_ir(struct bd_unit *u, const char *where)
{
	FILE *out = stderr;

	if (strcmp(where, "-")) {
		out = fopen(where, "w");
		if (!out)
			return;
	}
	bd_unit_dump(u, out);
	if (out != stderr)
		fclose(out);
}

struct bd_result *bd_analyze(struct bd_unit *u, const struct bd_options *o)
{
	struct bd_result *r = bd_result_new();
	struct bd_ctx c;

	memset(&c, 0, sizeof(c));
	c.u = u;
	c.r = r;
	c.o = o;
	c.o_ndelay = bd_unit_macro(u, "O_NDELAY", bd_macro_default("O_NDELAY"));
	c.o_nonblock = bd_unit_macro(u, "O_NONBLOCK", bd_macro_default("O_NONBLOCK"));
	r->summary = bd_summary_new();
	c.sum = r->summary;
	if (o->dump_ir)
		dump_ir(u, o->dump_ir);
	/* a dump is what one looks at when a frontend misbehaves; the
	 * testsuite sets BDOPS_VERIFY_IR, so every unit of every lane's
	 * tests is verified, and one that breaks the IR fails its test */
	if (o->dump_ir || getenv("BDOPS_VERIFY_IR")) {
		char err[512], msg[600];

		if (bd_unit_verify(u, err, sizeof(err))) {
			snprintf(msg, sizeof(msg), "the IR does not verify: %s", err);
			bd_result_set_internal(r, msg);
			if (getenv("BDOPS_VERIFY_IR"))
				bd_result_set_failure(r, "%s", msg);
		}
	}

	c.nfns = u->nfuncs;
	c.fns = bd_xcalloc(c.nfns + 1, sizeof(*c.fns));
	for (int i = 0; i < c.nfns; i++)
		bd_fn_init(&c, &c.fns[i], u->funcs[i]);
	bd_fn_index(&c);
	bd_roles(&c);
	for (int i = 0; i < c.nfns; i++)
		r->nfuncs += c.fns[i].kept;

	bd_check_deprecated_ioctl(&c);
	bd_check_file_write(&c);
	bd_check_ndelay_flags(&c);
	bd_check_put_mode(&c);
	bd_check_put_holder(&c);
	bd_check_bdev_release(&c);
	if (c.o->enabled[BD_CHECK_PUT_MODE])
		wp_check_unit(&c);
	bd_macro_notes(&c);
	bd_fixits(&c);
	bd_check_suppression_comments(&c);

	bd_apply_suppressions(r, o);
	bd_result_sort(r);
	if (u->incomplete)
		bd_result_set_failure(r, "not fully analysed: %s", u->incomplete);
	if (o->facts_dir && bd_facts_write(u, r, o))
		bd_result_set_failure(r, "cannot write facts into '%s': %s", o->facts_dir,
				      strerror(errno));

	for (int i = 0; i < c.nfns; i++)
		bd_fn_free(&c.fns[i]);
	bd_bapi_free(&c);
	bd_flife_free(&c);
	free(c.fns);
	free(c.ff);
	free(c.hash);
	free(c.seen);
	return r;
}
