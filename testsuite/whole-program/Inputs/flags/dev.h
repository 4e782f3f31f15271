/* A device kept in a static global of dev.c, got with FMODE_EXCL only in
 * exclusive mode (a global flag), and a put wrapper; top.c uses them. */
#ifndef DEV_H
#define DEV_H
typedef unsigned int fmode_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_EXCL	((fmode_t)0x80)
struct block_device { unsigned int bd_dev; };
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
extern int exclusive_mode;
int dev_open(void);
void dev_close(fmode_t mode);
int work(void);
#endif
