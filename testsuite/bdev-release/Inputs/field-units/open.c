/* The unit that opens the field only under an option, and gives it back
 * after testing it (field-units.test). */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include "jlog.h"

int jlog_open(struct jlog *j, const char *path, int external)
{
	struct file *f;

	if (!external)
		return 0;
	f = bdev_file_open_by_path(path, BLK_OPEN_READ | BLK_OPEN_WRITE, j, NULL);
	if (IS_ERR(f))
		return PTR_ERR(f);
	j->log_file = f;
	return 0;
}

void jlog_close(struct jlog *j)
{
	if (j->log_file)
		fput(j->log_file);
	j->log_file = NULL;
}
