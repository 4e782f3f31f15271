// Reduced from fs/btrfs/volumes.c (Linux 6.1): btrfs_open_one_device()
// stores the get's mode next to the bdev (fine); btrfs_init_new_device()
// gets with FMODE_WRITE|FMODE_EXCL but stores device->mode = FMODE_EXCL, so
// btrfs_close_bdev() later puts that device with FMODE_EXCL.  A true
// mismatch, but the put does use the stored field: the message must give
// the two modes, not claim the mode was "computed from" other state.
// RUN: not %check %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: btrfs-stored-mode-constant.c:[[@LINE+47]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_EXCL, but the matching blkdev_get_by_path() took FMODE_WRITE|FMODE_EXCL [bdops-put-mode]
// CHECK: btrfs-stored-mode-constant.c:[[@LINE+34]]:{{[0-9]+}}: note: blkdev_get_by_path() took FMODE_WRITE|FMODE_EXCL here
// CHECK: bdops: 1 finding

typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)

struct block_device { int bd_dev; };
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);

struct btrfs_device { struct block_device *bdev; fmode_t mode; };

int btrfs_open_one_device(struct btrfs_device *device, const char *path,
			  fmode_t flags, void *holder)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_path(path, flags, holder);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	device->bdev = bdev;
	device->mode = flags;
	return 0;
}

int btrfs_init_new_device(struct btrfs_device *device, const char *path,
			  void *holder)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_path(path, FMODE_WRITE | FMODE_EXCL, holder);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	device->bdev = bdev;
	device->mode = FMODE_EXCL;
	return 0;
}

void btrfs_close_bdev(struct btrfs_device *device)
{
	if (!device->bdev)
		return;
	blkdev_put(device->bdev, device->mode);
}
