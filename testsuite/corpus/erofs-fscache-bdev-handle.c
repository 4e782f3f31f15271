// Corpus: erofs: fix NULL dereference of dif->bdev_handle in fscache mode
// Upstream: commit 8bd90b6ae785 (Linux 6.7; first applied to erofs fixes as f0a7c1f3ece8)
// Fixes: 49845720080d ("erofs: Convert to use bdev_open_by_path()")
// Link: https://lore.kernel.org/r/20231114070704.23398-1-jefflexu@linux.alibaba.com
// Era: handle (6.7), kernel-fixtures/include/handle.
// Bug: erofs_init_device() opens an extra device with bdev_open_by_path()
// only when the filesystem is not in fscache mode (the fsid mount option);
// in fscache mode it registers a cookie and dif->bdev_handle stays NULL.
// erofs_map_dev() reads dif->bdev_handle->bdev for every mapped device
// regardless: a NULL dereference on the first read in fscache mode.  The
// fix tests the handle first.
// Check: bdops-bdev-release (issue 24 item 5): a struct field opened only
// when some option holds and used regardless.
// RUN: not %check %s -- %kflags_handle 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_handle -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

#define EROFS_MOUNT_FSCACHE 0x20

struct erofs_fscache;
struct dax_device;

struct erofs_device_info {
	char *path;
	struct erofs_fscache *fscache;
	struct bdev_handle *bdev_handle;
	struct dax_device *dax_dev;
	unsigned int mapped_blkaddr;
};

struct erofs_sb_info {
	unsigned int mount_opt;
	char *fsid;
	struct erofs_device_info *devs;
	int extra_devices;
};

struct erofs_map_dev {
	struct erofs_fscache *m_fscache;
	struct block_device *m_bdev;
	struct dax_device *m_daxdev;
	unsigned long long m_pa;
	unsigned int m_deviceid;
};

struct erofs_fscache *erofs_fscache_register_cookie(struct super_block *sb, char *name);
struct dax_device *fs_dax_get_by_bdev(struct block_device *bdev);

static inline int erofs_is_fscache_mode(struct erofs_sb_info *sbi)
{
	return sbi->fsid && (sbi->mount_opt & EROFS_MOUNT_FSCACHE);
}

int erofs_map_dev(struct super_block *sb, struct erofs_sb_info *sbi,
		  struct erofs_map_dev *map)
{
	struct erofs_device_info *dif;

	if (map->m_deviceid) {
		if (map->m_deviceid > sbi->extra_devices)
			return -ENODEV;
		dif = &sbi->devs[map->m_deviceid - 1];
#ifndef FIXED
		map->m_bdev = dif->bdev_handle->bdev;
// CHECK: erofs-fscache-bdev-handle.c:[[@LINE-1]]:{{[0-9]+}}: warning: block device from 'bdev_handle->bdev' used on a path where 'erofs_device_info->bdev_handle' was never opened [bdops-bdev-release]
#else
		map->m_bdev = dif->bdev_handle ? dif->bdev_handle->bdev : NULL;
#endif
		map->m_daxdev = dif->dax_dev;
		map->m_fscache = dif->fscache;
	}
	return 0;
}

int erofs_init_device(struct super_block *sb, struct erofs_sb_info *sbi,
		      struct erofs_device_info *dif)
{
	struct erofs_fscache *fscache;
	struct bdev_handle *bdev_handle;

	if (erofs_is_fscache_mode(sbi)) {
		fscache = erofs_fscache_register_cookie(sb, dif->path);
		if (IS_ERR(fscache))
			return PTR_ERR(fscache);
		dif->fscache = fscache;
	} else {
		bdev_handle = bdev_open_by_path(dif->path, BLK_OPEN_READ,
						sb->s_type, NULL);
// CHECK-NEXT: erofs-fscache-bdev-handle.c:[[@LINE-2]]:{{[0-9]+}}: note: bdev_open_by_path() opens 'erofs_device_info->bdev_handle' only here
// CHECK-NEXT: note: fix: use the block device only where 'erofs_device_info->bdev_handle' was opened, or test it for NULL first
		if (IS_ERR(bdev_handle))
			return PTR_ERR(bdev_handle);
		dif->bdev_handle = bdev_handle;
		dif->dax_dev = fs_dax_get_by_bdev(bdev_handle->bdev);
	}
	return 0;
}

void erofs_free_dev_context(struct erofs_sb_info *sbi)
{
	int i;

	for (i = 0; i < sbi->extra_devices; i++) {
		if (sbi->devs[i].bdev_handle)
			bdev_release(sbi->devs[i].bdev_handle);
	}
}
