// SPDX-License-Identifier: GPL-2.0
/*
 * fix_era_steps.c - the steps of "bdops fix --to-era" (fix_era.c): one
 * unit's text moved one API era on, each step a token rewrite of the
 * previous step's text.
 *
 * fmode -> holder (6.5): fmode_t and FMODE_X become blk_mode_t and
 *   BLK_OPEN_X; open(bdev, mode) takes the gendisk (bdev->bd_disk becomes
 *   the disk; any other use of the bdev refuses); release(disk, mode)
 *   loses the mode (a release that reads it refuses: 6.5 gives none);
 *   blkdev_get_by_*(.., mode, holder) gains the holder_ops (NULL), and a
 *   get whose mode provably lacks FMODE_EXCL takes no holder (only an
 *   exclusive get claimed before); blkdev_put(bdev, mode) passes the
 *   holder the get of that bdev took (found by the bdev's expression or
 *   its field), which must be in scope at the put.  The gets and puts of
 *   other names (open_bdev_exclusive ...) are gone in 6.5: refused.
 * holder -> handle (6.7): `LV = blkdev_get_by_*(...)` becomes
 *   `LV_handle = bdev_open_by_*(...)`, the IS_ERR/PTR_ERR tests after it
 *   test the handle, and `LV = LV_handle->bdev;` follows them; a store of
 *   the bdev into a field stores the handle beside it (`X->F_handle`),
 *   declared next to the bdev's member when the struct is the file's; a
 *   put of that bdev (or field) releases the handle.
 * handle -> file (6.9): struct bdev_handle becomes struct file, the names
 *   that kept a handle keep the file (`bdev_handle` -> `bdev_file`,
 *   `s_bdev_handle` -> `s_bdev_file`), `H->bdev` becomes `file_bdev(H)`,
 *   bdev_open_by_* becomes bdev_file_open_by_*, bdev_release() the file's
 *   release.
 *
 * The API's names, eras, argument positions, exclusivity and
 * counterparts are the model's (engine/api.h): an opener of the next era
 * is the model's opener of that era with the same "_by_" suffix, a release
 * the model's pair of it.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fix.h"
#include "fix_era.h"

/* ---- token helpers ---- */

static char *xstrndup(const char *p, size_t n)
{
	char *r = bd_xcalloc(n + 1, 1);

	memcpy(r, p, n);
	return r;
}

static int is_id_tok(const struct src *s, int i)
{
	return i >= 0 && i < s->n && s->t[i].kind == T_ID;
}

static char *text_of(const struct src *s, int a, int b)	/* tokens [a, b] */
{
	return xstrndup(s->text + s->t[a].start, s->t[b].end - s->t[a].start);
}

/* The first token of the statement holding token i. */
static int stmt_first(const struct src *s, int i)
{
	int k = i;

	while (k > 0 && !is(s, k - 1, ";") && !is(s, k - 1, "{") && !is(s, k - 1, "}"))
		k--;
	return k;
}

/* The ';' ending the statement that starts at i (brackets skipped). */
static int stmt_last(const struct src *s, int i)
{
	for (int k = i; k < s->n; k++) {
		if (s->t[k].match > k && !is(s, k, "{"))
			k = s->t[k].match;
		else if (is(s, k, ";"))
			return k;
		else if (is(s, k, "{") || is(s, k, "}"))
			return -1;
	}
	return -1;
}

/* The last token of the statement (if/else, block, simple) at i. */
static int any_stmt_last(const struct src *s, int i)
{
	int e;

	if (i >= s->n)
		return -1;
	if (is(s, i, "{"))
		return s->t[i].match;
	if (is(s, i, "if") && is(s, i + 1, "(") && s->t[i + 1].match > 0) {
		e = any_stmt_last(s, s->t[i + 1].match + 1);
		if (e >= 0 && is(s, e + 1, "else"))
			e = any_stmt_last(s, e + 2);
		return e;
	}
	return stmt_last(s, i);
}

/* The function body [*lo, *hi] ('{' and '}') holding token i; 0 if found. */
static int body_around(const struct src *s, int i, int *lo, int *hi)
{
	for (int k = 0; k < s->n; k++) {
		if (!is(s, k, "{") || s->t[k].match < 0)
			continue;
		if (k < i && s->t[k].match > i && is(s, k - 1, ")")) {
			*lo = k;
			*hi = s->t[k].match;
			return 0;
		}
		k = s->t[k].match;
	}
	return -1;
}

/* Do tokens [a, b] spell the same as [c, d]? */
static int same_text(const struct src *s, int a, int b, int c, int d)
{
	if (b - a != d - c)
		return 0;
	for (int k = 0; k <= b - a; k++) {
		int la = s->t[a + k].end - s->t[a + k].start;

		if (la != s->t[c + k].end - s->t[c + k].start ||
		    memcmp(s->text + s->t[a + k].start, s->text + s->t[c + k].start, la))
			return 0;
	}
	return 1;
}

static char *indent_of(const struct src *s, int i)
{
	int a = s->t[i].start, b;

	while (a > 0 && s->text[a - 1] != '\n')
		a--;
	for (b = a; s->text[b] == ' ' || s->text[b] == '\t'; b++)
		;
	return xstrndup(s->text + a, b - a);
}

/* The start of token i's line (for an insertion of whole lines). */
static int line_start(const struct src *s, int i)
{
	int a = s->t[i].start;

	while (a > 0 && s->text[a - 1] != '\n')
		a--;
	return a;
}

/* Is 'name' used as an identifier in tokens [a, b]?  First use, or -1. */
static int used_in(const struct src *s, int a, int b, const char *name)
{
	for (int k = a; k <= b; k++)
		if (name_is(s, k, name) && !is(s, k - 1, "->") && !is(s, k - 1, "."))
			return k;
	return -1;
}

/* The model's opener of era 'era' (obj) with the same "_by_X" suffix as
 * name. */
static const char *opener_like(const char *name, enum bd_bobj obj)
{
	const char *suf = strstr(name, "_by_");

	for (int i = 0; suf && i < bd_api_count(); i++) {
		const struct bd_api *a = bd_api_at(i);
		const char *as = strstr(a->name, "_by_");

		if (a->role == BD_API_OPEN && a->obj == obj && as && !strcmp(as, suf))
			return a->name;
	}
	return NULL;
}

/* The block_device_operations member that function 'fn' is bound to in
 * a static initializer of the file ("open", "release"...), or NULL. */
static const char *member_of(const struct src *s, const char *fn, char *buf, size_t len)
{
	for (int i = 0; i + 3 < s->n; i++)
		if (is(s, i, ".") && is_id_tok(s, i + 1) && is(s, i + 2, "=") &&
		    name_is(s, i + 3, fn) && (is(s, i + 4, ",") || is(s, i + 4, "}"))) {
			char *m = tok_str(s, i + 1);

			snprintf(buf, len, "%s", m);
			free(m);
			return buf;
		}
	return NULL;
}

static const char *refuse(struct era_step *st, int line, const char *fmt, const char *a,
			  const char *b)
{
	char msg[400];

	snprintf(msg, sizeof(msg), fmt, a, b ? b : "");
	snprintf(st->why, sizeof(st->why), "line %d: %s", line, msg);
	return st->why;
}

/* ---- fmode -> holder ---- */

struct got {
	int lv0, lv1;		/* the lvalue's tokens */
	char *holder;		/* the holder the get takes now */
	int line;
};

static const char *methods_to_holder(struct fixer *fx, struct era_step *st)
{
	struct src *s = &fx->s;
	char mbuf[32];

	for (int i = 0; i < s->n; i++) {
		struct func def;
		const char *m;
		char *fn;
		int f0, l0, n0, f1, l1, n1;

		if (!(is(s, i, "=") && is(s, i - 2, ".") && is_id_tok(s, i + 1) &&
		      (is(s, i + 2, ",") || is(s, i + 2, "}"))))
			continue;
		fn = tok_str(s, i + 1);
		m = member_of(s, fn, mbuf, sizeof(mbuf));
		if (!m || (strcmp(m, "open") && strcmp(m, "release")) || !func_at(s, fn, &def) ||
		    def.lbrace < 0) {
			free(fn);
			continue;
		}
		f0 = f1 = 0;
		l0 = l1 = -1;
		param_tokens(s, &def, 0, &f0, &l0, &n0);
		param_tokens(s, &def, 1, &f1, &l1, &n1);
		if (l1 < f1 || n0 < 0 || n1 < 0 || !is(s, f1, "fmode_t")) {
			free(fn);
			continue;	/* not the fmode_t prototype */
		}
		if (!strcmp(m, "open")) {
			char *b = tok_str(s, n0);
			const char *disk = used_in(s, def.lbrace, def.rbrace, "disk") < 0 ? "disk" : "gd";
			struct buf p = { 0 };

			if (!(is(s, f0, "struct") && is(s, f0 + 1, "block_device"))) {
				free(b);
				free(fn);
				continue;
			}
			buf_printf(&p, "struct gendisk *%s", disk);
			add_edit(fx, s->t[f0].start, s->t[l0].end, p.s, G_CONV, NULL);
			free(p.s);
			for (int k = def.lbrace; k < def.rbrace; k++) {
				if (!name_is(s, k, b) || is(s, k - 1, "->") || is(s, k - 1, "."))
					continue;
				if (is(s, k + 1, "->") && is(s, k + 2, "bd_disk")) {
					add_edit(fx, s->t[k].start, s->t[k + 2].end, disk, G_CONV, NULL);
					continue;
				}
				refuse(st, s->t[k].line, "open '%s' uses its block_device '%s' "
				       "beyond ->bd_disk, and 6.5's open gets the gendisk", fn, b);
				free(b);
				free(fn);
				return st->why;
			}
			free(b);
		} else {
			char *mode = tok_str(s, n1);
			int u = used_in(s, def.lbrace, def.rbrace, mode);

			if (u >= 0) {
				refuse(st, s->t[u].line, "release '%s' reads its mode '%s', and 6.5's "
				       "release gets none: keep what open saw in the driver "
				       "(6.5's cdrom keeps opened_for_data)", fn, mode);
				free(mode);
				free(fn);
				return st->why;
			}
			free(mode);
			add_edit(fx, s->t[l0].end, s->t[l1].end, "", G_CONV, NULL);
			/* release returns nothing from 6.5 (only 0 was meaningful) */
			for (int k = def.spec; k < def.name; k++)
				if (is(s, k, "int"))
					add_edit(fx, s->t[k].start, s->t[k].end, "void", G_CONV, NULL);
			for (int k = def.lbrace; k < def.rbrace; k++) {
				if (!is(s, k, "return") || is(s, k + 1, ";"))
					continue;
				if (!(is(s, k + 1, "0") && is(s, k + 2, ";"))) {
					refuse(st, s->t[k].line, "release '%s' returns a value, and "
					       "6.5's release returns nothing%s", fn, NULL);
					free(fn);
					return st->why;
				}
				if (k + 3 == def.rbrace) {
					/* the last statement: its line goes */
					int a = line_start(s, k), b = s->t[k + 2].end;

					if (s->text[b] == '\n')
						b++;
					add_edit(fx, a, b, "", G_CONV, NULL);
				} else {
					add_edit(fx, s->t[k].start, s->t[k + 2].end, "return;", G_CONV,
						 NULL);
				}
			}
		}
		free(fn);
	}
	return NULL;
}

/* Does the mode argument [a, b] spell FMODE_ constants without
 * FMODE_EXCL only? */
static int mode_not_excl(const struct src *s, int a, int b)
{
	for (int k = a; k <= b; k++) {
		if (is(s, k, "|") || is(s, k, "(") || is(s, k, ")"))
			continue;
		if (!is_id_tok(s, k) || strncmp(s->text + s->t[k].start, "FMODE_", 6) ||
		    is(s, k, "FMODE_EXCL"))
			return 0;
	}
	return 1;
}

/* Is the holder expression in scope at token i (its first identifier a
 * parameter or local of i's function used before i, or of file scope)? */
static int holder_in_scope(const struct src *s, const char *holder, int i)
{
	char id[128];
	int n = 0, lo, hi;

	if (!strcmp(holder, "NULL"))
		return 1;
	while (*holder == '&' || *holder == '(' || *holder == ' ' || *holder == '*')
		holder++;
	while (n < 127 && (isalnum((unsigned char)holder[n]) || holder[n] == '_')) {
		id[n] = holder[n];
		n++;
	}
	id[n] = 0;
	if (!n || body_around(s, i, &lo, &hi))
		return 0;
	/* the parameters: from the '(' before the body */
	for (int k = s->t[lo - 1].match; k < i; k++)
		if (name_is(s, k, id) && !is(s, k - 1, "->") && !is(s, k - 1, "."))
			return 1;
	for (int k = 0; k < s->n; k++) {
		if (is(s, k, "{") && s->t[k].match > k && is(s, k - 1, ")")) {
			k = s->t[k].match;
			continue;
		}
		if (name_is(s, k, id))
			return 1;
	}
	return 0;
}

static const char *gets_puts_to_holder(struct fixer *fx, struct era_step *st)
{
	struct src *s = &fx->s;
	struct got g[64];
	int ng = 0;
	const char *why = NULL;

	for (int i = 0; i < s->n && !why; i++) {
		const struct bd_api *a = api_call_at(s, i, BD_API_GET);
		struct range r[6];
		int na, first;
		char *name;

		if (!a)
			a = api_call_at(s, i, BD_API_PUT);
		if (!a)
			continue;
		name = tok_str(s, i);
		if (!(a->eras & BD_ERA_BIT(BD_ERA_HOLDER))) {
			refuse(st, s->t[i].line, "'%s' is gone in 6.5 (it exists in %s): "
			       "open with blkdev_get_by_dev() or blkdev_get_by_path() and a holder",
			       name, a->kernels);
			why = st->why;
		} else if (a->role == BD_API_GET) {
			na = call_args(s, i + 1, r, 6);
			if (na != 3 || a->holder_arg != 2) {
				free(name);
				continue;	/* 6.5's already, or not this shape */
			}
			first = stmt_first(s, i);
			if (ng < 64 && is(s, i - 1, "=") && first < i - 1) {
				g[ng].lv0 = first;
				g[ng].lv1 = i - 2;
				g[ng].line = s->t[i].line;
				if (mode_not_excl(s, r[a->mode_arg].first, r[a->mode_arg].last)) {
					g[ng].holder = bd_xstrdup("NULL");
					if (!(r[2].first == r[2].last && is(s, r[2].first, "NULL")))
						add_edit(fx, s->t[r[2].first].start, s->t[r[2].last].end,
							 "NULL", G_CONV, NULL);
				} else {
					g[ng].holder = range_str(s, r[2]);
				}
				ng++;
			}
			add_edit(fx, s->t[r[2].last].end, s->t[r[2].last].end, ", NULL", G_CONV,
				 NULL);
		}
		free(name);
	}
	for (int i = 0; i < s->n && !why; i++) {
		const struct bd_api *a = api_call_at(s, i, BD_API_PUT);
		struct range r[4];
		const char *holder = NULL;
		char *bd;

		if (!a || call_args(s, i + 1, r, 4) != 2 || a->holder_arg != 1)
			continue;
		bd = range_str(s, r[0]);
		for (int k = 0; k < ng; k++) {
			int same = same_text(s, g[k].lv0, g[k].lv1, r[0].first, r[0].last) ||
				   (g[k].lv1 > g[k].lv0 && r[0].last > r[0].first &&
				    same_text(s, g[k].lv1, g[k].lv1, r[0].last, r[0].last) &&
				    is(s, g[k].lv1 - 1, "->") && is(s, r[0].last - 1, "->"));

			if (!same)
				continue;
			if (holder && strcmp(holder, g[k].holder)) {
				refuse(st, s->t[i].line, "the gets of '%s' take different holders "
				       "('%s' and another): say which claim this put gives back", bd,
				       holder);
				why = st->why;
				break;
			}
			holder = g[k].holder;
		}
		if (!why && !holder) {
			refuse(st, s->t[i].line, "no get of '%s' in this file to take the put's "
			       "holder from%s", bd, NULL);
			why = st->why;
		} else if (!why && !holder_in_scope(s, holder, i)) {
			refuse(st, s->t[i].line, "the holder '%s' of the get of '%s' is not in "
			       "scope at the put: say which object holds the claim there", holder,
			       bd);
			why = st->why;
		} else if (!why) {
			add_edit(fx, s->t[r[1].first].start, s->t[r[1].last].end, holder, G_CONV,
				 NULL);
		}
		free(bd);
	}
	for (int k = 0; k < ng; k++)
		free(g[k].holder);
	return why;
}

static const char *names_to_holder(struct fixer *fx)
{
	struct src *s = &fx->s;

	for (int i = 0; i < s->n; i++) {
		if (is(s, i, "fmode_t")) {
			add_edit(fx, s->t[i].start, s->t[i].end, "blk_mode_t", G_CONV, NULL);
		} else if (is_id_tok(s, i) && !strncmp(s->text + s->t[i].start, "FMODE_", 6)) {
			struct buf b = { 0 };

			buf_printf(&b, "BLK_OPEN_%.*s", s->t[i].end - s->t[i].start - 6,
				   s->text + s->t[i].start + 6);
			add_edit(fx, s->t[i].start, s->t[i].end, b.s, G_CONV, NULL);
			free(b.s);
		}
	}
	return NULL;
}

/* ---- holder -> handle ---- */

struct kept {
	char *field;		/* the bdev's field (or local) name */
	char *handle;		/* the handle's */
	int local_fn;		/* a local: its function's '{', else -1 */
};

static char *with_suffix(const char *name, const char *suf)
{
	struct buf b = { 0 };

	buf_printf(&b, "%s%s", name, suf);
	return b.s;
}

/* Declare the handle next to the bdev: a member of a struct of the file
 * ("struct block_device *F;" inside "struct T {"), or a local of the
 * function (lo..hi).  0 if declared or not the file's to declare. */
static void declare_handle(struct fixer *fx, const char *f, const char *h, int lo, int hi,
			   const char *type)
{
	struct src *s = &fx->s;

	for (int k = lo; k < hi; k++) {
		int semi;
		struct buf b = { 0 };
		char *ind;

		if (!(is(s, k, "struct") && is(s, k + 1, "block_device") && is(s, k + 2, "*") &&
		      name_is(s, k + 3, f) && (is(s, k + 4, ";") || is(s, k + 4, ","))))
			continue;
		semi = stmt_last(s, k);
		if (semi < 0)
			return;
		ind = indent_of(s, k);
		buf_printf(&b, "\n%s%s *%s;", ind, type, h);
		add_edit(fx, s->t[semi].end, s->t[semi].end, b.s, G_CONV, NULL);
		free(ind);
		free(b.s);
		return;
	}
}

static const char *to_handle(struct fixer *fx, struct era_step *st)
{
	struct src *s = &fx->s;
	struct kept kp[32];
	int nk = 0, inserted[64], ninserted = 0;
	const char *why = NULL;
	const char *open_type = "struct bdev_handle";

	for (int i = 0; i < s->n && !why && nk < 32; i++) {
		const struct bd_api *a = api_call_at(s, i, BD_API_GET);
		const char *op;
		char *name, *lv, *last, *hv;
		int first, lo, hi, p, ins = -1;

		if (!a)
			continue;
		name = tok_str(s, i);
		op = opener_like(name, BD_BOBJ_HANDLE);
		first = stmt_first(s, i);
		if (!op || !is(s, i - 1, "=") || first >= i - 1 || body_around(s, i, &lo, &hi) ||
		    !is_id_tok(s, i - 2) || !(first == i - 2 || (first == i - 4 &&
		    (is(s, i - 3, "->") || is(s, i - 3, "."))))) {
			refuse(st, s->t[i].line, "'%s' is not 'V = %s(...);' or 'X->F = ...': "
			       "where the handle is kept is the code's choice", name, name);
			free(name);
			why = st->why;
			break;
		}
		lv = text_of(s, first, i - 2);
		last = tok_str(s, i - 2);
		hv = with_suffix(lv, "_handle");
		add_edit(fx, s->t[first].start, s->t[i - 2].end, hv, G_CONV, NULL);
		add_edit(fx, s->t[i].start, s->t[i].end, op, G_CONV, NULL);
		/* the error tests after it test the handle */
		for (p = stmt_last(s, i) + 1; p > 0 && p < hi;) {
			int e, touched = 0;

			if (!is(s, p, "if")) {
				ins = p;
				break;
			}
			e = any_stmt_last(s, p);
			if (e < 0)
				break;
			for (int k = p; k <= e; k++) {
				static const char *const errs[] = { "IS_ERR", "PTR_ERR",
					"IS_ERR_OR_NULL", "ERR_CAST", "PTR_ERR_OR_ZERO", NULL };
				int lp = k + 1, rp;

				for (int m = 0; errs[m]; m++) {
					if (!is(s, k, errs[m]) || !is(s, lp, "("))
						continue;
					rp = s->t[lp].match;
					if (rp - 1 - (lp + 1) == (i - 2) - first &&
					    same_text(s, lp + 1, rp - 1, first, i - 2)) {
						add_edit(fx, s->t[lp + 1].start, s->t[rp - 1].end, hv,
							 G_CONV, NULL);
						touched = 1;
					}
				}
			}
			if (!touched) {
				ins = p;
				break;
			}
			p = e + 1;
		}
		if (ins < 0 && p == hi)
			ins = -2;	/* the block ends: the outer get's tests follow */
		if (ins >= 0) {
			int dup = 0;

			for (int k = 0; k < ninserted; k++)
				dup |= inserted[k] == ins;
			if (!dup && ninserted < 64) {
				char *ind = indent_of(s, ins);
				struct buf b = { 0 };

				buf_printf(&b, "%s%s = %s->bdev;\n", ind, lv, hv);
				add_edit(fx, line_start(s, ins), line_start(s, ins), b.s, G_CONV, NULL);
				inserted[ninserted++] = ins;
				free(ind);
				free(b.s);
			}
		} else if (ins == -1) {
			refuse(st, s->t[i].line, "no IS_ERR() test of '%s' follows its get: "
			       "where its handle's bdev is taken is the code's choice", lv, NULL);
			why = st->why;
		}
		/* where it is kept */
		{
			int dup = 0, local = first == i - 2;

			for (int k = 0; k < nk; k++)
				dup |= !strcmp(kp[k].field, last) &&
				       (local ? kp[k].local_fn == lo : kp[k].local_fn < 0);
			if (!dup) {
				kp[nk].field = bd_xstrdup(last);
				kp[nk].handle = with_suffix(last, "_handle");
				kp[nk].local_fn = local ? lo : -1;
				if (local)
					declare_handle(fx, last, kp[nk].handle, lo, hi, open_type);
				else
					declare_handle(fx, last, kp[nk].handle, 0, s->n, open_type);
				nk++;
			}
		}
		free(name);
		free(lv);
		free(last);
		free(hv);
	}
	/* stores of a kept local into a field: the handle goes beside it */
	for (int i = 0; i < s->n && !why && nk < 32; i++) {
		int lo, hi, first, semi;

		if (!(is(s, i, "=") && is_id_tok(s, i + 1) && is(s, i + 2, ";") &&
		      is_id_tok(s, i - 1) && (is(s, i - 2, "->") || is(s, i - 2, "."))) ||
		    body_around(s, i, &lo, &hi))
			continue;
		for (int k = 0; k < nk; k++) {
			char *x, *f;
			struct buf b = { 0 };
			char *ind;

			if (kp[k].local_fn != lo || !name_is(s, i + 1, kp[k].field))
				continue;
			first = stmt_first(s, i);
			semi = i + 2;
			x = text_of(s, first, i - 2);
			f = tok_str(s, i - 1);
			ind = indent_of(s, first);
			buf_printf(&b, "\n%s%s%s_handle = %s;", ind, x, f, kp[k].handle);
			add_edit(fx, s->t[semi].end, s->t[semi].end, b.s, G_CONV, NULL);
			kp[nk].field = f;
			kp[nk].handle = with_suffix(f, "_handle");
			kp[nk].local_fn = -1;
			declare_handle(fx, f, kp[nk].handle, 0, s->n, open_type);
			nk++;
			free(x);
			free(ind);
			free(b.s);
			break;
		}
	}
	/* the puts release the handle */
	for (int i = 0; i < s->n && !why; i++) {
		const struct bd_api *a = api_call_at(s, i, BD_API_PUT);
		const struct bd_api *op = bd_api_find(opener_like("blkdev_get_by_dev",
								  BD_BOBJ_HANDLE));
		struct range r[4];
		int lo, hi, hit = -1;

		if (!a || !op || call_args(s, i + 1, r, 4) != 2 || body_around(s, i, &lo, &hi))
			continue;
		for (int k = 0; k < nk && hit < 0; k++) {
			if (r[0].first == r[0].last && kp[k].local_fn == lo &&
			    name_is(s, r[0].first, kp[k].field))
				hit = k;
			else if (r[0].last > r[0].first && kp[k].local_fn < 0 &&
				 name_is(s, r[0].last, kp[k].field) &&
				 (is(s, r[0].last - 1, "->") || is(s, r[0].last - 1, ".")))
				hit = k;
		}
		if (hit < 0) {
			char *bd = range_str(s, r[0]);

			refuse(st, s->t[i].line, "no get or store of '%s' in this file: which "
			       "handle this put releases is the code's choice%s", bd, NULL);
			free(bd);
			why = st->why;
			break;
		}
		{
			struct buf b = { 0 };
			char *x = r[0].last > r[0].first ? text_of(s, r[0].first, r[0].last - 2) : NULL;
			const char *sep = r[0].last > r[0].first ? (is(s, r[0].last - 1, "->") ?
								    "->" : ".") : "";

			buf_printf(&b, "%s(%s%s%s)", op->pair, x ? x : "", sep, kp[hit].handle);
			add_edit(fx, s->t[i].start, s->t[s->t[i + 1].match].end, b.s, G_CONV, NULL);
			free(x);
			free(b.s);
		}
	}
	for (int k = 0; k < nk; k++) {
		free(kp[k].field);
		free(kp[k].handle);
	}
	return why;
}

/* ---- handle -> file ---- */

static int in_names(char **v, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i], name))
			return 1;
	return 0;
}

static char *file_name(const char *h)
{
	const char *p = strstr(h, "handle");
	struct buf b = { 0 };

	if (!p)
		return bd_xstrdup(h);
	buf_printf(&b, "%.*sfile%s", (int)(p - h), h, p + 6);
	return b.s;
}

/* The text of tokens [a, b] with the handles' names renamed. */
static char *renamed(const struct src *s, int a, int b, char **names, int nn)
{
	struct buf out = { 0 };

	buf_add(&out, "", 0);
	for (int k = a; k <= b; k++) {
		char *t = tok_str(s, k);

		if (k > a)
			buf_add(&out, s->text + s->t[k - 1].end, s->t[k].start - s->t[k - 1].end);
		if (s->t[k].kind == T_ID && in_names(names, nn, t)) {
			char *f = file_name(t);

			buf_puts(&out, f);
			free(f);
		} else {
			buf_puts(&out, t);
		}
		free(t);
	}
	return out.s;
}

static const char *to_file(struct fixer *fx, struct era_step *st)
{
	struct src *s = &fx->s;
	char *names[64];
	int nn = 0;
	char *covered = bd_xcalloc(s->n + 1, 1);

	(void)st;
	/* the names that keep a handle */
	for (int i = 0; i < s->n && nn < 64; i++) {
		int at = -1;

		if (is(s, i, "struct") && is(s, i + 1, "bdev_handle") && is(s, i + 2, "*") &&
		    is_id_tok(s, i + 3))
			at = i + 3;
		else if (api_call_at(s, i, BD_API_OPEN) && is(s, i - 1, "=") && is_id_tok(s, i - 2))
			at = i - 2;
		else if (api_call_at(s, i, BD_API_RELEASE) && is_id_tok(s, s->t[i + 1].match - 1))
			at = s->t[i + 1].match - 1;
		if (at >= 0) {
			char *t = tok_str(s, at);

			if (!in_names(names, nn, t))
				names[nn++] = t;
			else
				free(t);
		}
	}
	for (int i = 0; i < s->n; i++) {
		const struct bd_api *a;

		if (is(s, i, "struct") && is(s, i + 1, "bdev_handle")) {
			add_edit(fx, s->t[i + 1].start, s->t[i + 1].end, "file", G_CONV, NULL);
			covered[i + 1] = 1;
		} else if ((a = api_call_at(s, i, BD_API_OPEN)) && a->obj == BD_BOBJ_HANDLE) {
			const char *op = opener_like(a->name, BD_BOBJ_FILE);

			if (op)
				add_edit(fx, s->t[i].start, s->t[i].end, op, G_CONV, NULL);
			covered[i] = 1;
		} else if ((a = api_call_at(s, i, BD_API_RELEASE)) && a->obj == BD_BOBJ_HANDLE) {
			const struct bd_api *op = bd_api_find(opener_like(a->pair, BD_BOBJ_FILE));

			if (op)
				add_edit(fx, s->t[i].start, s->t[i].end, op->pair, G_CONV, NULL);
			covered[i] = 1;
		} else if (is(s, i, "->") && is(s, i + 1, "bdev") && i > 0 && is_id_tok(s, i - 1)) {
			char *h = tok_str(s, i - 1), *e;
			struct buf b = { 0 };
			int a0 = i - 1;

			if (!in_names(names, nn, h)) {
				free(h);
				continue;
			}
			while (a0 >= 2 && (is(s, a0 - 1, "->") || is(s, a0 - 1, ".")) &&
			       is_id_tok(s, a0 - 2))
				a0 -= 2;
			for (int k = a0; k <= i + 1; k++)
				if (covered[k])
					a0 = -1;
			if (a0 < 0) {
				free(h);
				continue;
			}
			e = renamed(s, a0, i - 1, names, nn);
			buf_printf(&b, "file_bdev(%s)", e);
			/* a rename edit of a token in it was not added yet: mark */
			for (int k = a0; k <= i + 1; k++)
				covered[k] = 1;
			add_edit(fx, s->t[a0].start, s->t[i + 1].end, b.s, G_CONV, NULL);
			free(e);
			free(h);
			free(b.s);
		}
	}
	/* the names, where no other edit took the token */
	for (int i = 0; i < s->n; i++) {
		char *t;

		if (covered[i] || s->t[i].kind != T_ID)
			continue;
		t = tok_str(s, i);
		if (in_names(names, nn, t) && strstr(t, "handle")) {
			char *f = file_name(t);

			add_edit(fx, s->t[i].start, s->t[i].end, f, G_CONV, NULL);
			free(f);
		}
		free(t);
	}
	for (int i = 0; i < nn; i++)
		free(names[i]);
	free(covered);
	return NULL;
}

/* ---- the steps ---- */

void era_fixer_init(struct fixer *fx, const char *path, const char *text)
{
	memset(fx, 0, sizeof(*fx));
	fx->s.path = path;
	fx->s.text = bd_xstrdup(text);
	fx->s.len = strlen(text);
	src_tokenize(&fx->s);
}

char *era_fixer_done(struct fixer *fx, int apply)
{
	char *out = apply ? fix_apply_edits(fx) : NULL;

	for (int i = 0; i < fx->ne; i++)
		free(fx->e[i].text);
	free(fx->e);
	free(fx->s.t);
	free(fx->s.text);
	return out;
}

/* One pass of a step over text: the edits of fn, applied. */
static char *pass(const char *path, const char *text, struct era_step *st,
		  const char *(*fn)(struct fixer *, struct era_step *))
{
	struct fixer fx = { 0 };

	era_fixer_init(&fx, path, text);
	return era_fixer_done(&fx, !fn(&fx, st));
}

static const char *names_pass(struct fixer *fx, struct era_step *st)
{
	(void)st;
	return names_to_holder(fx);
}

char *era_step(const char *path, const char *text, enum bd_era to, struct era_step *st)
{
	char *a, *b;

	st->why[0] = 0;
	switch (to) {
	case BD_ERA_HOLDER:
		a = pass(path, text, st, methods_to_holder);
		if (!a)
			return NULL;
		b = pass(path, a, st, gets_puts_to_holder);
		free(a);
		if (!b)
			return NULL;
		a = pass(path, b, st, names_pass);
		free(b);
		return a;
	case BD_ERA_HANDLE:
		return pass(path, text, st, to_handle);
	case BD_ERA_FILE:
		return pass(path, text, st, to_file);
	default:
		snprintf(st->why, sizeof(st->why), "no step to that era");
		return NULL;
	}
}

/* Which era the text is written in, from the model's calls in it and the
 * mode type it spells; BD_ERA_UNKNOWN if none. */
enum bd_era era_of_text(const char *path, const char *text)
{
	struct src s = { 0 };
	enum bd_era e = BD_ERA_UNKNOWN;

	s.path = path;
	s.text = bd_xstrdup(text);
	s.len = strlen(text);
	src_tokenize(&s);
	for (int i = 0; i < s.n; i++) {
		const struct bd_api *a = NULL;
		enum bd_era here = BD_ERA_UNKNOWN;
		struct range r[6];

		if (is(&s, i, "fmode_t") || (is_id_tok(&s, i) &&
		    !strncmp(s.text + s.t[i].start, "FMODE_", 6)))
			here = BD_ERA_FMODE;
		else if (is(&s, i, "blk_mode_t"))
			here = BD_ERA_HOLDER;
		else if (is(&s, i, "bdev_handle"))
			here = BD_ERA_HANDLE;
		else if ((a = api_call_at(&s, i, BD_API_OPEN)) && !a->generic)
			here = a->obj == BD_BOBJ_FILE ? BD_ERA_FILE : BD_ERA_HANDLE;
		else if ((a = api_call_at(&s, i, BD_API_GET)) && a->tell == BD_TELL_ARITY)
			here = call_args(&s, i + 1, r, 6) == 4 ? BD_ERA_HOLDER : BD_ERA_FMODE;
		if (here > e)
			e = here;
	}
	free(s.text);
	free(s.t);
	return e;
}
