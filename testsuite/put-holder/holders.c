// bdops-put-holder on 6.5-shaped code: each put against the holder its get
// took, followed through locals, struct fields, helpers and wrappers.  BAD
// is the wrong code, the rest its fixed twin.  The fixes of bdops fix
// compile with -Werror and leave only the findings without one.
// RUN: not %check %s -- %kflags_holder -DBAD 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check --strict %s -- %kflags_holder 2>&1 | FileCheck %s --check-prefix=GOOD --implicit-check-not=warning: --implicit-check-not=note:
// GOOD: bdops: 0 findings
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/holders.c
// RUN: cd %t && not %bdops fix holders.c -- %kflags_holder -DBAD > fix.diff 2> fix.err
// RUN: cd %t && patch -p1 < fix.diff && gcc %kflags_holder -DBAD -nostdinc -Werror -c holders.c -o /dev/null
// RUN: not %check %t/holders.c -- %kflags_holder -DBAD 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning:
// FIXED: holders.c:{{[0-9]+}}:{{[0-9]+}}: warning: blkdev_get_by_path() is given BLK_OPEN_READ|BLK_OPEN_EXCL with a NULL holder: the open fails [bdops-put-holder]
// FIXED: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-holder]
// FIXED: warning: second blkdev_put() of the same block device on this path [bdops-put-holder]
// FIXED: warning: put_dev() passes NULL, but the matching blkdev_get_by_path() claimed the device for '&excl_holder' [bdops-put-holder]
// FIXED: bdops: 4 findings
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct dev {
	struct block_device *bdev;
	void *holder;
	int users;
};

static int excl_holder;
static int other_holder;

#ifdef BAD
/* a shared get (NULL holder) given back with a holder */
// CHECK: holders.c:[[@LINE+10]]:{{[0-9]+}}: warning: blkdev_put() passes holder 'd', but the matching blkdev_get_by_path() took a NULL holder [bdops-put-holder]
// CHECK-NEXT: holders.c:[[@LINE+4]]:{{[0-9]+}}: note: blkdev_get_by_path() took a NULL holder here
// CHECK-NEXT: note: fix: pass NULL
int shared_put_holder(struct dev *d, const char *path)
{
	struct block_device *bdev = blkdev_get_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	d->users++;
	blkdev_put(bdev, d);
	return 0;
}

/* an exclusive get given back with NULL: the claim is never released */
int excl_put_null(const char *path)
{
	struct block_device *bdev;

// CHECK: holders.c:[[@LINE+6]]:{{[0-9]+}}: warning: blkdev_put() passes NULL, but the matching blkdev_get_by_path() claimed the device for '&excl_holder' [bdops-put-holder]
// CHECK-NEXT: holders.c:[[@LINE+2]]:{{[0-9]+}}: note: blkdev_get_by_path() claimed the device for '&excl_holder' here
// CHECK-NEXT: note: fix: pass &excl_holder
	bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, &excl_holder, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, NULL);
	return 0;
}

/* another object's claim */
int excl_put_other(dev_t devt)
{
// CHECK: holders.c:[[@LINE+7]]:{{[0-9]+}}: warning: blkdev_put() passes holder '&other_holder', but the matching blkdev_get_by_dev() claimed the device for '&excl_holder' [bdops-put-holder]
// CHECK-NEXT: holders.c:[[@LINE+2]]:{{[0-9]+}}: note: blkdev_get_by_dev() claimed the device for '&excl_holder' here
// CHECK-NEXT: note: fix: pass &excl_holder
	struct block_device *bdev = blkdev_get_by_dev(devt, BLK_OPEN_READ, &excl_holder, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, &other_holder);
	return 0;
}

/* the holder kept next to the bdev, the put elsewhere passes NULL */
// CHECK: holders.c:[[@LINE+14]]:{{[0-9]+}}: warning: blkdev_put() passes NULL, but the matching blkdev_get_by_path() claimed the device for 'holder' [bdops-put-holder]
// CHECK-NEXT: holders.c:[[@LINE+5]]:{{[0-9]+}}: note: blkdev_get_by_path() claimed the device for 'holder' here
// CHECK-NEXT: note: fix: pass the stored holder 'dev->holder'
int dev_open(struct dev *d, const char *path, void *holder)
{
	d->holder = holder;
	d->bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, holder, NULL);
	if (IS_ERR(d->bdev))
		return PTR_ERR(d->bdev);
	return 0;
}

void dev_close(struct dev *d)
{
	blkdev_put(d->bdev, NULL);
}

/* BLK_OPEN_EXCL with a NULL holder: the open fails with a WARN */
struct block_device *excl_no_holder(const char *path)
{
// CHECK: holders.c:[[@LINE+2]]:{{[0-9]+}}: warning: blkdev_get_by_path() is given BLK_OPEN_READ|BLK_OPEN_EXCL with a NULL holder: the open fails [bdops-put-holder]
// CHECK-NEXT: note: fix: claim the device with a non-NULL holder, or open it shared without BLK_OPEN_EXCL
	return blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_EXCL, NULL, NULL);
}

/* a put after the get failed, and a second put */
int failed_and_double(const char *path)
{
// CHECK: holders.c:[[@LINE+7]]:{{[0-9]+}}: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-holder]
// CHECK-NEXT: holders.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() failed here
// CHECK: holders.c:[[@LINE+9]]:{{[0-9]+}}: warning: second blkdev_put() of the same block device on this path [bdops-put-holder]
// CHECK-NEXT: holders.c:[[@LINE+7]]:{{[0-9]+}}: note: first blkdev_put() here
	struct block_device *bdev = blkdev_get_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(bdev)) {
		blkdev_put(bdev, NULL);
		return PTR_ERR(bdev);
	}
	blkdev_put(bdev, NULL);
	blkdev_put(bdev, NULL);
	return 0;
}

/* a wrapper that puts what it is given, given NULL: reported at the call
 * that passes it, with notes at the wrapper's put and at the get */
static void put_dev(struct block_device *bdev, void *holder)
{
	blkdev_put(bdev, holder);
}

int wrapped(const char *path)
{
	struct block_device *bdev = blkdev_get_by_path(path, BLK_OPEN_READ, &excl_holder, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
// CHECK: holders.c:[[@LINE+4]]:{{[0-9]+}}: warning: put_dev() passes NULL, but the matching blkdev_get_by_path() claimed the device for '&excl_holder' [bdops-put-holder]
// CHECK-NEXT: holders.c:[[@LINE-10]]:{{[0-9]+}}: note: blkdev_put() puts the block device with it here
// CHECK-NEXT: holders.c:[[@LINE-6]]:{{[0-9]+}}: note: blkdev_get_by_path() claimed the device for '&excl_holder' here
// CHECK-NEXT: holders.c:[[@LINE+1]]:{{[0-9]+}}: note: fix: pass &excl_holder
	put_dev(bdev, NULL);
	return 0;
}
#else
int shared_put_holder(struct dev *d, const char *path)
{
	struct block_device *bdev = blkdev_get_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	d->users++;
	blkdev_put(bdev, NULL);
	return 0;
}

int excl_put_null(const char *path)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, &excl_holder, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, &excl_holder);
	return 0;
}

int excl_put_other(dev_t devt)
{
	struct block_device *bdev = blkdev_get_by_dev(devt, BLK_OPEN_READ, &other_holder, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, &other_holder);
	return 0;
}

int dev_open(struct dev *d, const char *path, void *holder)
{
	d->holder = holder;
	d->bdev = blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, holder, NULL);
	if (IS_ERR(d->bdev))
		return PTR_ERR(d->bdev);
	return 0;
}

void dev_close(struct dev *d)
{
	blkdev_put(d->bdev, d->holder);
}

struct block_device *excl_no_holder(const char *path)
{
	return blkdev_get_by_path(path, BLK_OPEN_READ | BLK_OPEN_EXCL, &excl_holder, NULL);
}

int failed_and_double(const char *path)
{
	struct block_device *bdev = blkdev_get_by_path(path, BLK_OPEN_READ, NULL, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, NULL);
	return 0;
}

static void put_dev(struct block_device *bdev, void *holder)
{
	blkdev_put(bdev, holder);
}

int wrapped(const char *path)
{
	struct block_device *bdev = blkdev_get_by_path(path, BLK_OPEN_READ, &excl_holder, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	put_dev(bdev, &excl_holder);
	return 0;
}

#endif

/* a holder chosen on a branch, given back from the same variable */
int maybe_excl(const char *path, int excl)
{
	void *holder = excl ? &other_holder : NULL;
	struct block_device *bdev = blkdev_get_by_path(path, BLK_OPEN_READ, holder, NULL);

	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	blkdev_put(bdev, holder);
	return 0;
}
// CHECK: bdops: 8 findings
