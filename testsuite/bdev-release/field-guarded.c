// bdops-bdev-release, the fields' lifetime across functions: what is not
// "used where it was never opened".  A field opened on every successful
// path (the branches before the open only fail: NULL tests, error codes,
// a loop's own test), a field no code tests before giving it back, and a
// use under the other field the release is tested under
// (if (!d->external) return;), as jfs's fix reads log->no_integrity.
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct mdev {
	struct file *bdev_file;
	int ready;
};

int mdev_check(struct mdev *m);

/* opened whenever the function succeeds */
int mdev_open(struct mdev *m, const char *path)
{
	struct file *f;
	int ret;

	if (!path)
		return -EINVAL;
	ret = mdev_check(m);
	if (ret)
		return ret;
	if (ret < 0)
		return ret;
	f = bdev_file_open_by_path(path, BLK_OPEN_READ, m, NULL);
	if (IS_ERR(f))
		return PTR_ERR(f);
	m->bdev_file = f;
	return 0;
}

void mdev_close(struct mdev *m)
{
	if (m->bdev_file)
		fput(m->bdev_file);
	m->bdev_file = NULL;
}

int mdev_flush(struct mdev *m)
{
	return sync_blockdev(file_bdev(m->bdev_file));
}

/* opened in a loop, every element */
struct set {
	int n;
	struct mdev *devs;
	const char **paths;
};

int set_open(struct set *s)
{
	for (int i = 0; i < s->n; i++) {
		struct file *f = bdev_file_open_by_path(s->paths[i], BLK_OPEN_READ, s, NULL);

		if (IS_ERR(f))
			return PTR_ERR(f);
		s->devs[i].bdev_file = f;
	}
	return 0;
}

/* opened only under an option, and given back under another field */
struct xdev {
	struct file *ext_file;
	int external;
};

int xdev_open(struct xdev *x, const char *path, int want)
{
	if (!want)
		return 0;
	x->ext_file = bdev_file_open_by_path(path, BLK_OPEN_READ, x, NULL);
	if (IS_ERR(x->ext_file))
		return PTR_ERR(x->ext_file);
	x->external = 1;
	return 0;
}

void xdev_close(struct xdev *x)
{
	if (!x->external)
		return;
	fput(x->ext_file);
	x->ext_file = NULL;
	x->external = 0;
}

int xdev_flush(struct xdev *x)
{
	if (x->external)
		return sync_blockdev(file_bdev(x->ext_file));
	return 0;
}

/* opened only under an option, but nothing tests it before giving it
 * back: the unit's own code says it is always open */
struct ydev {
	struct file *y_file;
};

int ydev_open(struct ydev *y, const char *path, int want)
{
	if (!want)
		return 0;
	y->y_file = bdev_file_open_by_path(path, BLK_OPEN_READ, y, NULL);
	return PTR_ERR_OR_ZERO(y->y_file);
}

void ydev_close(struct ydev *y)
{
	fput(y->y_file);
	y->y_file = NULL;
}

int ydev_flush(struct ydev *y)
{
	return sync_blockdev(file_bdev(y->y_file));
}
