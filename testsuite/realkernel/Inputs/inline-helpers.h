/* Header helpers for inline-helpers.c: one called, one never referenced. */
struct inode;
struct file {
	unsigned int f_flags;
};

static inline void clear_flags(struct file *filp)
{
	filp->f_flags = 0;
}

static inline void set_flags(struct file *filp)
{
	filp->f_flags = 1;
}
