/* include/linux/fs.h and blkdev.h of Linux 6.1, as far as the f2fs
 * reduction needs them. */
#ifndef FS_H
#define FS_H
typedef unsigned int fmode_t;
typedef unsigned int dev_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)
#define SB_RDONLY	1
struct block_device { dev_t bd_dev; };
struct file_system_type { const char *name; };
struct super_block {
	struct block_device *s_bdev;
	fmode_t s_mode;
	unsigned long s_flags;
	struct file_system_type *s_type;
};
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);
struct super_block *sget(struct file_system_type *t, struct block_device *bdev, int flags);
int fill_super(struct super_block *sb);
#endif
