// SPDX-License-Identifier: GPL-2.0
/*
 * test_roles.c - SPEC 1: which functions are block methods, how roles flow
 * to callees, and how a finding names the method (WHO in messages.md).
 *
 * Choices where SPEC and docs/messages.md leave room (a maintainer's view):
 * - WHO names the first method by name that reaches the helper, as
 *   docs/messages.md says, even when that method's role is not the one
 *   that makes the rule apply: a helper reached from 'aa_open' and
 *   'zz_release' tests O_NDELAY "called from block method 'aa_open'".
 *   (Naming 'zz_release' would read better; that is a change to
 *   messages.md first, then to this test.)
 * - A helper reached from open and from another role is reported once.
 * - Recursion is fine: roles reach a fixed point.
 */
#include <string.h>
#include "harness.h"

#define TESTS(who) who " tests O_NDELAY in 'file->f_flags'" AFTER_OPEN
#define FIX "use 'mode & FMODE_NDELAY'"

/*
 *  5 static int nonblocking(struct cdrom_device_info *cdi)
 *  6 {
 *  7	return cdi->file->f_flags & O_NDELAY;
 *  8 }
 */
static void nonblocking(struct tu *t)
{
	struct fb *f = fn(t, 5, "static int nonblocking(struct cdrom_device_info *cdi)");
	bd_val file;

	at(f, 7);
	file = load(f, v(f, "cdi"), "cdrom_device_info.file");
	ret(f, op(f, BD_AND, load(f, file, "file.f_flags"), k(f, O_NDELAY)));
	end(f);
}

/* 'static int NAME(PROTO) { return nonblocking(disk->private_data); }' at line */
static void method_calling_helper(struct tu *t, int line, const char *proto,
				  const char *disk_param)
{
	struct fb *f = fn(t, line, proto);
	bd_val x;

	at(f, line + 2);
	x = v(f, disk_param);
	if (!strcmp(disk_param, "bdev"))
		x = load(f, x, "block_device.bd_disk");
	x = load(f, x, "gendisk.private_data");
	ret(f, call(f, "nonblocking", 1, cast(f, x, "struct cdrom_device_info *")));
	end(f);
}

#define NEW_IOCTL_PROTO(name) "static int " name "(struct block_device *bdev, " \
	"fmode_t mode, unsigned int cmd, unsigned long arg)"

/*
 *  5 nonblocking() as above
 * 10 static int zz_release(struct gendisk *disk, fmode_t mode)
 * 11 {
 * 12	return nonblocking(disk->private_data);
 * 13 }
 * 15 static int aa_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg)
 * 16 {
 * 17	return nonblocking(bdev->bd_disk->private_data);
 * 18 }
 * 20 static struct block_device_operations cd_fops = {
 * 21	.release = zz_release,
 * 22	.ioctl = aa_ioctl,
 * 23 };
 */
static void t_first_method_by_name(struct tu *t)
{
	nonblocking(t);
	method_calling_helper(t, 10, "static int zz_release(struct gendisk *disk, fmode_t mode)",
			      "disk");
	method_calling_helper(t, 15, NEW_IOCTL_PROTO("aa_ioctl"), "bdev");
	bind(t, "cd_fops", "release", "zz_release", 21);
	bind(t, "cd_fops", "ioctl", "aa_ioctl", 22);

	analyze(t);
	expect(t, "ndelay-flags", 7, "nonblocking",
	       TESTS("'nonblocking' (called from block method 'aa_ioctl')"));
	fix(t, FIX);
	done(t);
}

/*
 * 10 static int aa_open(struct block_device *bdev, fmode_t mode)
 * 15 static int zz_release(struct gendisk *disk, fmode_t mode)
 * both 'return nonblocking(...)'.
 */
static void t_who_first_by_name(struct tu *t)
{
	nonblocking(t);
	method_calling_helper(t, 10, "static int aa_open(struct block_device *bdev, fmode_t mode)",
			      "bdev");
	method_calling_helper(t, 15, "static int zz_release(struct gendisk *disk, fmode_t mode)",
			      "disk");
	bind(t, "cd_fops", "open", "aa_open", 21);
	bind(t, "cd_fops", "release", "zz_release", 22);

	analyze(t);
	expect(t, "ndelay-flags", 7, "nonblocking",
	       TESTS("'nonblocking' (called from block method 'aa_open')"));
	fix(t, FIX);
	done(t);
}

/* only open reaches the helper: not after-open context */
static void t_open_only(struct tu *t)
{
	nonblocking(t);
	method_calling_helper(t, 10, "static int cd_open(struct block_device *bdev, fmode_t mode)",
			      "bdev");
	bind(t, "cd_fops", "open", "cd_open", 21);

	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/* media_changed is after open too ("other" roles count) */
static void t_media_changed(struct tu *t)
{
	nonblocking(t);
	method_calling_helper(t, 10, "static int cd_media_changed(struct gendisk *disk)", "disk");
	bind(t, "cd_fops", "media_changed", "cd_media_changed", 21);

	analyze(t);
	expect(t, "ndelay-flags", 7, "nonblocking",
	       TESTS("'nonblocking' (called from block method 'cd_media_changed')"));
	fix(t, FIX);
	done(t);
}

/*
 * Roles flow through calls of any depth, recursion included.
 *
 *  5 static int walk(struct cdrom_device_info *cdi, int depth)
 *  6 {
 *  7	if (depth)
 *  8		return walk(cdi, depth - 1);
 *  9	return cdi->file->f_flags & O_NDELAY;
 * 10 }
 * 12 static int cd_release(struct gendisk *disk, fmode_t mode)
 * 13 {
 * 14	return walk(disk->private_data, 3);
 * 15 }
 * 20 static struct block_device_operations cd_fops = { .release = cd_release };
 */
static void t_recursion(struct tu *t)
{
	struct fb *f = fn(t, 5, "static int walk(struct cdrom_device_info *cdi, int depth)");
	int b_rec = blk(f), b_base = blk(f);
	bd_val x;

	at(f, 7);
	br(f, v(f, "depth"), b_rec, b_base);
	to(f, b_rec);
	at(f, 8);
	ret(f, call(f, "walk", 2, v(f, "cdi"), op(f, BD_SUB, v(f, "depth"), k(f, 1))));
	to(f, b_base);
	at(f, 9);
	x = load(f, load(f, v(f, "cdi"), "cdrom_device_info.file"), "file.f_flags");
	ret(f, op(f, BD_AND, x, k(f, O_NDELAY)));
	end(f);

	f = fn(t, 12, "static int cd_release(struct gendisk *disk, fmode_t mode)");
	at(f, 14);
	x = load(f, v(f, "disk"), "gendisk.private_data");
	ret(f, call(f, "walk", 2, cast(f, x, "struct cdrom_device_info *"), k(f, 3)));
	end(f);
	bind(t, "cd_fops", "release", "cd_release", 20);

	analyze(t);
	expect(t, "ndelay-flags", 9, "walk",
	       TESTS("'walk' (called from block method 'cd_release')"));
	fix(t, FIX);
	done(t);
}

/*
 * A run-time binding gives its role like a static one.
 *
 *  5 nonblocking() as above
 * 10 static int cd_release(struct gendisk *disk, fmode_t mode)
 * 11 {
 * 12	return nonblocking(disk->private_data);
 * 13 }
 * 15 void cd_setup(struct block_device_operations *ops)
 * 16 {
 * 17	ops->release = cd_release;
 * 18 }
 */
static void t_runtime_role(struct tu *t)
{
	struct fb *f;

	nonblocking(t);
	method_calling_helper(t, 10, "static int cd_release(struct gendisk *disk, fmode_t mode)",
			      "disk");
	f = fn(t, 15, "void cd_setup(struct block_device_operations *ops)");
	at(f, 17);
	store(f, v(f, "ops"), "block_device_operations.release", fnaddr(f, "cd_release"));
	at(f, 18);
	ret(f, 0);
	end(f);

	analyze(t);
	expect(t, "ndelay-flags", 7, "nonblocking",
	       TESTS("'nonblocking' (called from block method 'cd_release')"));
	fix(t, FIX);
	done(t);
}

/*
 * The same function bound in a file_operations table gets no role, even
 * when the names look like methods.
 */
static void t_file_operations_no_role(struct tu *t)
{
	nonblocking(t);
	method_calling_helper(t, 10, "static int cd_release(struct gendisk *disk, fmode_t mode)",
			      "disk");
	bind_tag(t, "file_operations", "cd_fops", "release", "cd_release", 21);

	analyze(t);
	expect_functions(t, 2);
	done(t);
}

const struct test roles_tests[] = {
	{ "roles_first_method_by_name", t_first_method_by_name, SSA },
	{ "roles_who_first_by_name_even_open", t_who_first_by_name, SLOTS },
	{ "roles_open_only_not_after_open", t_open_only, SSA },
	{ "roles_media_changed_after_open", t_media_changed, SLOTS },
	{ "roles_recursion", t_recursion, SSA },
	{ "roles_runtime_binding", t_runtime_role, SLOTS },
	{ "roles_file_operations_no_role", t_file_operations_no_role, SSA },
	{ NULL, NULL, SSA }
};
