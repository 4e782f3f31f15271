// SPDX-License-Identifier: GPL-2.0
/*
 * test_deprecated_ioctl.c - bdops-deprecated-ioctl and
 * bdops-deprecated-prototype (SPEC 2): reported at the binding (the
 * initializer value or the run-time assignment), attributed to the bound
 * function, with the new prototype as the fix.
 *
 * Choices where SPEC and docs/messages.md leave room (a maintainer's view):
 * - One finding per binding.  When several reasons apply the most specific
 *   one is given: a removed member (unlocked_ioctl, locked_ioctl) first,
 *   then an old parameter list, and 'which returns long' only for an
 *   otherwise new-style ioctl.  A long-returning compat_ioctl(file, ...)
 *   is therefore reported once, as the old compat_ioctl prototype.
 * - The old ioctl(inode, file, ...) was called under the BKL
 *   (blkdev_ioctl() took lock_kernel() around it), so it is a "locked
 *   ioctl" and its fix carries the BKL clause, as does locked_ioctl's.
 * - The --strict BKL note has severity note, check deprecated-ioctl, and
 *   sits at the binding like every finding of this family.
 * - A bound function declared but defined in another file is reported from
 *   its prototype alone.
 * - Tables of other record types (file_operations) are never reported.
 */
#include "harness.h"

#define BOUND(member, func) \
	"block_device_operations member '" member "' is bound to '" func "', "
#define OLD_IOCTL "which takes (struct inode *, struct file *, ...): the old ioctl prototype"
#define OLD_COMPAT "which takes (struct file *, ...): the old compat_ioctl prototype"

/* a body that returns -ENOTTY at line+2: enough for a prototype */
static void stub(struct tu *t, int line, const char *proto)
{
	struct fb *f = fn(t, line, proto);

	at(f, line + 2);
	ret(f, k(f, -25));
	end(f);
}

/*
 * 10 static int foo_ioctl(struct inode *inode, struct file *file,
 *			   unsigned int cmd, unsigned long arg)
 * 11 {
 * 12	return -ENOTTY;
 * 13 }
 * 20 static struct block_device_operations foo_fops = {
 * 21	.owner = THIS_MODULE,
 * 22	.ioctl = foo_ioctl,
 * 23 };
 */
static void t_old_ioctl(struct tu *t)
{
	stub(t, 10, "static int foo_ioctl(struct inode *inode, struct file *file, "
	     "unsigned int cmd, unsigned long arg)");
	bind(t, "foo_fops", "ioctl", "foo_ioctl", 22);

	analyze(t);
	expect(t, "deprecated-ioctl", 22, "foo_ioctl", BOUND("ioctl", "foo_ioctl") OLD_IOCTL);
	fix(t, "int foo_ioctl" NEW_IOCTL BKL_FIX);
	done(t);
}

/*
 * 10 static long foo_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
 * 22	.compat_ioctl = foo_compat_ioctl,
 */
static void t_old_compat_ioctl(struct tu *t)
{
	stub(t, 10, "static long foo_compat_ioctl(struct file *file, unsigned int cmd, "
	     "unsigned long arg)");
	bind(t, "foo_fops", "compat_ioctl", "foo_compat_ioctl", 22);

	analyze(t);
	expect(t, "deprecated-ioctl", 22, "foo_compat_ioctl",
	       BOUND("compat_ioctl", "foo_compat_ioctl") OLD_COMPAT);
	fix(t, "int foo_compat_ioctl" NEW_IOCTL);
	done(t);
}

/*
 * 10 static long foo_unlocked_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
 * 22	.unlocked_ioctl = foo_unlocked_ioctl,
 */
static void t_unlocked_ioctl(struct tu *t)
{
	stub(t, 10, "static long foo_unlocked_ioctl(struct file *file, unsigned int cmd, "
	     "unsigned long arg)");
	bind(t, "foo_fops", "unlocked_ioctl", "foo_unlocked_ioctl", 22);

	analyze(t);
	expect(t, "deprecated-ioctl", 22, "foo_unlocked_ioctl",
	       BOUND("unlocked_ioctl", "foo_unlocked_ioctl")
	       "and unlocked_ioctl is removed: it becomes 'ioctl'");
	fix(t, "int foo_unlocked_ioctl" NEW_IOCTL);
	done(t);
}

/*
 * 2.6.33-2.6.36:
 * 10 static int foo_locked_ioctl(struct block_device *bdev, fmode_t mode,
 *				  unsigned int cmd, unsigned long arg)
 * 22	.locked_ioctl = foo_locked_ioctl,
 */
static void t_locked_ioctl(struct tu *t)
{
	stub(t, 10, "static int foo_locked_ioctl(struct block_device *bdev, fmode_t mode, "
	     "unsigned int cmd, unsigned long arg)");
	bind(t, "foo_fops", "locked_ioctl", "foo_locked_ioctl", 22);

	analyze(t);
	expect(t, "deprecated-ioctl", 22, "foo_locked_ioctl",
	       BOUND("locked_ioctl", "foo_locked_ioctl")
	       "and locked_ioctl is removed: it becomes 'ioctl', taking the BKL itself");
	fix(t, "int foo_locked_ioctl" NEW_IOCTL BKL_FIX);
	done(t);
}

/*
 * 10 static long foo_ioctl(struct block_device *bdev, fmode_t mode,
 *			    unsigned int cmd, unsigned long arg)
 * 22	.ioctl = foo_ioctl,
 */
static void t_long_ioctl(struct tu *t)
{
	stub(t, 10, "static long foo_ioctl(struct block_device *bdev, fmode_t mode, "
	     "unsigned int cmd, unsigned long arg)");
	bind(t, "foo_fops", "ioctl", "foo_ioctl", 22);

	analyze(t);
	expect(t, "deprecated-ioctl", 22, "foo_ioctl", BOUND("ioctl", "foo_ioctl") "which returns long");
	fix(t, "int foo_ioctl" NEW_IOCTL);
	done(t);
}

/*
 * 10 static int foo_open(struct inode *inode, struct file *filp)
 * 15 static int foo_release(struct inode *inode, struct file *filp)
 * 20 static struct block_device_operations foo_fops = {
 * 21	.open = foo_open,
 * 22	.release = foo_release,
 * 23 };
 */
static void t_old_open_release(struct tu *t)
{
	stub(t, 10, "static int foo_open(struct inode *inode, struct file *filp)");
	stub(t, 15, "static int foo_release(struct inode *inode, struct file *filp)");
	bind(t, "foo_fops", "open", "foo_open", 21);
	bind(t, "foo_fops", "release", "foo_release", 22);

	analyze(t);
	expect(t, "deprecated-prototype", 21, "foo_open",
	       BOUND("open", "foo_open")
	       "which takes (struct inode *, struct file *): the old open prototype");
	fix(t, "int foo_open(struct block_device *bdev, fmode_t mode)");
	expect(t, "deprecated-prototype", 22, "foo_release",
	       BOUND("release", "foo_release")
	       "which takes (struct inode *, struct file *): the old release prototype");
	fix(t, "int foo_release(struct gendisk *disk, fmode_t mode)");
	done(t);
}

/*
 * Every method in its 2.6.28+ form, and old prototypes in a
 * file_operations table (not ours to report).
 *
 * 10 static int foo_open(struct block_device *bdev, fmode_t mode)
 * 14 static int foo_release(struct gendisk *disk, fmode_t mode)
 * 18 static int foo_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
 * 22 static int foo_compat_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
 * 26 static int foo_getgeo(struct block_device *bdev, struct hd_geometry *geo)
 * 30 static int foo_media_changed(struct gendisk *disk)
 * 34 static void bar_release(struct gendisk *disk, fmode_t mode)	// 3.10+
 * 38 static long block_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
 * 42 static int old_fops_ioctl(struct inode *inode, struct file *file, unsigned int cmd, unsigned long arg)
 * 50 static struct block_device_operations foo_fops = {
 * 51	.open = foo_open, .release = foo_release, .ioctl = foo_ioctl,
 * 52	.compat_ioctl = foo_compat_ioctl, .getgeo = foo_getgeo,
 * 53	.media_changed = foo_media_changed,
 * 54 };
 * 55 static struct block_device_operations bar_fops = { .release = bar_release };
 * 60 const struct file_operations def_blk_fops = {
 * 61	.unlocked_ioctl = block_ioctl, .ioctl = old_fops_ioctl,
 * 62 };
 */
static void t_new_style_clean(struct tu *t)
{
	stub(t, 10, "static int foo_open(struct block_device *bdev, fmode_t mode)");
	stub(t, 14, "static int foo_release(struct gendisk *disk, fmode_t mode)");
	stub(t, 18, "static int foo_ioctl(struct block_device *bdev, fmode_t mode, "
	     "unsigned int cmd, unsigned long arg)");
	stub(t, 22, "static int foo_compat_ioctl(struct block_device *bdev, fmode_t mode, "
	     "unsigned int cmd, unsigned long arg)");
	stub(t, 26, "static int foo_getgeo(struct block_device *bdev, struct hd_geometry *geo)");
	stub(t, 30, "static int foo_media_changed(struct gendisk *disk)");
	{
		struct fb *f = fn(t, 34, "static void bar_release(struct gendisk *disk, fmode_t mode)");

		at(f, 35);
		ret(f, 0);
		end(f);
	}
	stub(t, 38, "static long block_ioctl(struct file *file, unsigned int cmd, unsigned long arg)");
	stub(t, 42, "static int old_fops_ioctl(struct inode *inode, struct file *file, "
	     "unsigned int cmd, unsigned long arg)");
	bind(t, "foo_fops", "open", "foo_open", 51);
	bind(t, "foo_fops", "release", "foo_release", 51);
	bind(t, "foo_fops", "ioctl", "foo_ioctl", 51);
	bind(t, "foo_fops", "compat_ioctl", "foo_compat_ioctl", 52);
	bind(t, "foo_fops", "getgeo", "foo_getgeo", 52);
	bind(t, "foo_fops", "media_changed", "foo_media_changed", 53);
	bind(t, "bar_fops", "release", "bar_release", 55);
	bind_tag(t, "file_operations", "def_blk_fops", "unlocked_ioctl", "block_ioctl", 61);
	bind_tag(t, "file_operations", "def_blk_fops", "ioctl", "old_fops_ioctl", 61);

	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 9);
	done(t);
}

/* the old ioctl and open of t_old_ioctl / t_old_open_release, both off */
static void t_disable_family(struct tu *t)
{
	stub(t, 10, "static int foo_open(struct inode *inode, struct file *filp)");
	stub(t, 15, "static int foo_ioctl(struct inode *inode, struct file *file, "
	     "unsigned int cmd, unsigned long arg)");
	bind(t, "foo_fops", "open", "foo_open", 21);
	bind(t, "foo_fops", "ioctl", "foo_ioctl", 22);

	opt(t, "disable", "deprecated-ioctl");
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/* the same with another check disabled: both still reported */
static void t_disable_other(struct tu *t)
{
	stub(t, 10, "static int foo_open(struct inode *inode, struct file *filp)");
	stub(t, 15, "static int foo_ioctl(struct inode *inode, struct file *file, "
	     "unsigned int cmd, unsigned long arg)");
	bind(t, "foo_fops", "open", "foo_open", 21);
	bind(t, "foo_fops", "ioctl", "foo_ioctl", 22);

	opt(t, "disable", "put-mode");
	analyze(t);
	expect(t, "deprecated-prototype", 21, "foo_open",
	       BOUND("open", "foo_open")
	       "which takes (struct inode *, struct file *): the old open prototype");
	fix(t, "int foo_open(struct block_device *bdev, fmode_t mode)");
	expect(t, "deprecated-ioctl", 22, "foo_ioctl", BOUND("ioctl", "foo_ioctl") OLD_IOCTL);
	fix(t, "int foo_ioctl" NEW_IOCTL BKL_FIX);
	done(t);
}

/*
 * 10 static int foo_ioctl(struct block_device *bdev, fmode_t mode,
 *			   unsigned int cmd, unsigned long arg)
 * 11 {
 * 12	int ret;
 * 13	lock_kernel();
 * 14	ret = __foo_ioctl(bdev, cmd, arg);
 * 15	unlock_kernel();
 * 16	return ret;
 * 17 }
 * 22	.ioctl = foo_ioctl,
 */
static void bkl_ioctl(struct tu *t)
{
	struct fb *f = fn(t, 10, "static int foo_ioctl(struct block_device *bdev, fmode_t mode, "
			  "unsigned int cmd, unsigned long arg)");

	at(f, 13);
	call(f, "lock_kernel", 0);
	at(f, 14);
	let(f, "ret", "int", call(f, "__foo_ioctl", 3, v(f, "bdev"), v(f, "cmd"), v(f, "arg")));
	at(f, 15);
	call(f, "unlock_kernel", 0);
	at(f, 16);
	ret(f, v(f, "ret"));
	end(f);
	bind(t, "foo_fops", "ioctl", "foo_ioctl", 22);
}

static void t_bkl_default(struct tu *t)
{
	bkl_ioctl(t);
	analyze(t);
	expect_functions(t, 1);
	done(t);
}

static void t_bkl_strict(struct tu *t)
{
	bkl_ioctl(t);
	opt(t, "strict", NULL);
	analyze(t);
	expect(t, "deprecated-ioctl", 22, "foo_ioctl",
	       "'foo_ioctl' still takes the big kernel lock; it needs review");
	severity(t, BD_SEV_NOTE);
	done(t);
}

/*
 * 10 static int foo_ioctl(struct inode *inode, struct file *file,
 *			   unsigned int cmd, unsigned long arg)
 * 14 int foo_setup(struct block_device_operations *ops)
 * 15 {
 * 16	ops->ioctl = foo_ioctl;
 * 17	return 0;
 * 18 }
 */
static void t_runtime_assignment(struct tu *t)
{
	struct fb *f;

	stub(t, 10, "static int foo_ioctl(struct inode *inode, struct file *file, "
	     "unsigned int cmd, unsigned long arg)");
	f = fn(t, 14, "int foo_setup(struct block_device_operations *ops)");
	at(f, 16);
	store(f, v(f, "ops"), "block_device_operations.ioctl", fnaddr(f, "foo_ioctl"));
	at(f, 17);
	ret(f, k(f, 0));
	end(f);

	analyze(t);
	expect(t, "deprecated-ioctl", 16, "foo_ioctl", BOUND("ioctl", "foo_ioctl") OLD_IOCTL);
	fix(t, "int foo_ioctl" NEW_IOCTL BKL_FIX);
	done(t);
}

/*
 *  5 extern int ext_ioctl(struct inode *inode, struct file *file,
 *			  unsigned int cmd, unsigned long arg);
 * 20 static struct block_device_operations foo_fops = {
 * 21	.ioctl = ext_ioctl,
 * 22 };
 */
static void t_bound_without_body(struct tu *t)
{
	decl(t, 5, "int ext_ioctl(struct inode *inode, struct file *file, "
	     "unsigned int cmd, unsigned long arg)");
	bind(t, "foo_fops", "ioctl", "ext_ioctl", 21);

	analyze(t);
	expect(t, "deprecated-ioctl", 21, "ext_ioctl", BOUND("ioctl", "ext_ioctl") OLD_IOCTL);
	fix(t, "int ext_ioctl" NEW_IOCTL BKL_FIX);
	done(t);
}

const struct test deprecated_ioctl_tests[] = {
	{ "deprecated_old_ioctl", t_old_ioctl, SSA },
	{ "deprecated_old_compat_ioctl", t_old_compat_ioctl, SLOTS },
	{ "deprecated_unlocked_ioctl", t_unlocked_ioctl, SSA },
	{ "deprecated_locked_ioctl", t_locked_ioctl, SLOTS },
	{ "deprecated_long_ioctl", t_long_ioctl, SSA },
	{ "deprecated_old_open_release", t_old_open_release, SLOTS },
	{ "deprecated_new_style_clean", t_new_style_clean, SSA },
	{ "deprecated_disable_family", t_disable_family, SSA },
	{ "deprecated_disable_other_check", t_disable_other, SSA },
	{ "deprecated_bkl_default", t_bkl_default, SSA },
	{ "deprecated_bkl_strict_note", t_bkl_strict, SLOTS },
	{ "deprecated_runtime_assignment", t_runtime_assignment, SLOTS },
	{ "deprecated_bound_without_body", t_bound_without_body, SSA },
	{ NULL, NULL, SSA }
};
