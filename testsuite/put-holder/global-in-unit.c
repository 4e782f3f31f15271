// 6.5's holders of a bdev kept in a static global, inside one unit: the
// static functions bound in an ops-like table are the roots of the
// whole-program graphs, so a put in another function than the get is
// judged against the global's gets, with put-holder's message.
// log_close_good() is the twin; log_close_caller() puts with a holder its
// callers give (none here: not told apart).
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

static struct block_device *log_bdev;
static int log_holder;

// CHECK: global-in-unit.c:[[@LINE+10]]:{{[0-9]+}}: warning: blkdev_put() passes NULL, but the matching blkdev_get_by_path() claimed the device for '&log_holder' [bdops-put-holder]
// CHECK-NEXT: global-in-unit.c:[[@LINE+3]]:{{[0-9]+}}: note: blkdev_get_by_path() claimed the device for '&log_holder' here
static int log_open(const char *path)
{
	log_bdev = blkdev_get_by_path(path, BLK_OPEN_READ, &log_holder, NULL);
	return IS_ERR(log_bdev) ? PTR_ERR(log_bdev) : 0;
}

static void log_close(void)
{
	blkdev_put(log_bdev, NULL);
}

static void log_close_good(void)
{
	blkdev_put(log_bdev, &log_holder);
}

static void log_close_caller(void *holder)
{
	blkdev_put(log_bdev, holder);
}

struct log_ops {
	int (*open)(const char *path);
	void (*close)(void);
	void (*close_good)(void);
	void (*close_caller)(void *holder);
};

const struct log_ops log_ops = {
	.open = log_open,
	.close = log_close,
	.close_good = log_close_good,
	.close_caller = log_close_caller,
};
// CHECK-NEXT: bdops: 1 finding
