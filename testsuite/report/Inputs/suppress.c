/* Lines the findings in suppress.json point at (not compiled). */
static int ex_open(struct inode *inode, struct file *filp)
{
	filp->f_flags = 0;	/* bdops: ignore file-write: same line */
	/* bdops: ignore bdops-file-write the fake file is ours */
	filp->f_mode = 0;
	filp->f_pos = 0;	// bdops: ignore put-mode (wrong check)
	// bdops: ignore put-mode, file-write (a list)
	filp->private_data = 0;
	filp->f_op = 0;		/* bdops:ignore all */
	filp->f_version = 0;	/* covered by the comment on the line above */
	x = 1;
	filp->f_ra = 0;		/* bdops: ignored file-write (not the keyword) */
	x = "bdops: ignore file-write";	/* in a string, not a comment */
	/*
	 * bdops: ignore ndelay-flags (inside a block comment)
	 */
	if (filp->f_flags & O_NDELAY)
		return 1;
	return 0;
}
