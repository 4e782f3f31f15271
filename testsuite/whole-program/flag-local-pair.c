// A local get whose mode depends on a global flag, put in the same
// function with FMODE_READ|FMODE_EXCL: right or wrong depends on the
// caller.  plain() clears the flag: reported, with a note at its call;
// excl() sets it: right; other(), a root that sets nothing: --strict notes
// the pair, nothing else.
// RUN: not %check --strict %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_EXCL	((fmode_t)0x80)
struct block_device { unsigned int bd_dev; };
struct block_device *blkdev_get_by_path(const char *p, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
int test_mode;
static int holder;

// CHECK: flag-local-pair.c:[[@LINE+12]]:{{[0-9]+}}: note: blkdev_put() mode cannot be matched to its blkdev_get_by_path(): it depends on 'test_mode', which no caller sets [bdops-put-mode]
// CHECK-NEXT: flag-local-pair.c:[[@LINE+11]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_EXCL, but the matching blkdev_get_by_path() took FMODE_READ [bdops-put-mode]
// CHECK-NEXT: flag-local-pair.c:[[@LINE+6]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ here
// CHECK-NEXT: flag-local-pair.c:[[@LINE+13]]:{{[0-9]+}}: note: 'use_dev' is called here with 'test_mode' 0
// CHECK-NEXT: flag-local-pair.c:[[@LINE+8]]:{{[0-9]+}}: note: fix: pass FMODE_READ
static int use_dev(const char *path)
{
	fmode_t mode = test_mode ? FMODE_READ | FMODE_EXCL : FMODE_READ;
	struct block_device *b = blkdev_get_by_path(path, mode, &holder);

	if (IS_ERR(b))
		return -1;
	blkdev_put(b, FMODE_READ | FMODE_EXCL);
	return 0;
}

int plain(void) { test_mode = 0; return use_dev("a"); }
int excl(void) { test_mode = 1; return use_dev("b"); }
static int other(void) { return use_dev("c"); }
int (*hook)(void) = other;
// CHECK: bdops: 1 finding
