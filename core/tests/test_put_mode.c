// SPDX-License-Identifier: GPL-2.0
/*
 * test_put_mode.c - bdops-put-mode (SPEC 2): the mode a put passes must be
 * the mode its get took, on every path; plus puts of failed gets, double
 * puts and exclusive gets without a holder.
 *
 * Choices where SPEC and docs/messages.md leave room (a maintainer's view):
 * - put-mode applies to every analysed function, not only method context:
 *   filesystems and md put block devices outside any block method.
 * - A mismatch seen through a helper that puts with the mode it is given is
 *   reported at the blkdev_put() inside the helper ("report at the put"),
 *   with the note at the get in the caller.
 * - A symbolic mode with a bit or'ed in (or masked out) between get and
 *   put is reported as "added" ("dropped"), even though the bit might
 *   already have been set (clear): code that changes the mode between get
 *   and put is the bug the RFC describes.
 * - A put with no get in sight (a parameter, inode->i_bdev) is unknown: no
 *   finding; with --strict a note (severity note) at the put, GET spelled
 *   as the put's own counterpart: blkdev_put -> blkdev_get(),
 *   close_bdev_excl -> open_bdev_excl(), close_bdev_exclusive ->
 *   open_bdev_exclusive().
 * - A put of an array element in a loop is not a double put: array
 *   indexing drops the index (docs/design.md rule 4), so the engine must
 *   not take two elements for the same block device.
 * - The failed-get rule is about IS_ERR() of a get's result; the fmode-era
 *   API (2.6.38+: blkdev_get_by_path(path, mode, holder)) is used unless a
 *   test models an older caller.
 */
#include <string.h>
#include "harness.h"

#define DIFFERS(put, pmode, get, gmode) \
	put "() passes " pmode ", but the matching " get "() took " gmode
#define TOOK(get, gmode) get "() took " gmode " here"
#define RW "FMODE_READ|FMODE_WRITE"

/*
 * 10 int foo_attach(const char *path, void *holder)	(or dev_t dev)
 * 11 {
 * 12	struct block_device *bdev;
 * 13
 * 14	bdev = GET(path, GMODE, holder);
 * 15	if (IS_ERR(bdev))
 * 16		return PTR_ERR(bdev);
 * 17	sync_blockdev(bdev);
 * 18	PUT(bdev, PMODE);
 * 19	return 0;
 * 20 }
 */
static void get_use_put(struct tu *t, const char *get, long long gmode,
			const char *put, long long pmode)
{
	int by_dev = !strcmp(get, "blkdev_get_by_dev") || !strcmp(get, "open_by_devnum");
	struct fb *f = fn(t, 10, by_dev ? "int foo_attach(dev_t dev, void *holder)" :
			  "int foo_attach(const char *path, void *holder)");
	int b_err = blk(f), b_ok = blk(f);
	bd_val bdev, e;

	at(f, 14);
	if (!strcmp(get, "open_by_devnum"))	/* 2.6.28: no holder */
		bdev = call(f, get, 2, v(f, "dev"), k(f, gmode));
	else
		bdev = call(f, get, 3, v(f, by_dev ? "dev" : "path"), k(f, gmode),
			    v(f, "holder"));
	let(f, "bdev", "struct block_device *", bdev);
	at(f, 15);
	e = v(f, "bdev");
	if (form_of(t) == SLOTS)
		e = cast(f, e, "void *");
	br(f, call(f, "IS_ERR", 1, e), b_err, b_ok);
	to(f, b_err);
	at(f, 16);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok);
	at(f, 17);
	call(f, "sync_blockdev", 1, v(f, "bdev"));
	at(f, 18);
	call(f, put, 2, v(f, "bdev"), k(f, pmode));
	at(f, 19);
	ret(f, k(f, 0));
	end(f);
}

static void t_equal_constants(struct tu *t)
{
	get_use_put(t, "blkdev_get_by_path", FMODE_READ | FMODE_WRITE,
		    "blkdev_put", FMODE_READ | FMODE_WRITE);
	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 1);
	done(t);
}

static void t_different_constants(struct tu *t)
{
	get_use_put(t, "blkdev_get_by_path", FMODE_READ | FMODE_WRITE,
		    "blkdev_put", FMODE_READ);
	analyze(t);
	expect(t, "put-mode", 18, "foo_attach",
	       DIFFERS("blkdev_put", "FMODE_READ", "blkdev_get_by_path", RW));
	note(t, 14, TOOK("blkdev_get_by_path", RW));
	fix(t, "pass " RW);
	done(t);
}

static void t_excl_dropped_by_dev(struct tu *t)
{
	get_use_put(t, "blkdev_get_by_dev", FMODE_READ | FMODE_WRITE | FMODE_EXCL,
		    "blkdev_put", FMODE_READ | FMODE_WRITE);
	analyze(t);
	expect(t, "put-mode", 18, "foo_attach",
	       DIFFERS("blkdev_put", RW, "blkdev_get_by_dev", RW "|FMODE_EXCL"));
	note(t, 14, TOOK("blkdev_get_by_dev", RW "|FMODE_EXCL"));
	fix(t, "pass " RW "|FMODE_EXCL");
	done(t);
}

static void t_zero_mode(struct tu *t)
{
	get_use_put(t, "open_by_devnum", FMODE_READ, "blkdev_put", 0);
	analyze(t);
	expect(t, "put-mode", 18, "foo_attach",
	       DIFFERS("blkdev_put", "0", "open_by_devnum", "FMODE_READ"));
	note(t, 14, TOOK("open_by_devnum", "FMODE_READ"));
	fix(t, "pass FMODE_READ");
	done(t);
}

static void t_close_bdev_excl_differs(struct tu *t)
{
	get_use_put(t, "open_bdev_excl", FMODE_READ | FMODE_WRITE,
		    "close_bdev_excl", FMODE_READ);
	analyze(t);
	expect(t, "put-mode", 18, "foo_attach",
	       DIFFERS("close_bdev_excl", "FMODE_READ", "open_bdev_excl", RW));
	note(t, 14, TOOK("open_bdev_excl", RW));
	fix(t, "pass " RW);
	done(t);
}

static void t_close_bdev_excl_equal(struct tu *t)
{
	get_use_put(t, "open_bdev_excl", FMODE_READ, "close_bdev_excl", FMODE_READ);
	analyze(t);
	done(t);
}

static void t_close_bdev_exclusive_differs(struct tu *t)
{
	get_use_put(t, "open_bdev_exclusive", FMODE_READ,
		    "close_bdev_exclusive", FMODE_READ | FMODE_WRITE);
	analyze(t);
	expect(t, "put-mode", 18, "foo_attach",
	       DIFFERS("close_bdev_exclusive", RW, "open_bdev_exclusive", "FMODE_READ"));
	note(t, 14, TOOK("open_bdev_exclusive", "FMODE_READ"));
	fix(t, "pass FMODE_READ");
	done(t);
}

/*
 * pktcdvd: bdget() + blkdev_get() with FMODE_NDELAY, put elsewhere through
 * the field that holds the bdev (2.6.28 API: blkdev_get(bdev, mode)).
 *
 * 10 static int pkt_new_dev(struct pktcdvd_device *pd, dev_t dev)
 * 11 {
 * 12	struct block_device *bdev = bdget(dev);
 * 13	int ret;
 * 14	if (!bdev)
 * 15		return -ENOMEM;
 * 16	ret = blkdev_get(bdev, FMODE_READ | FMODE_NDELAY);
 * 17	if (ret)
 * 18		return ret;
 * 19	pd->bdev = bdev;
 * 20	return 0;
 * 21 }
 * 23 static void pkt_remove_dev(struct pktcdvd_device *pd)
 * 24 {
 * 25	blkdev_put(pd->bdev, PMODE);
 * 26 }
 * 28 int pkt_ctl(struct pktcdvd_device *pd, dev_t dev, int add)
 * 29 {
 * 30	if (add)
 * 31		return pkt_new_dev(pd, dev);
 * 32	pkt_remove_dev(pd);
 * 33	return 0;
 * 34 }
 */
static void pktcdvd(struct tu *t, long long pmode)
{
	struct fb *f = fn(t, 10, "static int pkt_new_dev(struct pktcdvd_device *pd, dev_t dev)");
	int b_nomem = blk(f), b_get = blk(f), b_fail = blk(f), b_ok = blk(f);

	at(f, 12);
	let(f, "bdev", "struct block_device *", call(f, "bdget", 1, v(f, "dev")));
	at(f, 14);
	br(f, v(f, "bdev"), b_get, b_nomem);
	to(f, b_nomem);
	at(f, 15);
	ret(f, k(f, -12));
	to(f, b_get);
	at(f, 16);
	let(f, "ret", "int", call(f, "blkdev_get", 2, v(f, "bdev"),
				  k(f, FMODE_READ | FMODE_NDELAY)));
	at(f, 17);
	br(f, v(f, "ret"), b_fail, b_ok);
	to(f, b_fail);
	at(f, 18);
	ret(f, v(f, "ret"));
	to(f, b_ok);
	at(f, 19);
	store(f, v(f, "pd"), "pktcdvd_device.bdev", v(f, "bdev"));
	at(f, 20);
	ret(f, k(f, 0));
	end(f);

	f = fn(t, 23, "static void pkt_remove_dev(struct pktcdvd_device *pd)");
	at(f, 25);
	call(f, "blkdev_put", 2, load(f, v(f, "pd"), "pktcdvd_device.bdev"), k(f, pmode));
	at(f, 26);
	ret(f, 0);
	end(f);

	f = fn(t, 28, "int pkt_ctl(struct pktcdvd_device *pd, dev_t dev, int add)");
	b_get = blk(f);
	b_ok = blk(f);
	at(f, 30);
	br(f, v(f, "add"), b_get, b_ok);
	to(f, b_get);
	at(f, 31);
	ret(f, call(f, "pkt_new_dev", 2, v(f, "pd"), v(f, "dev")));
	to(f, b_ok);
	at(f, 32);
	call(f, "pkt_remove_dev", 1, v(f, "pd"));
	at(f, 33);
	ret(f, k(f, 0));
	end(f);
}

static void t_pktcdvd_ndelay_dropped(struct tu *t)
{
	pktcdvd(t, FMODE_READ);
	analyze(t);
	expect(t, "put-mode", 25, "pkt_remove_dev",
	       DIFFERS("blkdev_put", "FMODE_READ", "blkdev_get", "FMODE_READ|FMODE_NDELAY"));
	note(t, 16, TOOK("blkdev_get", "FMODE_READ|FMODE_NDELAY"));
	fix(t, "pass FMODE_READ|FMODE_NDELAY");
	done(t);
}

static void t_pktcdvd_fixed(struct tu *t)
{
	pktcdvd(t, FMODE_READ | FMODE_NDELAY);
	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 3);
	done(t);
}

/*
 * 10 int foo_claim(const char *path, fmode_t mode, void *holder)
 * 11 {
 * 12	struct block_device *bdev = blkdev_get_by_path(path, GMODE, holder);
 * 13	if (IS_ERR(bdev))
 * 14		return PTR_ERR(bdev);
 * 15	sync_blockdev(bdev);
 * 16	blkdev_put(bdev, PMODE);
 * 17	return 0;
 * 18 }
 * with GMODE, PMODE built from 'mode' by the callers below.
 */
enum symbolic { SAME, NDELAY_ADDED, EXCL_DROPPED };

static void claim(struct tu *t, enum symbolic how)
{
	struct fb *f = fn(t, 10, "int foo_claim(const char *path, fmode_t mode, void *holder)");
	int b_err = blk(f), b_ok = blk(f);
	bd_val gmode, pmode;

	at(f, 12);
	gmode = v(f, "mode");
	if (how == EXCL_DROPPED)
		gmode = op(f, BD_OR, gmode, k(f, FMODE_EXCL));
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "path"), gmode, v(f, "holder")));
	at(f, 13);
	br(f, call(f, "IS_ERR", 1, v(f, "bdev")), b_err, b_ok);
	to(f, b_err);
	at(f, 14);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok);
	at(f, 15);
	call(f, "sync_blockdev", 1, v(f, "bdev"));
	at(f, 16);
	pmode = v(f, "mode");
	if (how == NDELAY_ADDED)
		pmode = op(f, BD_OR, pmode, k(f, FMODE_NDELAY));
	call(f, "blkdev_put", 2, v(f, "bdev"), pmode);
	at(f, 17);
	ret(f, k(f, 0));
	end(f);
}

static void t_same_value(struct tu *t)
{
	claim(t, SAME);
	analyze(t);
	done(t);
}

static void t_same_value_strict(struct tu *t)
{
	claim(t, SAME);
	opt(t, "strict", NULL);
	analyze(t);
	done(t);
}

static void t_bit_added(struct tu *t)
{
	claim(t, NDELAY_ADDED);
	analyze(t);
	expect(t, "put-mode", 16, "foo_claim",
	       "blkdev_put() passes the mode of the matching blkdev_get_by_path() "
	       "with FMODE_NDELAY added");
	note(t, 12, "blkdev_get_by_path() took its mode here");
	done(t);
}

/* 12: blkdev_get_by_path(path, mode | FMODE_EXCL, holder); 16: blkdev_put(bdev, mode) */
static void t_bit_dropped(struct tu *t)
{
	claim(t, EXCL_DROPPED);
	analyze(t);
	expect(t, "put-mode", 16, "foo_claim",
	       "blkdev_put() passes the mode of the matching blkdev_get_by_path() "
	       "with FMODE_EXCL dropped");
	note(t, 12, "blkdev_get_by_path() took its mode here");
	done(t);
}

/*
 * 10 int foo_claim(const char *path, int writable, void *holder)
 * 11 {
 * 12	fmode_t mode = FMODE_READ;
 * 13	struct block_device *bdev;
 * 14	if (writable)
 * 15		mode |= FMODE_WRITE;
 * 16	bdev = blkdev_get_by_path(path, mode, holder);
 * 17	if (IS_ERR(bdev))
 * 18		return PTR_ERR(bdev);
 * 19	sync_blockdev(bdev);
 * 20	blkdev_put(bdev, mode);
 * 21	return 0;
 * 22 }
 */
static void t_unchanged_local(struct tu *t)
{
	struct fb *f = fn(t, 10, "int foo_claim(const char *path, int writable, void *holder)");
	int b_w = blk(f), b_get = blk(f), b_err = blk(f), b_ok = blk(f);

	at(f, 12);
	let(f, "mode", "unsigned int", k(f, FMODE_READ));
	at(f, 14);
	br(f, v(f, "writable"), b_w, b_get);
	to(f, b_w);
	at(f, 15);
	let(f, "mode", "unsigned int", op(f, BD_OR, v(f, "mode"), k(f, FMODE_WRITE)));
	jmp(f, b_get);
	to(f, b_get);
	at(f, 16);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "path"), v(f, "mode"), v(f, "holder")));
	at(f, 17);
	br(f, call(f, "IS_ERR", 1, cast(f, v(f, "bdev"), "void *")), b_err, b_ok);
	to(f, b_err);
	at(f, 18);
	ret(f, call(f, "PTR_ERR", 1, cast(f, v(f, "bdev"), "void *")));
	to(f, b_ok);
	at(f, 19);
	call(f, "sync_blockdev", 1, v(f, "bdev"));
	at(f, 20);
	call(f, "blkdev_put", 2, v(f, "bdev"), v(f, "mode"));
	at(f, 21);
	ret(f, k(f, 0));
	end(f);

	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 1);
	done(t);
}

/*
 * 10 int foo_claim(const char *path, void *holder, int upgrade)
 * 11 {
 * 12	fmode_t mode = FMODE_READ;
 * 13	struct block_device *bdev = blkdev_get_by_path(path, mode, holder);
 * 14	if (IS_ERR(bdev))
 * 15		return PTR_ERR(bdev);
 * 16	if (upgrade)
 * 17		mode |= FMODE_WRITE;
 * 18	blkdev_put(bdev, mode);
 * 19	return 0;
 * 20 }
 * (SSA: mode_1 = 1; mode_2 = mode_1 | 2; mode_3 = PHI <mode_1, mode_2>)
 */
static void t_changed_on_one_branch(struct tu *t)
{
	struct fb *f = fn(t, 10, "int foo_claim(const char *path, void *holder, int upgrade)");
	int b_err = blk(f), b_ok = blk(f), b_up = blk(f), b_put = blk(f);
	bd_val m1, m2, m3, bdev;

	at(f, 12);
	m1 = k(f, FMODE_READ);
	at(f, 13);
	bdev = call(f, "blkdev_get_by_path", 3, v(f, "path"), m1, v(f, "holder"));
	at(f, 14);
	br(f, call(f, "IS_ERR", 1, bdev), b_err, b_ok);
	to(f, b_err);
	at(f, 15);
	ret(f, call(f, "PTR_ERR", 1, bdev));
	to(f, b_ok);
	at(f, 16);
	br(f, v(f, "upgrade"), b_up, b_put);
	to(f, b_up);
	at(f, 17);
	m2 = op(f, BD_OR, m1, k(f, FMODE_WRITE));
	jmp(f, b_put);
	to(f, b_put);
	at(f, 18);
	m3 = phi2(f, "unsigned int", m1, b_ok, m2, b_up);
	call(f, "blkdev_put", 2, bdev, m3);
	at(f, 19);
	ret(f, k(f, 0));
	end(f);

	analyze(t);
	expect(t, "put-mode", 18, "foo_claim",
	       DIFFERS("blkdev_put", RW, "blkdev_get_by_path", "FMODE_READ"));
	note(t, 13, TOOK("blkdev_get_by_path", "FMODE_READ"));
	fix(t, "pass FMODE_READ");
	done(t);
}

/*
 * reiserfs: the mode is stored next to the bdev and put with it.
 *
 * 10 static int journal_init_dev(struct reiserfs_journal *journal,
 *				  const char *jdev_name, int ro)
 * 11 {
 * 12	fmode_t blkdev_mode = FMODE_READ | FMODE_EXCL;
 * 13	struct block_device *bdev;
 * 14	if (!ro)
 * 15		blkdev_mode |= FMODE_WRITE;
 * 16	journal->j_dev_mode = blkdev_mode;
 * 17	bdev = blkdev_get_by_path(jdev_name, blkdev_mode, journal);
 * 18	if (IS_ERR(bdev))
 * 19		return PTR_ERR(bdev);
 * 20	journal->j_dev_bd = bdev;
 * 21	return 0;
 * 22 }
 * 24 static void release_journal_dev(struct reiserfs_journal *journal)
 * 25 {
 * 26	if (journal->j_dev_bd != NULL) {
 * 27		blkdev_put(journal->j_dev_bd, journal->j_dev_mode);
 * 28		journal->j_dev_bd = NULL;
 * 29	}
 * 30 }
 * 32 int journal_ctl(struct reiserfs_journal *journal, const char *name, int ro, int init)
 * 33 {
 * 34	if (init)
 * 35		return journal_init_dev(journal, name, ro);
 * 36	release_journal_dev(journal);
 * 37	return 0;
 * 38 }
 */
static void t_mode_stored_next_to_bdev(struct tu *t)
{
	struct fb *f = fn(t, 10, "static int journal_init_dev(struct reiserfs_journal *journal, "
			  "const char *jdev_name, int ro)");
	int b_rw = blk(f), b_get = blk(f), b_err = blk(f), b_ok = blk(f);
	bd_val x;

	at(f, 12);
	let(f, "blkdev_mode", "unsigned int", k(f, FMODE_READ | FMODE_EXCL));
	at(f, 14);
	x = un(f, BD_NOT, v(f, "ro"));
	br(f, x, b_rw, b_get);
	to(f, b_rw);
	at(f, 15);
	let(f, "blkdev_mode", "unsigned int",
	    op(f, BD_OR, v(f, "blkdev_mode"), k(f, FMODE_WRITE)));
	jmp(f, b_get);
	to(f, b_get);
	at(f, 16);
	store(f, v(f, "journal"), "reiserfs_journal.j_dev_mode", v(f, "blkdev_mode"));
	at(f, 17);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "jdev_name"), v(f, "blkdev_mode"),
		 cast(f, v(f, "journal"), "void *")));
	at(f, 18);
	br(f, call(f, "IS_ERR", 1, cast(f, v(f, "bdev"), "void *")), b_err, b_ok);
	to(f, b_err);
	at(f, 19);
	ret(f, call(f, "PTR_ERR", 1, cast(f, v(f, "bdev"), "void *")));
	to(f, b_ok);
	at(f, 20);
	store(f, v(f, "journal"), "reiserfs_journal.j_dev_bd", v(f, "bdev"));
	at(f, 21);
	ret(f, k(f, 0));
	end(f);

	f = fn(t, 24, "static void release_journal_dev(struct reiserfs_journal *journal)");
	b_ok = blk(f);
	b_err = blk(f);
	at(f, 26);
	x = op(f, BD_NE, load(f, v(f, "journal"), "reiserfs_journal.j_dev_bd"), k(f, 0));
	br(f, x, b_ok, b_err);
	to(f, b_ok);
	at(f, 27);
	call(f, "blkdev_put", 2, load(f, v(f, "journal"), "reiserfs_journal.j_dev_bd"),
	     load(f, v(f, "journal"), "reiserfs_journal.j_dev_mode"));
	at(f, 28);
	store(f, v(f, "journal"), "reiserfs_journal.j_dev_bd", k(f, 0));
	jmp(f, b_err);
	to(f, b_err);
	at(f, 30);
	ret(f, 0);
	end(f);

	f = fn(t, 32, "int journal_ctl(struct reiserfs_journal *journal, const char *name, "
	       "int ro, int init)");
	b_ok = blk(f);
	b_err = blk(f);
	at(f, 34);
	br(f, v(f, "init"), b_ok, b_err);
	to(f, b_ok);
	at(f, 35);
	ret(f, call(f, "journal_init_dev", 3, v(f, "journal"), v(f, "name"), v(f, "ro")));
	to(f, b_err);
	at(f, 36);
	call(f, "release_journal_dev", 1, v(f, "journal"));
	at(f, 37);
	ret(f, k(f, 0));
	end(f);

	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 3);
	done(t);
}

/*
 * 2.6.28 get_sb_bdev()/kill_block_super(): the mode is kept in sb->s_mode;
 * recomputing it from sb->s_flags is the bug the RFC names (a filesystem
 * that went read-only on errors changed s_flags).
 *
 * 10 int get_sb_bdev(struct super_block *s, int flags, const char *dev_name, void *fs_type)
 * 11 {
 * 12	struct block_device *bdev;
 * 13	fmode_t mode = FMODE_READ;
 * 14	if (!(flags & MS_RDONLY))
 * 15		mode |= FMODE_WRITE;
 * 16	bdev = open_bdev_exclusive(dev_name, mode, fs_type);
 * 17	if (IS_ERR(bdev))
 * 18		return PTR_ERR(bdev);
 * 19	s->s_bdev = bdev;
 * 20	s->s_mode = mode;
 * 21	return 0;
 * 22 }
 * 24 void kill_block_super(struct super_block *sb)
 * 25 {
 * 26	struct block_device *bdev = sb->s_bdev;
 * recomputed:
 * 27	fmode_t mode = FMODE_READ;
 * 28	if (!(sb->s_flags & MS_RDONLY))
 * 29		mode |= FMODE_WRITE;
 * 30	close_bdev_exclusive(bdev, mode);
 * stored:
 * 30	close_bdev_exclusive(bdev, sb->s_mode);
 * 31 }
 */
static void get_sb_bdev(struct tu *t, int recompute)
{
	struct fb *f = fn(t, 10, "int get_sb_bdev(struct super_block *s, int flags, "
			  "const char *dev_name, void *fs_type)");
	int b_rw = blk(f), b_get = blk(f), b_err = blk(f), b_ok = blk(f);
	bd_val m1, m2, m3, x, bdev;

	/* GCC: mode_1 = 1; if ((flags & 1) == 0) mode_2 = mode_1 | 2; PHI */
	at(f, 13);
	m1 = k(f, FMODE_READ);
	at(f, 14);
	x = op(f, BD_AND, v(f, "flags"), k(f, MS_RDONLY));
	br(f, op(f, BD_EQ, x, k(f, 0)), b_rw, b_get);
	to(f, b_rw);
	at(f, 15);
	m2 = op(f, BD_OR, m1, k(f, FMODE_WRITE));
	jmp(f, b_get);
	to(f, b_get);
	at(f, 16);
	m3 = phi2(f, "unsigned int", m1, 0, m2, b_rw);
	bdev = call(f, "open_bdev_exclusive", 3, v(f, "dev_name"), m3, v(f, "fs_type"));
	at(f, 17);
	br(f, call(f, "IS_ERR", 1, bdev), b_err, b_ok);
	to(f, b_err);
	at(f, 18);
	ret(f, call(f, "PTR_ERR", 1, bdev));
	to(f, b_ok);
	at(f, 19);
	store(f, v(f, "s"), "super_block.s_bdev", bdev);
	at(f, 20);
	store(f, v(f, "s"), "super_block.s_mode", m3);
	at(f, 21);
	ret(f, k(f, 0));
	end(f);

	f = fn(t, 24, "void kill_block_super(struct super_block *sb)");
	at(f, 26);
	bdev = load(f, v(f, "sb"), "super_block.s_bdev");
	if (recompute) {
		b_rw = blk(f);
		b_get = blk(f);
		at(f, 27);
		m1 = k(f, FMODE_READ);
		at(f, 28);
		x = op(f, BD_AND, load(f, v(f, "sb"), "super_block.s_flags"), k(f, MS_RDONLY));
		br(f, op(f, BD_EQ, x, k(f, 0)), b_rw, b_get);
		to(f, b_rw);
		at(f, 29);
		m2 = op(f, BD_OR, m1, k(f, FMODE_WRITE));
		jmp(f, b_get);
		to(f, b_get);
		at(f, 30);
		m3 = phi2(f, "unsigned int", m1, 0, m2, b_rw);
	} else {
		at(f, 30);
		m3 = load(f, v(f, "sb"), "super_block.s_mode");
	}
	call(f, "close_bdev_exclusive", 2, bdev, m3);
	at(f, 31);
	ret(f, 0);
	end(f);
}

static void t_recomputed_from_s_flags(struct tu *t)
{
	get_sb_bdev(t, 1);
	analyze(t);
	expect(t, "put-mode", 30, "kill_block_super",
	       "close_bdev_exclusive() passes a mode computed from 'super_block->s_flags', "
	       "not the mode the matching open_bdev_exclusive() took");
	note(t, 16, "open_bdev_exclusive() took its mode here");
	fix(t, "pass the stored mode 'super_block->s_mode'");
	done(t);
}

static void t_stored_s_mode(struct tu *t)
{
	get_sb_bdev(t, 0);
	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/*
 * 6.1 mount_bdev()/kill_block_super(): FMODE_EXCL is in every path's mode,
 * so 'mode | FMODE_EXCL' at the put is the same mode.
 *
 * 10 struct dentry *mount_bdev(struct file_system_type *fs_type, int flags,
 *				const char *dev_name, void *data)
 * 11 {
 * 12	struct block_device *bdev;
 * 13	struct super_block *s;
 * 14	fmode_t mode = FMODE_READ | FMODE_EXCL;
 * 15	if (!(flags & SB_RDONLY))
 * 16		mode |= FMODE_WRITE;
 * 17	bdev = blkdev_get_by_path(dev_name, mode, fs_type);
 * 18	if (IS_ERR(bdev))
 * 19		return ERR_CAST(bdev);
 * 20	s = sget(fs_type, flags, bdev);
 * 21	if (IS_ERR(s))
 * 22		goto error_s;
 * 23	s->s_mode = mode;
 * 24	s->s_bdev = bdev;
 * 25	return NULL;
 * 26 error_s:
 * 27	blkdev_put(bdev, mode);
 * 28	return ERR_CAST(s);
 * 29 }
 * 31 void kill_block_super(struct super_block *sb)
 * 32 {
 * 33	struct block_device *bdev = sb->s_bdev;
 * 34	fmode_t mode = sb->s_mode;
 * 35	generic_shutdown_super(sb);
 * 36	sync_blockdev(bdev);
 * 37	blkdev_put(bdev, mode | FMODE_EXCL);
 * 38 }
 */
static void t_mount_bdev(struct tu *t)
{
	struct fb *f = fn(t, 10, "struct dentry *mount_bdev(struct file_system_type *fs_type, "
			  "int flags, const char *dev_name, void *data)");
	int b_rw = blk(f), b_get = blk(f), b_err = blk(f), b_sget = blk(f);
	int b_err_s = blk(f), b_ok = blk(f);
	bd_val x, m_ro, m_rw;

	at(f, 14);
	let(f, "mode", "unsigned int", k(f, FMODE_READ | FMODE_EXCL));
	m_ro = form_of(t) == SSA ? v(f, "mode") : 0;
	at(f, 15);
	x = op(f, BD_AND, v(f, "flags"), k(f, MS_RDONLY));
	br(f, un(f, BD_NOT, x), b_rw, b_get);
	to(f, b_rw);
	at(f, 16);
	let(f, "mode", "unsigned int", op(f, BD_OR, v(f, "mode"), k(f, FMODE_WRITE)));
	m_rw = form_of(t) == SSA ? v(f, "mode") : 0;
	jmp(f, b_get);
	to(f, b_get);
	merge(f, "mode", 0, m_ro, b_rw, m_rw);
	at(f, 17);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "dev_name"), v(f, "mode"),
		 cast(f, v(f, "fs_type"), "void *")));
	at(f, 18);
	br(f, call(f, "IS_ERR", 1, cast(f, v(f, "bdev"), "void *")), b_err, b_sget);
	to(f, b_err);
	at(f, 19);
	ret(f, call(f, "ERR_CAST", 1, cast(f, v(f, "bdev"), "void *")));
	to(f, b_sget);
	at(f, 20);
	let(f, "s", "struct super_block *",
	    call(f, "sget", 3, v(f, "fs_type"), v(f, "flags"), cast(f, v(f, "bdev"), "void *")));
	at(f, 21);
	br(f, call(f, "IS_ERR", 1, cast(f, v(f, "s"), "void *")), b_err_s, b_ok);
	to(f, b_ok);
	at(f, 23);
	store(f, v(f, "s"), "super_block.s_mode", v(f, "mode"));
	at(f, 24);
	store(f, v(f, "s"), "super_block.s_bdev", v(f, "bdev"));
	at(f, 25);
	ret(f, k(f, 0));
	to(f, b_err_s);
	at(f, 27);
	call(f, "blkdev_put", 2, v(f, "bdev"), v(f, "mode"));
	at(f, 28);
	ret(f, call(f, "ERR_CAST", 1, cast(f, v(f, "s"), "void *")));
	end(f);

	f = fn(t, 31, "void kill_block_super(struct super_block *sb)");
	at(f, 33);
	let(f, "bdev", "struct block_device *", load(f, v(f, "sb"), "super_block.s_bdev"));
	at(f, 34);
	let(f, "mode", "unsigned int", load(f, v(f, "sb"), "super_block.s_mode"));
	at(f, 35);
	call(f, "generic_shutdown_super", 1, v(f, "sb"));
	at(f, 36);
	call(f, "sync_blockdev", 1, v(f, "bdev"));
	at(f, 37);
	call(f, "blkdev_put", 2, v(f, "bdev"), op(f, BD_OR, v(f, "mode"), k(f, FMODE_EXCL)));
	at(f, 38);
	ret(f, 0);
	end(f);

	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/*
 * 10 int foo_attach(const char *path, void *holder)
 * 11 {
 * 12	struct block_device *bdev = blkdev_get_by_path(path, FMODE_READ, holder);
 * 13	if (IS_ERR(bdev)) {
 * 14		blkdev_put(bdev, FMODE_READ);
 * 15		return PTR_ERR(bdev);
 * 16	}
 * 17	blkdev_put(bdev, FMODE_READ);
 * 18	return 0;
 * 19 }
 */
static void t_put_of_failed_get(struct tu *t)
{
	struct fb *f = fn(t, 10, "int foo_attach(const char *path, void *holder)");
	int b_err = blk(f), b_ok = blk(f);
	bd_val e;

	at(f, 12);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "path"), k(f, FMODE_READ), v(f, "holder")));
	at(f, 13);
	e = v(f, "bdev");
	if (form_of(t) == SLOTS)
		e = cast(f, e, "void *");
	br(f, call(f, "IS_ERR", 1, e), b_err, b_ok);
	to(f, b_err);
	at(f, 14);
	call(f, "blkdev_put", 2, v(f, "bdev"), k(f, FMODE_READ));
	at(f, 15);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok);
	at(f, 17);
	call(f, "blkdev_put", 2, v(f, "bdev"), k(f, FMODE_READ));
	at(f, 18);
	ret(f, k(f, 0));
	end(f);

	analyze(t);
	expect(t, "put-mode", 14, "foo_attach",
	       "blkdev_put() on the path where blkdev_get_by_path() failed");
	note(t, 12, "blkdev_get_by_path() failed here");
	done(t);
}

/*
 * 10 int foo_probe(const char *path, void *holder)
 * 11 {
 * 12	struct block_device *bdev = blkdev_get_by_path(path, FMODE_READ, holder);
 * 13	int err;
 * 14	if (IS_ERR(bdev))
 * 15		return PTR_ERR(bdev);
 * 16	err = sync_blockdev(bdev);
 * double:				exclusive:
 * 17	if (err)			17	if (err) {
 * 18		blkdev_put(bdev, FMODE_READ);	18		blkdev_put(bdev, FMODE_READ);
 *					19		return err;
 *					20	}
 * 19	blkdev_put(bdev, FMODE_READ);	21	blkdev_put(bdev, FMODE_READ);
 * 20	return err;			22	return 0;
 * 21 }
 */
static void probe(struct tu *t, int exclusive_paths)
{
	struct fb *f = fn(t, 10, "int foo_probe(const char *path, void *holder)");
	int b_err = blk(f), b_ok = blk(f), b_put1 = blk(f), b_put2 = blk(f);
	int put2 = exclusive_paths ? 21 : 19;

	at(f, 12);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "path"), k(f, FMODE_READ), v(f, "holder")));
	at(f, 14);
	br(f, call(f, "IS_ERR", 1, v(f, "bdev")), b_err, b_ok);
	to(f, b_err);
	at(f, 15);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok);
	at(f, 16);
	let(f, "err", "int", call(f, "sync_blockdev", 1, v(f, "bdev")));
	at(f, 17);
	br(f, v(f, "err"), b_put1, b_put2);
	to(f, b_put1);
	at(f, 18);
	call(f, "blkdev_put", 2, v(f, "bdev"), k(f, FMODE_READ));
	if (exclusive_paths) {
		at(f, 19);
		ret(f, v(f, "err"));
	} else {
		jmp(f, b_put2);
	}
	to(f, b_put2);
	at(f, put2);
	call(f, "blkdev_put", 2, v(f, "bdev"), k(f, FMODE_READ));
	at(f, put2 + 1);
	ret(f, exclusive_paths ? k(f, 0) : v(f, "err"));
	end(f);
}

static void t_double_put(struct tu *t)
{
	probe(t, 0);
	analyze(t);
	expect(t, "put-mode", 19, "foo_probe",
	       "second blkdev_put() of the same block device on this path");
	note(t, 18, "first blkdev_put() here");
	done(t);
}

static void t_puts_on_exclusive_paths(struct tu *t)
{
	probe(t, 1);
	analyze(t);
	expect_functions(t, 1);
	done(t);
}

/*
 * 10 int foo_attach(const char *path, void *holder)
 * 11 {
 * 12	struct block_device *bdev = GET(path, MODE, HOLDER);
 * 13	if (IS_ERR(bdev))
 * 14		return PTR_ERR(bdev);
 * 15	sync_blockdev(bdev);
 * 16	PUT(bdev, MODE);
 * 17	return 0;
 * 18 }
 */
static void exclusive(struct tu *t, const char *get, const char *put,
		      long long mode, int null_holder)
{
	struct fb *f = fn(t, 10, "int foo_attach(const char *path, void *holder)");
	int b_err = blk(f), b_ok = blk(f);

	at(f, 12);
	let(f, "bdev", "struct block_device *",
	    call(f, get, 3, v(f, "path"), k(f, mode),
		 null_holder ? k(f, 0) : v(f, "holder")));
	at(f, 13);
	br(f, call(f, "IS_ERR", 1, v(f, "bdev")), b_err, b_ok);
	to(f, b_err);
	at(f, 14);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok);
	at(f, 15);
	call(f, "sync_blockdev", 1, v(f, "bdev"));
	at(f, 16);
	call(f, put, 2, v(f, "bdev"), k(f, mode));
	at(f, 17);
	ret(f, k(f, 0));
	end(f);
}

static void t_excl_null_holder(struct tu *t)
{
	exclusive(t, "blkdev_get_by_path", "blkdev_put", FMODE_READ | FMODE_EXCL, 1);
	analyze(t);
	expect(t, "put-mode", 12, "foo_attach",
	       "exclusive blkdev_get_by_path() with a NULL holder");
	done(t);
}

static void t_excl_with_holder(struct tu *t)
{
	exclusive(t, "blkdev_get_by_path", "blkdev_put", FMODE_READ | FMODE_EXCL, 0);
	analyze(t);
	done(t);
}

static void t_not_excl_null_holder(struct tu *t)
{
	exclusive(t, "blkdev_get_by_path", "blkdev_put", FMODE_READ, 1);
	analyze(t);
	done(t);
}

/* mtd2block: open_bdev_excl() is exclusive whatever the mode */
static void t_open_bdev_excl_null_holder(struct tu *t)
{
	exclusive(t, "open_bdev_excl", "close_bdev_excl", FMODE_READ, 1);
	analyze(t);
	expect(t, "put-mode", 12, "foo_attach",
	       "exclusive open_bdev_excl() with a NULL holder");
	done(t);
}

static void t_open_bdev_excl_with_holder(struct tu *t)
{
	exclusive(t, "open_bdev_excl", "close_bdev_excl", FMODE_READ, 0);
	analyze(t);
	done(t);
}

/*
 * No get in sight: unknown, not unbalanced.
 *
 * 10 void foo_detach(struct block_device *bdev)
 * 11 {
 * 12	blkdev_put(bdev, FMODE_READ);
 * 13 }
 * 15 int foo_forget(struct inode *inode)
 * 16 {
 * 17	blkdev_put(inode->i_bdev, FMODE_READ | FMODE_WRITE);
 * 18	return 0;
 * 19 }
 */
static void no_get(struct tu *t)
{
	struct fb *f = fn(t, 10, "void foo_detach(struct block_device *bdev)");

	at(f, 12);
	call(f, "blkdev_put", 2, v(f, "bdev"), k(f, FMODE_READ));
	at(f, 13);
	ret(f, 0);
	end(f);

	f = fn(t, 15, "int foo_forget(struct inode *inode)");
	at(f, 17);
	call(f, "blkdev_put", 2, load(f, v(f, "inode"), "inode.i_bdev"),
	     k(f, FMODE_READ | FMODE_WRITE));
	at(f, 18);
	ret(f, k(f, 0));
	end(f);
}

static void t_put_without_get(struct tu *t)
{
	no_get(t);
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

static void t_put_without_get_strict(struct tu *t)
{
	no_get(t);
	opt(t, "strict", NULL);
	analyze(t);
	expect(t, "put-mode", 12, "foo_detach",
	       "blkdev_put() mode cannot be matched to its blkdev_get(): FMODE_READ vs unknown");
	severity(t, BD_SEV_NOTE);
	expect(t, "put-mode", 17, "foo_forget",
	       "blkdev_put() mode cannot be matched to its blkdev_get(): " RW " vs unknown");
	severity(t, BD_SEV_NOTE);
	done(t);
}

/*
 * md-like teardown: one put per array element.
 *
 * 10 void raid_stop(struct raid_conf *conf, int n)
 * 11 {
 * 12	int i;
 * 13	for (i = 0; i < n; i++)
 * 14		blkdev_put(conf->devs[i], FMODE_READ | FMODE_WRITE);
 * 15 }
 * (SSA: i_1 = PHI <0, i_2>; the element address is the array's, rule 4)
 */
static void t_loop_puts_array(struct tu *t)
{
	struct fb *f = fn(t, 10, "void raid_stop(struct raid_conf *conf, int n)");
	int b_head = blk(f), b_body = blk(f), b_out = blk(f);
	bd_val i0, i1, i2, a;

	at(f, 13);
	i0 = k(f, 0);
	jmp(f, b_head);
	to(f, b_head);
	i2 = fresh(f, "int");
	i1 = phi2(f, "int", i0, 0, i2, b_body);
	br(f, op(f, BD_LT, i1, v(f, "n")), b_body, b_out);
	to(f, b_body);
	at(f, 14);
	a = cast(f, faddr(f, v(f, "conf"), "raid_conf.devs"), "struct block_device **");
	call(f, "blkdev_put", 2, deref(f, a, NULL, "struct block_device *"),
	     k(f, FMODE_READ | FMODE_WRITE));
	at(f, 13);
	op_to(f, i2, BD_ADD, i1, k(f, 1));
	jmp(f, b_head);
	to(f, b_out);
	at(f, 15);
	ret(f, 0);
	end(f);

	analyze(t);
	expect_functions(t, 1);
	done(t);
}

/*
 * md-like assembly with unwinding on error.
 *
 * 10 int raid_run(struct raid_conf *conf, const char **paths, int n, void *holder)
 * 11 {
 * 12	int i;
 * 13	struct block_device *bdev;
 * 14	for (i = 0; i < n; i++) {
 * 15		bdev = blkdev_get_by_path(paths[i], FMODE_READ | FMODE_WRITE, holder);
 * 16		if (IS_ERR(bdev))
 * 17			goto fail;
 * 18		conf->devs[i] = bdev;
 * 19	}
 * 20	return 0;
 * 21 fail:
 * 22	while (i--)
 * 23		blkdev_put(conf->devs[i], FMODE_READ | FMODE_WRITE);
 * 24	return PTR_ERR(bdev);
 * 25 }
 */
static void t_loop_get_and_unwind(struct tu *t)
{
	struct fb *f = fn(t, 10, "int raid_run(struct raid_conf *conf, const char **paths, "
			  "int n, void *holder)");
	int b_head = blk(f), b_body = blk(f), b_store = blk(f), b_done = blk(f);
	int b_fail = blk(f), b_put = blk(f), b_out = blk(f);
	bd_val a, old;

	at(f, 14);
	let(f, "i", "int", k(f, 0));
	jmp(f, b_head);
	to(f, b_head);
	br(f, op(f, BD_LT, v(f, "i"), v(f, "n")), b_body, b_done);
	to(f, b_body);
	at(f, 15);
	a = cast(f, v(f, "paths"), "char **");
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, deref(f, a, NULL, "char *"),
		 k(f, FMODE_READ | FMODE_WRITE), v(f, "holder")));
	at(f, 16);
	br(f, call(f, "IS_ERR", 1, cast(f, v(f, "bdev"), "void *")), b_fail, b_store);
	to(f, b_store);
	at(f, 18);
	a = cast(f, faddr(f, v(f, "conf"), "raid_conf.devs"), "struct block_device **");
	deref_store(f, a, NULL, v(f, "bdev"));
	at(f, 14);
	let(f, "i", "int", op(f, BD_ADD, v(f, "i"), k(f, 1)));
	jmp(f, b_head);
	to(f, b_done);
	at(f, 20);
	ret(f, k(f, 0));
	to(f, b_fail);
	at(f, 22);
	old = v(f, "i");
	let(f, "i", "int", op(f, BD_SUB, old, k(f, 1)));
	br(f, old, b_put, b_out);
	to(f, b_put);
	at(f, 23);
	a = cast(f, faddr(f, v(f, "conf"), "raid_conf.devs"), "struct block_device **");
	call(f, "blkdev_put", 2, deref(f, a, NULL, "struct block_device *"),
	     k(f, FMODE_READ | FMODE_WRITE));
	jmp(f, b_fail);
	to(f, b_out);
	at(f, 24);
	ret(f, call(f, "PTR_ERR", 1, cast(f, v(f, "bdev"), "void *")));
	end(f);

	analyze(t);
	expect_functions(t, 1);
	done(t);
}

/*
 *  5 static void foo_put(struct block_device *bdev, fmode_t mode)
 *  6 {
 *  7	blkdev_put(bdev, mode);
 *  8 }
 * 10 int foo_attach(const char *path, void *holder)
 * 11 {
 * 12	struct block_device *bdev = blkdev_get_by_path(path, FMODE_READ, holder);
 * 13	if (IS_ERR(bdev))
 * 14		return PTR_ERR(bdev);
 * 15	sync_blockdev(bdev);
 * 16	foo_put(bdev, PMODE);
 * 17	return 0;
 * 18 }
 */
static void helper_puts(struct tu *t, long long pmode)
{
	struct fb *f = fn(t, 5, "static void foo_put(struct block_device *bdev, fmode_t mode)");
	int b_err, b_ok;

	at(f, 7);
	call(f, "blkdev_put", 2, v(f, "bdev"), v(f, "mode"));
	at(f, 8);
	ret(f, 0);
	end(f);

	f = fn(t, 10, "int foo_attach(const char *path, void *holder)");
	b_err = blk(f);
	b_ok = blk(f);
	at(f, 12);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "path"), k(f, FMODE_READ), v(f, "holder")));
	at(f, 13);
	br(f, call(f, "IS_ERR", 1, v(f, "bdev")), b_err, b_ok);
	to(f, b_err);
	at(f, 14);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok);
	at(f, 15);
	call(f, "sync_blockdev", 1, v(f, "bdev"));
	at(f, 16);
	call(f, "foo_put", 2, v(f, "bdev"), k(f, pmode));
	at(f, 17);
	ret(f, k(f, 0));
	end(f);
}

static void t_helper_puts_differs(struct tu *t)
{
	helper_puts(t, FMODE_READ | FMODE_WRITE);
	analyze(t);
	/* the wrapper puts with its parameter: the call passed the mode */
	expect(t, "put-mode", 16, "foo_attach",
	       DIFFERS("foo_put", RW, "blkdev_get_by_path", "FMODE_READ"));
	note(t, 7, "blkdev_put() puts the block device with it here");
	note(t, 12, TOOK("blkdev_get_by_path", "FMODE_READ"));
	fix(t, "pass FMODE_READ");
	done(t);
}

static void t_helper_puts_equal(struct tu *t)
{
	helper_puts(t, FMODE_READ);
	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 2);
	done(t);
}

/*
 *  5 static struct block_device *foo_get(const char *path, void *holder)
 *  6 {
 *  7	return blkdev_get_by_path(path, FMODE_READ | FMODE_WRITE, holder);
 *  8 }
 * 10 int foo_attach(const char *path, void *holder)
 * 11 {
 * 12	struct block_device *bdev = foo_get(path, holder);
 * 13	if (IS_ERR(bdev))
 * 14		return PTR_ERR(bdev);
 * 15	sync_blockdev(bdev);
 * 16	blkdev_put(bdev, FMODE_READ);
 * 17	return 0;
 * 18 }
 */
static void t_helper_gets(struct tu *t)
{
	struct fb *f = fn(t, 5, "static struct block_device *foo_get(const char *path, void *holder)");
	int b_err, b_ok;

	at(f, 7);
	ret(f, call(f, "blkdev_get_by_path", 3, v(f, "path"),
		    k(f, FMODE_READ | FMODE_WRITE), v(f, "holder")));
	end(f);

	f = fn(t, 10, "int foo_attach(const char *path, void *holder)");
	b_err = blk(f);
	b_ok = blk(f);
	at(f, 12);
	let(f, "bdev", "struct block_device *",
	    call(f, "foo_get", 2, v(f, "path"), v(f, "holder")));
	at(f, 13);
	br(f, call(f, "IS_ERR", 1, cast(f, v(f, "bdev"), "void *")), b_err, b_ok);
	to(f, b_err);
	at(f, 14);
	ret(f, call(f, "PTR_ERR", 1, cast(f, v(f, "bdev"), "void *")));
	to(f, b_ok);
	at(f, 15);
	call(f, "sync_blockdev", 1, v(f, "bdev"));
	at(f, 16);
	call(f, "blkdev_put", 2, v(f, "bdev"), k(f, FMODE_READ));
	at(f, 17);
	ret(f, k(f, 0));
	end(f);

	analyze(t);
	expect(t, "put-mode", 16, "foo_attach",
	       DIFFERS("blkdev_put", "FMODE_READ", "blkdev_get_by_path", RW));
	note(t, 7, TOOK("blkdev_get_by_path", RW));
	fix(t, "pass " RW);
	done(t);
}

/*
 * 10 int foo_attach(const char *path, void *holder)
 * 11 {
 * 12	fmode_t mode = FMODE_READ;
 * 13	struct block_device *bdev;
 * 14	mode |= FMODE_WRITE;
 * 15	bdev = blkdev_get_by_path(path, mode, holder);
 * 16	if (IS_ERR(bdev))
 * 17		return PTR_ERR(bdev);
 * 18	blkdev_put(bdev, 3);
 * 19	bdev = blkdev_get_by_path(path, 3, holder);
 * 20	if (IS_ERR(bdev))
 * 21		return PTR_ERR(bdev);
 * 22	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);	// unfolded by the frontend
 * 23	return 0;
 * 24 }
 */
static void t_equal_after_folding(struct tu *t)
{
	struct fb *f = fn(t, 10, "int foo_attach(const char *path, void *holder)");
	int b_err = blk(f), b_ok = blk(f), b_err2 = blk(f), b_ok2 = blk(f);

	at(f, 12);
	let(f, "mode", "unsigned int", k(f, FMODE_READ));
	at(f, 14);
	let(f, "mode", "unsigned int", op(f, BD_OR, v(f, "mode"), k(f, FMODE_WRITE)));
	at(f, 15);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "path"), v(f, "mode"), v(f, "holder")));
	at(f, 16);
	br(f, call(f, "IS_ERR", 1, v(f, "bdev")), b_err, b_ok);
	to(f, b_err);
	at(f, 17);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok);
	at(f, 18);
	call(f, "blkdev_put", 2, v(f, "bdev"), k(f, 3));
	at(f, 19);
	let(f, "bdev", "struct block_device *",
	    call(f, "blkdev_get_by_path", 3, v(f, "path"), k(f, 3), v(f, "holder")));
	at(f, 20);
	br(f, call(f, "IS_ERR", 1, v(f, "bdev")), b_err2, b_ok2);
	to(f, b_err2);
	at(f, 21);
	ret(f, call(f, "PTR_ERR", 1, v(f, "bdev")));
	to(f, b_ok2);
	at(f, 22);
	call(f, "blkdev_put", 2, v(f, "bdev"),
	     op(f, BD_OR, k(f, FMODE_READ), k(f, FMODE_WRITE)));
	at(f, 23);
	ret(f, k(f, 0));
	end(f);

	opt(t, "strict", NULL);
	analyze(t);
	expect_functions(t, 1);
	done(t);
}

/*
 * A static function nobody refers to is not compiled (GCC) and not
 * analysed (AST frontends): its mismatch is not reported.
 *
 *  5 static void old_attach(const char *path, void *holder)
 *  6 {
 *  7	struct block_device *bdev = blkdev_get_by_path(path, FMODE_READ, holder);
 *  8	blkdev_put(bdev, FMODE_WRITE);
 *  9 }
 * then get_use_put()'s foo_attach at 10-20, with equal modes.
 */
static void t_unreferenced_static(struct tu *t)
{
	struct fb *f = fn(t, 5, "static void old_attach(const char *path, void *holder)");
	bd_val bdev;

	at(f, 7);
	bdev = call(f, "blkdev_get_by_path", 3, v(f, "path"), k(f, FMODE_READ), v(f, "holder"));
	at(f, 8);
	call(f, "blkdev_put", 2, bdev, k(f, FMODE_WRITE));
	at(f, 9);
	ret(f, 0);
	end(f);
	get_use_put(t, "blkdev_get_by_path", FMODE_READ, "blkdev_put", FMODE_READ);

	analyze(t);
	expect_functions(t, 1);
	done(t);
}

const struct test put_mode_tests[] = {
	{ "put_equal_constants_ssa", t_equal_constants, SSA },
	{ "put_equal_constants_slots", t_equal_constants, SLOTS },
	{ "put_different_constants_ssa", t_different_constants, SSA },
	{ "put_different_constants_slots", t_different_constants, SLOTS },
	{ "put_excl_dropped_get_by_dev", t_excl_dropped_by_dev, SSA },
	{ "put_zero_mode_open_by_devnum", t_zero_mode, SLOTS },
	{ "put_close_bdev_excl_differs", t_close_bdev_excl_differs, SSA },
	{ "put_close_bdev_excl_equal", t_close_bdev_excl_equal, SLOTS },
	{ "put_close_bdev_exclusive_differs", t_close_bdev_exclusive_differs, SLOTS },
	{ "put_pktcdvd_ndelay_dropped_ssa", t_pktcdvd_ndelay_dropped, SSA },
	{ "put_pktcdvd_ndelay_dropped_slots", t_pktcdvd_ndelay_dropped, SLOTS },
	{ "put_pktcdvd_fixed", t_pktcdvd_fixed, SSA },
	{ "put_same_ssa_value", t_same_value, SSA },
	{ "put_same_ssa_value_strict", t_same_value_strict, SSA },
	{ "put_same_slot_value_strict", t_same_value_strict, SLOTS },
	{ "put_symbolic_bit_added", t_bit_added, SSA },
	{ "put_symbolic_bit_dropped", t_bit_dropped, SLOTS },
	{ "put_unchanged_local_slots", t_unchanged_local, SLOTS },
	{ "put_changed_on_one_branch", t_changed_on_one_branch, SSA },
	{ "put_mode_stored_next_to_bdev", t_mode_stored_next_to_bdev, SLOTS },
	{ "put_recomputed_from_s_flags", t_recomputed_from_s_flags, SSA },
	{ "put_stored_s_mode", t_stored_s_mode, SSA },
	{ "put_mount_bdev_excl_or_ssa", t_mount_bdev, SSA },
	{ "put_mount_bdev_excl_or_slots", t_mount_bdev, SLOTS },
	{ "put_of_failed_get_ssa", t_put_of_failed_get, SSA },
	{ "put_of_failed_get_slots", t_put_of_failed_get, SLOTS },
	{ "put_double_put", t_double_put, SLOTS },
	{ "put_puts_on_exclusive_paths", t_puts_on_exclusive_paths, SSA },
	{ "put_excl_null_holder", t_excl_null_holder, SSA },
	{ "put_excl_with_holder", t_excl_with_holder, SSA },
	{ "put_not_excl_null_holder", t_not_excl_null_holder, SLOTS },
	{ "put_open_bdev_excl_null_holder", t_open_bdev_excl_null_holder, SLOTS },
	{ "put_open_bdev_excl_with_holder", t_open_bdev_excl_with_holder, SSA },
	{ "put_without_get", t_put_without_get, SSA },
	{ "put_without_get_strict", t_put_without_get_strict, SLOTS },
	{ "put_loop_puts_array", t_loop_puts_array, SSA },
	{ "put_loop_get_and_unwind", t_loop_get_and_unwind, SLOTS },
	{ "put_helper_puts_differs", t_helper_puts_differs, SSA },
	{ "put_helper_puts_equal", t_helper_puts_equal, SLOTS },
	{ "put_helper_gets", t_helper_gets, SLOTS },
	{ "put_equal_after_folding_ssa", t_equal_after_folding, SSA },
	{ "put_equal_after_folding_slots", t_equal_after_folding, SLOTS },
	{ "put_unreferenced_static_not_analysed", t_unreferenced_static, SSA },
	{ NULL, NULL, SSA }
};
