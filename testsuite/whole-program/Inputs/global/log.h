/* A log device kept in an extern global by log.c and put by exit.c;
 * other.c has a static global of the same name, its own. */
typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)
struct block_device { unsigned int bd_dev; };
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);
extern struct block_device *log_bdev;
int log_open(const char *path, void *holder);
