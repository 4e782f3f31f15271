// SPDX-License-Identifier: GPL-2.0
/*
 * fix.c - "bdops fix FILES -- FLAGS": the core's fix hints made into a
 * unified diff on stdout (like coccicheck MODE=patch), to apply with
 * "patch -p1" from the directory bdops ran in.
 *
 * What is mechanical:
 * - old open/release/ioctl/compat_ioctl/unlocked_ioctl prototypes become
 *   the fmode_t forms of the hint; in their bodies inode->i_bdev becomes
 *   bdev (inode->i_bdev->bd_disk becomes disk in release),
 *   file->f_mode becomes mode, file->f_flags & O_NDELAY (or O_NONBLOCK)
 *   becomes mode & FMODE_NDELAY, O_EXCL becomes FMODE_EXCL, "file &&"
 *   tests go (the mode is always there), a local that only derived the
 *   inode or bdev from the file goes, and calls of other converted
 *   methods pass (bdev, mode);
 * - a long return type becomes int;
 * - unlocked_ioctl and locked_ioctl members become .ioctl;
 * - a locked ioctl keeps its body as __FUNC() and gets a FUNC() that takes
 *   lock_kernel()/unlock_kernel() around it, as the RFC prescribes;
 * - f_flags & O_NDELAY in a function with an fmode_t in scope;
 * - a put given the mode of the hint ("pass MODE", or the stored mode
 *   'T->F' through the struct T pointer at hand).  A put fix is kept only
 *   if checking the file again with it shows no put-mode finding left in
 *   that function (a constant is wrong when the get's mode depends on the
 *   path).
 * - in a converted method, a statement that only writes the struct file
 *   (fix_writes.c);
 * - an exclusive close of a bdev a plain fallback get opened: the fallback
 *   claims too, a NULL holder becomes the bdev's object (fix_claim.c).
 * - a library helper given a converted method's file takes its mode, in
 *   the set's files and local headers (fix_lib.c).
 * Several files are one program: checked together, as "bdops check FILES"
 * does, each fixing its own findings.
 * Anything else (other writes to struct file, a file passed to other
 * helpers, a NULL holder elsewhere) is left alone and said so on stderr.  The
 * prototype conversions of one file are all or nothing: half a conversion
 * compiles in no era.
 *
 * Exit status: 0 every finding has a fix in the diff (or there were none),
 * 1 some findings were left alone, 2 usage or input error.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fix.h"

/* ---- tokens ---- */

static const char *puncts[] = { "->", "&&", "||", "==", "!=", "<=", ">=", "<<=", ">>=",
				"<<", ">>", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=",
				"|=", "^=", "...", "##", NULL };

static void tokenize(struct src *s)
{
	const char *p = s->text;
	int i = 0, line = 1, bol = 1, stack[256], sp = 0;

	while (i < s->len) {
		char c = p[i];
		struct tok t = { .match = -1 };

		if (c == '\n') {
			line++;
			bol = 1;
			i++;
			continue;
		}
		if (isspace((unsigned char)c)) {
			i++;
			continue;
		}
		if (c == '/' && p[i + 1] == '*') {
			for (i += 2; i < s->len && !(p[i] == '*' && p[i + 1] == '/'); i++)
				line += p[i] == '\n';
			i += 2;
			continue;
		}
		if (c == '/' && p[i + 1] == '/') {
			while (i < s->len && p[i] != '\n')
				i++;
			continue;
		}
		if (c == '#' && bol) {
			/* a preprocessor line, with its continuations */
			while (i < s->len && p[i] != '\n') {
				if (p[i] == '\\' && p[i + 1] == '\n') {
					i++;
					line++;
				}
				i++;
			}
			continue;
		}
		bol = 0;
		t.start = i;
		t.line = line;
		if (isalpha((unsigned char)c) || c == '_') {
			while (i < s->len && (isalnum((unsigned char)p[i]) || p[i] == '_'))
				i++;
			t.kind = T_ID;
		} else if (isdigit((unsigned char)c)) {
			while (i < s->len && (isalnum((unsigned char)p[i]) || p[i] == '.'))
				i++;
			t.kind = T_NUM;
		} else if (c == '"' || c == '\'') {
			for (i++; i < s->len && p[i] != c; i++)
				if (p[i] == '\\')
					i++;
			i++;
			t.kind = T_STR;
		} else {
			int k, l = 1;

			for (k = 0; puncts[k]; k++) {
				int n = strlen(puncts[k]);

				if (n > l && !strncmp(p + i, puncts[k], n))
					l = n;
			}
			i += l;
			t.kind = T_PUNCT;
		}
		t.end = i;
		BD_GROW(s->t, s->n, s->cap);
		s->t[s->n] = t;
		if (t.kind == T_PUNCT && strchr("({[", c) && sp < 256) {
			stack[sp++] = s->n;
		} else if (t.kind == T_PUNCT && strchr(")}]", c) && sp > 0) {
			sp--;
			s->t[s->n].match = stack[sp];
			s->t[stack[sp]].match = s->n;
		}
		s->n++;
	}
}

int src_load(struct src *s, const char *path)
{
	struct buf text = { 0 };

	memset(s, 0, sizeof(*s));
	if (bd_drv_read_file(path, &text))
		return -1;
	s->path = path;
	s->text = text.s;
	s->len = text.n;
	tokenize(s);
	return 0;
}

int is(const struct src *s, int i, const char *text)
{
	int n = strlen(text);

	return i >= 0 && i < s->n && s->t[i].end - s->t[i].start == n &&
	       !strncmp(s->text + s->t[i].start, text, n);
}

char *tok_str(const struct src *s, int i)
{
	int n = s->t[i].end - s->t[i].start;
	char *c = bd_xcalloc(n + 1, 1);

	memcpy(c, s->text + s->t[i].start, n);
	return c;
}

/* ---- edits ---- */

void add_edit(struct fixer *fx, int start, int end, const char *text, int group,
		     const char *func)
{
	BD_GROW(fx->e, fx->ne, fx->cap_e);
	fx->e[fx->ne++] = (struct edit){ start, end, bd_xstrdup(text), group, func, 0 };
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	return x->start != y->start ? x->start - y->start : x->end - y->end;
}

/* The text with the edits of groups in mask applied. */
static char *apply_edits(struct fixer *fx, unsigned mask)
{
	struct buf b = { 0 };
	int pos = 0, i;

	qsort(fx->e, fx->ne, sizeof(*fx->e), cmp_edit);
	buf_add(&b, "", 0);
	for (i = 0; i < fx->ne; i++) {
		struct edit *e = &fx->e[i];

		if (e->dropped || !(mask & (1u << e->group)) || e->start < pos)
			continue;
		buf_add(&b, fx->s.text + pos, e->start - pos);
		buf_puts(&b, e->text);
		pos = e->end;
	}
	buf_add(&b, fx->s.text + pos, fx->s.len - pos);
	return b.s;
}

/* Byte offset of 1-based line:col in the text, or -1. */
static int offset_of(const struct src *s, int line, int col)
{
	int i = 0, l = 1;

	while (l < line && i < s->len)
		l += s->text[i++] == '\n';
	if (l != line || i + col - 1 > s->len)
		return -1;
	return i + col - 1;
}

/* The core's edits of f (computed once, the same for every frontend) as
 * edits of this file; 0 if f has none or one does not fit the text. */
static int core_edits(struct fixer *fx, const struct bd_finding *f, int group)
{
	int k, base = fx->ne;

	for (k = 0; k < f->nedits; k++) {
		const struct bd_edit *e = &f->edits[k];
		int a = offset_of(&fx->s, e->loc.line, e->loc.col);
		int b = offset_of(&fx->s, e->end_line, e->end_col);

		if (a < 0 || b < a || strcmp(e->loc.file, f->loc.file)) {
			fx->ne = base;
			return 0;
		}
		add_edit(fx, a, b, e->text, group, group == 1 ? f->function : NULL);
	}
	return f->nedits > 0;
}

/* What was fixed and what was not, per file, said once the diff is
 * written: a diff lost to a full disk or a closed pipe fixed nothing. */
static struct buf fixed_lines;

void left_alone(struct fixer *fx, const struct bd_finding *f, const char *why)
{
	fx->nleft++;
	if (fx->quiet)
		return;
	buf_printf(&fixed_lines, "bdops fix: %s:%d: [%s] %s%s%s: not fixed: %s\n", fx->s.path,
		   f->loc.line, bd_check_info(f->check)->full, f->function ? "in '" : "",
		   f->function ? f->function : "", f->function ? "'" : "", why);
}

/* ---- functions in the file ---- */

/* The definition (want_body) or the declarations of 'name' at file scope. */
int find_funcs(const struct src *s, const char *name, struct func *out, int max,
		      int want_body)
{
	int i, depth = 0, n = 0, k;

	for (i = 0; i < s->n; i++) {
		if (is(s, i, "{")) {
			depth++;
			continue;
		}
		if (is(s, i, "}")) {
			depth--;
			continue;
		}
		if (depth || s->t[i].kind != T_ID || !is(s, i, name) || !is(s, i + 1, "("))
			continue;
		k = s->t[i + 1].match;
		if (k < 0)
			continue;
		/* skip attributes between ')' and '{' or ';' */
		int j = k + 1;

		while (j < s->n && s->t[j].kind == T_ID && is(s, j + 1, "(") &&
		       s->t[j + 1].match > 0)
			j = s->t[j + 1].match + 1;
		if (n >= max)
			break;
		if (want_body && is(s, j, "{")) {
			out[n] = (struct func){ i, i + 1, k, j, s->t[j].match, 0 };
		} else if (!want_body && is(s, j, ";")) {
			out[n] = (struct func){ i, i + 1, k, -1, -1, 0 };
		} else {
			continue;
		}
		for (k = i - 1; k >= 0 && !is(s, k, ";") && !is(s, k, "}") && !is(s, k, "{") &&
		     !is(s, k, ")"); k--)
			;
		out[n].spec = k + 1;
		n++;
	}
	return n;
}

struct param {
	int first, last;	/* tokens */
	int name;		/* token of the name, or -1 */
	char *type;		/* "struct inode *", "unsigned int", ... */
	char *attr;		/* text after the name ("__always_unused"), or "" */
};

static int parse_params(const struct src *s, int lp, int rp, struct param *out, int max)
{
	int i = lp + 1, n = 0;

	while (i < rp && n < max) {
		int j = i, depth = 0, k, name = -1;
		struct buf ty = { 0 }, at = { 0 };

		while (j < rp && (depth || !is(s, j, ","))) {
			if (s->t[j].match >= 0 && strchr("([", s->text[s->t[j].start]))
				depth++;
			else if (s->t[j].match >= 0 && strchr(")]", s->text[s->t[j].start]))
				depth--;
			j++;
		}
		/* the name: after the last '*', else the last identifier that
		 * is not an attribute */
		for (k = i; k < j; k++)
			if (is(s, k, "*"))
				name = k + 1;
		if (name < 0 || name >= j || s->t[name].kind != T_ID) {
			for (k = j - 1; k >= i && (s->t[k].kind != T_ID ||
						   !strncmp(s->text + s->t[k].start, "__", 2)); k--)
				;
			name = k > i ? k : -1;
		}
		buf_add(&ty, "", 0);
		buf_add(&at, "", 0);
		for (k = i; k < j; k++) {
			char *t = tok_str(s, k);

			if (name >= 0 && k > name) {
				buf_puts(&at, at.n ? " " : "");
				buf_puts(&at, t);
			} else if (k != name) {
				if (ty.n && strcmp(t, "*") && ty.s[ty.n - 1] != '*')
					buf_puts(&ty, " ");
				else if (ty.n && !strcmp(t, "*") && ty.s[ty.n - 1] != '*')
					buf_puts(&ty, " ");
				buf_puts(&ty, t);
			}
			free(t);
		}
		out[n++] = (struct param){ i, j - 1, name, ty.s, at.s };
		i = j + 1;
	}
	return n;
}

/* ---- one method's conversion ---- */

enum kind { K_OPEN, K_RELEASE, K_IOCTL };

struct conv {
	char *func;
	char *member;
	enum kind kind;
	int bkl;
	int old_shape;		/* 2: (inode, file, ...), 1: (file, ...), 0: new already */
	char *inode, *file;	/* old parameter names */
	const struct bd_finding *f;
	struct func def;
	struct param p[8];
	int np;
	int is_static;
};

struct conv_set {
	struct conv v[32];
	int n;
	struct helper_req req[8];	/* helpers to change with the methods */
	int nreq;
	enum pd_kind pd;	/* what open() keeps in file->private_data */
	char *pd_alias;		/* open()'s copy of its struct file, or NULL */
	int wl[16][2];		/* lines of the writes to the file dropped */
	int nw;
	const struct lib_plan *lib;	/* helpers given the file (fix_lib.c) */
};

static struct conv *conv_find(struct conv_set *cs, const char *name)
{
	for (int i = 0; i < cs->n; i++)
		if (!strcmp(cs->v[i].func, name))
			return &cs->v[i];
	return NULL;
}

/* "... member 'M' is bound to 'F', ..." */
static char *quoted_after(const char *msg, const char *key)
{
	const char *p = strstr(msg, key), *q;
	char *r;

	if (!p)
		return NULL;
	p += strlen(key);
	q = strchr(p, '\'');
	if (!q)
		return NULL;
	r = bd_xcalloc(q - p + 1, 1);
	memcpy(r, p, q - p);
	return r;
}

int name_is(const struct src *s, int i, const char *name)
{
	return name && s->t[i].kind == T_ID && is(s, i, name);
}

/* Is the token sequence at i "X -> a . b -> c ..." matching path? path
 * is a list of tokens; returns the index after the match or -1. */
int seq(const struct src *s, int i, const char *const *path)
{
	for (; *path; path++, i++)
		if (!is(s, i, *path))
			return -1;
	return i;
}

static const char *new_obj(const struct conv *c)
{
	return c->kind == K_RELEASE ? "disk" : "bdev";
}

/* Copy text up to the line of token first and skip that line through
 * token last (and a blank line that then follows the opening brace).
 * Returns the new copy position. */
static int drop_line(const struct src *s, struct buf *out, int pos, int first, int last)
{
	int j = s->t[first].start;

	while (j > 0 && s->text[j - 1] != '\n')
		j--;
	buf_add(out, s->text + pos, j - pos);
	pos = s->t[last].end;
	while (pos < s->len && s->text[pos] != '\n')
		pos++;
	pos++;
	if (pos < s->len && s->text[pos] == '\n' && out->n >= 2 &&
	    !strcmp(out->s + out->n - 2, "{\n"))
		pos++;
	return pos;
}

/* At i: "[unsigned] int|long L = F->f_flags;" or "... = F ? F->f_flags : 0;"
 * with F the method's file.  Returns the token of L, or -1. */
static int flags_local(const struct src *s, const struct conv *c, int i)
{
	static const char *const ff[] = { "->", "f_flags", NULL };
	int k = i, l;

	if (!c->file || !(is(s, i - 1, ";") || is(s, i - 1, "{")))
		return -1;
	while (is(s, k, "unsigned") || is(s, k, "int") || is(s, k, "long"))
		k++;
	if (k == i || s->t[k].kind != T_ID || !is(s, k + 1, "="))
		return -1;
	l = k + 2;
	if (name_is(s, l, c->file) && is(s, l + 1, "?"))
		l += 2;
	if (!name_is(s, l, c->file) || (l = seq(s, l + 1, ff)) < 0)
		return -1;
	if (is(s, l, ":") && is(s, l + 1, "0"))
		l += 2;
	return is(s, l, ";") ? k : -1;
}

/* Ask for the helper edit (once per helper); 0, or -1 if full. */
static int want_helper(struct conv_set *cs, const char *func, int argno, int getter)
{
	for (int i = 0; i < cs->nreq; i++)
		if (!strcmp(cs->req[i].func, func) && cs->req[i].argno == argno &&
		    cs->req[i].getter == getter) {
			cs->req[i].calls++;
			return 0;
		}
	if (cs->nreq == 8)
		return -1;
	cs->req[cs->nreq++] = (struct helper_req){ bd_xstrdup(func), argno, getter, 1 };
	return 0;
}

/* Does every alloc_disk() of the file allocate one minor? */
static int single_minor_disks(const struct src *s)
{
	int n = 0;

	for (int i = 0; i + 3 < s->n; i++) {
		if (!is(s, i, "alloc_disk") || !is(s, i + 1, "("))
			continue;
		if (!is(s, i + 2, "1") || !is(s, i + 3, ")"))
			return 0;
		n++;
	}
	return n > 0;
}

/* drop_line() for a statement, with the comment block right above it
 * and one of the blank lines around it. */
static int drop_stmt(const struct src *s, struct buf *out, int pos, int first, int last)
{
	int j = s->t[first].start, k;

	while (j > 0 && s->text[j - 1] != '\n')
		j--;
	buf_add(out, s->text + pos, j - pos);
	if (out->n >= 3 && !strcmp(out->s + out->n - 3, "*/\n")) {
		for (k = out->n - 3; k > 0 && strncmp(out->s + k, "/*", 2); k--)
			;
		while (k > 0 && (out->s[k - 1] == ' ' || out->s[k - 1] == '\t'))
			k--;
		if (k == 0 || out->s[k - 1] == '\n') {
			out->n = k;
			out->s[k] = 0;
		}
	}
	pos = drop_line(s, out, j, first, last);
	if (out->n >= 2 && !strcmp(out->s + out->n - 2, "\n\n") && pos < s->len &&
	    s->text[pos] == '\n')
		pos++;
	return pos;
}

/* The write-ioctl flag of open() (PD_PERM, fix_private.c): the stores
 * in open() go, the tests elsewhere use the mode.  Returns the last token
 * used, or -1. */
static int perm_flag(const struct src *s, struct conv *c, struct conv_set *cs, int i,
		     struct buf *out, int *pos)
{
	static const char *const pd[] = { "->", "private_data", NULL };
	int k, e;
	char *h;

	if (cs->pd != PD_PERM || !c->file)
		return -1;
	if (c->kind == K_OPEN) {
		k = is(s, i, "if") && is(s, i + 1, "(") ? s->t[i + 1].match + 1 : i;
		if ((name_is(s, k, c->file) || name_is(s, k, cs->pd_alias)) && seq(s, k + 1, pd) > 0 &&
		    is(s, k + 3, "=") && (k == i || perm_if(s, k, c->file) == i)) {
			for (e = k; !is(s, e, ";"); e++)
				;
			*pos = drop_stmt(s, out, *pos, i, e);
			return e;
		}
		if (s->t[i].kind == T_ID && is(s, i + 1, "(") && name_is(s, i + 2, c->file) &&
		    is(s, s->t[i + 1].match + 1, ";") && (is(s, i - 1, ";") || is(s, i - 1, "{") ||
							 is(s, i - 1, "}"))) {
			h = tok_str(s, i);
			k = perm_helper(s, h) && !want_helper(cs, h, 0, 1);
			free(h);
			if (!k)
				return -1;
			e = s->t[i + 1].match + 1;
			*pos = drop_stmt(s, out, *pos, i, e);
			return e;
		}
		return -1;
	}
	/* FILE && FILE->private_data, FILE->private_data */
	k = i;
	if (name_is(s, i, c->file) && is(s, i + 1, "&&") && name_is(s, i + 2, c->file))
		k = i + 2;
	if (!name_is(s, k, c->file) || seq(s, k + 1, pd) < 0 || is(s, k + 3, "="))
		return -1;
	buf_add(out, s->text + *pos, s->t[i].start - *pos);
	buf_puts(out, is(s, i - 1, "(") && is(s, k + 3, ")") ?
		 "mode & (FMODE_WRITE | FMODE_WRITE_IOCTL)" :
		 "(mode & (FMODE_WRITE | FMODE_WRITE_IOCTL))");
	*pos = s->t[k + 2].end;
	return k + 2;
}

/* The same in the file's #define lines (floppy's IOCTL_ALLOWED). */
static void perm_macros(struct fixer *fx, const char *file)
{
	const char *t = fx->s.text;
	char pat[3][160];
	int k;

	snprintf(pat[0], sizeof(pat[0]), "%s && (%s->private_data)", file, file);
	snprintf(pat[1], sizeof(pat[1]), "%s && %s->private_data", file, file);
	snprintf(pat[2], sizeof(pat[2]), "%s->private_data", file);
	for (const char *p = strstr(t, "#define"); p; p = strstr(p + 1, "#define")) {
		const char *eol = strchr(p, '\n'), *m = NULL;

		if (p != t && p[-1] != '\n')
			continue;
		for (k = 0; k < 3 && !m; k++)
			if ((m = strstr(p, pat[k])) && eol && m > eol)
				m = NULL;
		if (m)
			add_edit(fx, m - t, m - t + strlen(pat[k - 1]),
				 "mode & (FMODE_WRITE | FMODE_WRITE_IOCTL)", G_CONV, NULL);
	}
}

int enclosing_call(const struct src *s, int i, int *argno)
{
	int k, n = 0;

	for (k = i - 1; k >= 0; k--) {
		if (s->t[k].match >= 0 && s->t[k].match < k) {
			k = s->t[k].match;
			continue;
		}
		if (is(s, k, ","))
			n++;
		else if (is(s, k, "("))
			break;
		else if (is(s, k, ";") || is(s, k, "{") || is(s, k, "}"))
			return -1;
	}
	*argno = n;
	return k > 0 && s->t[k - 1].kind == T_ID ? k : -1;
}

/* f_flags given to a helper for its O_NDELAY test: the mode instead
 * (fix_helpers.c changes the helper).  Returns the last token used, or
 * -1. */
static int helper_flags(const struct src *s, struct conv *c, struct conv_set *cs, int i,
			struct buf *out, int *pos)
{
	char *callee;
	int lp, argno, ok = 0, last = -1;

	if (s->t[i].kind == T_ID && is(s, i + 1, "(") && name_is(s, i + 2, c->file) &&
	    is(s, i + 3, ")") && is(s, i + 4, "&") &&
	    (is(s, i + 5, "O_NDELAY") || is(s, i + 5, "O_NONBLOCK"))) {
		/* GETTER(file) & O_NDELAY */
		callee = tok_str(s, i);
		ok = flags_getter(s, callee) && !want_helper(cs, callee, 0, 1);
		free(callee);
		last = i + 5;
		if (ok) {
			buf_add(out, s->text + *pos, s->t[i].start - *pos);
			buf_puts(out, "mode & FMODE_NDELAY");
		}
	} else if (name_is(s, i, c->file) && is(s, i + 1, "->") && is(s, i + 2, "f_flags") &&
		   (is(s, i - 1, "(") || is(s, i - 1, ",")) &&
		   (is(s, i + 3, ",") || is(s, i + 3, ")")) &&
		   (lp = enclosing_call(s, i, &argno)) > 0) {
		/* helper(..., file->f_flags, ...) */
		callee = tok_str(s, lp - 1);
		ok = !conv_find(cs, callee) && flags_param_helper(s, callee, argno) &&
		     !want_helper(cs, callee, argno, 0);
		free(callee);
		last = i + 2;
		if (ok) {
			buf_add(out, s->text + *pos, s->t[i].start - *pos);
			buf_puts(out, "mode");
		}
	}
	if (!ok)
		return -1;
	*pos = s->t[last].end;
	return last;
}

/*
 * Rewrite the body tokens [from, to) of c into out.  Returns NULL, or the
 * reason the body is not mechanical.
 */
static const char *rewrite_body(const struct src *s, struct conv *c, struct conv_set *cs,
				int from, int to, struct buf *out)
{
	static const char *const f_inode1[] = { "->", "f_path", ".", "dentry", "->", "d_inode", NULL };
	static const char *const f_inode2[] = { "->", "f_dentry", "->", "d_inode", NULL };
	static const char *const i_bdev_disk[] = { "->", "i_bdev", "->", "bd_disk", NULL };
	static const char *const i_bdev[] = { "->", "i_bdev", NULL };
	char *alias[8], *flags[8], *fptrs[8];
	int nalias = 0, nflags = 0, pos = s->t[from].start, i, j, k;
	int nfp = file_ptrs(s, from, to, c->file, fptrs, 8);
	static char why[256];

	buf_add(out, "", 0);
	for (i = from; i < to; i++) {
		const char *rep = NULL;
		int next = i + 1, a, is_inode = name_is(s, i, c->inode);

		for (a = 0; a < nalias && !is_inode; a++)
			is_inode = name_is(s, i, alias[a]);
		/* struct inode *V = F->f_path.dentry->d_inode;  (an alias) */
		if (c->file && is(s, i, "struct") && is(s, i + 1, "inode") && is(s, i + 2, "*") &&
		    s->t[i + 3].kind == T_ID && is(s, i + 4, "=") && name_is(s, i + 5, c->file) &&
		    ((k = seq(s, i + 6, f_inode1)) > 0 || (k = seq(s, i + 6, f_inode2)) > 0) &&
		    is(s, k, ";") && nalias < 8) {
			alias[nalias++] = tok_str(s, i + 3);
			pos = drop_line(s, out, pos, i, k);
			i = k;
			continue;
		}
		/* open() copying the disk's private_data into the file: the
		 * copy goes, the other methods read it from the bdev/disk */
		if (cs->pd == PD_DISK && c->kind == K_OPEN &&
		    ((k = file_alias_at(s, i, c->file)) >= 0 ||
		     ((name_is(s, i, c->file) || name_is(s, i, cs->pd_alias)) &&
		      is(s, i + 1, "->") && is(s, i + 2, "private_data") && is(s, i + 3, "=")))) {
			for (k = i; !is(s, k, ";"); k++)
				;
			pos = drop_line(s, out, pos, i, k);
			i = k;
			continue;
		}
		if (cs->pd == PD_DISK && c->kind != K_OPEN && name_is(s, i, c->file) &&
		    is(s, i + 1, "->") && is(s, i + 2, "private_data") && !is(s, i + 3, "=")) {
			buf_add(out, s->text + pos, s->t[i].start - pos);
			buf_printf(out, "%s->private_data",
				   c->kind == K_RELEASE ? "disk" : "bdev->bd_disk");
			pos = s->t[i + 2].end;
			i += 2;
			continue;
		}
		if ((k = perm_flag(s, c, cs, i, out, &pos)) > 0 ||
		    (k = helper_flags(s, c, cs, i, out, &pos)) > 0) {
			i = k;
			continue;
		}
		/* a statement that only writes the file, or its pointer into
		 * the file (fix_writes.c): the fmode_t method has no file */
		if ((k = file_ptr_decl(s, i, c->file, fptrs, nfp)) > 0 ||
		    (k = file_write_stmt(s, i, c->file, fptrs, nfp)) > 0) {
			if (cs->nw < 16) {
				cs->wl[cs->nw][0] = s->t[i].line;
				cs->wl[cs->nw++][1] = s->t[k].line;
			}
			pos = drop_stmt(s, out, pos, i, k);
			i = k;
			continue;
		}
		/* unsigned int L = F->f_flags;  or  = F ? F->f_flags : 0;
		 * kept for O_NDELAY tests: the tests use the mode instead */
		if ((k = flags_local(s, c, i)) > 0 && nflags < 8) {
			flags[nflags++] = tok_str(s, k);
			for (k = i; !is(s, k, ";"); k++)
				;
			pos = drop_line(s, out, pos, i, k);
			i = k;
			continue;
		}
		for (a = 0, j = 0; a < nflags && !j; a++)
			j = name_is(s, i, flags[a]) && !is(s, i - 1, "->") && !is(s, i - 1, ".");
		if (j) {
			if (!is(s, i + 1, "&") || !(is(s, i + 2, "O_NDELAY") || is(s, i + 2, "O_NONBLOCK"))) {
				snprintf(why, sizeof(why), "'%.*s' keeps f_flags for more than an "
					 "O_NDELAY test (line %d)", s->t[i].end - s->t[i].start,
					 s->text + s->t[i].start, s->t[i].line);
				return why;
			}
			buf_add(out, s->text + pos, s->t[i].start - pos);
			buf_puts(out, "mode & FMODE_NDELAY");
			pos = s->t[i + 2].end;
			i += 2;
			continue;
		}
		if (is_inode && (k = seq(s, i + 1, i_bdev_disk)) > 0) {
			rep = c->kind == K_RELEASE ? "disk" : "bdev->bd_disk";
			next = k;
		} else if (is_inode && (k = seq(s, i + 1, i_bdev)) > 0) {
			if (c->kind == K_RELEASE)
				return "release uses inode->i_bdev, which has no fmode_t-era equivalent";
			rep = "bdev";
			next = k;
		} else if (name_is(s, i, c->file) &&
			   ((k = seq(s, i + 1, f_inode1)) > 0 || (k = seq(s, i + 1, f_inode2)) > 0) &&
			   (j = seq(s, k, i_bdev)) > 0) {
			if (c->kind == K_RELEASE)
				return "release derives a bdev from its file";
			rep = "bdev";
			next = j;
		} else if (name_is(s, i, c->file) && is(s, i + 1, "->") && is(s, i + 2, "f_mode")) {
			rep = "mode";
			next = i + 3;
		} else if (name_is(s, i, c->file) && is(s, i + 1, "->") && is(s, i + 2, "f_flags") &&
			   is(s, i + 3, "&") &&
			   (is(s, i + 4, "O_NDELAY") || is(s, i + 4, "O_NONBLOCK") ||
			    is(s, i + 4, "O_EXCL"))) {
			rep = is(s, i + 4, "O_EXCL") ? "mode & FMODE_EXCL" : "mode & FMODE_NDELAY";
			next = i + 5;
		} else if (name_is(s, i, c->file) && lib_call_arg(cs->lib, s, i)) {
			rep = "mode";	/* the helper takes the mode (fix_lib.c) */
		} else if (name_is(s, i, c->file) && is(s, i + 1, "&&")) {
			/* the mode is always there: drop "file && " */
			buf_add(out, s->text + pos, s->t[i].start - pos);
			pos = s->t[i + 2].start;
			i++;
			continue;
		} else if (s->t[i].kind == T_ID && is(s, i + 1, "(") && !is(s, i - 1, "->") &&
			   !is(s, i - 1, ".")) {
			char *callee = tok_str(s, i);
			struct conv *g = conv_find(cs, callee);
			int arg1 = i + 2, arg2 = i + 4;
			int g_inode = 0;

			free(callee);
			if (g && g->old_shape == 2) {
				g_inode = name_is(s, arg1, c->inode);
				for (a = 0; a < nalias && !g_inode; a++)
					g_inode = name_is(s, arg1, alias[a]);
				if (g_inode && is(s, arg1 + 1, ",") && name_is(s, arg2, c->file) &&
				    (is(s, arg2 + 1, ",") || is(s, arg2 + 1, ")"))) {
					buf_add(out, s->text + pos, s->t[arg1].start - pos);
					buf_printf(out, "%s, mode", new_obj(c));
					pos = s->t[arg2].end;
					i = arg2;
					continue;
				}
			} else if (g && g->old_shape == 1 && name_is(s, arg1, c->file) &&
				   (is(s, arg1 + 1, ",") || is(s, arg1 + 1, ")"))) {
				buf_add(out, s->text + pos, s->t[arg1].start - pos);
				buf_printf(out, "%s, mode", new_obj(c));
				pos = s->t[arg1].end;
				i = arg1;
				continue;
			}
		}
		if (is(s, i, "iminor") && is(s, i + 1, "(") && is(s, i + 3, ")")) {
			int inode_arg = name_is(s, i + 2, c->inode);

			for (a = 0; a < nalias && !inode_arg; a++)
				inode_arg = name_is(s, i + 2, alias[a]);
			if (inode_arg && c->kind != K_RELEASE) {
				rep = "MINOR(bdev->bd_dev)";
				next = i + 4;
			} else if (inode_arg && single_minor_disks(s)) {
				/* one minor per disk: the node's minor is the disk's */
				rep = "MINOR(disk_devt(disk))";
				next = i + 4;
			}
		}
		if (!rep) {
			int left = name_is(s, i, c->file) || name_is(s, i, c->inode);

			for (a = 0; a < nalias && !left; a++)
				left = name_is(s, i, alias[a]);
			if (left && !(is(s, i - 1, "->") || is(s, i - 1, "."))) {
				snprintf(why, sizeof(why), "'%.*s' is still needed at line %d",
					 s->t[i].end - s->t[i].start, s->text + s->t[i].start,
					 s->t[i].line);
				return why;
			}
			continue;
		}
		buf_add(out, s->text + pos, s->t[i].start - pos);
		buf_puts(out, rep);
		pos = s->t[next - 1].end;
		i = next - 1;
	}
	buf_add(out, s->text + pos, s->t[to - 1].end - pos);
	for (i = 0; i < nalias; i++)
		free(alias[i]);
	for (i = 0; i < nflags; i++)
		free(flags[i]);
	for (i = 0; i < nfp; i++)
		free(fptrs[i]);
	return NULL;
}

/* Drop the lines that became "struct block_device *bdev = bdev;". */
static void drop_self_inits(struct buf *b)
{
	const char *pats[] = { "struct block_device *bdev = bdev;", "struct gendisk *disk = disk;",
			       "fmode_t mode = mode;", NULL };
	struct buf o = { 0 };
	char *line = b->s, *nl;

	buf_add(&o, "", 0);
	while (line && *line) {
		char *t = line;
		int drop = 0;

		nl = strchr(line, '\n');
		while (*t == ' ' || *t == '\t')
			t++;
		for (int k = 0; pats[k]; k++) {
			size_t n = strlen(pats[k]);

			if (!strncmp(t, pats[k], n) && (t[n] == '\n' || !t[n]))
				drop = 1;
		}
		if (!drop)
			buf_add(&o, line, nl ? (size_t)(nl - line + 1) : strlen(line));
		line = nl ? nl + 1 : NULL;
	}
	free(b->s);
	*b = o;
}

static int uses_id(const char *text, const char *id)
{
	size_t n = strlen(id);

	for (const char *p = strstr(text, id); p; p = strstr(p + 1, id))
		if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
			return 1;
	return 0;
}

static const char *plan_conv(struct fixer *fx, struct conv *c)
{
	struct src *s = &fx->s;
	int i;

	if (find_funcs(s, c->func, &c->def, 1, 1) != 1)
		return "its definition is not in this file";
	c->np = parse_params(s, c->def.lparen, c->def.rparen, c->p, 8);
	for (i = c->def.spec; i < c->def.name; i++)
		c->is_static |= is(s, i, "static");
	if (c->np >= 2 && !strcmp(c->p[0].type, "struct inode *") &&
	    !strcmp(c->p[1].type, "struct file *")) {
		c->old_shape = 2;
		c->inode = tok_str(s, c->p[0].name);
		c->file = tok_str(s, c->p[1].name);
	} else if (c->np >= 1 && !strcmp(c->p[0].type, "struct file *")) {
		c->old_shape = 1;
		c->file = tok_str(s, c->p[0].name);
	} else if (c->np >= 2 && !strcmp(c->p[1].type, "fmode_t")) {
		c->old_shape = 0;
	} else {
		return "its parameters are not a known old form";
	}
	if (c->kind == K_OPEN || c->kind == K_RELEASE) {
		if (c->np != 2 || c->old_shape != 2)
			return "its parameters are not (struct inode *, struct file *)";
	} else if (c->np - c->old_shape + (c->old_shape ? 2 : 0) != 4) {
		return "its parameters are not (inode, file, cmd, arg) or (file, cmd, arg)";
	}
	return NULL;
}

static void param_list(struct buf *b, struct conv *c, const struct src *s, int split)
{
	int i, rest = c->old_shape == 2 ? 2 : c->old_shape == 1 ? 1 : 2;
	const char *oattr = c->old_shape == 2 ? c->p[0].attr : "";
	const char *fattr = c->old_shape ? c->p[c->old_shape - 1].attr : c->p[1].attr;

	if (c->old_shape == 0) {
		for (i = c->def.lparen + 1; i < c->def.rparen; i++) {
			/* unchanged: copy the original text */
		}
		buf_add(b, s->text + s->t[c->def.lparen + 1].start,
			s->t[c->def.rparen].start - s->t[c->def.lparen + 1].start);
		return;
	}
	buf_printf(b, "%s%s%s, fmode_t mode%s%s",
		   c->kind == K_RELEASE ? "struct gendisk *disk" : "struct block_device *bdev",
		   *oattr ? " " : "", oattr, *fattr ? " " : "", fattr);
	for (i = rest; i < c->np; i++) {
		buf_puts(b, i == rest && split ? ",\n\t\t" : ", ");
		buf_add(b, s->text + s->t[c->p[i].first].start,
			s->t[c->p[i].last].end - s->t[c->p[i].first].start);
	}
}

/* Does text use a macro that tests the private_data flag (perm_macros()
 * makes it test the mode)? */
static int flag_macro_used(const struct src *s, const char *text)
{
	for (const char *p = strstr(s->text, "#define "); p; p = strstr(p + 1, "#define ")) {
		const char *eol = strchr(p, '\n'), *m = strstr(p, "->private_data");
		char name[128];

		if (!m || (eol && m > eol) || sscanf(p, "#define %127[A-Za-z0-9_]", name) != 1)
			continue;
		if (uses_id(text, name))
			return 1;
	}
	return 0;
}

/* A new parameter is __always_unused exactly when the new body does not
 * use it, whatever the old one it replaces was. */
static void set_unused(struct param *p, int unused)
{
	if (unused && !*p->attr) {
		free(p->attr);
		p->attr = bd_xstrdup("__always_unused");
	} else if (!unused && !strcmp(p->attr, "__always_unused")) {
		p->attr[0] = 0;
	}
}

/* The conversion of c as edits: return type, parameters, body, wrapper. */
static const char *conv_edits(struct fixer *fx, struct conv *c, struct conv_set *cs)
{
	struct src *s = &fx->s;
	struct buf params = { 0 }, body = { 0 };
	const char *why;
	int i, ret_long = -1;

	for (i = c->def.spec; i < c->def.name; i++) {
		if (is(s, i, "long"))
			ret_long = i;
		else if (!is(s, i, "static") && !is(s, i, "int") && !is(s, i, "inline") &&
			 !is(s, i, "__init") && !is(s, i, "__exit"))
			return "its return type is not int or long";
	}
	for (i = c->def.lbrace; c->old_shape && i < c->def.rbrace; i++)
		if (!is(s, i - 1, "->") && !is(s, i - 1, ".") &&
		    (is(s, i, "mode") || (c->kind == K_RELEASE && is(s, i, "disk"))))
			return "its body already uses the new parameter names";
	if (c->old_shape) {
		why = rewrite_body(s, c, cs, c->def.lbrace, c->def.rbrace + 1, &body);
		if (why) {
			free(body.s);
			return why;
		}
		drop_self_inits(&body);
		/* -Wunused-parameter as the old parameters had it */
		if (c->old_shape == 2)
			set_unused(&c->p[0], !uses_id(body.s, new_obj(c)));
		set_unused(&c->p[c->old_shape - 1], !uses_id(body.s, "mode") &&
			   !(cs->pd == PD_PERM && flag_macro_used(s, body.s)));
	}
	{
		/* one line if it fits in 80 columns, else cmd and arg on the next */
		int col = 0, k;

		for (k = s->t[c->def.lparen].start; k > 0 && s->text[k - 1] != '\n'; k--)
			col += s->text[k - 1] == '\t' ? 8 - col % 8 : 1;
		param_list(&params, c, s, 0);
		if (col + (int)params.n + (c->bkl ? 4 : 0) + 3 > 80 && c->np > 2) {
			free(params.s);
			memset(&params, 0, sizeof(params));
			param_list(&params, c, s, 1);
		}
	}
	if (ret_long >= 0)
		add_edit(fx, s->t[ret_long].start, s->t[ret_long].end, "int", 0, NULL);
	if (c->bkl) {
		char *name = NULL;
		struct buf nm = { 0 };

		buf_printf(&nm, "__%s", c->func);
		name = nm.s;
		if (uses_id(s->text, name)) {
			free(name);
			return "a function named __FUNC exists already";
		}
		add_edit(fx, s->t[c->def.name].start, s->t[c->def.name].end, name, 0, NULL);
		free(name);
	}
	add_edit(fx, s->t[c->def.lparen].start + 1, s->t[c->def.rparen].start, params.s, 0, NULL);
	if (c->old_shape)
		add_edit(fx, s->t[c->def.lbrace].start, s->t[c->def.rbrace].end, body.s, 0, NULL);
	if (c->bkl) {
		struct buf w = { 0 };
		int rest = c->old_shape == 2 ? 2 : c->old_shape == 1 ? 1 : 2;
		struct param *pc = &c->p[rest], *pa = &c->p[rest + 1];
		char *cmd = tok_str(s, pc->name), *arg = tok_str(s, pa->name);

		buf_printf(&w, "\n\n%sint %s(", c->is_static ? "static " : "", c->func);
		param_list(&w, c, s, w.n + strlen(c->func) > 20);
		buf_printf(&w, ")\n{\n\tint ret;\n\n\tlock_kernel();\n"
			   "\tret = __%s(%s, mode, %s, %s);\n\tunlock_kernel();\n\treturn ret;\n}",
			   c->func, new_obj(c), cmd, arg);
		add_edit(fx, s->t[c->def.rbrace].end, s->t[c->def.rbrace].end, w.s, 0, NULL);
		free(w.s);
		free(cmd);
		free(arg);
	}
	/* forward declarations */
	struct func decl[4];
	int nd = find_funcs(s, c->func, decl, 4, 0);

	for (i = 0; i < nd; i++) {
		add_edit(fx, s->t[decl[i].lparen].start + 1, s->t[decl[i].rparen].start, params.s,
			 0, NULL);
		for (int k = decl[i].spec; k < decl[i].name; k++)
			if (is(s, k, "long"))
				add_edit(fx, s->t[k].start, s->t[k].end, "int", 0, NULL);
	}
	free(params.s);
	free(body.s);
	return NULL;
}

/* .unlocked_ioctl = F / .locked_ioctl = F  ->  .ioctl = F */
static const char *member_edit(struct fixer *fx, struct conv *c)
{
	struct src *s = &fx->s;
	int i, k, depth;

	if (strcmp(c->member, "unlocked_ioctl") && strcmp(c->member, "locked_ioctl"))
		return NULL;
	for (i = 0; i < fx->s.n; i++) {
		if (s->t[i].line != c->f->loc.line || !name_is(s, i, c->func) || !is(s, i - 1, "=") ||
		    !is(s, i - 2, c->member) || !is(s, i - 3, "."))
			continue;
		/* no .ioctl already in the same initializer */
		for (k = i, depth = 0; k >= 0; k--) {
			if (is(s, k, "}"))
				depth++;
			if (is(s, k, "{") && depth-- == 0)
				break;
		}
		if (k >= 0 && s->t[k].match > 0) {
			for (int j = k; j < s->t[k].match; j++)
				if (is(s, j, ".") && is(s, j + 1, "ioctl") && is(s, j + 2, "="))
					return "the ops table has an .ioctl already";
		}
		add_edit(fx, s->t[i - 2].start, s->t[i - 2].end, "ioctl", 0, NULL);
		return NULL;
	}
	return "the ops table member was not found at the finding's line";
}

static void add_include(struct fixer *fx)
{
	const char *t = fx->s.text, *p, *last = NULL;

	if (strstr(t, "<linux/smp_lock.h>"))
		return;
	for (p = t; (p = strstr(p, "#include <linux/")); p++)
		if (p == t || p[-1] == '\n')
			last = p;
	if (!last)
		return;
	p = strchr(last, '\n');
	if (!p)
		return;
	add_edit(fx, p + 1 - t, p + 1 - t, "#include <linux/smp_lock.h>\n", 0, NULL);
}

static void fix_conversions(struct fixer *fx)
{
	struct conv_set *cs = bd_xcalloc(1, sizeof(*cs));
	const char *why = NULL;
	struct conv *bad = NULL;
	int i, need_bkl = 0, base = fx->ne;

	cs->lib = fx->lib;
	for (i = 0; i < fx->r->n; i++) {
		const struct bd_finding *f = &fx->r->v[i];
		struct conv *c;
		char *func, *member;

		if (f->check != BD_CHECK_DEPRECATED_IOCTL && f->check != BD_CHECK_DEPRECATED_PROTOTYPE)
			continue;
		if (f->severity == BD_SEV_NOTE)
			continue;
		func = quoted_after(f->message, "is bound to '");
		member = quoted_after(f->message, "member '");
		if (!func || !member || cs->n >= 32 || conv_find(cs, func)) {
			if (func && conv_find(cs, func) && !why) {
				why = "a function bound to two members";
				bad = conv_find(cs, func);
			}
			free(func);
			free(member);
			continue;
		}
		c = &cs->v[cs->n++];
		c->func = func;
		c->member = member;
		c->f = f;
		c->kind = !strcmp(member, "open") ? K_OPEN :
			  !strcmp(member, "release") ? K_RELEASE : K_IOCTL;
		c->bkl = f->fix && strstr(f->fix, "lock_kernel");
	}
	for (i = 0; i < cs->n && !why; i++) {
		why = plan_conv(fx, &cs->v[i]);
		bad = &cs->v[i];
	}
	for (i = 0; i < cs->n && !why; i++) {
		struct conv *o = &cs->v[i];

		if (o->kind != K_OPEN || !o->old_shape)
			continue;
		cs->pd = private_data_use(&fx->s, &o->def, o->file, o->inode, &cs->pd_alias);
		if (cs->pd == PD_OTHER) {
			why = "open() keeps something other than the disk's private_data in "
			      "file->private_data: where the fmode_t methods find it is a "
			      "design decision";
			bad = o;
		}
	}
	for (i = 0; i < cs->n && !why; i++) {
		why = conv_edits(fx, &cs->v[i], cs);
		bad = &cs->v[i];
		if (!why)
			why = member_edit(fx, &cs->v[i]);
		need_bkl |= cs->v[i].bkl;
	}
	if (why) {
		char msg[512];

		fx->conv_failed = 1;
		for (i = base; i < fx->ne; i++)
			fx->e[i].dropped = 1;
		for (i = 0; i < cs->n; i++) {
			if (&cs->v[i] == bad)
				snprintf(msg, sizeof(msg), "'%s' cannot be converted mechanically: %s",
					 bad->func, why);
			else
				snprintf(msg, sizeof(msg), "not converted because '%s' cannot be",
					 bad->func);
			left_alone(fx, cs->v[i].f, msg);
		}
	} else {
		if (need_bkl)
			add_include(fx);
		fx->nfixed += cs->n;
		fx->pd_disk = cs->pd == PD_DISK || cs->pd == PD_PERM;
		for (i = 0; i < cs->n && cs->pd == PD_PERM; i++)
			if (cs->v[i].kind == K_OPEN)
				perm_macros(fx, cs->v[i].file);
		helper_edits(fx, cs->req, cs->nreq);
		memcpy(fx->wdrop, cs->wl, sizeof(cs->wl));
		fx->nwdrop = cs->nw;
	}
	free(cs->pd_alias);
	for (i = 0; i < cs->nreq; i++)
		free(cs->req[i].func);
	for (i = 0; i < cs->n; i++) {
		free(cs->v[i].func);
		free(cs->v[i].member);
		free(cs->v[i].inode);
		free(cs->v[i].file);
		for (int k = 0; k < cs->v[i].np; k++) {
			free(cs->v[i].p[k].type);
			free(cs->v[i].p[k].attr);
		}
	}
	free(cs);
}

/* ---- findings inside functions ---- */

static int converted(struct fixer *fx, const char *func)
{
	for (int i = 0; i < fx->r->n; i++) {
		const struct bd_finding *f = &fx->r->v[i];

		if ((f->check == BD_CHECK_DEPRECATED_IOCTL ||
		     f->check == BD_CHECK_DEPRECATED_PROTOTYPE) && f->function && func &&
		    !strcmp(f->function, func))
			return 1;
	}
	return 0;
}

static int conversion_done(struct fixer *fx)
{
	for (int i = 0; i < fx->ne; i++)
		if (fx->e[i].group == 0 && !fx->e[i].dropped)
			return 1;
	return 0;
}

/* A variable of type 'type' declared in function def (parameters and
 * locals); its name, or NULL if none or several. */
char *var_of_type(struct src *s, const struct func *def, const char *const *type)
{
	char *found = NULL;
	int i, n = 0;

	for (i = def->lparen; i < def->rbrace; i++) {
		int k = seq(s, i, type);

		if (k < 0 || s->t[k].kind != T_ID || (i > 0 && is(s, i - 1, "(") && 0))
			continue;
		if (is(s, i - 1, "(") && i - 1 != def->lparen)
			continue;	/* a cast */
		if (!found || strncmp(found, s->text + s->t[k].start, s->t[k].end - s->t[k].start)) {
			free(found);
			found = tok_str(s, k);
			n++;
		}
	}
	if (n != 1) {
		free(found);
		return NULL;
	}
	return found;
}

int func_at(struct src *s, const char *name, struct func *def)
{
	return name && find_funcs(s, name, def, 1, 1) == 1;
}

static void fix_ndelay(struct fixer *fx, const struct bd_finding *f)
{
	static const char *const fm[] = { "fmode_t", NULL };
	struct src *s = &fx->s;
	struct func def;
	char *mode;
	int i;

	if (converted(fx, f->function) && conversion_done(fx)) {
		fx->nfixed++;	/* the conversion rewrote it */
		return;
	}
	for (i = 0; i < fx->nhelpers; i++)
		if (f->function && !strcmp(fx->helpers[i], f->function)) {
			fx->nfixed++;	/* the conversion gave it the mode */
			return;
		}
	if (core_edits(fx, f, 2)) {
		fx->nfixed++;
		return;
	}
	if (!func_at(s, f->function, &def))
		return left_alone(fx, f, "the function was not found");
	mode = var_of_type(s, &def, fm);
	if (!mode)
		return left_alone(fx, f, "no fmode_t is in scope; the mode has to be passed in");
	for (i = def.lbrace; i < def.rbrace; i++) {
		if (s->t[i].line != f->loc.line || s->t[i].kind != T_ID || !is(s, i + 1, "->") ||
		    !is(s, i + 2, "f_flags") || !is(s, i + 3, "&") ||
		    !(is(s, i + 4, "O_NDELAY") || is(s, i + 4, "O_NONBLOCK")))
			continue;
		struct buf b = { 0 };

		buf_printf(&b, "%s & FMODE_NDELAY", mode);
		add_edit(fx, s->t[i].start, s->t[i + 4].end, b.s, 2, NULL);
		free(b.s);
		free(mode);
		fx->nfixed++;
		return;
	}
	free(mode);
	left_alone(fx, f, "the f_flags test is not 'file->f_flags & O_NDELAY' on its line");
}

static const char *puts_[] = { "blkdev_put", "close_bdev_excl", "close_bdev_exclusive", NULL };

/* A put no single mode fixes: fix_keep.c may keep the get's mode. */
static void put_pending(struct fixer *fx, const struct bd_finding *f, const char *why)
{
	if (fx->npend == 32)
		return left_alone(fx, f, why);
	fx->pend[fx->npend] = f;
	fx->pend_why[fx->npend++] = why;
}

static void fix_put(struct fixer *fx, const struct bd_finding *f)
{
	struct src *s = &fx->s;
	struct func def;
	char *mode = NULL, *tag = NULL, *field = NULL;
	int i, k;

	if (!f->fix || strncmp(f->fix, "pass ", 5))
		return put_pending(fx, f, "there is no mechanical fix for this; see the message");
	if (core_edits(fx, f, 1))
		return;
	if (!func_at(s, f->function, &def))
		return put_pending(fx, f, "the function was not found");
	if (!strncmp(f->fix, "pass the stored mode '", 22) ||
	    !strncmp(f->fix, "pass the stored holder '", 24)) {
		const char *p = strchr(f->fix, '\'') + 1, *arrow = strstr(p, "->"), *q;

		if (!arrow || !(q = strchr(arrow, '\'')))
			return put_pending(fx, f, "the fix hint is not understood");
		tag = strndup(p, arrow - p);
		field = strndup(arrow + 2, q - arrow - 2);
	} else {
		struct buf b = { 0 };

		/* FMODE_READ|FMODE_NDELAY -> FMODE_READ | FMODE_NDELAY */
		for (const char *p = f->fix + 5; *p; p++)
			buf_puts(&b, *p == '|' ? " | " : (char[]){ *p, 0 });
		mode = b.s;
	}
	for (i = def.lbrace; i < def.rbrace; i++) {
		int ok = 0, lp, comma = -1, depth = 0;

		for (k = 0; puts_[k]; k++)
			ok |= is(s, i, puts_[k]);
		if (!ok || s->t[i].line != f->loc.line || !is(s, i + 1, "("))
			continue;
		lp = i + 1;
		for (k = lp + 1; k < s->t[lp].match; k++) {
			if (s->t[k].match >= 0 && strchr("([{", s->text[s->t[k].start]))
				depth++;
			else if (s->t[k].match >= 0)
				depth--;
			else if (!depth && is(s, k, ","))
				break;
		}
		comma = k;
		if (comma >= s->t[lp].match)
			break;
		if (tag) {
			/* the object the bdev comes from, else the only struct
			 * TAG pointer in the function */
			const char *ty[] = { "struct", tag, "*", NULL };
			struct buf b = { 0 };
			char *v = NULL;

			if (s->t[lp + 1].kind == T_ID && is(s, lp + 2, "->")) {
				char *base = tok_str(s, lp + 1);
				char *only = var_of_type(s, &def, ty);

				if (only && !strcmp(only, base))
					v = base;
				else
					free(base);
				free(only);
			}
			if (!v)
				v = var_of_type(s, &def, ty);
			if (!v) {
				free(tag);
				free(field);
				return put_pending(fx, f, "no single 'struct' pointer holds the stored mode");
			}
			buf_printf(&b, "%s->%s", v, field);
			mode = b.s;
			free(v);
		}
		add_edit(fx, s->t[comma].end, s->t[s->t[lp].match].start, "", 1, f->function);
		{
			struct buf b = { 0 };

			buf_printf(&b, " %s", mode);
			fx->e[fx->ne - 1].text = b.s;
		}
		free(mode);
		free(tag);
		free(field);
		return;
	}
	free(mode);
	free(tag);
	free(field);
	put_pending(fx, f, "the put call was not found at the finding's line");
}

/* ---- running the checker ---- */

/* The directory of path, absolute: quoted includes next to the file
 * still resolve when a copy of it is checked elsewhere. */
static char *include_dir_of(const char *path)
{
	char abs[PATH_MAX], *slash, *flag;

	if (!realpath(path, abs))
		bd_abspath(path, abs, sizeof(abs));
	slash = strrchr(abs, '/');
	if (slash)
		*slash = 0;
	flag = bd_xcalloc(strlen(abs) + 3, 1);
	sprintf(flag, "-I%s", abs);
	return flag;
}

struct bd_result *collect(struct fixer *fx, const char *path)
{
	struct drv sub = *fx->d;
	char *self[1] = { (char *)fx->s.path }, *const *set = fx->nset ? fx->set : self;
	int nset = fx->nset ? fx->nset : 1;
	char **args = bd_xcalloc(nset, sizeof(*args)), *inc = NULL;
	struct bd_result *r;
	int failed, status;

	/* several files are one program: check the set, path for this file */
	for (int i = 0; i < nset; i++)
		args[i] = strcmp(set[i], fx->s.path) ? set[i] : (char *)path;
	sub.args = args;
	sub.nargs = nset;
	sub.flags = bd_xcalloc(fx->d->nflags + 2, sizeof(*sub.flags));
	memcpy(sub.flags, fx->d->flags, fx->d->nflags * sizeof(*sub.flags));
	if (fx->extra_flag)
		sub.flags[sub.nflags++] = (char *)fx->extra_flag;
	if (strcmp(path, fx->s.path))
		sub.flags[sub.nflags++] = inc = include_dir_of(fx->s.path);
	sub.result = NULL;
	sub.o.output = NULL;
	sub.o.facts_dir = NULL;
	r = bd_drv_collect(&sub, &failed, &status);
	free(sub.flags);
	free(inc);
	free(args);
	if (r && failed) {
		bd_result_free(r);
		return NULL;
	}
	if (r) {
		bd_apply_suppressions(r, &sub.o);
		bd_result_sort(r);
		bd_result_uniq(r);
		/* keep only what is shown */
		int k = 0;

		for (int i = 0; i < r->n; i++)
			if (!r->v[i].suppressed && sub.o.enabled[r->v[i].check])
				r->v[k++] = r->v[i];
		r->n = k;
	}
	return r;
}

/* Check the file again with the edits of groups in mask; an edit of
 * group g is bad if a put-mode finding is left in its function.  Returns
 * how many edits of g are bad (all of them if the file does not check). */
struct bd_result *check_edited(struct fixer *fx, const char *dir, unsigned mask,
			       const char *extra)
{
	struct bd_result *r;
	char *text, path[PATH_MAX * 2];
	const char *base = strrchr(fx->s.path, '/');

	text = apply_edits(fx, mask);
	snprintf(path, sizeof(path), "%s/%s", dir, base ? base + 1 : fx->s.path);
	bd_drv_write_file(path, text, strlen(text));
	free(text);
	fx->extra_flag = extra;
	r = collect(fx, path);
	fx->extra_flag = NULL;
	unlink(path);
	return r;
}

static int verify(struct fixer *fx, const char *dir, unsigned mask, int g)
{
	struct bd_result *r;
	int i, k, any = 0, nbad = 0;

	for (i = 0; i < fx->ne; i++)
		any |= fx->e[i].group == g && !fx->e[i].dropped;
	if (!any)
		return 0;
	r = check_edited(fx, dir, mask, NULL);
	for (i = 0; i < fx->ne; i++) {
		struct edit *e = &fx->e[i];
		int bad = !r;

		if (e->group != g || e->dropped)
			continue;
		for (k = 0; r && k < r->n && e->func; k++)
			bad |= r->v[k].check == BD_CHECK_PUT_MODE && r->v[k].function &&
			       !strcmp(r->v[k].function, e->func);
		if (bad && g == G_PUT)
			e->dropped = 1;
		nbad += bad;
	}
	if (r)
		bd_result_free(r);
	return nbad;
}

/* Keep a put fix only if the file checks without a put-mode finding in
 * that function once the put fixes are in; the puts left go pending. */
static void verify_puts(struct fixer *fx, const char *dir)
{
	int i;

	verify(fx, dir, 1u << G_PUT, G_PUT);
	for (i = 0; i < fx->ne; i++) {
		if (fx->e[i].group != G_PUT)
			continue;
		if (!fx->e[i].dropped) {
			fx->nfixed++;
			continue;
		}
		for (int k = 0; k < fx->r->n; k++) {
			const struct bd_finding *f = &fx->r->v[k];

			if (f->check == BD_CHECK_PUT_MODE && f->function &&
			    !strcmp(f->function, fx->e[i].func) && f->fix &&
			    !strncmp(f->fix, "pass ", 5)) {
				put_pending(fx, f, "passing the hint's mode leaves the put "
					    "unmatched on another path");
				break;
			}
		}
	}
}

/* Does r have a put-mode warning in func or in the lines span? */
static int put_left(const struct bd_result *r, const char *func, const int span[2])
{
	for (int i = 0; i < r->n; i++) {
		const struct bd_finding *f = &r->v[i];

		if (f->check == BD_CHECK_PUT_MODE && f->severity != BD_SEV_NOTE &&
		    ((f->function && func && !strcmp(f->function, func)) ||
		     (f->loc.line >= span[0] && f->loc.line <= span[1])))
			return 1;
	}
	return 0;
}

/* The pending exclusive closes of a plain fallback get: the fallback
 * claims too (fix_claim.c), kept only if the close and the gets then
 * check clean, in an era that declares blkdev_get_by_dev(). */
static void claim_fallbacks(struct fixer *fx, const char *dir)
{
	int i, k, n = 0;

	for (i = 0; i < fx->npend; i++) {
		const struct bd_finding *f = fx->pend[i], *holder;
		struct bd_result *r;
		int base = fx->ne, span[2];
		const char *why;

		if (!f)
			continue;
		why = claim_fallback(fx, f, &holder, span);
		if (why == claim_not_mine)
			continue;
		if (!why) {
			r = check_edited(fx, dir, 1u << G_PUT | 1u << G_CLAIM,
					 "-Werror=implicit-function-declaration");
			if (!r || put_left(r, f->function, span))
				why = "claiming on the fallback path too does not check clean "
				      "(or this era has no blkdev_get_by_dev())";
			if (r)
				bd_result_free(r);
		}
		if (why) {
			for (k = base; k < fx->ne; k++)
				fx->e[k].dropped = 1;
			fx->pend_why[i] = why;
			for (k = 0; k < fx->npend && holder; k++)
				if (fx->pend[k] == holder)
					fx->pend_why[k] = why;
			continue;
		}
		fx->pend[i] = NULL;
		fx->nfixed++;
		for (k = 0; k < fx->npend && holder; k++)
			if (fx->pend[k] == holder) {
				fx->pend[k] = NULL;
				fx->nfixed++;
			}
	}
	for (i = 0; i < fx->npend; i++)
		if (fx->pend[i]) {
			fx->pend_why[n] = fx->pend_why[i];
			fx->pend[n++] = fx->pend[i];
		}
	fx->npend = n;
}

/* The pending puts: keep the get's mode next to the bdev (fix_keep.c),
 * all or nothing, since the puts share the new members and locals. */
static void keep_modes(struct fixer *fx, const char *dir)
{
	const char *why[32];
	char msg[512];
	int i, bad = 0, base = fx->ne;

	for (i = 0; i < fx->npend; i++) {
		why[i] = keep_mode(fx, fx->pend[i]);
		bad |= why[i] != NULL && why[i] != keep_no_put;
	}
	if (!bad && fx->npend)
		bad = verify(fx, dir, 1u << G_PUT | 1u << G_KEEP, G_KEEP) > 0;
	for (i = base; bad && i < fx->ne; i++)
		fx->e[i].dropped = 1;
	for (i = 0; i < fx->npend; i++) {
		if (why[i] == keep_no_put) {
			left_alone(fx, fx->pend[i], fx->pend_why[i]);
			continue;
		}
		if (!bad) {
			fx->nfixed++;
			continue;
		}
		snprintf(msg, sizeof(msg), "%s; keeping the get's mode next to the bdev: %s",
			 fx->pend_why[i], why[i] ? why[i] : "a put is still unmatched");
		left_alone(fx, fx->pend[i], msg);
	}
	for (i = 0; i < fx->nkeep_fields; i++)
		free(fx->keep_fields[i]);
}

/* Did the conversion drop a write to the file at this line? */
static int write_dropped(const struct fixer *fx, int line)
{
	for (int i = 0; i < fx->nwdrop; i++)
		if (line >= fx->wdrop[i][0] && line <= fx->wdrop[i][1])
			return 1;
	return 0;
}

int same_file(const char *a, const char *b)
{
	char x[PATH_MAX], y[PATH_MAX];

	if (!strcmp(a, b))
		return 1;
	return realpath(a, x) && realpath(b, y) && !strcmp(x, y);
}

/* The findings of the whole set that are in the file at path. */
static struct bd_result *findings_in(const struct bd_result *all, const char *path)
{
	struct bd_result *r = bd_result_new();

	for (int i = 0; i < all->n; i++)
		if (all->v[i].loc.file && same_file(all->v[i].loc.file, path))
			bd_result_add(r, &all->v[i]);
	return r;
}

/* The unified diff of path from text to out, labelled a/ and b/. */
static void emit_diff(const char *path, const char *text, size_t n, const char *out,
		      const char *tmp, struct buf *diff)
{
	char orig[PATH_MAX * 2], fixed[PATH_MAX * 2], label[2][PATH_MAX + 4];
	const char *rel = path;

	if (!strcmp(out, text))
		return;
	if (!strncmp(rel, "./", 2))
		rel += 2;
	snprintf(orig, sizeof(orig), "%s/orig", tmp);
	snprintf(fixed, sizeof(fixed), "%s/fixed", tmp);
	bd_drv_write_file(orig, text, n);
	bd_drv_write_file(fixed, out, strlen(out));
	snprintf(label[0], sizeof(label[0]), "%s%s", rel[0] == '/' ? "" : "a/", rel);
	snprintf(label[1], sizeof(label[1]), "%s%s", rel[0] == '/' ? "" : "b/", rel);
	{
		const char *argv[] = { "diff", "-u", "--label", label[0], "--label", label[1],
				       orig, fixed, NULL };

		bd_drv_run((char *const *)argv, NULL, 0, diff, 0);
	}
}

static void edits_free(struct fixer *fx)
{
	for (int k = 0; k < fx->nhelpers; k++)
		free(fx->helpers[k]);
	for (int k = 0; k < fx->ne; k++)
		free(fx->e[k].text);
	free(fx->e);
}

static void fixer_free(struct fixer *fx)
{
	edits_free(fx);
	free(fx->s.t);
	bd_result_free(fx->r);
	free(fx->s.text);
}

/* The fix of one file of the set; how many findings were left, or -1.
 * A quiet run plans only: it says nothing and writes no diff. */
static int fix_file(struct fixer *fx, const char *path, const char *tmp, struct buf *diff,
		    const struct bd_result *all)
{
	char *out;
	int i;

	if (src_load(&fx->s, path)) {
		fprintf(stderr, "bdops fix: cannot read '%s': %s\n", path, strerror(errno));
		return -1;
	}
	fx->r = all ? findings_in(all, path) : NULL;
	if (!fx->r) {
		fprintf(stderr, "bdops fix: '%s' could not be checked\n", path);
		free(fx->s.text);
		free(fx->s.t);
		return -1;
	}
	fix_conversions(fx);
	lib_edits(fx, fx->lib);
	for (i = 0; i < fx->r->n; i++) {
		const struct bd_finding *f = &fx->r->v[i];

		if (f->severity == BD_SEV_NOTE)
			continue;
		if (f->check == BD_CHECK_NDELAY_FLAGS)
			fix_ndelay(fx, f);
		else if (f->check == BD_CHECK_PUT_MODE || f->check == BD_CHECK_PUT_HOLDER)
			fix_put(fx, f);
		else if (f->check == BD_CHECK_FILE_WRITE && fx->pd_disk && converted(fx, f->function) &&
			 strstr(f->message, "'file->private_data'"))
			fx->nfixed++;	/* the conversion dropped the copy */
		else if (f->check == BD_CHECK_FILE_WRITE && converted(fx, f->function) &&
			 write_dropped(fx, f->loc.line))
			fx->nfixed++;	/* the conversion dropped the write */
		else if (f->check == BD_CHECK_FILE_WRITE)
			left_alone(fx, f, "a write to struct file has no mechanical replacement; "
				   "keep the state in the driver or derive it from the mode");
	}
	verify_puts(fx, tmp);
	claim_fallbacks(fx, tmp);
	keep_modes(fx, tmp);
	out = apply_edits(fx, ~0u);
	if (!fx->quiet) {
		emit_diff(path, fx->s.text, fx->s.len, out, tmp, diff);
		buf_printf(&fixed_lines, "bdops fix: %s: %d of %d finding%s fixed\n", path,
			   fx->nfixed, fx->nfixed + fx->nleft,
			   fx->nfixed + fx->nleft == 1 ? "" : "s");
	}
	free(out);
	return fx->nleft;
}

/* A local header of the set: the planned helpers' declarations. */
static void fix_header(const struct src *h, const struct lib_plan *lib, const char *tmp,
		       struct buf *diff)
{
	struct fixer fx = { .s = *h };
	char *out;

	lib_edits(&fx, lib);
	out = apply_edits(&fx, ~0u);
	emit_diff(h->path, h->text, h->len, out, tmp, diff);
	free(out);
	edits_free(&fx);
}

/* One pass over the set; quiet: only find whose conversions are refused
 * and drop the library helpers they call.  Returns the findings left, or
 * -1 if a file could not be fixed. */
static int fix_set(struct drv *d, const struct bd_result *all, struct lib_plan *lib,
		   const char *tmp, struct buf *diff, int quiet, int *dropped)
{
	int i, n, left = 0, bad = 0;

	*dropped = 0;
	for (i = 0; i < d->nargs; i++) {
		struct fixer fx = { .d = d, .set = d->args, .nset = d->nargs, .lib = lib,
				    .quiet = quiet };

		n = fix_file(&fx, d->args[i], tmp, diff, all);
		if (n < 0)
			bad++;
		else
			left += n;
		if (n >= 0 && fx.conv_failed && lib_drop_calls(lib, &fx.s))
			*dropped = 1;
		if (n >= 0)
			fixer_free(&fx);
	}
	for (i = lib->nset; !quiet && i < lib->nsrc; i++)
		fix_header(&lib->srcs[i], lib, tmp, diff);
	return bad ? -1 : left;
}

int bd_drv_fix(struct drv *d)
{
	struct buf diff = { 0 };
	struct bd_result *all;
	struct lib_plan lib;
	char *tmp;
	int i, n, left = 0, bad = 0, dropped;
	FILE *out = stdout;

	if (!d->nargs) {
		fputs("bdops fix: no input files (usage: bdops fix FILES -- COMPILER FLAGS)\n", stderr);
		return EXIT_USAGE;
	}
	if (!d->frontend)
		d->frontend = "gcc";
	tmp = bd_drv_tmpdir("fix");
	if (!tmp)
		return EXIT_USAGE;
	buf_add(&diff, "", 0);
	{
		/* all files in one check, as "bdops check FILES" does: a finding
		 * may need another file (a put of a bdev the other file got) */
		struct fixer whole = { .d = d, .set = d->args, .nset = d->nargs };

		whole.s.path = d->args[0];
		all = collect(&whole, d->args[0]);
	}
	/* library helpers converted with their callers: plan quietly until
	 * no refused conversion calls one, then fix for real */
	lib_plan(&lib, d->args, d->nargs, all);
	for (i = 0; i < LIB_HELPERS + 1 && lib.n; i++) {
		fix_set(d, all, &lib, tmp, &diff, 1, &dropped);
		if (!dropped)
			break;
	}
	n = fix_set(d, all, &lib, tmp, &diff, 0, &dropped);
	if (n < 0)
		bad = 1;
	else
		left = n;
	lib_free(&lib);
	bd_result_free(all);
	bd_drv_rm_rf(tmp);
	free(tmp);
	if (d->o.output && strcmp(d->o.output, "-")) {
		out = fopen(d->o.output, "w");
		if (!out) {
			fprintf(stderr, "bdops fix: cannot write '%s': %s\n", d->o.output,
				strerror(errno));
			free(diff.s);
			return EXIT_USAGE;
		}
	}
	fwrite(diff.s, 1, diff.n, out);
	if (bd_drv_close_output(out, d->o.output)) {
		fputs("bdops fix: the diff was not written; nothing was fixed\n", stderr);
		bad = 1;
	} else if (fixed_lines.s) {
		fputs(fixed_lines.s, stderr);
	}
	free(fixed_lines.s);
	free(diff.s);
	return bad ? EXIT_USAGE : left ? EXIT_FINDINGS : EXIT_CLEAN;
}
