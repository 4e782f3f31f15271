// A bdev kept in a static global, followed like one kept in a struct
// field inside one unit: an IS_ERR test of the global right after the get
// stored into it is a test of that get (put on its failed path), a put in
// another function is matched with the global's gets, and a second put of
// the global on one path is a double put.  The static functions bound in
// an ops-like table are the roots; the exported log_close() is not one
// (another unit may call it after another get) but is reached from one.
// RUN: not %check %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
struct block_device { unsigned int bd_dev; };
struct block_device *blkdev_get_by_path(const char *p, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);

static struct block_device *log_bdev;

// CHECK: global-in-unit.c:[[@LINE+6]]:{{[0-9]+}}: warning: blkdev_put() on the path where blkdev_get_by_path() failed [bdops-put-mode]
// CHECK-NEXT: global-in-unit.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() failed here
int log_open(const char *path)
{
	log_bdev = blkdev_get_by_path(path, FMODE_READ | FMODE_WRITE, 0);
	if (IS_ERR(log_bdev)) {
		blkdev_put(log_bdev, FMODE_READ | FMODE_WRITE);
		return PTR_ERR(log_bdev);
	}
	return 0;
}

// CHECK: global-in-unit.c:[[@LINE+10]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching blkdev_get_by_path() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
// CHECK-NEXT: global-in-unit.c:[[@LINE-9]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ|FMODE_WRITE here
// CHECK-NEXT: global-in-unit.c:[[@LINE+8]]:{{[0-9]+}}: note: fix: pass FMODE_READ|FMODE_WRITE
// CHECK-NEXT: global-in-unit.c:[[@LINE+8]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching blkdev_get_by_path() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
// CHECK-NEXT: global-in-unit.c:[[@LINE-12]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_READ|FMODE_WRITE here
// CHECK-NEXT: global-in-unit.c:[[@LINE+6]]:{{[0-9]+}}: note: fix: pass FMODE_READ|FMODE_WRITE
// CHECK-NEXT: global-in-unit.c:[[@LINE+5]]:{{[0-9]+}}: warning: second blkdev_put() of the same block device on this path [bdops-put-mode]
// CHECK-NEXT: global-in-unit.c:[[@LINE+3]]:{{[0-9]+}}: note: first blkdev_put() here
void log_close(void)
{
	blkdev_put(log_bdev, FMODE_READ);
	blkdev_put(log_bdev, FMODE_READ);
}

static int init(void) { return log_open("x"); }
static void fini(void) { log_close(); }
void *tab[] = { init, fini };
// CHECK: bdops: 4 findings
