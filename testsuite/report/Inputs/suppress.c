/* Lines the findings in suppress.json point at (not compiled). */
static int ex_open(struct inode *inode, struct file *filp)
{
	filp->f_flags = 0;	/* bdops: ignore file-write: line 4, same line */
	/* bdops: ignore bdops-file-write the fake file is ours (line 6) */
	filp->f_mode = 0;
	filp->f_pos = 0;	// bdops: ignore put-mode (line 7: wrong check)
	// bdops: ignore put-mode, file-write (line 9: a list)
	filp->private_data = 0;
	filp->f_op = 0;		/* bdops: ignore all */
	filp->f_version = 0;	/* bdops:ignore file-write (line 11: needs a space) */
	filp->f_ra = 0;		/* bdops: ignored file-write (line 12: not the keyword) */
	x = "bdops: ignore file-write";	/* line 13: in a string, not a comment */
	/*
	 * bdops: ignore ndelay-flags (line 15, inside a block comment)
	 */
	if (filp->f_flags & O_NDELAY)
		return 1;
	return 0;
}
