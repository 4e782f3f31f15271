// bdops-bdev-release, the fields' lifetime across functions, not done
// yet: a field left an error pointer by a failed open (the opener's
// result stored straight into it, returned with PTR_ERR()), while another
// function tests it only for NULL before giving it back - that one gives
// back an error pointer.  The proposed finding is pinned here; the engine
// needs the open's failing exit in the field's lifetime
// (docs/checks/bdev-release.md, "Limits").
// XFAIL: *
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct tdev {
	struct file *bdev_file;
};

int tdev_configure(struct tdev *t, const char *path)
{
	t->bdev_file = bdev_file_open_by_path(path, BLK_OPEN_READ, t, NULL);
	if (IS_ERR(t->bdev_file))
		return PTR_ERR(t->bdev_file);
// CHECK: field-errptr.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'tdev_configure' leaves 'tdev->bdev_file' an error pointer when bdev_file_open_by_path() fails; 'tdev_destroy' tests it only for NULL and gives it back [bdops-bdev-release]
	return 0;
}

void tdev_destroy(struct tdev *t)
{
	if (t->bdev_file)
		fput(t->bdev_file);
}
