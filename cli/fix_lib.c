// SPDX-License-Identifier: GPL-2.0
/*
 * fix_lib.c - library functions converted with their callers, as 2.6.28
 * converted cdrom_open()/cdrom_release()/cdrom_ioctl() and
 * scsi_cmd_ioctl() with the block methods that call them: the fmode_t
 * methods have no inode and no file to hand on.
 *
 * A function of the file set is planned when it takes a 'struct inode *'
 * or a 'struct file *' and is called, in the set, only from functions
 * being converted (block methods with old prototypes, or other planned
 * functions).  Its body goes through the same rules as a method's
 * (fix_rules.c); its inode's place takes (bdev, mode) - bdev alone if it
 * had no file - and a file alone becomes the mode, in the definition and
 * in every declaration of the set, the headers given or included as
 * "x.h" too; the callers pass their (bdev, mode).
 *
 * A planned function is dropped, with the reason, when another caller in
 * the set is not converted (or takes its address), or when its file's
 * conversion is refused; its callers are then refused, naming it.  A
 * method whose file or inode goes to a function of no given file is
 * refused naming that function ("give the file that defines it too").
 * The callers of a converted non-static function in .c files under the
 * current directory outside the set are named on stderr: they need the
 * same change.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fix.h"

/* Is parameter argno of def a 'struct TAG *' (named or not)? */
static int param_of(const struct src *s, const struct func *def, int argno, const char *tag)
{
	int first = 0, last = -1, nm;

	param_tokens(s, def, argno, &first, &last, &nm);
	if (last < first)
		return 0;
	return is(s, first, "struct") && is(s, first + 1, tag) && is(s, first + 2, "*") &&
	       last <= first + 3;
}

static int nparams(const struct src *s, const struct func *def)
{
	int n = 0, first, last, nm;

	for (;; n++) {
		first = 0;
		last = -1;
		param_tokens(s, def, n, &first, &last, &nm);
		if (n == 8 || last < first)
			return n;
	}
}

/* The function whose body holds token i, or 0. */
static int enclosing_def(const struct src *s, int i, struct func *def)
{
	for (int k = 0; k < s->n; k++) {
		if (!is(s, k, "{") || s->t[k].match < 0)
			continue;
		if (k < i && s->t[k].match > i && is(s, k - 1, ")") && s->t[k - 1].match > 0) {
			char *name = tok_str(s, s->t[k - 1].match - 1);
			int ok = func_at((struct src *)s, name, def);

			free(name);
			return ok && def->lbrace == k;
		}
		k = s->t[k].match;
	}
	return 0;
}

static int converted_method(const struct bd_result *all, const char *path, const char *func)
{
	for (int i = 0; all && i < all->n; i++) {
		const struct bd_finding *f = &all->v[i];

		if ((f->check == BD_CHECK_DEPRECATED_PROTOTYPE ||
		     f->check == BD_CHECK_DEPRECATED_IOCTL) && f->severity != BD_SEV_NOTE &&
		    f->function && !strcmp(f->function, func) && same_file(f->loc.file, path))
			return 1;
	}
	return 0;
}

static struct lib_helper *find(const struct lib_plan *p, const char *func)
{
	for (int k = 0; p && k < p->n; k++)
		if (!strcmp(p->h[k].func, func))
			return (struct lib_helper *)&p->h[k];
	return NULL;
}

static void drop(struct lib_helper *h, const char *why)
{
	if (h->dropped)
		return;
	h->dropped = 1;
	h->why = bd_xstrdup(why);
}

/* The local headers ("x.h" next to a file) of the set, once each. */
static void add_header(struct lib_plan *p, const char *path)
{
	for (int k = 0; k < p->nsrc; k++)
		if (same_file(p->srcs[k].path, path))
			return;
	if (p->nsrc < LIB_SRCS && !access(path, R_OK) &&
	    !src_load(&p->srcs[p->nsrc], bd_xstrdup(path)))
		p->nsrc++;
}

static void add_headers(struct lib_plan *p, const struct src *s)
{
	const char *t = s->text, *q, *slash = strrchr(s->path, '/');

	for (q = strstr(t, "#include \""); q; q = strstr(q + 1, "#include \"")) {
		const char *e = strchr(q + 10, '"');
		char path[PATH_MAX];

		if ((q != t && q[-1] != '\n') || !e)
			continue;
		snprintf(path, sizeof(path), "%.*s%.*s", slash ? (int)(slash - s->path + 1) : 0,
			 s->path, (int)(e - q - 10), q + 10);
		add_header(p, path);
	}
}

/* The candidates: functions of the set taking an inode or a file that
 * are not methods being converted. */
static void candidates(struct lib_plan *p, const struct bd_result *all)
{
	for (int k = 0; k < p->nset; k++) {
		const struct src *s = &p->srcs[k];
		int depth = 0;

		for (int i = 0; i < s->n && p->n < LIB_HELPERS; i++) {
			struct lib_helper h = { .src = k, .pi = -1, .pf = -1 };
			struct func def;
			int np;

			if (s->t[i].match >= 0)
				depth += is(s, i, "{") - is(s, i, "}");
			if (depth || s->t[i].kind != T_ID || !is(s, i + 1, "("))
				continue;
			h.func = tok_str(s, i);
			if (find(p, h.func) || !func_at((struct src *)s, h.func, &def) ||
			    def.name != i || converted_method(all, s->path, h.func)) {
				free(h.func);
				continue;
			}
			np = nparams(s, &def);
			for (int a = 0; a < np; a++) {
				if (h.pi < 0 && param_of(s, &def, a, "inode"))
					h.pi = a;
				else if (h.pf < 0 && param_of(s, &def, a, "file"))
					h.pf = a;
			}
			for (int j = def.spec; j < def.name; j++)
				h.is_static |= is(s, j, "static");
			if (h.pi < 0 && h.pf < 0) {
				free(h.func);
				continue;
			}
			if (h.pi < 0) {
				int first, last, nm;
				char *f;

				param_tokens(s, &def, h.pf, &first, &last, &nm);
				f = tok_str(s, nm);
				h.pair = derives_inode(s, &def, f);
				free(f);
			}
			p->h[p->n++] = h;
		}
	}
}

/* A file-only function handing its file to one that needs the bdev too
 * (a pair) needs it as well. */
static void pairs(struct lib_plan *p)
{
	int changed = 1;

	while (changed) {
		changed = 0;
		for (int k = 0; k < p->n; k++) {
			const struct lib_helper *g = &p->h[k];

			if (!g->pair)
				continue;
			for (int j = 0; j < p->nset; j++) {
				const struct src *s = &p->srcs[j];

				for (int i = 0; i < s->n; i++) {
					struct func def;
					struct lib_helper *h;
					char *caller;

					if (!name_is(s, i, g->func) || !is(s, i + 1, "(") ||
					    !enclosing_def(s, i, &def))
						continue;
					caller = tok_str(s, def.name);
					h = find(p, caller);
					free(caller);
					if (h && h->pi < 0 && !h->pair) {
						h->pair = 1;
						changed = 1;
					}
				}
			}
		}
	}
}

static int null_arg(const struct src *s, const struct range *a)
{
	return a->first == a->last && (is(s, a->first, "NULL") || is(s, a->first, "0"));
}

/* A call of h that passes no inode and no file (NULL): fine from any
 * caller, it passes no bdev and no mode bits (2.6.28's
 * sg_scsi_ioctl(q, NULL, 0, arg)). */
static int null_call(const struct src *s, int i, const struct lib_helper *h)
{
	struct range a[8];
	int n;

	if (!is(s, i + 1, "("))
		return 0;
	n = call_args(s, i + 1, a, 8);
	return (h->pi < 0 || (h->pi < n && null_arg(s, &a[h->pi]))) &&
	       (h->pf < 0 || (h->pf < n && null_arg(s, &a[h->pf])));
}

/* Who calls candidate h: 1 if some converted caller does; drops it if a
 * caller in the set is not converted or its address is taken. */
static int callers(struct lib_plan *p, struct lib_helper *h, const struct bd_result *all)
{
	int used = 0;
	char why[256];

	for (int k = 0; k < p->nset; k++) {
		const struct src *s = &p->srcs[k];

		for (int i = 0; i < s->n; i++) {
			struct func def;
			struct lib_helper *g;
			char *caller;
			int ok;

			if (!name_is(s, i, h->func) || is(s, i - 1, "->") || is(s, i - 1, "."))
				continue;
			if (!enclosing_def(s, i, &def)) {
				int exported = is(s, i - 1, "(") && s->t[i - 2].kind == T_ID &&
					       !strncmp(s->text + s->t[i - 2].start,
							"EXPORT_SYMBOL", 13);

				if (!is(s, i + 1, "(") && !exported) {
					snprintf(why, sizeof(why), "%s:%d takes its address",
						 s->path, s->t[i].line);
					drop(h, why);
				}
				continue;	/* its definition or a declaration */
			}
			caller = tok_str(s, def.name);
			g = find(p, caller);
			if (!converted_method(all, s->path, caller) && !g && null_call(s, i, h)) {
				free(caller);
				continue;
			}
			ok = is(s, i + 1, "(") &&
			     (converted_method(all, s->path, caller) || (g && !g->dropped));
			if (!ok) {
				snprintf(why, sizeof(why), "'%s' (%s:%d) %s it and is not converted",
					 caller, s->path, s->t[i].line,
					 is(s, i + 1, "(") ? "calls" : "takes the address of");
				drop(h, why);
			}
			used |= ok;
			free(caller);
		}
	}
	return used;
}

void lib_plan(struct lib_plan *p, char *const *set, int nset, char *const *hdrs, int nhdrs,
	      const struct bd_result *all)
{
	int changed = 1, k, n;

	memset(p, 0, sizeof(*p));
	for (k = 0; k < nset && p->nsrc < LIB_SRCS; k++)
		if (!src_load(&p->srcs[p->nsrc], bd_xstrdup(set[k])))
			p->nsrc++;
	p->nset = p->nsrc;
	for (k = 0; k < nhdrs; k++)
		add_header(p, hdrs[k]);
	for (k = 0; k < p->nset; k++)
		add_headers(p, &p->srcs[k]);
	if (!all)
		return;
	p->all = all;
	candidates(p, all);
	pairs(p);
	/* unused candidates go; drops spread to what only dropped ones call */
	while (changed) {
		int used[LIB_HELPERS];

		changed = 0;
		for (k = 0; k < p->n; k++) {
			int was = p->h[k].dropped;

			used[k] = callers(p, &p->h[k], all);
			changed |= was != p->h[k].dropped;
		}
		for (k = 0, n = 0; k < p->n; k++) {
			if (used[k]) {
				p->h[n++] = p->h[k];
				continue;
			}
			/* no converted caller: not a library of the methods */
			free(p->h[k].func);
			free(p->h[k].why);
			changed = 1;
		}
		p->n = n;
	}
}

void lib_settle(struct lib_plan *p)
{
	int changed = 1;

	while (changed) {
		changed = 0;
		for (int k = 0; k < p->n; k++) {
			int was = p->h[k].dropped;

			callers(p, &p->h[k], p->all);
			changed |= was != p->h[k].dropped;
		}
	}
}

int lib_shape(const struct lib_plan *p, const char *func, int *pi, int *pf, int *pair)
{
	const struct lib_helper *h = find(p, func);

	if (!h || h->dropped)
		return 0;
	*pi = h->pi;
	*pf = h->pf;
	*pair = h->pair;
	return 1;
}

int derives_inode(const struct src *s, const struct func *def, const char *file)
{
	static const char *const f1[] = { "->", "f_path", ".", "dentry", "->", "d_inode", NULL };
	static const char *const f2[] = { "->", "f_dentry", "->", "d_inode", NULL };

	for (int i = def->lbrace; file && i < def->rbrace; i++)
		if (name_is(s, i, file) && (seq(s, i + 1, f1) > 0 || seq(s, i + 1, f2) > 0))
			return 1;
	return 0;
}

const char *lib_blocked(const struct lib_plan *p, const char *func)
{
	const struct lib_helper *h = find(p, func);

	return h && h->dropped ? h->why : NULL;
}

int lib_in_set(const struct lib_plan *p, const char *func)
{
	for (int k = 0; p && k < p->nset; k++) {
		struct func def;

		if (func_at((struct src *)&p->srcs[k], func, &def))
			return 1;
	}
	return 0;
}

int lib_defined_here(const struct lib_plan *p, const struct lib_helper *h, const struct src *s)
{
	return same_file(p->srcs[h->src].path, s->path);
}

/* Its calls passing NULL pass no bdev and mode 0 (calls in converted
 * functions are rewritten with their bodies, which supersede these). */
static void null_calls(struct fixer *fx, const struct lib_helper *h)
{
	const struct src *s = &fx->s;

	for (int i = 0; i < s->n; i++) {
		struct range a[8];
		int n;

		if (!name_is(s, i, h->func) || is(s, i - 1, "->") || is(s, i - 1, ".") ||
		    !null_call(s, i, h))
			continue;
		n = call_args(s, i + 1, a, 8);
		if (h->pi >= 0) {
			add_edit(fx, s->t[a[h->pi].first].start, s->t[a[h->pi].last].end,
				 h->pf >= 0 ? "NULL, 0" : "NULL", G_CONV, NULL);
			if (h->pf >= 0 && h->pf + 1 < n)
				add_edit(fx, s->t[a[h->pf].first].start,
					 s->t[a[h->pf + 1].first].start, "", G_CONV, NULL);
			else if (h->pf >= 0)
				add_edit(fx, s->t[a[h->pf - 1].last].end, s->t[a[h->pf].last].end,
					 "", G_CONV, NULL);
		} else {
			add_edit(fx, s->t[a[h->pf].first].start, s->t[a[h->pf].last].end,
				 h->pair ? "NULL, 0" : "0", G_CONV, NULL);
		}
	}
}

/* The declarations of planned functions defined elsewhere. */
void lib_edits(struct fixer *fx, const struct lib_plan *p)
{
	struct conv c = { .bdev = "bdev", .mode = "mode", .disk = "disk" };

	for (int k = 0; p && k < p->n; k++) {
		const struct lib_helper *h = &p->h[k];
		struct func decl[4];
		int nd;

		if (h->dropped)
			continue;
		null_calls(fx, h);
		if (lib_defined_here(p, h, &fx->s))
			continue;
		c.pair = h->pair;
		nd = find_funcs(&fx->s, h->func, decl, 4, 0);
		for (int i = 0; i < nd; i++)
			lib_decl_edit(fx, &decl[i], &c);
	}
}

/* s's conversion was refused: its planned functions and those it calls
 * are dropped.  1 if that dropped any. */
int lib_refuse(struct lib_plan *p, const struct src *s, const char *why)
{
	int dropped = 0;
	char msg[512];

	for (int k = 0; p && k < p->n; k++) {
		struct lib_helper *h = &p->h[k];
		struct func def;

		if (h->dropped)
			continue;
		if (lib_defined_here(p, h, s)) {
			drop(h, why);
			dropped = 1;
			continue;
		}
		for (int i = 0; i < s->n && !h->dropped; i++)
			if (name_is(s, i, h->func) && is(s, i + 1, "(") &&
			    enclosing_def(s, i, &def) && def.name != i) {
				snprintf(msg, sizeof(msg), "its caller in %s is not converted: %s",
					 s->path, why);
				drop(h, msg);
				dropped = 1;
			}
	}
	return dropped;
}

/* ---- callers outside the set ---- */

static const struct lib_plan *scan_plan;
static int scan_left;

static int scan_file(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	struct buf text = { 0 };
	const char *base = path + ftw->base;
	size_t n = strlen(path);

	(void)st;
	if (type == FTW_D && base[0] == '.' && base[1])
		return FTW_SKIP_SUBTREE;
	if (type != FTW_F || n < 2 || strcmp(path + n - 2, ".c") || scan_left <= 0)
		return FTW_CONTINUE;
	for (int k = 0; k < scan_plan->nset; k++)
		if (same_file(scan_plan->srcs[k].path, path))
			return FTW_CONTINUE;
	if (bd_drv_read_file(path, &text))
		return FTW_CONTINUE;
	for (int k = 0; k < scan_plan->n; k++) {
		const struct lib_helper *h = &scan_plan->h[k];
		size_t len = strlen(h->func);

		if (h->dropped || h->is_static)
			continue;
		for (const char *q = strstr(text.s, h->func); q; q = strstr(q + 1, h->func)) {
			const char *e = q + len;

			while (*e == ' ' || *e == '\t')
				e++;
			if ((q > text.s && (isalnum((unsigned char)q[-1]) || q[-1] == '_')) ||
			    *e != '(')
				continue;
			fprintf(stderr, "bdops fix: '%s' (%s) now takes %s: %s calls it and "
				"needs the same change\n", h->func,
				scan_plan->srcs[h->src].path,
				h->pi < 0 && !h->pair ? "the mode for its struct file" :
				h->pi < 0 ? "(bdev, mode) for its struct file" : h->pf < 0 ?
				"the bdev for its inode" : "(bdev, mode) for its inode and file",
				path[0] == '.' && path[1] == '/' ?
				path + 2 : path);
			scan_left--;
			break;
		}
	}
	free(text.s);
	return FTW_CONTINUE;
}

void lib_outside_callers(const struct lib_plan *p)
{
	int any = 0;

	for (int k = 0; k < p->n; k++)
		any |= !p->h[k].dropped && !p->h[k].is_static;
	if (!any)
		return;
	scan_plan = p;
	scan_left = 64;
	nftw(".", scan_file, 16, FTW_PHYS | FTW_ACTIONRETVAL);
}

void lib_free(struct lib_plan *p)
{
	for (int k = 0; k < p->n; k++) {
		free(p->h[k].func);
		free(p->h[k].why);
	}
	for (int k = 0; k < p->nm; k++) {
		free(p->m[k].func);
		free(p->m[k].params);
	}
	for (int k = 0; k < p->nsrc; k++) {
		free((char *)p->srcs[k].path);
		free(p->srcs[k].text);
		free(p->srcs[k].t);
	}
}
