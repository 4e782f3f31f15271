// SPDX-License-Identifier: GPL-2.0
/* fix_rules/rules.c: one 2.6.27-style driver using what 2.6.28's
 * conversion rewrote by rule (docs/workflows/fix.md, "The conversion's
 * rules"): a body that uses the usual new names already, iminor/imajor
 * and i_rdev, "(void)inode;", f_flags tests of O_NDELAY | O_EXCL, a
 * "file &&" guard, and the file parameter reused as a local. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/genhd.h>
#include <linux/blkdev.h>

struct ru_dev {
	int users, excl, minor, major, nodelay;
	unsigned int dev;
	struct file *backing;
};

static struct ru_dev ru_units[4];

static int ru_open(struct inode *inode, struct file *file)
{
	/* 'mode' and 'disk' are taken: the new parameters get other names */
	int mode = file->f_mode & FMODE_WRITE;
	struct gendisk *disk = inode->i_bdev->bd_disk;
	struct ru_dev *d = &ru_units[iminor(inode) & 3];

	d->major = imajor(inode);
	d->dev = inode->i_rdev;
	if (file->f_flags & (O_NDELAY | O_EXCL))
		d->excl = 1;
	d->nodelay = file && (file->f_flags & O_NONBLOCK);
	d->users += mode != 0 && disk != NULL;
	return 0;
}

static int ru_release(struct inode *inode, struct file *file)
{
	(void)inode;
	ru_units[0].users--;
	return 0;
}

static int ru_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	struct ru_dev *d = inode->i_bdev->bd_disk->private_data;

	switch (cmd) {
	case 1:
		file = d->backing;	/* the parameter, reused as a local */
		d->backing = NULL;
		if (file)
			d->users--;
		return 0;
	case 2:
		return (file->f_flags & O_EXCL) ? -EBUSY : (int)arg;
	}
	return -ENOTTY;
}

static struct block_device_operations ru_fops = {
	.owner		= THIS_MODULE,
	.open		= ru_open,
	.release	= ru_release,
	.ioctl		= ru_ioctl,
};

static int __init ru_init(void)
{
	struct gendisk *disk = alloc_disk(1);

	if (!disk)
		return -ENOMEM;
	disk->fops = &ru_fops;
	disk->private_data = &ru_units[0];
	add_disk(disk);
	return 0;
}

module_init(ru_init);
