// SPDX-License-Identifier: GPL-2.0
/*
 * test_ndelay_flags.c - bdops-ndelay-flags (SPEC 2): a read of f_flags that
 * reaches a bit test with O_NDELAY/O_NONBLOCK in its mask, in after-open
 * context, is reported at the test; a note points at the read when it is
 * on another line.
 *
 * Choices where SPEC and docs/messages.md leave room (a maintainer's view):
 * - The finding belongs to the function that holds the bit test: the
 *   method when a helper returns f_flags, the helper when the method passes
 *   f_flags to a helper that tests it (the note then points into the
 *   method).
 * - A shift before the test counts when the shifted mask lands on the
 *   O_NDELAY bit: '(f_flags >> 11) & 1' is 'f_flags & 04000'.
 * - '!!(x & O_NDELAY)' is reported at the '&', like the plain test.
 * - Legacy ioctl methods also trip bdops-deprecated-ioctl; those tests run
 *   this check alone to keep the expectations about one thing.
 */
#include "harness.h"

#define TESTS(who) who " tests O_NDELAY in 'file->f_flags'" AFTER_OPEN
#define READ_HERE "'file->f_flags' is read here"
#define FIX "use 'mode & FMODE_NDELAY'"

#define RELEASE(name) "static int " name "(struct inode *inode, struct file *file)"
#define IOCTL(name) "static int " name "(struct inode *inode, struct file *file, " \
		    "unsigned int cmd, unsigned long arg)"

/* the common tail: 'if (cond) return 0; return 1;' on lines l, l+1, l+2 */
static void if_return(struct fb *f, bd_val cond, int line)
{
	int yes = blk(f), no = blk(f);

	br(f, cond, yes, no);
	to(f, yes);
	at(f, line + 1);
	ret(f, k(f, 0));
	to(f, no);
	at(f, line + 2);
	ret(f, k(f, 1));
}

/*
 * 10 static int cd_release(struct inode *inode, struct file *file)
 * 11 {
 * 12	if (file->f_flags & O_NDELAY)
 * 13		return 0;
 * 14	return 1;
 * 15 }
 * 20 static struct block_device_operations cd_fops = { .release = cd_release };
 */
static void t_release_direct(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));

	at(f, 12);
	if_return(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"),
			k(f, O_NDELAY)), 12);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_release", TESTS("block method 'cd_release'"));
	fix(t, FIX);
	done(t);
}

/*
 * 10 static int cd_ioctl(struct inode *inode, struct file *file,
 *			  unsigned int cmd, unsigned long arg)
 * 11 {
 * 12	if (file->f_flags & O_NONBLOCK)	// O_NONBLOCK == O_NDELAY on x86
 * 13		return 0;
 * 14	return 1;
 * 15 }
 * 20 static struct block_device_operations cd_fops = { .ioctl = cd_ioctl };
 */
static void t_ioctl_direct(struct tu *t)
{
	struct fb *f = fn(t, 10, IOCTL("cd_ioctl"));

	at(f, 12);
	if_return(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"),
			k(f, O_NONBLOCK)), 12);
	end(f);
	bind(t, "cd_fops", "ioctl", "cd_ioctl", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_ioctl", TESTS("block method 'cd_ioctl'"));
	fix(t, FIX);
	done(t);
}

/*
 * 10 static int cd_release(struct inode *inode, struct file *file)
 * 11 {
 * 12	unsigned int flags = file->f_flags;
 * 13	if (flags & O_NDELAY)
 * 14		return 0;
 * 15	return 1;
 * 16 }
 * 20 static struct block_device_operations cd_fops = { .release = cd_release };
 */
static void t_through_local(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));

	at(f, 12);
	let(f, "flags", "unsigned int", load(f, v(f, "file"), "file.f_flags"));
	at(f, 13);
	if_return(f, op(f, BD_AND, v(f, "flags"), k(f, O_NDELAY)), 13);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 13, "cd_release", TESTS("block method 'cd_release'"));
	note(t, 12, READ_HERE);
	fix(t, FIX);
	done(t);
}

/*
 * 12	if ((int)file->f_flags & O_NDELAY)
 */
static void t_through_cast(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));
	bd_val x;

	at(f, 12);
	x = cast(f, load(f, v(f, "file"), "file.f_flags"), "int");
	if_return(f, op(f, BD_AND, x, k(f, O_NDELAY)), 12);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_release", TESTS("block method 'cd_release'"));
	fix(t, FIX);
	done(t);
}

/*
 * 12	unsigned int nd = file->f_flags >> 11;	// O_NDELAY is bit 11
 * 13	if (nd & 1)
 */
static void t_shift_then_test(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));
	bd_val x;

	at(f, 12);
	x = op(f, BD_SHR, load(f, v(f, "file"), "file.f_flags"), k(f, 11));
	let(f, "nd", "unsigned int", x);
	at(f, 13);
	if_return(f, op(f, BD_AND, v(f, "nd"), k(f, 1)), 13);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 13, "cd_release", TESTS("block method 'cd_release'"));
	note(t, 12, READ_HERE);
	fix(t, FIX);
	done(t);
}

/*
 * 12	int nodelay = !!(file->f_flags & O_NDELAY);
 * 13	if (nodelay)
 */
static void t_not_not(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));
	bd_val x;

	at(f, 12);
	x = op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, O_NDELAY));
	let(f, "nodelay", "int", un(f, BD_NOT, un(f, BD_NOT, x)));
	at(f, 13);
	if_return(f, v(f, "nodelay"), 13);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_release", TESTS("block method 'cd_release'"));
	fix(t, FIX);
	done(t);
}

/*
 * release() may get a NULL file (blkdev_close passes one, umount does not).
 *
 * 12	unsigned int flags = file ? file->f_flags : 0;
 * 13	if (flags & O_NDELAY)
 */
static void t_ternary(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));
	int b_file = blk(f), b_null = blk(f), b_join = blk(f);
	bd_val rd, zero, flags;

	at(f, 12);
	br(f, v(f, "file"), b_file, b_null);
	to(f, b_file);
	rd = load(f, v(f, "file"), "file.f_flags");
	if (form_of(t) == SLOTS)
		let(f, "flags", "unsigned int", rd);
	jmp(f, b_join);
	to(f, b_null);
	zero = k(f, 0);
	if (form_of(t) == SLOTS)
		let(f, "flags", "unsigned int", zero);
	jmp(f, b_join);
	to(f, b_join);
	if (form_of(t) == SSA) {
		flags = phi2(f, "unsigned int", rd, b_file, zero, b_null);
	} else {
		at(f, 13);
		flags = v(f, "flags");
	}
	at(f, 13);
	if_return(f, op(f, BD_AND, flags, k(f, O_NDELAY)), 13);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 13, "cd_release", TESTS("block method 'cd_release'"));
	note(t, 12, READ_HERE);
	fix(t, FIX);
	done(t);
}

/*
 * 12	if (file && (file->f_flags & O_NDELAY))
 * 13		return 0;
 * 14	return 1;
 */
static void t_null_checked(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));
	int b_file = blk(f), b_yes = blk(f), b_no = blk(f);

	at(f, 12);
	br(f, v(f, "file"), b_file, b_no);
	to(f, b_file);
	br(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, O_NDELAY)),
	   b_yes, b_no);
	to(f, b_yes);
	at(f, 13);
	ret(f, k(f, 0));
	to(f, b_no);
	at(f, 14);
	ret(f, k(f, 1));
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_release", TESTS("block method 'cd_release'"));
	fix(t, FIX);
	done(t);
}

/*
 *  5 static unsigned int cd_flags(struct file *file)
 *  6 {
 *  7	return file->f_flags;
 *  8 }
 * 10 static int cd_release(struct inode *inode, struct file *file)
 * 11 {
 * 12	if (cd_flags(file) & O_NDELAY)
 * 13		return 0;
 * 14	return 1;
 * 15 }
 * 20 static struct block_device_operations cd_fops = { .release = cd_release };
 */
static void t_helper_return(struct tu *t)
{
	struct fb *f = fn(t, 5, "static unsigned int cd_flags(struct file *file)");

	at(f, 7);
	ret(f, load(f, v(f, "file"), "file.f_flags"));
	end(f);

	f = fn(t, 10, RELEASE("cd_release"));
	at(f, 12);
	if_return(f, op(f, BD_AND, call(f, "cd_flags", 1, v(f, "file")),
			k(f, O_NDELAY)), 12);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_release", TESTS("block method 'cd_release'"));
	note(t, 7, READ_HERE);
	fix(t, FIX);
	done(t);
}

/*
 *  5 static int nodelay(unsigned int flags)
 *  6 {
 *  7	return (flags & O_NDELAY) != 0;
 *  8 }
 * 10 static int cd_release(struct inode *inode, struct file *file)
 * 11 {
 * 12	if (nodelay(file->f_flags))
 * 13		return 0;
 * 14	return 1;
 * 15 }
 * 20 static struct block_device_operations cd_fops = { .release = cd_release };
 */
static void t_helper_param(struct tu *t)
{
	struct fb *f = fn(t, 5, "static int nodelay(unsigned int flags)");

	at(f, 7);
	ret(f, op(f, BD_NE, op(f, BD_AND, v(f, "flags"), k(f, O_NDELAY)), k(f, 0)));
	end(f);

	f = fn(t, 10, RELEASE("cd_release"));
	at(f, 12);
	if_return(f, call(f, "nodelay", 1, load(f, v(f, "file"), "file.f_flags")), 12);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 7, "nodelay",
	       TESTS("'nodelay' (called from block method 'cd_release')"));
	note(t, 12, READ_HERE);
	fix(t, FIX);
	done(t);
}

/*
 * 12	if (file->f_flags & (O_NDELAY | O_EXCL))
 */
static void t_mask_with_excl(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));

	at(f, 12);
	if_return(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"),
			k(f, O_NDELAY | O_EXCL)), 12);
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_release", TESTS("block method 'cd_release'"));
	fix(t, FIX);
	done(t);
}

/*
 * On sparc O_NDELAY (0x4) and O_NONBLOCK (0x4000) differ; the message
 * spells the one the mask has.
 *
 * 12	if (file->f_flags & O_NONBLOCK)
 * 13		return 0;
 * 14	if (file->f_flags & O_NDELAY)
 * 15		return 0;
 * 16	return 1;
 */
static void t_o_nonblock_differs(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));
	int b_ret = blk(f), b_next = blk(f), b_ret2 = blk(f), b_last = blk(f);

	macro(t, "O_NDELAY", 0x4);
	macro(t, "O_NONBLOCK", 0x4000);
	at(f, 12);
	br(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, 0x4000)),
	   b_ret, b_next);
	to(f, b_ret);
	at(f, 13);
	ret(f, k(f, 0));
	to(f, b_next);
	at(f, 14);
	br(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, 0x4)),
	   b_ret2, b_last);
	to(f, b_ret2);
	at(f, 15);
	ret(f, k(f, 0));
	to(f, b_last);
	at(f, 16);
	ret(f, k(f, 1));
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect(t, "ndelay-flags", 12, "cd_release",
	       "block method 'cd_release' tests O_NONBLOCK in 'file->f_flags'" AFTER_OPEN);
	fix(t, FIX);
	expect(t, "ndelay-flags", 14, "cd_release", TESTS("block method 'cd_release'"));
	fix(t, FIX);
	done(t);
}

/*
 * Other bits of f_flags are not this rule.
 *
 * 12	if ((file->f_flags & O_ACCMODE) == O_RDWR)
 * 13		return 0;
 * 14	if (file->f_flags & O_EXCL)
 * 15		return 0;
 * 16	return 1;
 */
static void t_other_bits(struct tu *t)
{
	struct fb *f = fn(t, 10, RELEASE("cd_release"));
	int b_ret = blk(f), b_next = blk(f), b_ret2 = blk(f), b_last = blk(f);
	bd_val x;

	at(f, 12);
	x = op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, O_ACCMODE));
	br(f, op(f, BD_EQ, x, k(f, O_RDWR)), b_ret, b_next);
	to(f, b_ret);
	at(f, 13);
	ret(f, k(f, 0));
	to(f, b_next);
	at(f, 14);
	br(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, O_EXCL)),
	   b_ret2, b_last);
	to(f, b_ret2);
	at(f, 15);
	ret(f, k(f, 0));
	to(f, b_last);
	at(f, 16);
	ret(f, k(f, 1));
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect_functions(t, 1);
	done(t);
}

/*
 * open() may read O_NDELAY: it is what open saw.
 *
 *  5 static int want_nodelay(struct file *file)
 *  6 {
 *  7	return file->f_flags & O_NDELAY;
 *  8 }
 * 10 static int cd_open(struct inode *inode, struct file *file)
 * 11 {
 * 12	if (file->f_flags & O_NDELAY)
 * 13		return 0;
 * 14	return want_nodelay(file);
 * 15 }
 * 20 static struct block_device_operations cd_fops = { .open = cd_open };
 */
static void t_open_role(struct tu *t)
{
	struct fb *f = fn(t, 5, "static int want_nodelay(struct file *file)");
	int yes, no;

	at(f, 7);
	ret(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, O_NDELAY)));
	end(f);

	f = fn(t, 10, RELEASE("cd_open"));
	yes = blk(f);
	no = blk(f);
	at(f, 12);
	br(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"), k(f, O_NDELAY)),
	   yes, no);
	to(f, yes);
	at(f, 13);
	ret(f, k(f, 0));
	to(f, no);
	at(f, 14);
	ret(f, call(f, "want_nodelay", 1, v(f, "file")));
	end(f);
	bind(t, "cd_fops", "open", "cd_open", 20);

	only(t, "ndelay-flags");
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/*
 * The block layer's file_operations read O_NDELAY at open and in ioctl:
 * not method context.
 *
 * 10 static int blkdev_open(struct inode *inode, struct file *filp)
 * 11 {
 * 12	if (filp->f_flags & O_NDELAY)
 * 13		return 0;
 * 14	return 1;
 * 15 }
 * 16 static long block_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
 * 17 {
 * 18	if (file->f_flags & O_NDELAY)
 * 19		return 0;
 * 20	return 1;
 * 21 }
 * 30 const struct file_operations def_blk_fops = {
 * 31	.open = blkdev_open,
 * 32	.unlocked_ioctl = block_ioctl,
 * 33 };
 */
static void t_block_layer_fops(struct tu *t)
{
	struct fb *f = fn(t, 10, "static int blkdev_open(struct inode *inode, struct file *filp)");

	at(f, 12);
	if_return(f, op(f, BD_AND, load(f, v(f, "filp"), "file.f_flags"),
			k(f, O_NDELAY)), 12);
	end(f);
	f = fn(t, 16, "static long block_ioctl(struct file *file, unsigned int cmd, unsigned long arg)");
	at(f, 18);
	if_return(f, op(f, BD_AND, load(f, v(f, "file"), "file.f_flags"),
			k(f, O_NDELAY)), 18);
	end(f);
	bind_tag(t, "file_operations", "def_blk_fops", "open", "blkdev_open", 31);
	bind_tag(t, "file_operations", "def_blk_fops", "unlocked_ioctl", "block_ioctl", 32);

	/* every check: a file_operations table is nobody's business here */
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

const struct test ndelay_flags_tests[] = {
	{ "ndelay_release_direct", t_release_direct, SSA },
	{ "ndelay_ioctl_direct", t_ioctl_direct, SLOTS },
	{ "ndelay_through_local_ssa", t_through_local, SSA },
	{ "ndelay_through_local_slots", t_through_local, SLOTS },
	{ "ndelay_through_cast", t_through_cast, SSA },
	{ "ndelay_shift_then_test_ssa", t_shift_then_test, SSA },
	{ "ndelay_shift_then_test_slots", t_shift_then_test, SLOTS },
	{ "ndelay_not_not", t_not_not, SLOTS },
	{ "ndelay_ternary_ssa", t_ternary, SSA },
	{ "ndelay_ternary_slots", t_ternary, SLOTS },
	{ "ndelay_null_checked_file", t_null_checked, SLOTS },
	{ "ndelay_helper_return", t_helper_return, SLOTS },
	{ "ndelay_helper_param", t_helper_param, SSA },
	{ "ndelay_mask_with_excl", t_mask_with_excl, SLOTS },
	{ "ndelay_o_nonblock_differs", t_o_nonblock_differs, SSA },
	{ "ndelay_other_bits_not_reported", t_other_bits, SSA },
	{ "ndelay_open_role_not_reported", t_open_role, SLOTS },
	{ "ndelay_block_layer_fops_not_reported", t_block_layer_fops, SSA },
	{ NULL, NULL, SSA }
};
