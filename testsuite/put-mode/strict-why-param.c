// --strict: a put whose mode cannot be matched says why, when the unknown
// side is a mode parameter: the call that passes a value the file does not
// pin down, or the function called from outside the file.  The default
// reports nothing (unknown is not a mismatch).
// RUN: %check --strict %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning: --implicit-check-not=note:
// DEFAULT: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

static int helper(const char *name, fmode_t flags, void *h)
{
	struct block_device *bdev = open_bdev_exclusive(name, flags, h);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	close_bdev_exclusive(bdev, FMODE_READ);
// CHECK: strict-why-param.c:[[@LINE-1]]:{{[0-9]+}}: note: close_bdev_exclusive() mode cannot be matched to its open_bdev_exclusive(): FMODE_READ vs unknown [bdops-put-mode]
// CHECK-NEXT: strict-why-param.c:[[@LINE+6]]:{{[0-9]+}}: note: 'mount_dev' passes 'flags' here: a value this file does not pin down
	return 0;
}

int mount_dev(void *h, fmode_t m)
{
	return helper("x", m, h);
}
