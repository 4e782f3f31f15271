// bdops-bdev-release, file era: correct code in the shapes real drivers and
// filesystems use - nothing to report.  Each function is a path the check
// must follow without crying wolf: a pointer set to NULL after the release
// and tested, conditions taken again the same way, error labels, loops,
// helpers that test for an error pointer themselves, a call that may change
// what a struct holds, wrappers that return NULL on failure.
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct dev {
	struct file *bdev_file;
	struct block_device *bdev;
	int opened;
};

extern void dev_reopen(struct dev *d);

/* released, set to NULL, and the release below tests it */
void dev_stop(struct dev *d, int early)
{
	if (early) {
		bdev_fput(d->bdev_file);
		d->bdev_file = NULL;
	}
	if (d->bdev_file)
		bdev_fput(d->bdev_file);
}

/* the same condition twice: one of the two releases on each path */
void two_ways(const char *path, int keep)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(f))
		return;
	if (keep)
		sync_blockdev(file_bdev(f));
	if (!keep)
		fput(f);
	if (keep)
		fput(f);
}

/* an error label reached with the file NULL or opened */
int maybe_open(const char *path, int want)
{
	struct file *f = NULL;
	int err = 0;

	if (want) {
		f = bdev_file_open_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, NULL, NULL);
		if (IS_ERR(f)) {
			err = PTR_ERR(f);
			f = NULL;
			goto out;
		}
		err = sync_blockdev(file_bdev(f));
	}
out:
	if (f)
		fput(f);
	return err;
}

/* one open and one release per iteration */
int each(const char *const *paths, int n)
{
	for (int i = 0; i < n; i++) {
		struct file *f = bdev_file_open_by_path(paths[i], BLK_OPEN_READ, NULL, NULL);

		if (unlikely(IS_ERR(f)))
			return PTR_ERR(f);
		sync_blockdev(file_bdev(f));
		fput(f);
	}
	return 0;
}

/* a helper that gives back only what was opened */
static void dev_put(struct dev *d)
{
	if (!IS_ERR_OR_NULL(d->bdev_file))
		bdev_fput(d->bdev_file);
	d->bdev_file = NULL;
}

int dev_start(struct dev *d, dev_t devt)
{
	d->bdev_file = bdev_file_open_by_dev(devt, BLK_OPEN_READ, d, NULL);
	if (IS_ERR(d->bdev_file)) {
		int err = PTR_ERR(d->bdev_file);

		dev_put(d);
		return err;
	}
	d->bdev = file_bdev(d->bdev_file);
	return 0;
}

/* the helper cleared the field: the second call gives back nothing */
void dev_put_twice(struct dev *d)
{
	dev_put(d);
	dev_put(d);
}

/* someone else may have opened it again */
void dev_cycle(struct dev *d)
{
	fput(d->bdev_file);
	dev_reopen(d);
	sync_blockdev(d->bdev);
	fput(d->bdev_file);
}

/* a wrapper that returns NULL when the open failed */
static struct file *open_or_null(dev_t devt)
{
	struct file *f = bdev_file_open_by_dev(devt, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(f))
		return NULL;
	return f;
}

int use_wrapper(dev_t devt)
{
	struct file *f = open_or_null(devt);
	struct block_device *bdev;
	int err;

	if (!f)
		return -ENODEV;
	bdev = file_bdev(f);
	err = sync_blockdev(bdev);
	bdev_fput(f);
	return err;
}

/* the kernel/power/swap.c shape: a global, an error pointer until opened,
 * a close that tests it */
static struct file *resume_file = (struct file *)-ENODEV;

void resume_close(void)
{
	if (IS_ERR(resume_file))
		return;
	fput(resume_file);
}

int resume_check(dev_t devt, void *holder)
{
	int err;

	resume_file = bdev_file_open_by_dev(devt, BLK_OPEN_READ, holder, NULL);
	if (IS_ERR(resume_file))
		return PTR_ERR(resume_file);
	err = set_blocksize(resume_file, 4096);
	if (err < 0)
		resume_close();
	return err;
}

/* error labels in release order, as md_import_device() */
struct dev *dev_import(dev_t devt)
{
	struct dev *d = kzalloc(sizeof(*d), GFP_KERNEL);
	int err;

	if (!d)
		return ERR_PTR(-ENOMEM);
	d->bdev_file = bdev_file_open_by_dev(devt, BLK_OPEN_READ | BLK_OPEN_WRITE, d, NULL);
	if (IS_ERR(d->bdev_file)) {
		err = PTR_ERR(d->bdev_file);
		goto out_free;
	}
	d->bdev = file_bdev(d->bdev_file);
	err = sync_blockdev(d->bdev);
	if (err)
		goto out_put;
	return d;
out_put:
	fput(d->bdev_file);
out_free:
	kfree(d);
	return ERR_PTR(err);
}

/* files that are not block device files are not this check's */
void not_bdev(struct file *a, struct file *b)
{
	fput(a);
	fput(a);
	fput(b);
}
