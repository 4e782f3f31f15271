/* The unit that uses the field with no test (field-units.test). */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include "jlog.h"

int jlog_flush(struct jlog *j)
{
	return sync_blockdev(file_bdev(j->log_file));
}
