// Reduced from block/fops.c (Linux 6.1) blkdev_open() / blkdev_close():
// the open ORs FMODE_NOWAIT|FMODE_BUF_RASYNC (and, per flag, FMODE_NDELAY,
// FMODE_EXCL, FMODE_WRITE_IOCTL) into filp->f_mode, then gets with
// filp->f_mode and keeps the bdev in filp->private_data; the close puts
// with filp->f_mode.  The get read its mode from the very field the put
// passes, and nothing changes it after the get: no finding.  The stores
// before the get are not "the mode kept next to the bdev".
// open_late() changes f_mode after its get: the put passes the get's mode
// with FMODE_WRITE_IOCTL (0x100) added, and that is reported.
// RUN: not %check %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: fops-mode-read-from-field.c:[[@LINE+68]]:{{[0-9]+}}: warning: blkdev_put() passes the mode of the matching blkdev_get_by_dev() with 0x100 added [bdops-put-mode]
// CHECK: fops-mode-read-from-field.c:[[@LINE+57]]:{{[0-9]+}}: note: blkdev_get_by_dev() took its mode here
// CHECK: bdops: 1 finding

#include "Inputs/blkdev.h"
#define FMODE_NDELAY	((fmode_t)0x40)
#define FMODE_WRITE_IOCTL	((fmode_t)0x100)
#define FMODE_NOWAIT	((fmode_t)0x8000000)
#define FMODE_BUF_RASYNC	((fmode_t)0x40000000)
#define O_ACCMODE	3
#define O_EXCL		0200
#define O_NDELAY	04000
#define O_LARGEFILE	0100000

struct inode { dev_t i_rdev; };
struct file { unsigned int f_flags; fmode_t f_mode; void *private_data; };
struct wfile { fmode_t f_mode; void *private_data; };

static int blkdev_open(struct inode *inode, struct file *filp)
{
	struct block_device *bdev;

	filp->f_flags |= O_LARGEFILE;
	filp->f_mode |= FMODE_NOWAIT | FMODE_BUF_RASYNC;
	if (filp->f_flags & O_NDELAY)
		filp->f_mode |= FMODE_NDELAY;
	if (filp->f_flags & O_EXCL)
		filp->f_mode |= FMODE_EXCL;
	if ((filp->f_flags & O_ACCMODE) == 3)
		filp->f_mode |= FMODE_WRITE_IOCTL;
	bdev = blkdev_get_by_dev(inode->i_rdev, filp->f_mode, filp);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	filp->private_data = bdev;
	return 0;
}

static int blkdev_close(struct inode *inode, struct file *filp)
{
	struct block_device *bdev = filp->private_data;

	blkdev_put(bdev, filp->f_mode);
	return 0;
}

struct file_operations {
	int (*open)(struct inode *, struct file *);
	int (*release)(struct inode *, struct file *);
};
const struct file_operations def_blk_fops = {
	.open = blkdev_open,
	.release = blkdev_close,
};

int open_late(struct inode *inode, struct wfile *w)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_dev(inode->i_rdev, w->f_mode, w);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	w->private_data = bdev;
	w->f_mode |= FMODE_WRITE_IOCTL;
	return 0;
}

void close_late(struct wfile *w)
{
	blkdev_put(w->private_data, w->f_mode);
}
