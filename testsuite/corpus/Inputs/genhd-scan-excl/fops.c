/* block/fops.c (6.5), reduced: the mode of a block device file.  A file
 * opened O_EXCL holds its claim in private_data (the file is the holder). */
#include <linux/fs.h>
#include <linux/blkdev.h>

blk_mode_t file_to_blk_mode(struct file *file)
{
	blk_mode_t mode = 0;

	if (file->f_mode & FMODE_READ)
		mode |= BLK_OPEN_READ;
	if (file->f_mode & FMODE_WRITE)
		mode |= BLK_OPEN_WRITE;
	if (file->private_data)
		mode |= BLK_OPEN_EXCL;
	return mode;
}
