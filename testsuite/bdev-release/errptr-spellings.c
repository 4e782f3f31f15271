// bdops-bdev-release follows the error-pointer tests of engine/errptr.c in
// the spellings a header may give them: IS_ERR() as a macro (the
// (unsigned long)p >= (unsigned long)-MAX_ERRNO comparison IS_ERR_VALUE
// expands to), IS_ERR_OR_NULL() as a macro, and PTR_ERR_OR_ZERO() as a
// macro kept in a local.
// RUN: not %check %s -- %kflags_file -I%S/Inputs 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include "err-macros.h"
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>

int macro_is_err(const char *path)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(f)) {
		fput(f);
// CHECK: errptr-spellings.c:[[@LINE-1]]:{{[0-9]+}}: warning: fput() on the path where bdev_file_open_by_path() failed [bdops-bdev-release]
// CHECK-NEXT: note: bdev_file_open_by_path() failed here
// CHECK-NEXT: note: fix:
		return PTR_ERR(f);
	}
	fput(f);
	return 0;
}

int macro_or_zero(dev_t dev)
{
	struct file *f = bdev_file_open_by_dev(dev, BLK_OPEN_READ, NULL, NULL);
	int err = PTR_ERR_OR_ZERO(f);

	if (err)
		bdev_fput(f);
// CHECK: errptr-spellings.c:[[@LINE-1]]:{{[0-9]+}}: warning: bdev_fput() on the path where bdev_file_open_by_dev() failed [bdops-bdev-release]
// CHECK-NEXT: note: bdev_file_open_by_dev() failed here
// CHECK-NEXT: note: fix:
	else
		bdev_fput(f);
	return err;
}

/* correct: the macros' good sides */
void macro_good(const char *path)
{
	struct file *f = bdev_file_open_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (!IS_ERR_OR_NULL(f))
		fput(f);
}

// CHECK: bdops: 2 findings
