// SPDX-License-Identifier: GPL-2.0
// Lowering sanity input: loops, switches (a case that goes where the
// default goes), nested fields, arrays, globals, function pointers,
// address-taken locals, builtins, ?: and && as values.  Used by
// opt-levels.test, which wants the same IR at -O0, -O2 and -Os.
// Not here on purpose: "a < b && c < 4", which GCC's front end folds into
// a non-short-circuit "&" (or a range test) at -O1 and up only, so the IR
// differs there (see gcc-plugin/bdops_gcc.cc).
#include <string.h>

typedef unsigned int fmode_t;

struct path {
	void *dentry;
	int depth;
};

struct file {
	unsigned int f_flags;
	fmode_t f_mode;
	struct path f_path;
	long counts[4];
};

struct block_device {
	struct file *holder;
	fmode_t mode;
};

struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
	void (*release)(struct block_device *, fmode_t);
};

extern struct block_device *blkdev_get_by_path(const char *, fmode_t, void *);
extern void blkdev_put(struct block_device *, fmode_t);
extern int helper(int *);

int global_count;
static struct file global_file;

static int sum(const struct file *f, int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++)
		s += f->counts[i & 3];
	while (s > 100)
		s /= 2;
	return s;
}

static int classify(int cmd)
{
	switch (cmd) {
	case 1:
		return 10;
	case 2:
	case 3:
		return 20;
	case 4:
	default:
		break;
	case 7 ... 9:
		global_count++;
		return cmd;
	}
	return -1;
}

static int drv_open(struct block_device *bdev, fmode_t mode)
{
	int local = 0;
	struct file copy;

	if (!bdev)
		return -6;
	helper(&local);
	copy = *bdev->holder;
	copy.f_path.depth = local;
	bdev->holder->f_path.depth += sum(&copy, local);
	bdev->mode = mode ? mode : 1;
	memset(&global_file, 0, sizeof(global_file));
	return classify(local) > 0 && bdev->holder->f_flags;
}

static void drv_release(struct block_device *bdev, fmode_t mode)
{
	struct block_device *b = blkdev_get_by_path("/dev/x", mode | 0x80, bdev);

	if (b)
		blkdev_put(b, mode | 0x80);
}

static const struct block_device_operations drv_ops = {
	.open = drv_open,
	.release = drv_release,
};

const void *get_ops(int (**fp)(struct block_device *, fmode_t))
{
	*fp = drv_open;
	return &drv_ops;
}
