/* kernel/power/power.h (5.16), the declarations swap.c and hibernate.c
 * share in this reduction. */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/string.h>

extern bool snapshot_test;
extern dev_t swsusp_resume_device;
extern int swsusp_check(void);
extern void swsusp_close(fmode_t);
extern int swsusp_read(unsigned int *flags);
int hibernate_acquire(void);
void hibernate_release(void);
int hibernation_restore(int platform_mode);
