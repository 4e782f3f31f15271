// Reduced from fs/f2fs/super.c (Linux 6.1): each device of a multi-device
// mount is got with the superblock's mode (sb->s_mode, set by mount_bdev()
// in fs/super.c to FMODE_READ|FMODE_EXCL, plus FMODE_WRITE when read-write)
// and put with the constant FMODE_EXCL.  Within this file the get's mode is
// unknown, so no warning; --strict must still say the pair could not be
// matched (SPEC 2, "Unknown is not a mismatch").  Today bdops says nothing:
// the bdev lives in an array element of a struct (FDEV(i).bdev).
// RUN: %check --strict %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: f2fs-put-excl-only-strict.c:[[@LINE+43]]:{{[0-9]+}}: note: blkdev_put() mode cannot be matched to its blkdev_get_by_path(): FMODE_EXCL vs unknown
// CHECK: bdops: 0 findings

typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)

struct block_device { int bd_dev; };
struct file_system_type { const char *name; };
struct super_block { fmode_t s_mode; struct file_system_type *s_type; };
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);

struct f2fs_dev_info { struct block_device *bdev; char path[64]; };
struct f2fs_sb_info {
	struct super_block *sb;
	struct f2fs_dev_info *devs;
	int s_ndevs;
};
#define FDEV(i) (sbi->devs[i])

int f2fs_scan_devices(struct f2fs_sb_info *sbi, int max_devices)
{
	int i;

	for (i = 0; i < max_devices; i++) {
		FDEV(i).bdev = blkdev_get_by_path(FDEV(i).path,
				sbi->sb->s_mode, sbi->sb->s_type);
		if (IS_ERR(FDEV(i).bdev))
			return PTR_ERR(FDEV(i).bdev);
		sbi->s_ndevs = i + 1;
	}
	return 0;
}

void destroy_device_list(struct f2fs_sb_info *sbi)
{
	int i;

	for (i = 0; i < sbi->s_ndevs; i++)
		blkdev_put(FDEV(i).bdev, FMODE_EXCL);
}
