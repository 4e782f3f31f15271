// A block method that writes the struct file through static inline
// helpers, as drivers do with header helpers: sparse inlines such a helper
// into each caller and has no evaluated body of its own, so bdops-sparse
// lowered none of them and missed the write.  Every frontend now lowers
// the helpers that are called (clear_flags, through reset, and through its
// declaration after the body) or whose address is taken (rel), and none
// that is not referenced (set_flags).
// RUN: not %check %s -- -std=gnu11 -include %S/Inputs/inline-helpers.h 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

struct block_device_operations {
	int (*open)(struct inode *, struct file *);
	int (*release)(struct inode *, struct file *);
};

static inline void reset(struct file *filp)
{
	clear_flags(filp);
}

static int hl_open(struct inode *inode, struct file *filp)
{
	reset(filp);
	return inode ? 0 : 1;
}

static inline int rel(struct inode *inode, struct file *filp)
{
	return inode && filp;
}

static const struct block_device_operations hl_fops = {
	.open = hl_open,
	.release = rel,
};

const void *hl_get(void);
const void *hl_get(void)
{
	return &hl_fops;
}

// Columns differ between frontends (docs/design.md: lines must agree).
// CHECK-DAG: inline-helpers.c:22:{{[0-9]+}}: warning: block method 'hl_open' passes a struct file to 'reset', which writes 'file->f_flags'; the struct file may be a temporary that does not outlive open() [bdops-file-write]
// CHECK-DAG: Inputs/inline-helpers.h:9:{{[0-9]+}}: note: 'clear_flags' writes 'file->f_flags' here
// CHECK-DAG: inline-helpers.c:32:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'hl_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
// CHECK-DAG: inline-helpers.c:32:{{[0-9]+}}: note: fix: int hl_open(struct block_device *bdev, fmode_t mode)
// CHECK-DAG: inline-helpers.c:33:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'rel', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
// CHECK-DAG: inline-helpers.c:33:{{[0-9]+}}: note: fix: int rel(struct gendisk *disk, fmode_t mode)
// clear_flags, reset, hl_open, rel, hl_get; not set_flags:
// CHECK: bdops: 3 findings (0 suppressed) in 5 functions
