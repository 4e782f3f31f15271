/* Not compiled: the lines the findings in findings.json point at. */
struct block_device_operations floppy_fops = {
	.open		= floppy_open,
	.release	= floppy_release,
	.ioctl		= floppy_ioctl,
};

static int floppy_open(struct inode *inode, struct file *filp)
{
	int drive = iminor(inode) & 3;

	filp->f_flags |= O_NDELAY;
	return 0;
}

static int floppy_release(struct inode *inode, struct file *filp)
{
	bdev = blkdev_get(dev, FMODE_READ | FMODE_NDELAY);
	frob(bdev);
	blkdev_put(bdev, FMODE_READ);
	return 0;
}
