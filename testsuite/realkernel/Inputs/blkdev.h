/* The block-device API of Linux 6.1 as the realkernel reductions use it. */
typedef unsigned int fmode_t;
typedef unsigned int dev_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)

struct block_device { dev_t bd_dev; };
struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);
