// SPDX-License-Identifier: GPL-2.0
/*
 * test_file_write.c - bdops-file-write (SPEC 2): every write to a struct
 * file in method context is reported, reads and code outside method context
 * are not.
 *
 * Choices where SPEC and docs/messages.md leave room (a maintainer's view):
 * - A finding's function is the function that contains the reported
 *   location: the method for a call that passes the file to a writing
 *   helper, the helper when the helper writes a file that is not its
 *   parameter.
 * - A compound assignment is lowered the way each host does it: GCC's SSA
 *   has a load, the operation and a plain store; the AST frontends one
 *   compound FIELD_STORE.  Both must give the same finding.
 * - memset()/memcpy() of the whole object and '*filp = x' name '*file'.
 * - Passing the file to a function the unit does not define is not a
 *   write: we cannot see it, and VFS helpers that take a file mostly read.
 * - Columns are not checked.
 */
#include "harness.h"

#define WRITES(who, field) who " writes 'file->" field "'" TEMP_FILE

/* the usual legacy prototype of an open/release method */
#define OPEN(name) "static int " name "(struct inode *inode, struct file *filp)"

/*
 * 10 static int floppy_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	filp->private_data = inode->i_bdev;
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations floppy_fops = { .open = floppy_open };
 */
static void t_plain_store(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("floppy_open"));

	at(f, 12);
	store(f, v(f, "filp"), "file.private_data", load(f, v(f, "inode"), "inode.i_bdev"));
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "floppy_fops", "open", "floppy_open", 20);

	/* all checks on: the old open prototype is reported too */
	analyze(t);
	expect(t, "file-write", 12, "floppy_open",
	       WRITES("block method 'floppy_open'", "private_data"));
	expect(t, "deprecated-prototype", 20, "floppy_open",
	       "block_device_operations member 'open' is bound to 'floppy_open', "
	       "which takes (struct inode *, struct file *): the old open prototype");
	fix(t, "int floppy_open(struct block_device *bdev, fmode_t mode)");
	done(t);
}

/*
 * 10 static int floppy_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	filp->f_flags |= 3;
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations floppy_fops = { .open = floppy_open };
 */
static void t_compound_store(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("floppy_open"));
	bd_val old, x;

	at(f, 12);
	old = load(f, v(f, "filp"), "file.f_flags");
	x = op(f, BD_OR, old, k(f, 3));
	if (form_of(t) == SSA)
		store(f, v(f, "filp"), "file.f_flags", x);
	else
		store_op(f, v(f, "filp"), "file.f_flags", x);
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "floppy_fops", "open", "floppy_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 12, "floppy_open",
	       WRITES("block method 'floppy_open'", "f_flags"));
	done(t);
}

/*
 * 10 static int foo_release(struct inode *inode, struct file *filp)
 * 11 {
 * 12	filp->f_pos++;
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations foo_fops = { .release = foo_release };
 */
static void t_increment(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("foo_release"));
	bd_val old, x;

	at(f, 12);
	old = load(f, v(f, "filp"), "file.f_pos");
	x = op(f, BD_ADD, old, k(f, 1));
	if (form_of(t) == SSA)
		store(f, v(f, "filp"), "file.f_pos", x);
	else
		store_op(f, v(f, "filp"), "file.f_pos", x);
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "foo_fops", "release", "foo_release", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 12, "foo_release",
	       WRITES("block method 'foo_release'", "f_pos"));
	done(t);
}

/*
 * 10 static int floppy_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	struct file *f = filp;
 * 13
 * 14	f->f_flags = O_RDWR;
 * 15	return 0;
 * 16 }
 * 20 static struct block_device_operations floppy_fops = { .open = floppy_open };
 */
static void t_alias_local(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("floppy_open"));

	at(f, 12);
	let(f, "f", "struct file *", v(f, "filp"));
	at(f, 14);
	store(f, v(f, "f"), "file.f_flags", k(f, O_RDWR));
	at(f, 15);
	ret(f, k(f, 0));
	end(f);
	bind(t, "floppy_fops", "open", "floppy_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 14, "floppy_open",
	       WRITES("block method 'floppy_open'", "f_flags"));
	done(t);
}

/*
 * 10 static int floppy_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	unsigned int *p = &filp->f_flags;
 * 13
 * 14	*p = 0;
 * 15	return 0;
 * 16 }
 * 20 static struct block_device_operations floppy_fops = { .open = floppy_open };
 */
static void t_field_pointer(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("floppy_open"));

	at(f, 12);
	let(f, "p", "unsigned int *", faddr(f, v(f, "filp"), "file.f_flags"));
	at(f, 14);
	deref_store(f, v(f, "p"), NULL, k(f, 0));
	at(f, 15);
	ret(f, k(f, 0));
	end(f);
	bind(t, "floppy_fops", "open", "floppy_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 14, "floppy_open",
	       WRITES("block method 'floppy_open'", "f_flags"));
	done(t);
}

/*
 * 10 static int foo_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	memset(filp, 0, sizeof(*filp));
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations foo_fops = { .open = foo_open };
 */
static void t_memset(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("foo_open"));
	bd_val p;

	at(f, 12);
	p = v(f, "filp");
	if (form_of(t) == SLOTS)	/* the AST keeps the implicit cast */
		p = cast(f, p, "void *");
	call(f, "memset", 3, p, k(f, 0), k(f, 232));
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "foo_fops", "open", "foo_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 12, "foo_open",
	       "block method 'foo_open' writes '*file'" TEMP_FILE);
	done(t);
}

/*
 * 10 static int foo_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	struct file saved;
 * 13
 * 14	memcpy(filp, &saved, sizeof(saved));
 * 15	return 0;
 * 16 }
 * 20 static struct block_device_operations foo_fops = { .open = foo_open };
 */
static void t_memcpy(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("foo_open"));
	bd_val dst, src;

	at(f, 12);
	local(f, "saved", "struct file");
	at(f, 14);
	dst = cast(f, v(f, "filp"), "void *");
	src = cast(f, addr_of(f, "saved"), "void *");
	call(f, "memcpy", 3, dst, src, k(f, 232));
	at(f, 15);
	ret(f, k(f, 0));
	end(f);
	bind(t, "foo_fops", "open", "foo_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 14, "foo_open",
	       "block method 'foo_open' writes '*file'" TEMP_FILE);
	done(t);
}

/*
 *  5 struct file *template_file;
 * 10 static int foo_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	*filp = *template_file;
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations foo_fops = { .open = foo_open };
 */
static void t_whole_object(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("foo_open"));
	bd_val tp, obj;

	at(f, 12);
	tp = gload(f, "template_file", "struct file *");
	obj = deref(f, tp, "file", "struct file");
	deref_store(f, v(f, "filp"), "file", obj);
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "foo_fops", "open", "foo_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 12, "foo_open",
	       "block method 'foo_open' writes '*file'" TEMP_FILE);
	done(t);
}

/*
 * 10 static int foo_release(struct inode *inode, struct file *filp)
 * 11 {
 * 12	filp->f_path.dentry = NULL;
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations foo_fops = { .release = foo_release };
 */
static void t_nested_field(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("foo_release"));
	bd_val path;

	at(f, 12);
	path = faddr(f, v(f, "filp"), "file.f_path");
	store(f, path, "path.dentry", k(f, 0));
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "foo_fops", "release", "foo_release", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 12, "foo_release",
	       WRITES("block method 'foo_release'", "f_path.dentry"));
	done(t);
}

/*
 *  5 static void set_rdwr(struct file *f)
 *  6 {
 *  7	f->f_flags = O_RDWR;
 *  8 }
 * 10 static int floppy_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	set_rdwr(filp);
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations floppy_fops = { .open = floppy_open };
 */
static void t_helper_writes(struct tu *t)
{
	struct fb *f = fn(t, 5, "static void set_rdwr(struct file *f)");

	at(f, 7);
	store(f, v(f, "f"), "file.f_flags", k(f, O_RDWR));
	at(f, 8);
	ret(f, 0);
	end(f);

	f = fn(t, 10, OPEN("floppy_open"));
	at(f, 12);
	call(f, "set_rdwr", 1, v(f, "filp"));
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "floppy_fops", "open", "floppy_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 12, "floppy_open",
	       "block method 'floppy_open' passes a struct file to 'set_rdwr', "
	       "which writes 'file->f_flags'" TEMP_FILE);
	note(t, 7, "'set_rdwr' writes 'file->f_flags' here");
	done(t);
}

/*
 *  5 static void clear_flags(unsigned int *p)
 *  6 {
 *  7	*p = 0;
 *  8 }
 * 10 static int floppy_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	clear_flags(&filp->f_flags);
 * 13	return 0;
 * 14 }
 * 20 static struct block_device_operations floppy_fops = { .open = floppy_open };
 */
static void t_helper_writes_field_pointer(struct tu *t)
{
	struct fb *f = fn(t, 5, "static void clear_flags(unsigned int *p)");

	at(f, 7);
	deref_store(f, v(f, "p"), NULL, k(f, 0));
	at(f, 8);
	ret(f, 0);
	end(f);

	f = fn(t, 10, OPEN("floppy_open"));
	at(f, 12);
	call(f, "clear_flags", 1, faddr(f, v(f, "filp"), "file.f_flags"));
	at(f, 13);
	ret(f, k(f, 0));
	end(f);
	bind(t, "floppy_fops", "open", "floppy_open", 20);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 12, "floppy_open",
	       "block method 'floppy_open' passes a struct file to 'clear_flags', "
	       "which writes 'file->f_flags'" TEMP_FILE);
	note(t, 7, "'clear_flags' writes 'file->f_flags' here");
	done(t);
}

/*
 *  5 static int is_rdwr(struct file *f)
 *  6 {
 *  7	return (f->f_flags & O_ACCMODE) == O_RDWR;
 *  8 }
 * 10 static int foo_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	if (!(filp->f_mode & FMODE_WRITE) && is_rdwr(filp))
 * 13		return -EROFS;
 * 14	fasync_helper(0, filp, 1, &foo_fasync);	// not in this unit
 * 15	return filp->private_data != NULL;
 * 16 }
 * 20 static struct block_device_operations foo_fops = { .open = foo_open };
 */
static void t_reads_not_reported(struct tu *t)
{
	struct fb *f = fn(t, 5, "static int is_rdwr(struct file *f)");
	bd_val x;
	int b_rd, b_ro, b_rest;

	at(f, 7);
	x = op(f, BD_AND, load(f, v(f, "f"), "file.f_flags"), k(f, O_ACCMODE));
	ret(f, op(f, BD_EQ, x, k(f, O_RDWR)));
	end(f);

	f = fn(t, 10, OPEN("foo_open"));
	b_rd = blk(f);
	b_ro = blk(f);
	b_rest = blk(f);
	at(f, 12);
	x = op(f, BD_AND, load(f, v(f, "filp"), "file.f_mode"), k(f, FMODE_WRITE));
	br(f, x, b_rest, b_rd);
	to(f, b_rd);
	br(f, call(f, "is_rdwr", 1, v(f, "filp")), b_ro, b_rest);
	to(f, b_ro);
	at(f, 13);
	ret(f, k(f, -30));
	to(f, b_rest);
	at(f, 14);
	call(f, "fasync_helper", 4, k(f, 0), v(f, "filp"), k(f, 1),
	     gaddr(f, "foo_fasync", "void *"));
	at(f, 15);
	x = load(f, v(f, "filp"), "file.private_data");
	ret(f, op(f, BD_NE, x, k(f, 0)));
	end(f);
	bind(t, "foo_fops", "open", "foo_open", 20);

	only(t, "file-write");
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/*
 * The block layer's own file_operations may write the file: not method
 * context.
 *
 * 10 static int blkdev_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	filp->f_flags |= O_LARGEFILE;
 * 13	if (filp->f_flags & O_NDELAY)
 * 14		filp->f_mode |= FMODE_NDELAY;
 * 15	return 0;
 * 16 }
 * 20 int vfs_reset_pos(struct file *file)
 * 21 {
 * 22	file->f_pos = 0;
 * 23	return 0;
 * 24 }
 * 30 const struct file_operations def_blk_fops = { .open = blkdev_open };
 */
static void t_outside_method_context(struct tu *t)
{
	struct fb *f = fn(t, 10, OPEN("blkdev_open"));
	bd_val x;
	int b_nd = blk(f), b_out = blk(f);

	at(f, 12);
	x = op(f, BD_OR, load(f, v(f, "filp"), "file.f_flags"), k(f, O_LARGEFILE));
	if (form_of(t) == SSA)
		store(f, v(f, "filp"), "file.f_flags", x);
	else
		store_op(f, v(f, "filp"), "file.f_flags", x);
	at(f, 13);
	x = op(f, BD_AND, load(f, v(f, "filp"), "file.f_flags"), k(f, O_NDELAY));
	br(f, x, b_nd, b_out);
	to(f, b_nd);
	at(f, 14);
	x = op(f, BD_OR, load(f, v(f, "filp"), "file.f_mode"), k(f, FMODE_NDELAY));
	if (form_of(t) == SSA)
		store(f, v(f, "filp"), "file.f_mode", x);
	else
		store_op(f, v(f, "filp"), "file.f_mode", x);
	jmp(f, b_out);
	to(f, b_out);
	at(f, 15);
	ret(f, k(f, 0));
	end(f);

	f = fn(t, 20, "int vfs_reset_pos(struct file *file)");
	at(f, 22);
	store(f, v(f, "file"), "file.f_pos", k(f, 0));
	at(f, 23);
	ret(f, k(f, 0));
	end(f);
	bind_tag(t, "file_operations", "def_blk_fops", "open", "blkdev_open", 30);

	/* all checks: rules 1 and 2 both stay quiet here */
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/*
 *  4 struct floppy_dev { struct file *filp; };
 *  5 static void drop_file(struct floppy_dev *d)
 *  6 {
 *  7	d->filp->f_flags = 0;
 *  8 }
 * 10 static void cleanup(struct floppy_dev *d)
 * 11 {
 * 12	drop_file(d);
 * 13 }
 * 15 static int floppy_release(struct inode *inode, struct file *filp)
 * 16 {
 * 17	cleanup(inode->i_bdev->bd_disk->private_data);
 * 18	return 0;
 * 19 }
 * 25 static struct block_device_operations floppy_fops = { .release = floppy_release };
 */
static void t_transitive_helper(struct tu *t)
{
	struct fb *f = fn(t, 5, "static void drop_file(struct floppy_dev *d)");
	bd_val x;

	at(f, 7);
	store(f, load(f, v(f, "d"), "floppy_dev.filp"), "file.f_flags", k(f, 0));
	at(f, 8);
	ret(f, 0);
	end(f);

	f = fn(t, 10, "static void cleanup(struct floppy_dev *d)");
	at(f, 12);
	call(f, "drop_file", 1, v(f, "d"));
	at(f, 13);
	ret(f, 0);
	end(f);

	f = fn(t, 15, OPEN("floppy_release"));
	at(f, 17);
	x = load(f, v(f, "inode"), "inode.i_bdev");
	x = load(f, x, "block_device.bd_disk");
	x = load(f, x, "gendisk.private_data");
	call(f, "cleanup", 1, cast(f, x, "struct floppy_dev *"));
	at(f, 18);
	ret(f, k(f, 0));
	end(f);
	bind(t, "floppy_fops", "release", "floppy_release", 25);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 7, "drop_file",
	       WRITES("'drop_file' (called from block method 'floppy_release')", "f_flags"));
	done(t);
}

/*
 *  5 static int foo_open(struct inode *inode, struct file *filp)
 *  6 {
 *  7	filp->f_mode = FMODE_READ;
 *  8	return 0;
 *  9 }
 * 11 int foo_setup(struct block_device_operations *ops)
 * 12 {
 * 13	ops->open = foo_open;
 * 14	return 0;
 * 15 }
 */
static void t_runtime_binding_pointer(struct tu *t)
{
	struct fb *f = fn(t, 5, OPEN("foo_open"));

	at(f, 7);
	store(f, v(f, "filp"), "file.f_mode", k(f, FMODE_READ));
	at(f, 8);
	ret(f, k(f, 0));
	end(f);

	f = fn(t, 11, "int foo_setup(struct block_device_operations *ops)");
	at(f, 13);
	store(f, v(f, "ops"), "block_device_operations.open", fnaddr(f, "foo_open"));
	at(f, 14);
	ret(f, k(f, 0));
	end(f);

	only(t, "file-write");
	analyze(t);
	expect(t, "file-write", 7, "foo_open",
	       WRITES("block method 'foo_open'", "f_mode"));
	done(t);
}

/*
 * A static init function kept alive by module_init() (a reference from a
 * global initializer) binds the method at run time.
 *
 *  3 static struct block_device_operations foo_ops;
 *  5 static int foo_open(struct inode *inode, struct file *filp)
 *  6 {
 *  7	filp->f_flags &= ~O_NDELAY;
 *  8	return 0;
 *  9 }
 * 11 static int __init foo_init(void)
 * 12 {
 * 13	foo_ops.open = foo_open;
 * 14	return 0;
 * 15 }
 * 16 module_init(foo_init);
 */
static void t_runtime_binding_global(struct tu *t)
{
	struct fb *f = fn(t, 5, OPEN("foo_open"));
	bd_val x;

	at(f, 7);
	x = op(f, BD_AND, load(f, v(f, "filp"), "file.f_flags"), k(f, ~(long long)O_NDELAY));
	store(f, v(f, "filp"), "file.f_flags", x);
	at(f, 8);
	ret(f, k(f, 0));
	end(f);

	f = fn(t, 11, "static int foo_init(void)");
	at(f, 13);
	store(f, gaddr(f, "foo_ops", "struct block_device_operations *"),
	      "block_device_operations.open", fnaddr(f, "foo_open"));
	at(f, 14);
	ret(f, k(f, 0));
	end(f);
	bd_reference(unit_of(t), "foo_init");

	only(t, "file-write");
	analyze(t);
	expect_functions(t, 2);
	expect(t, "file-write", 7, "foo_open",
	       WRITES("block method 'foo_open'", "f_flags"));
	done(t);
}

/*
 * A static function nothing refers to is not compiled by GCC, so its
 * run-time binding does not exist either: nothing to report, one body.
 *
 *  5 static int old_open(struct inode *inode, struct file *filp)
 *  6 {
 *  7	filp->f_flags = 0;
 *  8	return 0;
 *  9 }
 * 11 static void old_setup(struct block_device_operations *ops)
 * 12 {
 * 13	ops->open = old_open;
 * 14 }
 * 16 static int foo_open(struct inode *inode, struct file *filp)
 * 17 {
 * 18	return 0;
 * 19 }
 * 25 static struct block_device_operations foo_fops = { .open = foo_open };
 */
static void t_unreferenced_static(struct tu *t)
{
	struct fb *f = fn(t, 5, OPEN("old_open"));

	at(f, 7);
	store(f, v(f, "filp"), "file.f_flags", k(f, 0));
	at(f, 8);
	ret(f, k(f, 0));
	end(f);

	f = fn(t, 11, "static void old_setup(struct block_device_operations *ops)");
	at(f, 13);
	store(f, v(f, "ops"), "block_device_operations.open", fnaddr(f, "old_open"));
	at(f, 14);
	ret(f, 0);
	end(f);

	f = fn(t, 16, OPEN("foo_open"));
	at(f, 18);
	ret(f, k(f, 0));
	end(f);
	bind(t, "foo_fops", "open", "foo_open", 25);

	/* deprecated-prototype would report foo_open's binding */
	opt(t, "disable", "deprecated-ioctl");
	analyze(t);
	expect_functions(t, 1);
	done(t);
}

const struct test file_write_tests[] = {
	{ "file_write_plain_store", t_plain_store, SSA },
	{ "file_write_compound_store_ssa", t_compound_store, SSA },
	{ "file_write_compound_store_slots", t_compound_store, SLOTS },
	{ "file_write_increment_ssa", t_increment, SSA },
	{ "file_write_increment_slots", t_increment, SLOTS },
	{ "file_write_alias_local_ssa", t_alias_local, SSA },
	{ "file_write_alias_local_slots", t_alias_local, SLOTS },
	{ "file_write_field_pointer_ssa", t_field_pointer, SSA },
	{ "file_write_field_pointer_slots", t_field_pointer, SLOTS },
	{ "file_write_memset_ssa", t_memset, SSA },
	{ "file_write_memset_slots", t_memset, SLOTS },
	{ "file_write_memcpy", t_memcpy, SLOTS },
	{ "file_write_whole_object", t_whole_object, SSA },
	{ "file_write_nested_field", t_nested_field, SLOTS },
	{ "file_write_helper_writes_ssa", t_helper_writes, SSA },
	{ "file_write_helper_writes_slots", t_helper_writes, SLOTS },
	{ "file_write_helper_writes_field_pointer", t_helper_writes_field_pointer, SLOTS },
	{ "file_write_reads_not_reported_ssa", t_reads_not_reported, SSA },
	{ "file_write_reads_not_reported_slots", t_reads_not_reported, SLOTS },
	{ "file_write_outside_method_context_ssa", t_outside_method_context, SSA },
	{ "file_write_outside_method_context_slots", t_outside_method_context, SLOTS },
	{ "file_write_transitive_helper", t_transitive_helper, SSA },
	{ "file_write_runtime_binding_pointer", t_runtime_binding_pointer, SLOTS },
	{ "file_write_runtime_binding_global", t_runtime_binding_global, SSA },
	{ "file_write_unreferenced_static", t_unreferenced_static, SSA },
	{ NULL, NULL, SSA }
};
