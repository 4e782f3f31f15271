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

/* A conditional's branches each start from the brackets open at its
 * #if, so "#if A / if (x) { / #else / if (y) { / #endif" leaves one '{'
 * open, matched by the '}' after it; the other branch's '{' stays
 * unmatched (match -1), and scans skip it. */
static void directive(const char *p, int *sp, int *cond, int *ncond)
{
	while (*p == '#' || *p == ' ' || *p == '\t')
		p++;
	if (!strncmp(p, "if", 2)) {
		if (*ncond < 64)
			cond[*ncond] = *sp;
		(*ncond)++;
	} else if ((!strncmp(p, "el", 2)) && *ncond > 0 && *ncond <= 64) {
		*sp = cond[*ncond - 1];
	} else if (!strncmp(p, "endif", 5) && *ncond > 0) {
		(*ncond)--;
	}
}

void src_tokenize(struct src *s)
{
	const char *p = s->text;
	int i = 0, line = 1, bol = 1, stack[256], sp = 0, cond[64], ncond = 0;

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
			directive(p + i, &sp, cond, &ncond);
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
	src_tokenize(s);
	return 0;
}

int is(const struct src *s, int i, const char *text)
{
	int n = strlen(text);

	return i >= 0 && i < s->n && s->t[i].end - s->t[i].start == n &&
	       !strncmp(s->text + s->t[i].start, text, n);
}

const struct bd_api *api_call_at(const struct src *s, int i, enum bd_api_role role)
{
	const struct bd_api *a;
	char *name;

	if (i < 0 || i + 1 >= s->n || s->t[i].kind != T_ID || !is(s, i + 1, "(") ||
	    (i > 0 && (is(s, i - 1, "->") || is(s, i - 1, "."))))
		return NULL;
	name = tok_str(s, i);
	a = bd_api_role(name, role);
	free(name);
	return a;
}

char *tok_str(const struct src *s, int i)
{
	int n;

	if (i < 0 || i >= s->n)
		return bd_xstrdup("");	/* no such token: a bug upstream, never a crash */
	n = s->t[i].end - s->t[i].start;
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
char *fix_apply_mask(struct fixer *fx, unsigned mask)
{
	struct buf b = { 0 };
	int pos = 0, i;

	if (fx->ne > 1)
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
			while (fx->ne > base)
				free(fx->e[--fx->ne].text);
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
			depth += s->t[i].match >= 0;
			continue;
		}
		if (is(s, i, "}")) {
			depth -= s->t[i].match >= 0;
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
		/* (a '{' unmatched in this branch of an #if has no body here) */
		if (want_body && is(s, j, "{") && s->t[j].match > j) {
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
		if (j == i) {
			i = j + 1;	/* an empty argument of a macro: nothing */
			continue;
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

static int param_is(const struct src *s, const struct param *p, const char *tag)
{
	return is(s, p->first, "struct") && is(s, p->first + 1, tag) && is(s, p->first + 2, "*") &&
	       p->last <= p->first + 3;
}

struct conv *conv_find(struct conv_set *cs, const char *name)
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

/* The write-ioctl flag's tests in the #define lines of text (floppy's
 * FD_IOCTL_ALLOWED): MODE & (FMODE_WRITE | FMODE_WRITE_IOCTL).  Calls
 * edit(at, len) for each. */
static void perm_defines(const char *t, const char *file,
			 void (*edit)(void *ctx, int at, int len), void *ctx)
{
	char pat[6][160];
	int k;

	snprintf(pat[0], sizeof(pat[0]), "%s && (%s->private_data)", file, file);
	snprintf(pat[1], sizeof(pat[1]), "%s && %s->private_data", file, file);
	snprintf(pat[2], sizeof(pat[2]), "(%s) && (%s)->private_data", file, file);
	snprintf(pat[3], sizeof(pat[3]), "%s && (%s)->private_data", file, file);
	snprintf(pat[4], sizeof(pat[4]), "%s->private_data", file);
	snprintf(pat[5], sizeof(pat[5]), "(%s)->private_data", file);
	for (const char *p = strstr(t, "#define"); p; p = strstr(p + 1, "#define")) {
		const char *eol = strchr(p, '\n'), *m = NULL;

		if (p != t && p[-1] != '\n')
			continue;
		for (k = 0; k < 6 && !m; k++)
			if ((m = strstr(p, pat[k])) && eol && m > eol)
				m = NULL;
		if (m)
			edit(ctx, m - t, strlen(pat[k - 1]));
	}
}

static void perm_edit(void *ctx, int at, int len)
{
	add_edit(ctx, at, at + len, "mode & (FMODE_WRITE | FMODE_WRITE_IOCTL)", G_CONV, NULL);
}

/* The same in the file's #define lines. */
static void perm_macros(struct fixer *fx, const char *file)
{
	perm_defines(fx->s.text, file, perm_edit, fx);
}

struct text_edit {
	struct buf *b;
	const char *mode;
	int shift;
};

static void perm_text_edit(void *ctx, int at, int len)
{
	struct text_edit *te = ctx;
	struct buf o = { 0 };

	buf_add(&o, te->b->s, at + te->shift);
	buf_printf(&o, "%s & (FMODE_WRITE | FMODE_WRITE_IOCTL)", te->mode);
	buf_puts(&o, te->b->s + at + te->shift + len);
	te->shift += o.n - te->b->n;
	free(te->b->s);
	*te->b = o;
}

/* ... and in the #define lines of a converted body (floppy defines
 * FD_IOCTL_ALLOWED inside fd_ioctl()). */
static void perm_body_macros(struct buf *body, const char *file, const char *mode)
{
	char *orig = bd_xstrdup(body->s);
	struct text_edit te = { body, mode, 0 };

	perm_defines(orig, file, perm_text_edit, &te);
	free(orig);
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
/* Drop the lines that became "struct block_device *bdev = bdev;". */
static void drop_self_inits(struct buf *b, const struct conv *c)
{
	char pats[3][80];
	struct buf o = { 0 };
	char *line = b->s, *nl;

	snprintf(pats[0], sizeof(pats[0]), "struct block_device *%s = %s;", c->bdev, c->bdev);
	snprintf(pats[1], sizeof(pats[1]), "struct gendisk *%s = %s;", c->disk, c->disk);
	snprintf(pats[2], sizeof(pats[2]), "fmode_t %s = %s;", c->mode, c->mode);
	buf_add(&o, "", 0);
	while (line && *line) {
		char *t = line;
		int drop = 0;

		nl = strchr(line, '\n');
		while (*t == ' ' || *t == '\t')
			t++;
		for (int k = 0; k < 3; k++) {
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

/* Is name free for a new parameter of c: no use in its body, other than
 * a local the conversion makes the parameter itself ("struct
 * block_device *NAME = INODE->i_bdev;" for the bdev)? */
static int name_free(const struct src *s, const struct conv *c, const char *name,
		     const char *const *self_type, const char *const *self_init)
{
	int self = 0, used = 0;

	for (int i = c->def.lparen; i < c->def.rbrace; i++) {
		int k;

		if (!name_is(s, i, name) || is(s, i - 1, "->") || is(s, i - 1, "."))
			continue;
		used = 1;
		for (k = 0; self_type && self_type[k]; k++)
			if (!is(s, i - 1 - k, self_type[k]))
				break;
		if (self_type && !self_type[k] && is(s, i + 1, "=") && name_is(s, i + 2, c->inode) &&
		    (k = seq(s, i + 3, self_init)) > 0 && is(s, k, ";"))
			self = 1;
	}
	return self || !used;
}

/* The new parameters' names: the usual ones unless the body uses them
 * (2.6.28 wrote 'struct gendisk *p' where 'disk' was taken). */
static const char *conv_names(const struct src *s, struct conv *c)
{
	static const char *const bdevs[] = { "bdev", "bd", "blkdev", NULL };
	static const char *const disks[] = { "disk", "gd", "p", NULL };
	static const char *const modes[] = { "mode", "fmode", "fm", NULL };
	static const char *const bdev_t[] = { "*", "block_device", "struct", NULL };
	static const char *const disk_t[] = { "*", "gendisk", "struct", NULL };
	static const char *const bdev_i[] = { "->", "i_bdev", NULL };
	static const char *const disk_i[] = { "->", "i_bdev", "->", "bd_disk", NULL };
	const char *const *v;

	for (v = bdevs; *v && !name_free(s, c, *v, bdev_t, bdev_i); v++)
		;
	if (!*v)
		return "its body uses every name the new bdev parameter could have";
	snprintf(c->bdev, sizeof(c->bdev), "%s", *v);
	for (v = disks; *v && !name_free(s, c, *v, c->kind == K_RELEASE ? disk_t : NULL, disk_i);
	     v++)
		;
	if (!*v)
		return "its body uses every name the new gendisk parameter could have";
	snprintf(c->disk, sizeof(c->disk), "%s", *v);
	for (v = modes; *v && !name_free(s, c, *v, NULL, NULL); v++)
		;
	if (!*v)
		return "its body uses every name the new mode parameter could have";
	snprintf(c->mode, sizeof(c->mode), "%s", *v);
	return NULL;
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
	/* (C23 and gnu2x allow a definition's parameter without a name) */
	for (i = 0; i < c->np; i++)
		if (c->p[i].name < 0 && strcmp(c->p[i].type, "void"))
			return "a parameter has no name";
	if (c->kind == K_LIB) {
		c->pi = c->pf = -1;
		for (i = 0; i < c->np; i++) {
			if (param_is(s, &c->p[i], "inode") && c->pi < 0 && c->p[i].name >= 0)
				c->pi = i;
			else if (param_is(s, &c->p[i], "file") && c->pf < 0 && c->p[i].name >= 0)
				c->pf = i;
		}
		if (c->pi < 0 && c->pf < 0)
			return "it takes neither a struct inode nor a struct file";
		c->inode = c->pi >= 0 ? tok_str(s, c->p[c->pi].name) : NULL;
		c->file = c->pf >= 0 ? tok_str(s, c->p[c->pf].name) : NULL;
		{
			int a, b;

			lib_shape(fx->lib, c->func, &a, &b, &c->pair);
		}
		c->old_shape = 3;
		return conv_names(s, c);
	}
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
	if (!c->old_shape) {
		/* the new form already: its own names */
		char *b = tok_str(s, c->p[0].name), *m = tok_str(s, c->p[1].name);

		snprintf(c->bdev, sizeof(c->bdev), "%s", b);
		snprintf(c->disk, sizeof(c->disk), "%s", b);
		snprintf(c->mode, sizeof(c->mode), "%s", m);
		free(b);
		free(m);
		return NULL;
	}
	return conv_names(s, c);
}

/* The parameters of a library function: the inode's place takes (BDEV,
 * MODE) - BDEV alone if it had no file - and a file alone becomes MODE. */

void lib_param_list(struct buf *b, const struct src *s, const struct param *p, int np,
		    const struct conv *c)
{
	int pi = -1, pf = -1;

	for (int i = 0; i < np; i++) {
		if (param_is(s, &p[i], "inode") && pi < 0)
			pi = i;
		else if (param_is(s, &p[i], "file") && pf < 0)
			pf = i;
	}
	buf_add(b, "", 0);
	for (int i = 0; i < np; i++) {
		if (i == pf && pi >= 0)
			continue;
		if (b->n)
			buf_puts(b, ", ");
		if (i == pf && c->pair)
			buf_printf(b, "struct block_device *%s, fmode_t %s", c->bdev, c->mode);
		else if (i == pi)
			buf_printf(b, "struct block_device *%s%s%s", c->bdev, pf >= 0 ? ", fmode_t " : "",
				   pf >= 0 ? c->mode : "");
		else if (i == pf)
			buf_printf(b, "fmode_t %s", c->mode);
		else
			buf_add(b, s->text + s->t[p[i].first].start,
				s->t[p[i].last].end - s->t[p[i].first].start);
	}
}

void lib_decl_edit(struct fixer *fx, const struct func *decl, const struct conv *c)
{
	struct param p[8];
	struct buf b = { 0 };
	int np = parse_params(&fx->s, decl->lparen, decl->rparen, p, 8);

	lib_param_list(&b, &fx->s, p, np, c);
	add_edit(fx, fx->s.t[decl->lparen].start + 1, fx->s.t[decl->rparen].start, b.s, G_CONV,
		 NULL);
	free(b.s);
	for (int i = 0; i < np; i++) {
		free(p[i].type);
		free(p[i].attr);
	}
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
	if (c->kind == K_LIB) {
		lib_param_list(b, s, c->p, c->np, c);
		return;
	}
	buf_printf(b, "%s%s%s%s, fmode_t %s%s%s",
		   c->kind == K_RELEASE ? "struct gendisk *" : "struct block_device *",
		   c->kind == K_RELEASE ? c->disk : c->bdev,
		   *oattr ? " " : "", oattr, c->mode, *fattr ? " " : "", fattr);
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

/* Do the file's headers define __always_unused (2.6.27's do not)?  The
 * compiler's own answer: its macros after preprocessing the file. */
static int has_always_unused(struct fixer *fx)
{
	/* asked once per file, whatever the planning rounds */
	static char *known[64];
	static int answer[64], nknown;
	const char *cc = getenv("BDOPS_GCC");
	char **argv;
	struct buf out = { 0 };
	int n = 0, ok;

	for (int k = 0; k < nknown; k++)
		if (!strcmp(known[k], fx->s.path))
			return answer[k];
	argv = bd_xcalloc(fx->d->nflags + 8, sizeof(*argv));

	argv[n++] = (char *)(cc && *cc ? cc : "gcc");
	for (int i = 0; i < fx->d->nflags; i++)
		argv[n++] = fx->d->flags[i];
	argv[n++] = "-w";
	argv[n++] = "-E";
	argv[n++] = "-dM";
	argv[n++] = (char *)fx->s.path;
	ok = bd_drv_run(argv, NULL, 0, &out, 1) == 0 && out.s &&
	     strstr(out.s, "#define __always_unused ");
	free(out.s);
	free(argv);
	if (nknown < 64) {
		known[nknown] = bd_xstrdup(fx->s.path);
		answer[nknown++] = ok;
	}
	return ok;
}

/* A new parameter is __always_unused exactly when the new body does not
 * use it, whatever the old one it replaces was (where the headers have
 * it; else the parameter stays unmarked, as 2.6.28 wrote it). */
static void set_unused(struct param *p, int unused, int attr)
{
	if (unused && !*p->attr && attr) {
		free(p->attr);
		p->attr = bd_xstrdup("__always_unused");
	} else if (!unused && !strcmp(p->attr, "__always_unused")) {
		p->attr[0] = 0;
	}
}

/* An old parameter the body reuses as a local stays one: declared first
 * in the body, as 2.6.28's nbd_ioctl() did with its 'struct file *file'. */
static void reused_locals(struct buf *b, const struct conv *c)
{
	struct buf o = { 0 };
	char *nl = strchr(b->s, '\n');

	if ((!c->local_file && !c->local_inode) || !nl)
		return;
	buf_add(&o, b->s, nl + 1 - b->s);
	if (c->local_inode)
		buf_printf(&o, "\tstruct inode *%s;\n", c->inode);
	if (c->local_file)
		buf_printf(&o, "\tstruct file *%s;\n", c->file);
	buf_puts(&o, nl + 1);
	free(b->s);
	*b = o;
}

/* The conversion of c as edits: return type, parameters, body, wrapper. */
static const char *conv_edits(struct fixer *fx, struct conv *c, struct conv_set *cs)
{
	struct src *s = &fx->s;
	struct buf params = { 0 }, body = { 0 };
	const char *why;
	int i, ret_long = -1;

	for (i = c->def.spec; i < c->def.name && c->kind != K_LIB; i++) {
		if (is(s, i, "long"))
			ret_long = i;
		else if (!is(s, i, "static") && !is(s, i, "int") && !is(s, i, "inline") &&
			 !is(s, i, "__init") && !is(s, i, "__exit"))
			return "its return type is not int or long";
	}
	if (cs->pd == PD_PERM && strcmp(c->mode, "mode"))
		return "its body uses 'mode', which the file's write-permission macros would need";
	if (c->old_shape) {
		why = rewrite_body(s, c, cs, c->def.lbrace, c->def.rbrace + 1, &body);
		if (why) {
			free(body.s);
			return why;
		}
		if (!fx->unused_attr)
			fx->unused_attr = has_always_unused(fx) ? 1 : 2;
		drop_self_inits(&body, c);
		if (cs->pd == PD_PERM && c->file)
			perm_body_macros(&body, c->file, c->mode);
		reused_locals(&body, c);
		/* -Wunused-parameter as the old parameters had it */
		if (c->old_shape == 2)
			set_unused(&c->p[0], !uses_id(body.s, conv_obj(c)), fx->unused_attr == 1);
		if (c->old_shape <= 2)
			set_unused(&c->p[c->old_shape - 1], !uses_id(body.s, c->mode) &&
				   !(cs->pd == PD_PERM && flag_macro_used(s, body.s)),
				   fx->unused_attr == 1);
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
			   "\tret = __%s(%s, %s, %s, %s);\n\tunlock_kernel();\n\treturn ret;\n}",
			   c->func, conv_obj(c), c->mode, cmd, arg);
		add_edit(fx, s->t[c->def.rbrace].end, s->t[c->def.rbrace].end, w.s, 0, NULL);
		free(w.s);
		free(cmd);
		free(arg);
	}
	/* forward declarations */
	struct func decl[4];
	int nd = find_funcs(s, c->func, decl, 4, 0);

	free(c->params);
	c->params = bd_xstrdup(params.s);

	for (i = 0; i < nd; i++) {
		if (c->kind == K_LIB) {
			lib_decl_edit(fx, &decl[i], c);
			continue;
		}
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
	int i, need_bkl = 0, base = fx->ne, nmethods;

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
	nmethods = cs->n;
	/* the library functions of the set defined here convert with them */
	for (i = 0; fx->lib && i < fx->lib->n && cs->n < 32; i++) {
		const struct lib_helper *h = &fx->lib->h[i];
		struct func def;

		if (h->dropped || strcmp(fx->lib->srcs[h->src].path, fx->s.path) ||
		    !func_at(&fx->s, h->func, &def) || conv_find(cs, h->func))
			continue;
		cs->v[cs->n++] = (struct conv){ .func = bd_xstrdup(h->func), .kind = K_LIB };
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
		if (!why && cs->v[i].member)
			why = member_edit(fx, &cs->v[i]);
		need_bkl |= cs->v[i].bkl;
	}
	if (why) {
		char msg[512];

		fx->conv_failed = 1;
		for (i = base; i < fx->ne; i++)
			fx->e[i].dropped = 1;
		char other[256];

		snprintf(msg, sizeof(msg), "%s'%s' cannot be converted mechanically: %s",
			 bad->kind == K_LIB ? "library function " : "", bad->func, why);
		snprintf(other, sizeof(other), "not converted because %s'%s' cannot be",
			 bad->kind == K_LIB ? "library function " : "", bad->func);
		if (fx->lib)
			lib_refuse(fx->lib, &fx->s, msg);
		for (i = 0; i < cs->n; i++)
			if (cs->v[i].f)
				left_alone(fx, cs->v[i].f, &cs->v[i] == bad ? msg : other);
		if (bad->kind == K_LIB && !fx->quiet && !bd_fix_probe)
			fprintf(stderr, "bdops fix: %s: %s\n", fx->s.path, msg);
	} else {
		if (need_bkl)
			add_include(fx);
		fx->nfixed += nmethods;
		/* their declarations in the set's headers change too */
		for (i = 0; i < nmethods && fx->lib && !fx->quiet && fx->lib->nm < 64; i++)
			if (cs->v[i].params && cs->v[i].old_shape) {
				fx->lib->m[fx->lib->nm].func = bd_xstrdup(cs->v[i].func);
				fx->lib->m[fx->lib->nm++].params = bd_xstrdup(cs->v[i].params);
			}
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
		free(cs->v[i].params);
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
	if (f->function && !fx->conv_failed && conversion_done(fx) &&
	    lib_shape(fx->lib, f->function, &i, &i, &i)) {
		fx->nfixed++;	/* a library function converted with its callers */
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

		ok = api_call_at(s, i, BD_API_PUT) != NULL;
		if (!ok || s->t[i].line != f->loc.line)
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
			free(fx->e[fx->ne - 1].text);
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
	if (fx->d->nflags)
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

	text = fix_apply_mask(fx, mask);
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
void fix_emit_diff(const char *path, const char *text, size_t n, const char *out,
		      const char *tmp, struct buf *diff)
{
	char orig[PATH_MAX * 2], fixed[PATH_MAX * 2], label[2][PATH_MAX * 4 + 8];
	const char *rel = path;

	if (!strcmp(out, text))
		return;
	if (!strncmp(rel, "./", 2))
		rel += 2;
	snprintf(orig, sizeof(orig), "%s/orig", tmp);
	snprintf(fixed, sizeof(fixed), "%s/fixed", tmp);
	bd_drv_write_file(orig, text, n);
	bd_drv_write_file(fixed, out, strlen(out));
	bd_drv_diff_label(label[0], sizeof(label[0]), rel[0] == '/' ? "" : "a/", rel);
	bd_drv_diff_label(label[1], sizeof(label[1]), rel[0] == '/' ? "" : "b/", rel);
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
		else if (f->check == BD_CHECK_BDEV_RELEASE)
			left_alone(fx, f, "which release to drop or move is the code's choice; "
				   "see the finding's fix hint");
	}
	verify_puts(fx, tmp);
	claim_fallbacks(fx, tmp);
	keep_modes(fx, tmp);
	out = fix_apply_mask(fx, ~0u);
	if (!fx->quiet) {
		fix_emit_diff(path, fx->s.text, fx->s.len, out, tmp, diff);
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
	for (int k = 0; k < lib->nm; k++) {
		struct func decl[4];
		int nd = find_funcs(&fx.s, lib->m[k].func, decl, 4, 0);

		for (int i = 0; i < nd; i++) {
			add_edit(&fx, fx.s.t[decl[i].lparen].start + 1, fx.s.t[decl[i].rparen].start,
				 lib->m[k].params, G_CONV, NULL);
			for (int j = decl[i].spec; j < decl[i].name; j++)
				if (is(&fx.s, j, "long"))
					add_edit(&fx, fx.s.t[j].start, fx.s.t[j].end, "int", G_CONV, NULL);
		}
	}
	out = fix_apply_mask(&fx, ~0u);
	fix_emit_diff(h->path, h->text, h->len, out, tmp, diff);
	free(out);
	edits_free(&fx);
}

/* One pass over the set; quiet: only find whose conversions are refused
 * and drop the library helpers they call.  Returns the findings left, or
 * -1 if a file could not be fixed. */
static int fix_set(struct drv *d, const struct bd_result *all, struct lib_plan *lib,
		   const char *tmp, struct buf *diff, int quiet, int *dropped)
{
	int i, n, left = 0, bad = 0, k, before = 0, after = 0;

	for (k = 0; k < lib->n; k++)
		before += lib->h[k].dropped;
	for (i = 0; i < d->nargs; i++) {
		struct fixer fx = { .d = d, .set = d->args, .nset = d->nargs, .lib = lib,
				    .quiet = quiet };

		n = fix_file(&fx, d->args[i], tmp, diff, all);
		if (n < 0)
			bad++;
		else
			left += n;
		if (n >= 0 && fx.conv_failed)
			lib_refuse(lib, &fx.s, "its file is not converted");
		if (n >= 0)
			fixer_free(&fx);
	}
	for (i = lib->nset; !quiet && i < lib->nsrc; i++)
		fix_header(&lib->srcs[i], lib, tmp, diff);
	lib_settle(lib);
	for (k = 0; k < lib->n; k++)
		after += lib->h[k].dropped;
	*dropped = after != before;
	return bad ? -1 : left;
}

static int fix_files(struct drv *d, char *const *hdrs, int nhdrs, struct buf *diff);

int bd_fix_probe;
struct buf *bd_fix_libs;

/* One run over d->args (a .h among them is a library's header: edited,
 * not checked): the diff into *diff, what it says into *lines. */
int bd_fix_run(struct drv *d, struct buf *diff, struct buf *lines)
{
	char **hdrs, **args = d->args;
	int i, n, nhdrs = 0, nargs = d->nargs;

	hdrs = bd_xcalloc(d->nargs + 1, sizeof(*hdrs));
	d->args = bd_xcalloc(d->nargs + 1, sizeof(*d->args));
	d->nargs = 0;
	for (i = 0; i < nargs; i++) {
		size_t len = strlen(args[i]);

		if (len > 2 && !strcmp(args[i] + len - 2, ".h"))
			hdrs[nhdrs++] = args[i];
		else
			d->args[d->nargs++] = args[i];
	}
	n = fix_files(d, hdrs, nhdrs, diff);
	free(d->args);
	free(hdrs);
	d->args = args;
	d->nargs = nargs;
	*lines = fixed_lines;
	memset(&fixed_lines, 0, sizeof(fixed_lines));
	return n;
}

int bd_fix_emit(struct drv *d, struct buf *diff, struct buf *lines, int status)
{
	FILE *out = stdout;

	if (d->o.output && strcmp(d->o.output, "-")) {
		out = fopen(d->o.output, "w");
		if (!out) {
			fprintf(stderr, "bdops fix: cannot write '%s': %s\n", d->o.output,
				strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (diff->n)
		fwrite(diff->s, 1, diff->n, out);
	if (bd_drv_close_output(out, d->o.output)) {
		fputs("bdops fix: the diff was not written; nothing was fixed\n", stderr);
		return EXIT_USAGE;
	}
	if (lines->s)
		fputs(lines->s, stderr);
	return status;
}

int bd_drv_fix(struct drv *d)
{
	struct buf diff = { 0 }, lines = { 0 };
	int n;

	if (d->to_era)
		return bd_fix_era(d);
	if (d->build_dir)
		return bd_fix_ccdb(d);
	n = bd_fix_run(d, &diff, &lines);
	if (n != EXIT_USAGE)
		bd_fix_name_definers(d, &lines);
	n = bd_fix_emit(d, &diff, &lines, n);
	free(diff.s);
	free(lines.s);
	return n;
}

static int fix_files(struct drv *d, char *const *hdrs, int nhdrs, struct buf *diff)
{
	struct bd_result *all;
	struct lib_plan lib;
	char *tmp;
	int i, n, left = 0, bad = 0, dropped;

	if (!d->nargs) {
		fputs("bdops fix: no input files (usage: bdops fix FILES -- COMPILER FLAGS)\n", stderr);
		return EXIT_USAGE;
	}
	if (!d->frontend)
		d->frontend = "gcc";
	tmp = bd_drv_tmpdir("fix");
	if (!tmp)
		return EXIT_USAGE;
	buf_add(diff, "", 0);
	{
		/* all files in one check, as "bdops check FILES" does: a finding
		 * may need another file (a put of a bdev the other file got) */
		struct fixer whole = { .d = d, .set = d->args, .nset = d->nargs };

		whole.s.path = d->args[0];
		all = collect(&whole, d->args[0]);
	}
	/* library helpers converted with their callers: plan quietly until
	 * no refused conversion calls one, then fix for real */
	lib_plan(&lib, d->args, d->nargs, hdrs, nhdrs, all);
	for (i = 0; i < LIB_HELPERS + 1 && lib.n; i++) {
		fix_set(d, all, &lib, tmp, diff, 1, &dropped);
		if (!dropped)
			break;
	}
	n = fix_set(d, all, &lib, tmp, diff, 0, &dropped);
	if (!bd_fix_probe)
		lib_outside_callers(&lib);
	for (i = 0; bd_fix_libs && i < lib.n; i++)
		if (!lib.h[i].dropped)
			buf_printf(bd_fix_libs, "%s\t%s\n", lib.h[i].func,
				   lib.srcs[lib.h[i].src].path);
	if (n < 0)
		bad = 1;
	else
		left = n;
	lib_free(&lib);
	bd_result_free(all);
	bd_drv_rm_rf(tmp);
	free(tmp);
	return bad ? EXIT_USAGE : left ? EXIT_FINDINGS : EXIT_CLEAN;
}
