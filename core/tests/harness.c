// SPDX-License-Identifier: GPL-2.0
/*
 * harness.c - runs the core's unit tests and gives them a small builder.
 *
 *	bdops-core-tests [-v] [NAME...]
 *
 * prints "PASS name" or "FAIL name: why" per test and "N passed, M failed"
 * last; exits 1 if any test failed.  -v also prints, for a failing test, the
 * findings the core produced and the unit as built (bd_unit_dump), so a
 * failure can be read without a debugger.  NAMEs select tests by prefix.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "harness.h"

#define MAX_VARS 32

struct tu {
	const char *name;
	struct bd_unit *u;
	char file[128];
	enum form form;
	struct bd_options o;
	struct bd_result *r;
	int analyzed;
	/* expectation cursor */
	int next;			/* index of the next finding to match */
	const struct bd_finding *cur;	/* finding matched by the last expect() */
	int next_note;
	enum bd_severity want_sev;
	char why[1024];			/* first failure, or empty */
};

struct var {
	const char *name;
	const char *type;
	int slot;			/* slot form */
	bd_val val;			/* SSA form */
};

struct fb {
	struct tu *t;
	struct bd_func *f;
	struct bd_decl *d;
	int b;
	int line;
	struct var vars[MAX_VARS];
	int nvars;
};

/* ---- failures ---- */

void fail(struct tu *t, const char *fmt, ...)
{
	va_list ap;

	if (t->why[0])
		return;		/* keep the first one: later ones follow from it */
	va_start(ap, fmt);
	vsnprintf(t->why, sizeof(t->why), fmt, ap);
	va_end(ap);
}

enum form form_of(struct tu *t) { return t->form; }
struct bd_unit *unit_of(struct tu *t) { return t->u; }

static struct bd_loc loc(struct tu *t, int line)
{
	return bd_loc_make(t->u, t->file, line, line ? 2 : 0);
}

/* ---- types: what the tests' kernel headers would say ---- */

static const char *const typedefs[][2] = {
	{ "fmode_t", "unsigned int" },
	{ "blk_mode_t", "unsigned int" },
	{ "mode_t", "unsigned int" },
	{ "dev_t", "unsigned int" },
	{ "size_t", "unsigned long" },
	{ "loff_t", "long long" },
	{ "bool", "_Bool" },
	{ "unsigned", "unsigned int" },
};

/* "struct file *" from the words and stars of a declaration */
static const char *canon_type(struct tu *t, char words[][32], int nwords, int stars)
{
	char buf[256] = "";
	int i, j;

	for (i = 0; i < nwords; i++) {
		const char *w = words[i];

		if (!strcmp(w, "const") || !strcmp(w, "volatile") ||
		    !strcmp(w, "static") || !strcmp(w, "inline") ||
		    !strcmp(w, "extern") || !strcmp(w, "__init"))
			continue;
		for (j = 0; j < (int)(sizeof(typedefs) / sizeof(typedefs[0])); j++)
			if (!strcmp(w, typedefs[j][0]))
				w = typedefs[j][1];
		if (buf[0])
			strcat(buf, " ");
		strcat(buf, w);
	}
	if (!strcmp(buf, "unsigned int int"))
		strcpy(buf, "unsigned int");
	if (stars) {
		strcat(buf, " ");
		while (stars--)
			strcat(buf, "*");
	}
	return bd_intern(t->u, buf);
}

/* Split "struct file *filp" into type and name.  Words are identifiers; a
 * trailing identifier after at least one type word is the name. */
static void parse_decl(struct tu *t, const char *s, size_t len,
		       const char **type, const char **name)
{
	char words[8][32];
	int nwords = 0, stars = 0;
	size_t i = 0;

	*name = NULL;
	while (i < len) {
		if (s[i] == '*') {
			stars++;
			i++;
		} else if (isalnum((unsigned char)s[i]) || s[i] == '_') {
			size_t j = i;

			while (j < len && (isalnum((unsigned char)s[j]) || s[j] == '_'))
				j++;
			if (nwords < 8 && j - i < 32) {
				memcpy(words[nwords], s + i, j - i);
				words[nwords][j - i] = 0;
				nwords++;
			}
			i = j;
		} else {
			i++;
		}
	}
	/* the last word is the name unless it is all there is, or a keyword
	 * that cannot be one ("unsigned long") */
	if (nwords > 1 && strcmp(words[nwords - 1], "int") &&
	    strcmp(words[nwords - 1], "long") && strcmp(words[nwords - 1], "char")) {
		*name = bd_intern(t->u, words[nwords - 1]);
		nwords--;
	}
	*type = canon_type(t, words, nwords, stars);
}

static struct bd_decl *declare(struct tu *t, int line, const char *proto, int *is_void)
{
	const char *open = strchr(proto, '('), *close = strrchr(proto, ')');
	const char *types[8], *names[8], *ret, *name;
	const char *p;
	int n = 0, is_static = !strncmp(proto, "static ", 7);

	if (!open || !close) {
		fprintf(stderr, "bad prototype '%s'\n", proto);
		exit(2);
	}
	parse_decl(t, proto, open - proto, &ret, &name);
	for (p = open + 1; p < close;) {
		const char *e = p;

		while (e < close && *e != ',')
			e++;
		parse_decl(t, p, e - p, &types[n], &names[n]);
		if (strcmp(types[n], "void") || names[n])
			n++;
		p = e + 1;
		if (n == 8)
			break;
	}
	if (is_void)
		*is_void = !strcmp(ret, "void");
	return bd_declare(t->u, name, is_static, ret, n, types, names, loc(t, line));
}

void decl(struct tu *t, int line, const char *proto)
{
	declare(t, line, proto, NULL);
}

/* Field types, by "tag.field", as the kernel declares them. */
static const char *const fields[][2] = {
	{ "file.f_flags", "unsigned int" },
	{ "file.f_mode", "unsigned int" },
	{ "file.f_pos", "long long" },
	{ "file.private_data", "void *" },
	{ "file.f_path", "struct path" },
	{ "file.f_ra", "struct file_ra_state" },
	{ "file.f_mapping", "struct address_space *" },
	{ "path.dentry", "struct dentry *" },
	{ "inode.i_bdev", "struct block_device *" },
	{ "inode.i_rdev", "unsigned int" },
	{ "block_device.bd_disk", "struct gendisk *" },
	{ "block_device.bd_dev", "unsigned int" },
	{ "gendisk.private_data", "void *" },
	{ "super_block.s_bdev", "struct block_device *" },
	{ "super_block.s_mode", "unsigned int" },
	{ "super_block.s_flags", "unsigned long" },
	{ "reiserfs_journal.j_dev_bd", "struct block_device *" },
	{ "reiserfs_journal.j_dev_mode", "unsigned int" },
	{ "pktcdvd_device.bdev", "struct block_device *" },
	{ "raid_conf.devs", "struct block_device *" },
	{ "cdrom_device_info.options", "int" },
	{ "cdrom_device_info.file", "struct file *" },
	{ "floppy_dev.filp", "struct file *" },
	{ "block_device_operations.open", "fnptr" },
	{ "block_device_operations.release", "fnptr" },
	{ "block_device_operations.ioctl", "fnptr" },
	{ "block_device_operations.unlocked_ioctl", "fnptr" },
};

static const char *field_type(struct tu *t, const char *field)
{
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!strcmp(fields[i][0], field))
			return bd_intern(t->u, fields[i][1]);
	fprintf(stderr, "harness: unknown field %s: add it to fields[]\n", field);
	exit(2);
}

static void split_field(struct tu *t, const char *field, const char **tag,
			const char **name)
{
	const char *dot = strchr(field, '.');
	char buf[64];

	if (!dot || (size_t)(dot - field) >= sizeof(buf)) {
		fprintf(stderr, "harness: field '%s' is not tag.field\n", field);
		exit(2);
	}
	memcpy(buf, field, dot - field);
	buf[dot - field] = 0;
	*tag = bd_intern(t->u, buf);
	*name = bd_intern(t->u, dot + 1);
}

/* Return types of the kernel functions the tests call. */
static const char *const callees[][2] = {
	{ "blkdev_get", "int" },
	{ "blkdev_get_by_path", "struct block_device *" },
	{ "blkdev_get_by_dev", "struct block_device *" },
	{ "open_by_devnum", "struct block_device *" },
	{ "open_bdev_excl", "struct block_device *" },
	{ "open_bdev_exclusive", "struct block_device *" },
	{ "bdget", "struct block_device *" },
	{ "blkdev_put", "void" },
	{ "close_bdev_excl", "void" },
	{ "close_bdev_exclusive", "void" },
	{ "IS_ERR", "_Bool" },
	{ "PTR_ERR", "long" },
	{ "ERR_CAST", "void *" },
	{ "memset", "void *" },
	{ "memcpy", "void *" },
	{ "lock_kernel", "void" },
	{ "unlock_kernel", "void" },
	{ "sget", "struct super_block *" },
	{ "deactivate_locked_super", "void" },
	{ "sync_blockdev", "int" },
	{ "kfree", "void" },
	{ "check_disk_change", "int" },
};

static const char *callee_type(struct tu *t, const char *callee)
{
	struct bd_decl *d = bd_find_decl(t->u, callee);
	size_t i;

	if (d && d->ret_type)
		return d->ret_type;
	for (i = 0; i < sizeof(callees) / sizeof(callees[0]); i++)
		if (!strcmp(callees[i][0], callee))
			return bd_intern(t->u, callees[i][1]);
	return bd_intern(t->u, "int");
}

/* ---- bindings ---- */

void bind_tag(struct tu *t, const char *tag, const char *object,
	      const char *member, const char *func, int line)
{
	bd_bind(t->u, tag, object, member, func, loc(t, line), 1);
}

void bind(struct tu *t, const char *object, const char *member,
	  const char *func, int line)
{
	bind_tag(t, "block_device_operations", object, member, func, line);
}

void macro(struct tu *t, const char *name, long long value)
{
	bd_unit_set_macro(t->u, name, value);
}

/* ---- functions ---- */

static struct bd_loc here(struct fb *f)
{
	return loc(f->t, f->line);
}


static struct var *find_var(struct fb *f, const char *name)
{
	int i;

	for (i = 0; i < f->nvars; i++)
		if (!strcmp(f->vars[i].name, name))
			return &f->vars[i];
	return NULL;
}

static struct var *new_var(struct fb *f, const char *name, const char *type)
{
	struct var *x;

	if (f->nvars == MAX_VARS) {
		fprintf(stderr, "harness: too many variables\n");
		exit(2);
	}
	x = &f->vars[f->nvars++];
	x->name = bd_intern(f->t->u, name);
	x->type = bd_intern(f->t->u, type);
	x->slot = -1;
	x->val = 0;
	if (f->t->form == SLOTS)
		x->slot = bd_slot_new(f->f, name, type);
	return x;
}

void local(struct fb *f, const char *name, const char *type)
{
	struct var *x = new_var(f, name, type);

	if (x->slot < 0)	/* GCC keeps address-taken locals in memory */
		x->slot = bd_slot_new(f->f, name, type);
}

bd_val addr_of(struct fb *f, const char *name)
{
	struct var *x = find_var(f, name);

	if (!x || x->slot < 0) {
		fprintf(stderr, "harness: '%s' is not in memory: use local()\n", name);
		exit(2);
	}
	return bd_slot_addr(f->f, f->b, x->slot, bd_type_ptr(f->t->u, x->type), here(f));
}

bd_val phi2(struct fb *f, const char *type, bd_val a, int ba, bd_val b, int bb);

struct fb *fn(struct tu *t, int line, const char *proto)
{
	struct fb *f = calloc(1, sizeof(*f));
	int i;

	if (!f)
		abort();
	f->t = t;
	f->d = declare(t, line, proto, NULL);
	f->f = bd_func_begin(t->u, f->d, loc(t, line));
	f->b = 0;
	f->line = line;
	/* rule 2: PARAM i in the entry block; slot form stores it */
	for (i = 0; i < f->d->nparams; i++) {
		const char *name = f->d->param_names[i] ? f->d->param_names[i] : "?";
		struct var *x = new_var(f, name, f->d->param_types[i]);
		bd_val p = bd_param(f->f, 0, i, x->type, loc(t, line));

		if (t->form == SLOTS)
			bd_slot_store(f->f, 0, x->slot, p, loc(t, line));
		else
			x->val = p;
	}
	return f;
}

void end(struct fb *f)
{
	bd_func_end(f->f);
	free(f);
}

void at(struct fb *f, int line)
{
	f->line = line;
}

bd_val v(struct fb *f, const char *name)
{
	struct var *x = find_var(f, name);

	if (!x) {
		fprintf(stderr, "harness: no variable '%s'\n", name);
		exit(2);
	}
	if (x->slot >= 0)
		return bd_slot_load(f->f, f->b, x->slot, here(f));
	return x->val;
}

bd_val param(struct fb *f, const char *name)
{
	int i;

	for (i = 0; i < f->d->nparams; i++)
		if (f->d->param_names[i] && !strcmp(f->d->param_names[i], name))
			return (bd_val)(i + 1);	/* fn() emits the PARAMs first */
	fprintf(stderr, "harness: no parameter '%s'\n", name);
	exit(2);
}

void let(struct fb *f, const char *name, const char *type, bd_val val)
{
	struct var *x = find_var(f, name);

	if (!x)
		x = new_var(f, name, type);
	if (x->slot >= 0)
		bd_slot_store(f->f, f->b, x->slot, val, here(f));
	else
		x->val = bd_copy(f->f, f->b, val, x->type, here(f));
}

void merge(struct fb *f, const char *name, int ba, bd_val a, int bb, bd_val b)
{
	struct var *x = find_var(f, name);

	if (!x || x->slot >= 0)
		return;		/* slot form: the stores already merge */
	x->val = phi2(f, x->type, a, ba, b, bb);
}

int slot_of(struct fb *f, const char *name)
{
	struct var *x = find_var(f, name);

	return x ? x->slot : -1;
}

bd_val k(struct fb *f, long long c)
{
	return bd_const(f->f, f->b, c, here(f));
}

bd_val load(struct fb *f, bd_val base, const char *field)
{
	const char *tag, *name;

	split_field(f->t, field, &tag, &name);
	return bd_field_load(f->f, f->b, base, tag, name,
			     field_type(f->t, field), here(f));
}

bd_val faddr(struct fb *f, bd_val base, const char *field)
{
	const char *tag, *name;

	split_field(f->t, field, &tag, &name);
	return bd_field_addr(f->f, f->b, base, tag, name,
			     bd_type_ptr(f->t->u, field_type(f->t, field)), here(f));
}

static void do_store(struct fb *f, bd_val base, const char *field, bd_val val,
		     int compound)
{
	const char *tag, *name;

	split_field(f->t, field, &tag, &name);
	bd_field_store(f->f, f->b, base, tag, name, val, compound, here(f));
}

void store(struct fb *f, bd_val base, const char *field, bd_val val)
{
	do_store(f, base, field, val, 0);
}

void store_op(struct fb *f, bd_val base, const char *field, bd_val val)
{
	do_store(f, base, field, val, 1);
}

bd_val deref(struct fb *f, bd_val p, const char *tag, const char *type)
{
	return bd_deref_load(f->f, f->b, p, tag, type, here(f));
}

bd_val gload(struct fb *f, const char *global, const char *type)
{
	return bd_global_load(f->f, f->b, global, type, here(f));
}

void deref_store(struct fb *f, bd_val p, const char *tag, bd_val val)
{
	bd_deref_store(f->f, f->b, p, tag, val, here(f));
}

bd_val gaddr(struct fb *f, const char *global, const char *type)
{
	return bd_global_addr(f->f, f->b, global, type, here(f));
}

bd_val fnaddr(struct fb *f, const char *func)
{
	return bd_func_addr(f->f, f->b, func, "fnptr", here(f));
}

static const char *type_of(struct fb *f, bd_val a)
{
	if (a && (int)a < f->f->cap_vals)
		return f->f->val_types[a];
	return NULL;
}

bd_val op(struct fb *f, enum bd_binop o, bd_val a, bd_val b)
{
	const char *type = type_of(f, a);

	if (o >= BD_EQ)
		type = "int";
	return bd_binop(f->f, f->b, o, a, b, type, here(f));
}

bd_val fresh(struct fb *f, const char *type)
{
	return bd_val_new(f->f, type);
}

bd_val op_to(struct fb *f, bd_val dst, enum bd_binop o, bd_val a, bd_val b)
{
	struct bd_event e;

	memset(&e, 0, sizeof(e));
	e.op = BD_BINOP;
	e.sub = o;
	e.dst = dst;
	e.a = a;
	e.b = b;
	e.type = type_of(f, a);
	e.loc = here(f);
	return bd_emit(f->f, f->b, &e);
}

bd_val un(struct fb *f, enum bd_unop o, bd_val a)
{
	return bd_unop(f->f, f->b, o, a, o == BD_NOT ? "int" : type_of(f, a), here(f));
}

bd_val cast(struct fb *f, bd_val a, const char *type)
{
	return bd_copy(f->f, f->b, a, type, here(f));
}

bd_val unknown(struct fb *f, const char *type)
{
	return bd_unknown(f->f, f->b, type, here(f));
}

bd_val call(struct fb *f, const char *callee, int n, ...)
{
	const char *type = callee_type(f->t, callee);
	bd_val args[8];
	va_list ap;
	int i;

	va_start(ap, n);
	for (i = 0; i < n && i < 8; i++)
		args[i] = va_arg(ap, bd_val);
	va_end(ap);
	return bd_call(f->f, f->b, callee, 0, n, args, type,
		       strcmp(type, "void") != 0, here(f));
}

int blk(struct fb *f) { return bd_block_new(f->f); }
void to(struct fb *f, int b) { f->b = b; }
int cur(struct fb *f) { return f->b; }

void br(struct fb *f, bd_val cond, int then, int other)
{
	bd_branch(f->f, f->b, cond, then, other, here(f));
}

void jmp(struct fb *f, int b)
{
	bd_goto(f->f, f->b, b);
}

void ret(struct fb *f, bd_val val)
{
	bd_return(f->f, f->b, val, here(f));
}

bd_val phi2(struct fb *f, const char *type, bd_val a, int ba, bd_val b, int bb)
{
	bd_val vals[2] = { a, b };
	int preds[2] = { ba, bb };

	return bd_phi(f->f, f->b, 2, vals, preds, type, here(f));
}

/* ---- running and checking ---- */


void opt(struct tu *t, const char *key, const char *value)
{
	char err[256];

	if (bd_options_set(&t->o, key, value, err, sizeof(err)))
		fail(t, "option %s: %s", key, err);
}

void only(struct tu *t, const char *check)
{
	int i;

	for (i = 0; i < BD_CHECK_COUNT; i++)
		if (strcmp(bd_check_info(i)->name, check))
			t->o.enabled[i] = 0;
	t->o.enabled[BD_CHECK_DEPRECATED_PROTOTYPE] =
		t->o.enabled[BD_CHECK_DEPRECATED_IOCTL];
}

void analyze(struct tu *t)
{
	t->r = bd_analyze(t->u, &t->o);
	t->analyzed = 1;
	if (bd_result_internal(t->r))
		fail(t, "internal error: %s", bd_result_internal(t->r));
}

static const char *check_name(enum bd_check c)
{
	return (unsigned)c < BD_CHECK_COUNT ? bd_check_info(c)->name : "?";
}

static const char *sev_name(enum bd_severity s)
{
	return s == BD_SEV_NOTE ? "note" : s == BD_SEV_ERROR ? "error" : "warning";
}

static int same_str(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

/* close the finding matched by the last expect(): all notes seen */
static void finish_finding(struct tu *t)
{
	const struct bd_finding *f = t->cur;

	if (!f)
		return;
	if (f->nnotes > t->next_note)
		fail(t, "finding %d (line %d): unexpected note at line %d '%s'",
		     t->next, f->loc.line, f->notes[t->next_note].loc.line,
		     f->notes[t->next_note].message);
	if (f->severity != t->want_sev)
		fail(t, "finding %d (line %d): severity %s, expected %s",
		     t->next, f->loc.line, sev_name(f->severity), sev_name(t->want_sev));
	t->cur = NULL;
}

static void need_analyzed(struct tu *t)
{
	if (!t->analyzed) {
		fprintf(stderr, "harness: %s checks before analyze()\n", t->name);
		exit(2);
	}
}

void expect(struct tu *t, const char *check, int line, const char *func,
	    const char *message)
{
	const struct bd_finding *f;
	int n;

	need_analyzed(t);
	finish_finding(t);
	n = bd_result_count(t->r);
	if (t->next >= n) {
		fail(t, "expected %s at line %d '%s', got %d finding%s in all",
		     check, line, message, n, n == 1 ? "" : "s");
		t->next++;
		return;
	}
	f = bd_result_get(t->r, t->next++);
	t->cur = f;
	t->next_note = 0;
	t->want_sev = BD_SEV_WARNING;
	if (strcmp(check_name(f->check), check) || f->loc.line != line ||
	    !same_str(f->loc.file, t->file) || !same_str(f->function, func) ||
	    !same_str(f->message, message))
		fail(t, "finding %d: expected %s at %s:%d in %s '%s', got %s at %s:%d in %s '%s'",
		     t->next, check, t->file, line, func ? func : "(none)", message,
		     check_name(f->check), f->loc.file ? f->loc.file : "?",
		     f->loc.line, f->function ? f->function : "(none)", f->message);
}

void note(struct tu *t, int line, const char *message)
{
	const struct bd_finding *f = t->cur;
	const struct bd_note *nt;

	if (!f)
		return;		/* the finding itself already failed */
	if (t->next_note >= f->nnotes) {
		fail(t, "finding %d (line %d): missing note at line %d '%s'",
		     t->next, f->loc.line, line, message);
		return;
	}
	nt = &f->notes[t->next_note++];
	if (nt->loc.line != line || !same_str(nt->loc.file, t->file) ||
	    !same_str(nt->message, message))
		fail(t, "finding %d (line %d): expected note at line %d '%s', got line %d '%s'",
		     t->next, f->loc.line, line, message, nt->loc.line, nt->message);
}

void fix(struct tu *t, const char *hint)
{
	const struct bd_finding *f = t->cur;

	if (f && !same_str(f->fix, hint))
		fail(t, "finding %d (line %d): expected fix '%s', got '%s'",
		     t->next, f->loc.line, hint, f->fix ? f->fix : "(none)");
}

void severity(struct tu *t, enum bd_severity sev)
{
	t->want_sev = sev;
}

void expect_functions(struct tu *t, int n)
{
	need_analyzed(t);
	if (bd_result_functions(t->r) != n)
		fail(t, "%d functions analysed, expected %d",
		     bd_result_functions(t->r), n);
}

void done(struct tu *t)
{
	int n;

	need_analyzed(t);
	finish_finding(t);
	n = bd_result_count(t->r);
	if (t->next < n) {
		const struct bd_finding *f = bd_result_get(t->r, t->next);

		fail(t, "%d finding%s, expected %d; first unexpected: %s at line %d in %s '%s'",
		     n, n == 1 ? "" : "s", t->next, check_name(f->check),
		     f->loc.line, f->function ? f->function : "(none)", f->message);
	}
}

/* ---- the runner ---- */

static const struct test *const suites[] = {
	file_write_tests, ndelay_flags_tests, put_mode_tests,
	deprecated_ioctl_tests, roles_tests, era_tests, macro_eval_tests,
	verify_tests,
};

static void print_findings(const struct bd_result *r)
{
	int i, j;

	for (i = 0; i < bd_result_count(r); i++) {
		const struct bd_finding *f = bd_result_get(r, i);

		printf("  got: %s:%d: %s: %s [%s] in %s\n", f->loc.file, f->loc.line,
		       sev_name(f->severity), f->message, check_name(f->check),
		       f->function ? f->function : "(none)");
		for (j = 0; j < f->nnotes; j++)
			printf("  got:   %d: note: %s\n", f->notes[j].loc.line,
			       f->notes[j].message);
		if (f->fix)
			printf("  got:   fix: %s\n", f->fix);
	}
}

static int run_one(const struct test *test, int verbose)
{
	struct tu t;
	int ok;

	memset(&t, 0, sizeof(t));
	t.name = test->name;
	t.form = test->form;
	snprintf(t.file, sizeof(t.file), "core-tests/%s.c", test->name);
	t.u = bd_unit_new(t.file);
	bd_options_init(&t.o);
	test->run(&t);
	if (!t.analyzed)
		fail(&t, "test never called analyze()");
	else if (!t.why[0])
		done(&t);	/* a test that forgot done() still checks for extras */
	ok = !t.why[0];
	if (ok) {
		printf("PASS %s\n", test->name);
	} else {
		printf("FAIL %s: %s\n", test->name, t.why);
		if (verbose && t.r) {
			print_findings(t.r);
			bd_unit_dump(t.u, stdout);
		}
	}
	bd_result_free(t.r);
	bd_unit_free(t.u);
	return ok;
}

static int selected(const char *name, int argc, char **argv, int first)
{
	int i;

	if (first >= argc)
		return 1;
	for (i = first; i < argc; i++)
		if (!strncmp(name, argv[i], strlen(argv[i])))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	int verbose = 0, first = 1, passed = 0, failed = 0;
	size_t s;

	if (argc > 1 && !strcmp(argv[1], "-v")) {
		verbose = 1;
		first = 2;
	}
	for (s = 0; s < sizeof(suites) / sizeof(suites[0]); s++) {
		const struct test *test;

		for (test = suites[s]; test->name; test++) {
			if (!selected(test->name, argc, argv, first))
				continue;
			if (run_one(test, verbose))
				passed++;
			else
				failed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
