// Corpus: btrfs: fix use-after-free of block device file in __btrfs_free_extra_devids()
// Upstream: commit aec8e6bf8391 (Linux 6.12-rc6), CVE-2024-50217
// Fixes: 142388194191 ("btrfs: do not background blkdev_put()")
// Link: https://bugzilla.kernel.org/show_bug.cgi?id=219408
// Era: file (6.9+), kernel-fixtures/include/file.
// Bug: btrfs_close_one_device() gives the device's file back through
// btrfs_close_bdev() (fput(device->bdev_file)) and clears device->bdev but
// leaves device->bdev_file pointing at the released file.  A later mount
// whose open of that device fails (btrfs_open_one_device() returns before
// storing a new file) keeps the stale pointer, and
// __btrfs_free_extra_devids() tests device->bdev_file for NULL and puts it
// again: a use-after-free / double fput.  The fix clears device->bdev_file
// with device->bdev.
// Check: bdops-bdev-release: a file put in one function while the field
// keeps the stale pointer, tested and put again in another.
// RUN: not %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_file -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/bitops.h>

#define BTRFS_DEV_STATE_WRITEABLE	0
#define BTRFS_DEV_STATE_IN_FS_METADATA	1

struct btrfs_fs_devices {
	int open_devices;
	int rw_devices;
};

struct btrfs_device {
	struct btrfs_fs_devices *fs_devices;
	struct file *bdev_file;
	struct block_device *bdev;
	unsigned long dev_state;
	unsigned long long devid;
	const char *name;
};

int btrfs_get_bdev_and_sb(const char *device_path, blk_mode_t flags, void *holder,
			  struct file **bdev_file);

static void btrfs_close_bdev(struct btrfs_device *device)
{
	if (!device->bdev)
		return;

	if (test_bit(BTRFS_DEV_STATE_WRITEABLE, &device->dev_state))
		sync_blockdev(device->bdev);

	fput(device->bdev_file);
}

void btrfs_close_one_device(struct btrfs_device *device)
{
	struct btrfs_fs_devices *fs_devices = device->fs_devices;

	if (test_bit(BTRFS_DEV_STATE_WRITEABLE, &device->dev_state))
		fs_devices->rw_devices--;

	btrfs_close_bdev(device);
// CHECK: btrfs-free-extra-devids-bdev-file.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'btrfs_close_one_device' gives back 'btrfs_device->bdev_file' and leaves it set; '__btrfs_free_extra_devids' tests it for NULL and gives it back again [bdops-bdev-release]
// CHECK-NEXT: btrfs-free-extra-devids-bdev-file.c:[[@LINE-12]]:{{[0-9]+}}: note: 'btrfs_close_bdev' calls fput() here
	if (device->bdev) {
		fs_devices->open_devices--;
		device->bdev = NULL;
#ifdef FIXED
		device->bdev_file = NULL;
#endif
	}
	clear_bit(BTRFS_DEV_STATE_WRITEABLE, &device->dev_state);
}

int btrfs_open_one_device(struct btrfs_fs_devices *fs_devices,
			  struct btrfs_device *device, blk_mode_t flags, void *holder)
{
	struct file *bdev_file;
	int ret;

	if (device->bdev)
		return -EINVAL;
	if (!device->name)
		return -EINVAL;

	ret = btrfs_get_bdev_and_sb(device->name, flags, holder, &bdev_file);
	if (ret)
		return ret;	/* device->bdev_file is not touched */

	device->bdev_file = bdev_file;
	device->bdev = file_bdev(bdev_file);
	fs_devices->open_devices++;
	return 0;
}

void __btrfs_free_extra_devids(struct btrfs_fs_devices *fs_devices,
			       struct btrfs_device *device)
{
	if (test_bit(BTRFS_DEV_STATE_IN_FS_METADATA, &device->dev_state))
		return;

	if (device->bdev_file) {
		fput(device->bdev_file);
// CHECK-NEXT: btrfs-free-extra-devids-bdev-file.c:[[@LINE-1]]:{{[0-9]+}}: note: '__btrfs_free_extra_devids' calls fput() here
// CHECK-NEXT: note: fix: set 'btrfs_device->bdev_file' to NULL when it is given back
		device->bdev = NULL;
		device->bdev_file = NULL;
		fs_devices->open_devices--;
	}
}
