// SPDX-License-Identifier: GPL-2.0
// An fmode-era block driver whose open() writes the struct file (legacy
// prototype, so the file is a parameter): one bdops-file-write finding.
struct inode;
struct file {
	unsigned int f_flags;
};
struct block_device_operations {
	int (*open)(struct inode *, struct file *);
};

static int wr_open(struct inode *inode, struct file *filp)
{
	filp->f_flags = 0;
	return inode ? 0 : 1;
}

static const struct block_device_operations wr_fops = {
	.open = wr_open,
};

const void *wr_get(void);
const void *wr_get(void)
{
	return &wr_fops;
}
