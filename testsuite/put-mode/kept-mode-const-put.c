// A driver that keeps the mode next to the bdev (a read/write open with a
// read-only fallback, the mode stored in the same object) but puts with a
// constant: the fallback path's device is put with a mode it was not got
// with.  The mode kept by the get does not make any put right - only one
// that passes it.  mirror_* stores the mode from a local that follows the
// fallback (fix: pass the stored field); tape_* stores a constant on each
// path but not next to the bdev's store in one piece, so the hint names
// both modes.  The good twins pass the kept mode or a matching constant
// where every get took it.
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct mirror {
	struct block_device *bdev;
	fmode_t mode;
};

int mirror_attach(struct mirror *m, dev_t dev)
{
	fmode_t mode = FMODE_READ | FMODE_WRITE;
	struct block_device *b = open_by_devnum(dev, mode);

	if (IS_ERR(b)) {
		mode = FMODE_READ;
		b = open_by_devnum(dev, mode);
		if (IS_ERR(b))
			return PTR_ERR(b);
	}
	m->bdev = b;
	m->mode = mode;
	return 0;
}

void mirror_detach(struct mirror *m)
{
	blkdev_put(m->bdev, FMODE_READ | FMODE_WRITE);
	// CHECK: kept-mode-const-put.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_WRITE, but the matching open_by_devnum() took FMODE_READ [bdops-put-mode]
	// CHECK-NEXT: kept-mode-const-put.c:[[@LINE-13]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ here
	// CHECK-NEXT: kept-mode-const-put.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: pass the stored mode 'mirror->mode'
}

void mirror_detach_good(struct mirror *m)
{
	blkdev_put(m->bdev, m->mode);
}

struct tape {
	struct block_device *bdev;
	fmode_t mode;
};

int tape_attach(struct tape *t, dev_t dev)
{
	struct block_device *b = open_by_devnum(dev, FMODE_READ | FMODE_WRITE);

	t->mode = FMODE_READ | FMODE_WRITE;
	if (IS_ERR(b)) {
		b = open_by_devnum(dev, FMODE_READ);
		if (IS_ERR(b))
			return PTR_ERR(b);
		t->mode = FMODE_READ;
	}
	t->bdev = b;
	return 0;
}

void tape_detach(struct tape *t)
{
	blkdev_put(t->bdev, FMODE_READ | FMODE_WRITE);
	// CHECK: kept-mode-const-put.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ|FMODE_WRITE, but the matching open_by_devnum() took FMODE_READ [bdops-put-mode]
	// CHECK-NEXT: kept-mode-const-put.c:[[@LINE-13]]:{{[0-9]+}}: note: open_by_devnum() took FMODE_READ here
	// CHECK-NEXT: kept-mode-const-put.c:[[@LINE-3]]:{{[0-9]+}}: note: fix: keep the mode the get took (FMODE_READ or FMODE_READ|FMODE_WRITE) and pass it
}

void tape_detach_good(struct tape *t)
{
	blkdev_put(t->bdev, t->mode);
}

/* one get, one mode: a constant put is right */
struct disk1 {
	struct block_device *bdev;
	fmode_t mode;
};

int disk1_attach(struct disk1 *d, dev_t dev)
{
	struct block_device *b = open_by_devnum(dev, FMODE_READ);

	if (IS_ERR(b))
		return PTR_ERR(b);
	d->bdev = b;
	d->mode = FMODE_READ;
	return 0;
}

void disk1_detach(struct disk1 *d)
{
	blkdev_put(d->bdev, FMODE_READ);
}
