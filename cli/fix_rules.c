// SPDX-License-Identifier: GPL-2.0
/*
 * fix_rules.c - the rewrite rules of the 2.6.28 conversion, applied to
 * every use of the old parameters in the body of a converted function
 * (a block method, or a library function converted with its callers).
 *
 * The rules are the table rules[] below, tried in order at each token of
 * the body; each matches a shape at the token, appends its replacement
 * and says how far it went.  docs/workflows/fix.md lists them (rule,
 * before, after).  A use of the old inode or file that no rule takes is
 * the conversion's refusal, with its line; a use handed to a function of
 * another file is named as the library function that blocks it.  BDEV,
 * DISK and MODE are the new parameters' names (conv_names() in fix.c
 * picks names the body does not use).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fix.h"

struct rw {
	const struct src *s;
	struct conv *c;
	struct conv_set *cs;
	struct buf *out;
	int pos;		/* text copied up to here */
	int from, to;
	char *alias[8];		/* locals holding the inode */
	int nalias;
	char *flags[8];		/* locals holding f_flags for O_NDELAY tests */
	int nflags;
	char *fptrs[8];		/* pointers into the file, only written */
	int nfp;
	int drop_tok;		/* a later token to leave out, or -1 */
	struct {		/* later tokens [first, last] to replace */
		int first, last, resume;	/* resume: byte to copy on from */
		char text[96];
	} pend[8];
	int npend;
	const char *why;
	char whybuf[320];
};

static const char *const f_inode1[] = { "->", "f_path", ".", "dentry", "->", "d_inode", NULL };
static const char *const f_inode2[] = { "->", "f_dentry", "->", "d_inode", NULL };
static const char *const i_bdev_disk[] = { "->", "i_bdev", "->", "bd_disk", NULL };
static const char *const i_bdev[] = { "->", "i_bdev", NULL };

/* The object the new method has: the gendisk in release, else the bdev. */
const char *conv_obj(const struct conv *c)
{
	return c->kind == K_RELEASE ? c->disk : c->bdev;
}

/* Copy the text from pos up to byte at.  Nothing when a dropped span has
 * passed at already: text is never copied twice, and a length is never
 * negative (which, as a size, would ask for all of memory). */
static void copy_to(const struct src *s, struct buf *out, int pos, int at)
{
	if (at > pos)
		buf_add(out, s->text + pos, at - pos);
}

/* Append out's text up to token i and rep; continue after token last. */
static int put(struct rw *w, int i, int last, const char *rep)
{
	copy_to(w->s, w->out, w->pos, w->s->t[i].start);
	buf_puts(w->out, rep);
	w->pos = w->s->t[last].end;
	return last;
}

static int putf(struct rw *w, int i, int last, const char *fmt, const char *a, const char *b)
{
	char rep[128];

	snprintf(rep, sizeof(rep), fmt, a, b);
	return put(w, i, last, rep);
}

static int refuse(struct rw *w, const char *fmt, const char *a, int line)
{
	snprintf(w->whybuf, sizeof(w->whybuf), fmt, a, line);
	w->why = w->whybuf;
	return -1;
}

static int is_inode(const struct rw *w, int i)
{
	if (name_is(w->s, i, w->c->inode))
		return 1;
	for (int a = 0; a < w->nalias; a++)
		if (name_is(w->s, i, w->alias[a]))
			return 1;
	return 0;
}

static int bare(const struct src *s, int i)
{
	return !is(s, i - 1, "->") && !is(s, i - 1, ".");
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Does the statement [first, last] have its lines to itself: nothing
 * but blanks before it on its first line (and none of that line copied
 * yet), nothing but blanks or a comment closed on that line after it? */
static int own_lines(const struct src *s, int pos, int first, int last)
{
	int j = s->t[first].start, k = s->t[last].end;
	const char *t = s->text;

	while (j > pos && blank(t[j - 1]))
		j--;
	if (j > 0 && t[j - 1] != '\n')
		return 0;
	while (k < s->len && blank(t[k]))
		k++;
	if (k + 1 < s->len && t[k] == '/' && t[k + 1] == '*') {
		for (k += 2; k + 1 < s->len && t[k] != '\n' && !(t[k] == '*' && t[k + 1] == '/'); k++)
			;
		if (k + 1 >= s->len || t[k] == '\n')
			return 0;	/* the comment goes on: keep the line */
		for (k += 2; k < s->len && blank(t[k]); k++)
			;
	} else if (k + 1 < s->len && t[k] == '/' && t[k + 1] == '/') {
		return 1;
	}
	return k >= s->len || t[k] == '\n';
}

/* A statement that shares its line with other code: only its tokens go,
 * with the blanks after them. */
static int drop_tokens(const struct src *s, struct buf *out, int pos, int first, int last)
{
	copy_to(s, out, pos, s->t[first].start);
	pos = s->t[last].end;
	while (pos < s->len && blank(s->text[pos]))
		pos++;
	return pos;
}

/* Copy text up to the line of token first and skip that line through
 * token last (and a blank line that then follows the opening brace); a
 * statement without lines of its own loses only its tokens. */
static int drop_line(const struct src *s, struct buf *out, int pos, int first, int last)
{
	int j = s->t[first].start;

	if (!own_lines(s, pos, first, last))
		return drop_tokens(s, out, pos, first, last);
	while (j > 0 && s->text[j - 1] != '\n')
		j--;
	copy_to(s, out, pos, j);
	pos = s->t[last].end;
	while (pos < s->len && s->text[pos] != '\n')
		pos++;
	pos++;
	if (pos < s->len && s->text[pos] == '\n' && out->n >= 2 &&
	    !strcmp(out->s + out->n - 2, "{\n"))
		pos++;
	return pos;
}

/* drop_line() for a statement, with the comment block right above it
 * and one of the blank lines around it. */
static int drop_stmt(const struct src *s, struct buf *out, int pos, int first, int last)
{
	int j = s->t[first].start, k;

	if (!own_lines(s, pos, first, last))
		return drop_tokens(s, out, pos, first, last);
	while (j > 0 && s->text[j - 1] != '\n')
		j--;
	copy_to(s, out, pos, j);
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

static int semicolon_after(const struct src *s, int i)
{
	while (i < s->n && !is(s, i, ";"))
		i++;
	return i;
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

/* ---- the rules: each returns the last token it used, or 0 ---- */

/* inode-alias: "struct inode *V = F->f_path.dentry->d_inode;" goes, V is
 * the inode. */
static int r_inode_alias(struct rw *w, int i)
{
	const struct src *s = w->s;
	int k;

	if (!w->c->file || !is(s, i, "struct") || !is(s, i + 1, "inode") || !is(s, i + 2, "*") ||
	    s->t[i + 3].kind != T_ID || !is(s, i + 4, "=") || !name_is(s, i + 5, w->c->file) ||
	    !(((k = seq(s, i + 6, f_inode1)) > 0 || (k = seq(s, i + 6, f_inode2)) > 0) &&
	      is(s, k, ";")) || w->nalias == 8)
		return 0;
	w->alias[w->nalias++] = tok_str(s, i + 3);
	w->pos = drop_line(s, w->out, w->pos, i, k);
	return k;
}

/* private-data: open()'s copy of the disk's private_data into the file
 * goes; the other methods read it from the bdev or the disk. */
static int r_private_data(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct conv *c = w->c;
	int k;

	if (w->cs->pd != PD_DISK || !c->file)
		return 0;
	if (c->kind == K_OPEN &&
	    ((k = file_alias_at(s, i, c->file)) >= 0 ||
	     ((name_is(s, i, c->file) || name_is(s, i, w->cs->pd_alias)) &&
	      is(s, i + 1, "->") && is(s, i + 2, "private_data") && is(s, i + 3, "=")))) {
		k = semicolon_after(s, i);
		w->pos = drop_line(s, w->out, w->pos, i, k);
		return k;
	}
	if (c->kind != K_OPEN && c->kind != K_LIB && name_is(s, i, c->file) &&
	    is(s, i + 1, "->") && is(s, i + 2, "private_data") && !is(s, i + 3, "="))
		return putf(w, i, i + 2, c->kind == K_RELEASE ? "%s->private_data" :
			    "%s->bd_disk->private_data", conv_obj(c), NULL);
	return 0;
}

/* write-ioctl-flag: floppy's write permission kept in private_data: the
 * stores in open() go, the tests use MODE & (FMODE_WRITE |
 * FMODE_WRITE_IOCTL). */
static int r_perm_flag(struct rw *w, int i)
{
	static const char *const pd[] = { "->", "private_data", NULL };
	const struct src *s = w->s;
	struct conv *c = w->c;
	char rep[96];
	int k, e;

	if (w->cs->pd != PD_PERM || !c->file)
		return 0;
	if (c->kind == K_OPEN) {
		k = is(s, i, "if") && is(s, i + 1, "(") ? s->t[i + 1].match + 1 : i;
		if ((name_is(s, k, c->file) || name_is(s, k, w->cs->pd_alias)) &&
		    seq(s, k + 1, pd) > 0 && is(s, k + 3, "=") &&
		    (k == i || perm_if(s, k, c->file) == i)) {
			e = semicolon_after(s, k);
			w->pos = drop_stmt(s, w->out, w->pos, i, e);
			return e;
		}
		if (s->t[i].kind == T_ID && is(s, i + 1, "(") && name_is(s, i + 2, c->file) &&
		    is(s, s->t[i + 1].match + 1, ";") &&
		    (is(s, i - 1, ";") || is(s, i - 1, "{") || is(s, i - 1, "}"))) {
			char *h = tok_str(s, i);

			k = perm_helper(s, h) && !want_helper(w->cs, h, 0, 1);
			free(h);
			if (!k)
				return 0;
			e = s->t[i + 1].match + 1;
			w->pos = drop_stmt(s, w->out, w->pos, i, e);
			return e;
		}
		return 0;
	}
	/* FILE && FILE->private_data, FILE->private_data */
	k = i;
	if (name_is(s, i, c->file) && is(s, i + 1, "&&") && name_is(s, i + 2, c->file))
		k = i + 2;
	if (!name_is(s, k, c->file) || seq(s, k + 1, pd) < 0 || is(s, k + 3, "="))
		return 0;
	snprintf(rep, sizeof(rep), is(s, i - 1, "(") && is(s, k + 3, ")") ?
		 "%s & (FMODE_WRITE | FMODE_WRITE_IOCTL)" :
		 "(%s & (FMODE_WRITE | FMODE_WRITE_IOCTL))", c->mode);
	return put(w, i, k + 2, rep);
}

/* helper-flags: f_flags handed to a helper for its O_NDELAY test: MODE
 * instead (fix_helpers.c changes the helper). */
static int r_helper_flags(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct conv *c = w->c;
	char *callee;
	int lp, argno, ok;

	if (!c->file)
		return 0;
	if (s->t[i].kind == T_ID && is(s, i + 1, "(") && name_is(s, i + 2, c->file) &&
	    is(s, i + 3, ")") && is(s, i + 4, "&") &&
	    (is(s, i + 5, "O_NDELAY") || is(s, i + 5, "O_NONBLOCK"))) {
		/* GETTER(file) & O_NDELAY */
		callee = tok_str(s, i);
		ok = flags_getter(s, callee) && !want_helper(w->cs, callee, 0, 1);
		free(callee);
		return ok ? putf(w, i, i + 5, "%s & FMODE_NDELAY", c->mode, NULL) : 0;
	}
	if (name_is(s, i, c->file) && is(s, i + 1, "->") && is(s, i + 2, "f_flags") &&
	    (is(s, i - 1, "(") || is(s, i - 1, ",")) &&
	    (is(s, i + 3, ",") || is(s, i + 3, ")")) &&
	    (lp = enclosing_call(s, i, &argno)) > 0) {
		/* helper(..., file->f_flags, ...) */
		callee = tok_str(s, lp - 1);
		ok = !conv_find(w->cs, callee) && flags_param_helper(s, callee, argno) &&
		     !want_helper(w->cs, callee, argno, 0);
		free(callee);
		return ok ? put(w, i, i + 2, c->mode) : 0;
	}
	return 0;
}

/* file-write: a statement that only writes the file, or its pointer into
 * the file (fix_writes.c): the fmode_t method has no file. */
static int r_file_write(struct rw *w, int i)
{
	int k;

	if (!w->c->file)
		return 0;
	if ((k = file_ptr_decl(w->s, i, w->c->file, w->fptrs, w->nfp)) <= 0 &&
	    (k = file_write_stmt(w->s, i, w->c->file, w->fptrs, w->nfp)) <= 0)
		return 0;
	if (w->cs->nw < 16) {
		w->cs->wl[w->cs->nw][0] = w->s->t[i].line;
		w->cs->wl[w->cs->nw++][1] = w->s->t[k].line;
	}
	w->pos = drop_stmt(w->s, w->out, w->pos, i, k);
	return k;
}

/* flags-local: "[unsigned] int|long L = F->f_flags;" (or
 * "F ? F->f_flags : 0") kept for O_NDELAY tests goes; "L & O_NDELAY"
 * becomes "MODE & FMODE_NDELAY". */
static int r_flags_local(struct rw *w, int i)
{
	static const char *const ff[] = { "->", "f_flags", NULL };
	const struct src *s = w->s;
	int k = i, l;

	for (int a = 0; a < w->nflags; a++) {
		if (!name_is(s, i, w->flags[a]) || !bare(s, i))
			continue;
		if (!is(s, i + 1, "&") || !(is(s, i + 2, "O_NDELAY") || is(s, i + 2, "O_NONBLOCK")))
			return refuse(w, "'%s' keeps f_flags for more than an O_NDELAY test (line %d)",
				      w->flags[a], s->t[i].line);
		return putf(w, i, i + 2, "%s & FMODE_NDELAY", w->c->mode, NULL);
	}
	if (!w->c->file || !(is(s, i - 1, ";") || is(s, i - 1, "{")))
		return 0;
	while (is(s, k, "unsigned") || is(s, k, "int") || is(s, k, "long"))
		k++;
	if (k == i || s->t[k].kind != T_ID || !is(s, k + 1, "="))
		return 0;
	l = k + 2;
	if (name_is(s, l, w->c->file) && is(s, l + 1, "?"))
		l += 2;
	if (!name_is(s, l, w->c->file) || (l = seq(s, l + 1, ff)) < 0)
		return 0;
	if (is(s, l, ":") && is(s, l + 1, "0"))
		l += 2;
	if (!is(s, l, ";") || w->nflags == 8)
		return 0;
	w->flags[w->nflags++] = tok_str(s, k);
	w->pos = drop_line(s, w->out, w->pos, i, l);
	return l;
}

/* void-param: "(void)inode;" / "(void)file;" goes with the parameter. */
static int r_void_param(struct rw *w, int i)
{
	const struct src *s = w->s;

	if (!is(s, i, "(") || !is(s, i + 1, "void") || !is(s, i + 2, ")") ||
	    !(is_inode(w, i + 3) || name_is(s, i + 3, w->c->file)) || !is(s, i + 4, ";") ||
	    !(is(s, i - 1, ";") || is(s, i - 1, "{") || is(s, i - 1, "}")))
		return 0;
	w->pos = drop_stmt(s, w->out, w->pos, i, i + 4);
	return i + 4;
}

/* The callee a use at token i is handed to as a whole argument, if any:
 * its name, or "" for a call through a pointer. */
static char *callee_of(const struct src *s, int i, int last)
{
	int argno, lp;

	if (!(is(s, i - 1, "(") || is(s, i - 1, ",")) ||
	    !(is(s, last + 1, ",") || is(s, last + 1, ")")) ||
	    (lp = enclosing_call(s, i, &argno)) < 0)
		return NULL;
	if (is(s, lp - 2, "->") || is(s, lp - 2, ".") || is(s, lp - 1, ")"))
		return bd_xstrdup("");
	return tok_str(s, lp - 1);
}

/* i-bdev: INODE->i_bdev->bd_disk -> BDEV->bd_disk (DISK in release);
 * INODE->i_bdev -> BDEV (release has no bdev: refused, naming where it
 * goes, as loop's release handing it to loop_clr_fd()). */
static int r_i_bdev(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct conv *c = w->c;
	int k;

	if (!is_inode(w, i) || !bare(s, i))
		return 0;
	if ((k = seq(s, i + 1, i_bdev_disk)) > 0)
		return c->kind == K_RELEASE ? put(w, i, k - 1, c->disk) :
		       putf(w, i, k - 1, "%s->bd_disk", c->bdev, NULL);
	if ((k = seq(s, i + 1, i_bdev)) < 0)
		return 0;
	if (c->kind == K_RELEASE) {
		char *callee = callee_of(s, i, k - 1);
		int r;

		if (callee && *callee)
			r = refuse(w, "release hands inode->i_bdev to '%s' (line %d), and the "
				   "fmode_t release has only the gendisk: the callee changes by "
				   "hand, as 2.6.28's loop_clr_fd() did", callee, s->t[i].line);
		else
			r = refuse(w, "release uses inode->i_bdev%s (line %d), and the fmode_t "
				   "release has only the gendisk", "", s->t[i].line);
		free(callee);
		return r;
	}
	return put(w, i, k - 1, c->bdev);
}

/* file-i-bdev: F->f_path.dentry->d_inode->i_bdev -> BDEV. */
static int r_file_i_bdev(struct rw *w, int i)
{
	const struct src *s = w->s;
	int k, j;

	if (!name_is(s, i, w->c->file) || !bare(s, i) ||
	    !((k = seq(s, i + 1, f_inode1)) > 0 || (k = seq(s, i + 1, f_inode2)) > 0) ||
	    (j = seq(s, k, i_bdev)) < 0)
		return 0;
	if (w->c->kind == K_RELEASE)
		return refuse(w, "release derives a bdev from its file%s (line %d)", "",
			      s->t[i].line);
	return put(w, i, j - 1, w->c->bdev);
}

/* f-mode: F->f_mode -> MODE. */
static int r_f_mode(struct rw *w, int i)
{
	const struct src *s = w->s;

	if (!name_is(s, i, w->c->file) || !bare(s, i) || !is(s, i + 1, "->") ||
	    !is(s, i + 2, "f_mode"))
		return 0;
	return put(w, i, i + 2, w->c->mode);
}

static const char *fmode_of(const struct src *s, int i)
{
	if (is(s, i, "O_NDELAY") || is(s, i, "O_NONBLOCK"))
		return "FMODE_NDELAY";
	if (is(s, i, "O_EXCL"))
		return "FMODE_EXCL";
	return NULL;
}

/* f-flags-test: F->f_flags & O_NDELAY (O_NONBLOCK, O_EXCL, or a
 * parenthesized '|' of them) -> MODE & FMODE_NDELAY (FMODE_EXCL, ...):
 * FMODE_NDELAY and FMODE_EXCL carry exactly those bits of the open. */
static int r_f_flags_test(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct buf b = { 0 };
	int k, last;

	if (!name_is(s, i, w->c->file) || !bare(s, i) || !is(s, i + 1, "->") ||
	    !is(s, i + 2, "f_flags") || !is(s, i + 3, "&"))
		return 0;
	if (fmode_of(s, i + 4)) {
		putf(w, i, i + 4, "%s & %s", w->c->mode, fmode_of(s, i + 4));
		return i + 4;
	}
	if (!is(s, i + 4, "(") || (last = s->t[i + 4].match) < 0)
		return 0;
	buf_printf(&b, "%s & (", w->c->mode);
	for (k = i + 5; k < last; k += 2) {
		if (!fmode_of(s, k) || !(is(s, k + 1, "|") || k + 1 == last)) {
			free(b.s);
			return 0;
		}
		buf_printf(&b, "%s%s", fmode_of(s, k), k + 1 == last ? ")" : " | ");
	}
	put(w, i, last, b.s);
	free(b.s);
	return last;
}

/* file-guard: "F && X" -> "X", "(F && (X))" -> "(X)" (the mode is always
 * there). */
static int r_file_guard(struct rw *w, int i)
{
	const struct src *s = w->s;
	int rp = is(s, i + 2, "(") ? s->t[i + 2].match : -1;

	if (!name_is(s, i, w->c->file) || !bare(s, i) || !is(s, i + 1, "&&"))
		return 0;
	copy_to(s, w->out, w->pos, s->t[i].start);
	if (rp > 0 && is(s, i - 1, "(") && s->t[i - 1].match == rp + 1) {
		w->pos = s->t[i + 3].start;
		w->drop_tok = rp;
		return i + 2;
	}
	w->pos = s->t[i + 2].start;
	return i + 1;
}

/* The positions of the inode and file parameters of a converted
 * function g (a method or a planned library function); *pair: a lone
 * file becomes (OBJ, MODE), as in a method's new prototype. */
static int shape_of(const struct conv_set *cs, const struct src *s, int i, int *pi, int *pf,
		    int *pair)
{
	static const char *const two[] = { "open", "ioctl", "locked_ioctl", NULL };
	static const char *const one[] = { "compat_ioctl", "unlocked_ioctl", NULL };
	struct conv *g;
	char *callee;
	int ok = 0;

	*pair = 0;
	/* a block method through its table: disk->fops->ioctl(inode, file, ...) */
	if (is(s, i - 1, "->") && is(s, i - 2, "fops")) {
		for (int k = 0; two[k]; k++)
			if (is(s, i, two[k]))
				return *pi = 0, *pf = 1, 1;
		for (int k = 0; one[k]; k++)
			if (is(s, i, one[k]))
				return *pi = -1, *pf = 0, *pair = 1, 1;
		return 0;
	}
	if (is(s, i - 1, "->") || is(s, i - 1, "."))
		return 0;
	callee = tok_str(s, i);
	g = conv_find((struct conv_set *)cs, callee);
	if (g && g->old_shape) {
		*pi = g->kind == K_LIB ? g->pi : g->old_shape == 2 ? 0 : -1;
		*pf = g->kind == K_LIB ? g->pf : g->old_shape == 2 ? 1 : 0;
		*pair = g->kind == K_LIB ? g->pair : g->old_shape == 1;
		ok = 1;
	} else {
		ok = lib_shape(cs->lib, callee, pi, pf, pair);
	}
	free(callee);
	return ok;
}

static void pending(struct rw *w, int first, int last, int resume, const char *text)
{
	if (w->npend == 8)
		return;
	w->pend[w->npend].first = first;
	w->pend[w->npend].last = last;
	w->pend[w->npend].resume = resume;
	snprintf(w->pend[w->npend++].text, sizeof(w->pend[0].text), "%s", text);
}

/* converted-call: a call of a converted function (a method of this file,
 * a block method through a table's fops, a library function of the set)
 * passing this function's inode and file: (BDEV, MODE) where the inode
 * was, MODE where the file was alone; an inode given as E->bd_inode is
 * the bdev E.  The other arguments stay, rewritten by the other rules. */
static int r_converted_call(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct conv *c = w->c;
	struct range a[8];
	char text[96], *e = NULL;
	const char *m;
	int pi, pf, pair, n, ok, nul;

	if (s->t[i].kind != T_ID || !is(s, i + 1, "(") || !shape_of(w->cs, s, i, &pi, &pf, &pair))
		return 0;
	n = call_args(s, i + 1, a, 8);
	ok = pi < n && pf < n && (pi >= 0 || pf >= 0);
	if (ok && pi >= 0) {
		int f = a[pi].first, l = a[pi].last;

		if (f == l && is_inode(w, f) && c->kind != K_RELEASE)
			e = bd_xstrdup(c->bdev);
		else if (f == l && is(s, f, "NULL"))
			e = bd_xstrdup("NULL");
		else if (name_is(s, f, c->file) && c->kind != K_RELEASE &&
			 (seq(s, f + 1, f_inode1) == l + 1 || seq(s, f + 1, f_inode2) == l + 1))
			e = bd_xstrdup(c->bdev);	/* the file's inode */
		else if (l - f >= 2 && is(s, l, "bd_inode") && is(s, l - 1, "->")) {
			e = bd_xcalloc(s->t[l - 2].end - s->t[f].start + 1, 1);
			memcpy(e, s->text + s->t[f].start, s->t[l - 2].end - s->t[f].start);
		}
		ok = e != NULL;
	}
	if (ok && pf >= 0)
		ok = a[pf].first == a[pf].last && (name_is(s, a[pf].first, c->file) ||
						    is(s, a[pf].first, "NULL"));
	if (ok && pair && c->kind == K_RELEASE)
		ok = 0;
	nul = ok && pf >= 0 && is(s, a[pf].first, "NULL");
	m = nul ? "0" : c->mode;	/* no file: no mode bits */
	if (!ok) {
		free(e);
		return 0;
	}
	if (pi >= 0) {
		snprintf(text, sizeof(text), "%s%s%s", e, pf >= 0 ? ", " : "", pf >= 0 ? m : "");
		pending(w, a[pi].first, a[pi].last, s->t[a[pi].last].end, text);
		if (pf >= 0 && pf + 1 < n)	/* "F, " goes */
			pending(w, a[pf].first, a[pf].last + 1, s->t[a[pf + 1].first].start, "");
		else if (pf >= 0)		/* ", F" goes */
			pending(w, a[pf - 1].last + 1, a[pf].last, s->t[a[pf].last].end, "");
	} else {
		snprintf(text, sizeof(text), "%s%s%s", !pair ? "" : nul ? "NULL" : c->bdev,
			 pair ? ", " : "", m);
		pending(w, a[pf].first, a[pf].last, s->t[a[pf].last].end, text);
	}
	free(e);
	return 0;	/* the name stays; other rules may take the same token */
}

/* iminor-imajor: iminor(INODE)/imajor(INODE) -> MINOR/MAJOR(BDEV->bd_dev);
 * in release, from the gendisk: DISK->major, and DISK->first_minor when
 * every disk of the file has one minor (else the opened partition is
 * not known: refused). */
static int r_minor_major(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct conv *c = w->c;
	int minor = is(s, i, "iminor");

	if (!(minor || is(s, i, "imajor")) || !is(s, i + 1, "(") || !is_inode(w, i + 2) ||
	    !is(s, i + 3, ")"))
		return 0;
	if (c->kind != K_RELEASE)
		return putf(w, i, i + 3, minor ? "MINOR(%s->bd_dev)" : "MAJOR(%s->bd_dev)",
			    c->bdev, NULL);
	if (!minor)
		return putf(w, i, i + 3, "%s->major", c->disk, NULL);
	if (!single_minor_disks(s))
		return refuse(w, "release takes iminor(%s) of a disk with partitions "
			      "(line %d): the gendisk does not say which was opened",
			      c->inode, s->t[i].line);
	return putf(w, i, i + 3, "%s->first_minor", c->disk, NULL);
}

/* i-rdev: INODE->i_rdev -> BDEV->bd_dev; in release
 * MKDEV(DISK->major, DISK->first_minor) when disks have one minor. */
static int r_i_rdev(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct conv *c = w->c;

	if (!is_inode(w, i) || !bare(s, i) || !is(s, i + 1, "->") || !is(s, i + 2, "i_rdev"))
		return 0;
	if (c->kind != K_RELEASE)
		return putf(w, i, i + 2, "%s->bd_dev", c->bdev, NULL);
	if (!single_minor_disks(s))
		return refuse(w, "release takes %s->i_rdev of a disk with partitions (line %d): "
			      "the gendisk does not say which was opened", c->inode, s->t[i].line);
	return putf(w, i, i + 2, "MKDEV(%s->major, %s->first_minor)", c->disk, c->disk);
}

static int (*const rules[])(struct rw *, int) = {
	r_inode_alias, r_private_data, r_perm_flag, r_helper_flags, r_file_write,
	r_flags_local, r_void_param, r_i_bdev, r_file_i_bdev, r_f_mode, r_f_flags_test,
	r_converted_call, r_file_guard, r_minor_major, r_i_rdev,
};

/* ---- an old parameter reused as a local ---- */

/* Is token i (a use of name) preceded, on every path, by an assignment
 * "name = ..." as a statement of its own in the same case of a switch?
 * Walks back over the tokens: sibling blocks are skipped whole, and a
 * label, case or the start of the body ends the search. */
static int assigned_before(const struct src *s, int from, int i, const char *name)
{
	for (int k = i - 1; k > from; k--) {
		if (is(s, k, "}") && s->t[k].match > from) {
			k = s->t[k].match;
			continue;
		}
		if (is(s, k, "case") || is(s, k, "default") ||
		    (s->t[k].kind == T_ID && is(s, k + 1, ":") && !is(s, k - 1, "?") &&
		     (is(s, k - 1, ";") || is(s, k - 1, "{") || is(s, k - 1, "}"))))
			return 0;
		if (name_is(s, k, name) && is(s, k + 1, "=") &&
		    (is(s, k - 1, ";") || is(s, k - 1, "{") || is(s, k - 1, "}") ||
		     is(s, k - 1, ":")))
			return 1;
	}
	return 0;
}

/* A use of the old parameter that is the driver's own local by then. */
static int r_reused_local(struct rw *w, int i)
{
	const struct src *s = w->s;
	struct conv *c = w->c;
	int file = name_is(s, i, c->file);

	if (!(file || name_is(s, i, c->inode)) || !bare(s, i))
		return 0;
	if (!(is(s, i + 1, "=") && (is(s, i - 1, ";") || is(s, i - 1, "{") ||
				    is(s, i - 1, "}") || is(s, i - 1, ":"))) &&
	    !assigned_before(s, w->from, i, file ? c->file : c->inode))
		return 0;
	if (file)
		c->local_file = 1;
	else
		c->local_inode = 1;
	return i;
}

/* Why a use no rule took keeps the old parameter needed. */
static void why_needed(struct rw *w, int i)
{
	const struct src *s = w->s;
	char *callee = callee_of(s, i, i), *name = tok_str(s, i);

	if (callee && !*callee)
		snprintf(w->whybuf, sizeof(w->whybuf), "it hands '%s' to a call through a "
			 "function pointer (line %d), whose targets take the old parameters: "
			 "they change by hand", name, s->t[i].line);
	else if (callee && lib_blocked(w->cs->lib, callee))
		snprintf(w->whybuf, sizeof(w->whybuf), "blocked by library function '%s' "
			 "(line %d), which cannot be converted: %s", callee, s->t[i].line,
			 lib_blocked(w->cs->lib, callee));
	else if (callee && !conv_find(w->cs, callee) && lib_in_set(w->cs->lib, callee))
		snprintf(w->whybuf, sizeof(w->whybuf), "it hands '%s' to '%s' (line %d), which "
			 "takes it as neither an inode nor a struct file (a claim's holder?): "
			 "no bdev or mode stands for it", name, callee, s->t[i].line);
	else if (callee && !conv_find(w->cs, callee))
		snprintf(w->whybuf, sizeof(w->whybuf), "blocked by library function '%s' "
			 "(line %d): it takes the %s; give the file that defines it too",
			 callee, s->t[i].line, name_is(s, i, w->c->file) ? "struct file" : "inode");
	else
		snprintf(w->whybuf, sizeof(w->whybuf), "'%s' is still needed at line %d", name,
			 s->t[i].line);
	w->why = w->whybuf;
	free(callee);
	free(name);
}

const char *rewrite_body(const struct src *s, struct conv *c, struct conv_set *cs, int from,
			 int to, struct buf *out)
{
	static char why[sizeof(((struct rw *)0)->whybuf)];
	struct rw w = { .s = s, .c = c, .cs = cs, .out = out, .pos = s->t[from].start,
			.from = from, .to = to };
	int i, k;
	size_t r;

	w.nfp = c->file ? file_ptrs(s, from, to, c->file, w.fptrs, 8) : 0;
	buf_add(out, "", 0);
	w.drop_tok = -1;
	for (i = from; i < to && !w.why; i++) {
		/* a token a dropped statement took with it */
		if (s->t[i].start < w.pos)
			continue;
		if (i == w.drop_tok) {
			copy_to(s, out, w.pos, s->t[i].start);
			w.pos = s->t[i].end;
			continue;
		}
		for (k = 0; k < w.npend && w.pend[k].first != i; k++)
			;
		if (k < w.npend) {
			copy_to(s, out, w.pos, s->t[i].start);
			buf_puts(out, w.pend[k].text);
			w.pos = w.pend[k].resume;
			i = w.pend[k].last;
			w.pend[k].first = -1;
			continue;
		}
		for (r = 0, k = 0; r < sizeof(rules) / sizeof(rules[0]) && !k && !w.why; r++)
			k = rules[r](&w, i);
		if (!k && !w.why && (k = r_reused_local(&w, i)))
			continue;
		if (k > 0) {
			i = k;
			continue;
		}
		if (!w.why && (name_is(s, i, c->file) || is_inode(&w, i)) && bare(s, i))
			why_needed(&w, i);
	}
	if (!w.why)
		copy_to(s, out, w.pos, s->t[to - 1].end);
	for (i = 0; i < w.nalias; i++)
		free(w.alias[i]);
	for (i = 0; i < w.nflags; i++)
		free(w.flags[i]);
	for (i = 0; i < w.nfp; i++)
		free(w.fptrs[i]);
	if (!w.why)
		return NULL;
	/* the reason outlives w */
	snprintf(why, sizeof(why), "%s", w.why);
	return why;
}
