/* Read by the fake frontend, not compiled. */
static int disk_release(struct gendisk *disk, fmode_t mode)
{
	blkdev_put(bdev, FMODE_READ);
	return 0;
}

static int disk_open(struct inode *inode, struct file *filp)
{
	filp->f_flags = 0;	/* bdops: ignore file-write: the fake says so */
	return 0;
}
