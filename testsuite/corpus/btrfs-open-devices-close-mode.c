// Corpus: btrfs: close_bdev_exclusive() should use the same @flags as the
// matching open_bdev_exclusive()
// Upstream: commit 37004c42f724 (Linux 2.6.37), Tejun Heo
// Link: https://git.kernel.org/torvalds/c/37004c42f724
// Era: fmode_t (2.6.28 .. 2.6.37), kernel-fixtures/include/fmode.
// Bug: btrfs_get_sb() passes FMODE_READ, or FMODE_READ|FMODE_WRITE for a
// read-write mount, down to __btrfs_open_devices(), which opens every
// device with open_bdev_exclusive(name, flags, holder) and keeps the mode
// in device->mode; when a device turns out not to belong (no super block,
// another devid) the error path closes it with close_bdev_exclusive(bdev,
// FMODE_READ): a read-write open closed read-only.  The fix closes with
// 'flags'.  This is the shape of issue 24's probe "a mode that is a
// parameter".
// Check: bdops-put-mode, at the error path's close, on the path where the
// caller's mode holds FMODE_WRITE (btrfs_get_sb() of a read-write mount).
// XFAIL: *
// # engine gap: callers' values (the get's mode is the parameter 'flags'; its values FMODE_READ and FMODE_READ|FMODE_WRITE come from btrfs_get_sb() through btrfs_open_devices())
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Fixed twin: btrfs-open-devices-close-mode.fixed.test.

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/list.h>

struct buffer_head {
	char *b_data;
};
void brelse(struct buffer_head *bh);

struct btrfs_super_block {
	unsigned long long devid;
};

struct btrfs_device {
	struct list_head dev_list;
	struct block_device *bdev;
	char *name;
	unsigned long long devid;
	fmode_t mode;
};

struct btrfs_fs_devices {
	struct list_head devices;
	int open_devices;
	int opened;
};

struct buffer_head *btrfs_read_dev_super(struct block_device *bdev);

static int __btrfs_open_devices(struct btrfs_fs_devices *fs_devices,
				fmode_t flags, void *holder)
{
	struct block_device *bdev;
	struct btrfs_device *device;
	struct buffer_head *bh;
	struct btrfs_super_block *disk_super;

	list_for_each_entry(device, &fs_devices->devices, dev_list) {
		if (device->bdev)
			continue;
		if (!device->name)
			continue;

		bdev = open_bdev_exclusive(device->name, flags, holder);
		if (IS_ERR(bdev))
			goto error;

		bh = btrfs_read_dev_super(bdev);
		if (!bh)
			goto error_close;

		disk_super = (struct btrfs_super_block *)bh->b_data;
		if (disk_super->devid != device->devid)
			goto error_brelse;

		device->bdev = bdev;
		device->mode = flags;
		fs_devices->open_devices++;
		brelse(bh);
		continue;

error_brelse:
		brelse(bh);
error_close:
#ifndef FIXED
		close_bdev_exclusive(bdev, FMODE_READ);
// CHECK: btrfs-open-devices-close-mode.c:[[@LINE-1]]:{{[0-9]+}}: warning: close_bdev_exclusive() passes FMODE_READ, but the matching open_bdev_exclusive() took FMODE_READ|FMODE_WRITE [bdops-put-mode]
// CHECK-NEXT: btrfs-open-devices-close-mode.c:[[@LINE-24]]:{{[0-9]+}}: note: open_bdev_exclusive() took FMODE_READ|FMODE_WRITE here
// CHECK-NEXT: btrfs-open-devices-close-mode.c:{{[0-9]+}}:{{[0-9]+}}: note: 'btrfs_open_devices' is called here with FMODE_READ|FMODE_WRITE in its mode
#else
		close_bdev_exclusive(bdev, flags);
#endif
error:
		continue;
	}
	if (fs_devices->open_devices == 0)
		return -EIO;
	fs_devices->opened = 1;
	return 0;
}

int btrfs_open_devices(struct btrfs_fs_devices *fs_devices,
		       fmode_t flags, void *holder)
{
	if (fs_devices->opened) {
		fs_devices->opened++;
		return 0;
	}
	return __btrfs_open_devices(fs_devices, flags, holder);
}

int btrfs_get_sb(struct file_system_type *fs_type, int flags,
		 struct btrfs_fs_devices *fs_devices)
{
	fmode_t mode = FMODE_READ;

	if (!(flags & MS_RDONLY))
		mode |= FMODE_WRITE;

	return btrfs_open_devices(fs_devices, mode, fs_type);
}
