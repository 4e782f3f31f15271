/* An ops table in a header, with a suppression meant for its member that
 * names no check: reported where the finding in the header looks. */
static int hd_open(struct inode *inode, struct file *filp);

const struct block_device_operations hd_ops = {
	/* bdops: ignore deprecated-protoype */
	.open = hd_open,
};
