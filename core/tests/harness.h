/* SPDX-License-Identifier: GPL-2.0 */
/*
 * harness.h - a tiny runner for the core's unit tests, and a builder that
 * lets a test lower a piece of kernel C into the IR by hand, the way a
 * frontend following docs/design.md would.
 *
 * A test gets a 'struct tu' (one translation unit), builds functions with
 * fn()/at()/v()/load()/store()/call()/..., binds ops tables with bind(),
 * runs analyze() and then states the findings it expects, in order:
 *
 *	expect(t, "file-write", 12, "floppy_open", "block method ...");
 *	note(t, 10, "'set_flags' writes 'file->f_flags' here");
 *	fix(t, "use 'mode & FMODE_NDELAY'");
 *	done(t);			// and nothing else
 *
 * Every expectation is exact: check id, file, line, function, message,
 * severity (warning unless severity() says otherwise), all notes (none
 * unless note() lists them) and, when fix() is given, the fix hint.
 * Columns are not checked: they may differ between frontends.
 *
 * Variables: in SSA form (GCC) v() returns the value last given to a name
 * with let() (let() emits a COPY, as an SSA copy would be); in slot form
 * (Clang, sparse) every parameter and local is a slot and v() emits a
 * SLOT_LOAD at the current line.  A test whose body has no merge of a
 * variable can therefore run in both forms; merges are written out by hand
 * (phi() in SSA form, let() on each branch in slot form).
 */
#ifndef BDOPS_TESTS_HARNESS_H
#define BDOPS_TESTS_HARNESS_H

#include <stdarg.h>
#include "bdops/bdops.h"

enum form { SSA, SLOTS };

/* Common tails of messages, to keep the expectations readable. */
#define TEMP_FILE "; the struct file may be a temporary that does not outlive open()"
#define AFTER_OPEN " after open; fcntl() can change it"
#define NEW_IOCTL "(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)"
#define BKL_FIX "; take lock_kernel()/unlock_kernel() around the old body"

/* x86 / asm-generic values, as the fixtures' headers define them */
#define O_ACCMODE	00000003
#define O_RDWR		00000002
#define O_EXCL		00000200
#define O_NDELAY	00004000
#define O_NONBLOCK	00004000
#define O_LARGEFILE	00100000
#define FMODE_READ	0x1
#define FMODE_WRITE	0x2
#define FMODE_NDELAY	0x40
#define FMODE_EXCL	0x80
#define MS_RDONLY	1

struct tu;
struct fb;

struct test {
	const char *name;
	void (*run)(struct tu *t);
	enum form form;
};

/* each test file exports one table, ended by a NULL name */
extern const struct test file_write_tests[];
extern const struct test ndelay_flags_tests[];
extern const struct test put_mode_tests[];
extern const struct test deprecated_ioctl_tests[];
extern const struct test roles_tests[];
extern const struct test era_tests[];
extern const struct test macro_eval_tests[];
extern const struct test verify_tests[];

/* ---- the unit ---- */
enum form form_of(struct tu *t);
struct bd_unit *unit_of(struct tu *t);
/* bind 'object.member = func' in a block_device_operations initializer */
void bind(struct tu *t, const char *object, const char *member,
	  const char *func, int line);
/* the same for a record of another type ("file_operations") */
void bind_tag(struct tu *t, const char *tag, const char *object,
	      const char *member, const char *func, int line);
/* a prototype seen without a body: "long foo_ioctl(struct file *f, ...)" */
void decl(struct tu *t, int line, const char *proto);
void macro(struct tu *t, const char *name, long long value);

/* ---- building a function ---- */
/* Declare and start a body from its prototype, e.g.
 * "static int floppy_open(struct inode *inode, struct file *filp)".
 * Typedefs the tests use (fmode_t, dev_t, ...) are resolved here. */
struct fb *fn(struct tu *t, int line, const char *proto);
void end(struct fb *f);
void at(struct fb *f, int line);	/* line of the next events */

bd_val v(struct fb *f, const char *name);	/* read a variable */
void let(struct fb *f, const char *name, const char *type, bd_val val);
int slot_of(struct fb *f, const char *name);	/* slot form only */
/* At a join in SSA form: 'name' becomes PHI <a from block ba, b from bb>.
 * Nothing in slot form.  Take a and b with v() in their blocks. */
void merge(struct fb *f, const char *name, int ba, bd_val a, int bb, bd_val b);
bd_val k(struct fb *f, long long c);
bd_val param(struct fb *f, const char *name);	/* the PARAM value itself */

/* fields are "tag.field": load(f, filp, "file.f_flags") */
bd_val load(struct fb *f, bd_val base, const char *field);
bd_val faddr(struct fb *f, bd_val base, const char *field);
void store(struct fb *f, bd_val base, const char *field, bd_val val);
void store_op(struct fb *f, bd_val base, const char *field, bd_val val);
/* an address-taken local: a slot in every form (GCC keeps those in memory) */
void local(struct fb *f, const char *name, const char *type);
bd_val addr_of(struct fb *f, const char *name);
bd_val deref(struct fb *f, bd_val p, const char *tag, const char *type);
bd_val gload(struct fb *f, const char *global, const char *type);
void deref_store(struct fb *f, bd_val p, const char *tag, bd_val val);
bd_val gaddr(struct fb *f, const char *global, const char *type);
bd_val fnaddr(struct fb *f, const char *func);

bd_val op(struct fb *f, enum bd_binop o, bd_val a, bd_val b);
bd_val un(struct fb *f, enum bd_unop o, bd_val a);
/* loops in SSA form: a value id used by a PHI before its definition */
bd_val fresh(struct fb *f, const char *type);
bd_val op_to(struct fb *f, bd_val dst, enum bd_binop o, bd_val a, bd_val b);
bd_val cast(struct fb *f, bd_val a, const char *type);
bd_val unknown(struct fb *f, const char *type);

/* call(f, "blkdev_put", 2, bdev, mode): a value unless the callee is void.
 * C leaves the order of argument evaluation open, so events built inside
 * the argument list may land in any order; that only matters for events
 * with side effects, and tests build those in statements of their own. */
bd_val call(struct fb *f, const char *callee, int n, ...);

int blk(struct fb *f);			/* a new block */
void to(struct fb *f, int b);		/* continue in block b */
int cur(struct fb *f);			/* the current block */
void br(struct fb *f, bd_val cond, int then, int other);
void jmp(struct fb *f, int b);
void ret(struct fb *f, bd_val val);	/* 0: return; */
bd_val phi2(struct fb *f, const char *type, bd_val a, int ba, bd_val b, int bb);

/* ---- running and checking ---- */
void opt(struct tu *t, const char *key, const char *value);
/* run only this check ("deprecated-ioctl" keeps its family together) */
void only(struct tu *t, const char *check);
void analyze(struct tu *t);
void expect(struct tu *t, const char *check, int line, const char *func,
	    const char *message);
void note(struct tu *t, int line, const char *message);
void fix(struct tu *t, const char *hint);
void severity(struct tu *t, enum bd_severity sev);
void expect_functions(struct tu *t, int n);
void done(struct tu *t);		/* no further findings */
void fail(struct tu *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
