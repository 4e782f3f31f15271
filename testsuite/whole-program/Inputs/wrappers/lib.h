/* Put wrappers of a library (lib.c) and a driver that uses them (drv.c). */
#ifndef LIB_H
#define LIB_H
typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)
struct block_device { unsigned int bd_dev; };
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);
void lib_release(struct block_device *bdev, fmode_t mode);
void lib_detach(struct block_device *bdev, fmode_t mode);
void lib_detach_excl(struct block_device *bdev, fmode_t mode);
#endif
