// bdops-bdev-release, the fields' lifetime across functions: a field left
// an error pointer by a failed open (the opener's result stored straight
// into it and returned with PTR_ERR()), while another function tests it
// only for NULL before giving it back - that one gives back an error
// pointer.  Reported at the open.  Clearing the field on failure, a test
// with IS_ERR_OR_NULL() and a caller in the unit that follows the object
// (and judges what it does with it) are correct.
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>

struct tdev {
	struct file *bdev_file;
};

int tdev_configure(struct tdev *t, const char *path)
{
	t->bdev_file = bdev_file_open_by_path(path, BLK_OPEN_READ, t, NULL);
// CHECK: field-errptr.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'tdev_configure' leaves 'tdev->bdev_file' an error pointer when bdev_file_open_by_path() fails; 'tdev_destroy' tests it only for NULL and gives it back [bdops-bdev-release]
// CHECK-NEXT: field-errptr.c:[[@LINE+10]]:{{[0-9]+}}: note: 'tdev_destroy' calls fput() here
// CHECK-NEXT: note: fix: set 'tdev->bdev_file' to NULL when the open fails, or test it with IS_ERR_OR_NULL() before giving it back
	if (IS_ERR(t->bdev_file))
		return PTR_ERR(t->bdev_file);
	return 0;
}

void tdev_destroy(struct tdev *t)
{
	if (t->bdev_file)
		fput(t->bdev_file);
}

/* correct: cleared on failure */
struct udev {
	struct file *bdev_file;
};

int udev_configure(struct udev *u, const char *path)
{
	int ret;

	u->bdev_file = bdev_file_open_by_path(path, BLK_OPEN_READ, u, NULL);
	if (IS_ERR(u->bdev_file)) {
		ret = PTR_ERR(u->bdev_file);
		u->bdev_file = NULL;
		return ret;
	}
	return 0;
}

void udev_destroy(struct udev *u)
{
	if (u->bdev_file)
		fput(u->bdev_file);
}

/* correct: the release tests IS_ERR_OR_NULL() */
struct vdev {
	struct file *bdev_file;
};

int vdev_configure(struct vdev *v, const char *path)
{
	v->bdev_file = bdev_file_open_by_path(path, BLK_OPEN_READ, v, NULL);
	return PTR_ERR_OR_ZERO(v->bdev_file);
}

void vdev_destroy(struct vdev *v)
{
	if (!IS_ERR_OR_NULL(v->bdev_file))
		fput(v->bdev_file);
}

/* correct: the unit's only caller frees the object when the open fails */
struct wdev {
	struct file *bdev_file;
};

static int wdev_configure(struct wdev *w, const char *path)
{
	w->bdev_file = bdev_file_open_by_path(path, BLK_OPEN_READ, w, NULL);
	if (IS_ERR(w->bdev_file))
		return PTR_ERR(w->bdev_file);
	return 0;
}

void wdev_destroy(struct wdev *w)
{
	if (w->bdev_file)
		fput(w->bdev_file);
	kfree(w);
}

struct wdev *wdev_create(const char *path)
{
	struct wdev *w = kzalloc(sizeof(*w), GFP_KERNEL);

	if (!w)
		return NULL;
	if (wdev_configure(w, path)) {
		kfree(w);
		return NULL;
	}
	return w;
}

// CHECK: bdops: 1 finding
