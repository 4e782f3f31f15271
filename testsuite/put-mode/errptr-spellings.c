// A put on the path where the get failed, whatever the spelling of the
// error-pointer test: IS_ERR(), IS_ERR_OR_NULL(), PTR_ERR_OR_ZERO(),
// IS_ERR_VALUE() and the bare comparison it expands to, with a header that
// makes them inline functions (Linux's own) or macros.  GCC sees a macro
// as the comparison, folded to "> -4096"; every frontend must find all
// five, and none where the put is on the good side.
// RUN: not %check %s -- -std=gnu11 -include %S/Inputs/errptr-inline.h 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %check %s -- -std=gnu11 -include %S/Inputs/errptr-macro.h 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
struct block_device { unsigned int bd_dev; };
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);

// CHECK: errptr-spellings.c:[[@LINE+6]]:{{[0-9]+}}: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-mode]
// CHECK-NEXT: errptr-spellings.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() failed here
int is_err(const char *path)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ, 0);
	if (IS_ERR(b)) {
		blkdev_put(b, FMODE_READ);
		return PTR_ERR(b);
	}
	blkdev_put(b, FMODE_READ);
	return 0;
}

// CHECK: errptr-spellings.c:[[@LINE+6]]:{{[0-9]+}}: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-mode]
// CHECK-NEXT: errptr-spellings.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() failed here
int is_err_or_null(const char *path)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ, 0);
	if (IS_ERR_OR_NULL(b)) {
		blkdev_put(b, FMODE_READ);
		return -1;
	}
	blkdev_put(b, FMODE_READ);
	return 0;
}

// CHECK: errptr-spellings.c:[[@LINE+7]]:{{[0-9]+}}: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-mode]
// CHECK-NEXT: errptr-spellings.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() failed here
int or_zero(const char *path)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ, 0);
	int err = PTR_ERR_OR_ZERO(b);
	if (err) {
		blkdev_put(b, FMODE_READ);
		return err;
	}
	blkdev_put(b, FMODE_READ);
	return 0;
}

// CHECK: errptr-spellings.c:[[@LINE+6]]:{{[0-9]+}}: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-mode]
// CHECK-NEXT: errptr-spellings.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() failed here
int err_value(const char *path)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ, 0);
	if (IS_ERR_VALUE(b))
		blkdev_put(b, FMODE_READ);
	else
		blkdev_put(b, FMODE_READ);
	return 0;
}

// CHECK: errptr-spellings.c:[[@LINE+6]]:{{[0-9]+}}: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-mode]
// CHECK-NEXT: errptr-spellings.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() failed here
int compared(const char *path)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ, 0);
	if ((unsigned long)b >= (unsigned long)-MAX_ERRNO)
		blkdev_put(b, FMODE_READ);
	return 0;
}

/* The good side of each test, in the forms people write. */
int good(const char *path, int which)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ, 0);

	switch (which) {
	case 0:
		if (!IS_ERR(b))
			blkdev_put(b, FMODE_READ);
		break;
	case 1:
		if (unlikely(IS_ERR_OR_NULL(b)))
			return -1;
		blkdev_put(b, FMODE_READ);
		break;
	case 2:
		if (PTR_ERR_OR_ZERO(b) == 0)
			blkdev_put(b, FMODE_READ);
		break;
	case 3:
		if (likely((unsigned long)b < (unsigned long)-MAX_ERRNO))
			blkdev_put(b, FMODE_READ);
		break;
	case 4:
		if (!IS_ERR_VALUE(b))
			blkdev_put(b, FMODE_READ);
		break;
	}
	return 0;
}
// CHECK: bdops: 5 findings
