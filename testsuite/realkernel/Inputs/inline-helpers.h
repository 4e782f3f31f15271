/* Header helpers for inline-helpers.c: one called, one never referenced. */
struct inode;
struct file {
	unsigned int f_flags;
};

static inline void clear_flags(struct file *filp)
{
	filp->f_flags = 0;
}

/* declared again below its body, as blkdev.h does bdev_read_only() */
void clear_flags(struct file *filp);

static inline void set_flags(struct file *filp)
{
	filp->f_flags = 1;
}
