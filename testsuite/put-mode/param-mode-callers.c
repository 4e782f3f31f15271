// A get that takes a mode parameter as it came and a put of a constant
// (issue 24's probe: open_bdev_exclusive(name, flags, h) in a helper, its
// error path close_bdev_exclusive(bdev, FMODE_READ)).  A static helper's
// calls in the file are all its calls: one that passes another constant
// is a mismatch on the path through it, with a note at that call and a
// hint with no edit.  Clean when every call passes the put's constant, or
// when other files may call the helper.
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

static int helper(const char *name, fmode_t flags, void *h)
{
	struct block_device *bdev = open_bdev_exclusive(name, flags, h);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	close_bdev_exclusive(bdev, FMODE_READ);
// CHECK: param-mode-callers.c:[[@LINE-1]]:{{[0-9]+}}: warning: close_bdev_exclusive() passes FMODE_READ, but the matching open_bdev_exclusive() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
// CHECK-NEXT: param-mode-callers.c:[[@LINE-6]]:{{[0-9]+}}: note: open_bdev_exclusive() took FMODE_READ|FMODE_WRITE here
// CHECK-NEXT: param-mode-callers.c:[[@LINE+12]]:{{[0-9]+}}: note: 'mount_rw' passes FMODE_READ|FMODE_WRITE as 'flags' here
// CHECK-NEXT: param-mode-callers.c:[[@LINE-4]]:{{[0-9]+}}: note: fix: keep the mode the get took ('flags') and pass it
	return 0;
}

int mount_ro(void *h)
{
	return helper("ro", FMODE_READ, h);
}

int mount_rw(void *h)
{
	return helper("rw", FMODE_READ | FMODE_WRITE, h);
}

static int helper_ro(const char *name, fmode_t flags, void *h)
{
	struct block_device *bdev = open_bdev_exclusive(name, flags, h);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	close_bdev_exclusive(bdev, FMODE_READ);
	return 0;
}

int mount_ro2(void *h)
{
	return helper_ro("ro", FMODE_READ, h);
}

/* other files may call it: unknown, not reported */
int helper_extern(const char *name, fmode_t flags, void *h)
{
	struct block_device *bdev = open_bdev_exclusive(name, flags, h);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	close_bdev_exclusive(bdev, FMODE_READ);
	return 0;
}
