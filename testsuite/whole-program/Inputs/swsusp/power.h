/* kernel/power/power.h and the 6.1 block API, as the swsusp reduction
 * uses them. */
typedef unsigned int fmode_t;
typedef unsigned int dev_t;
typedef _Bool bool;
#define true 1
#define false 0
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)
#define PAGE_SIZE	4096

struct block_device { dev_t bd_dev; };
struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
int set_blocksize(struct block_device *bdev, int size);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);

extern bool snapshot_test;
extern dev_t swsusp_resume_device;
extern int swsusp_check(void);
extern void swsusp_close(fmode_t);
extern int swsusp_write(unsigned int flags);
extern int swsusp_read(unsigned int *flags);
int hib_submit_io(void);
int hibernate_acquire(void);
void hibernate_release(void);
int freeze_processes(void);
void thaw_processes(void);
int hibernation_restore(int);
int create_basic_memory_bitmaps(void);
int swsusp_mark(void);
