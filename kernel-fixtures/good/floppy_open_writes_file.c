// SPDX-License-Identifier: GPL-2.0
/*
 * good/floppy_open_writes_file.c - floppy after the conversion: blkdev_open()
 * saved "opened with O_ACCMODE 3" as FMODE_WRITE_IOCTL, so fd_ioctl() asks
 * the mode it is given and floppy_open() touches no struct file at all.
 * The ioctl serialises on its own mutex instead of the BKL.
 *
 * Twin of bad/floppy_open_writes_file.c.  Expected: nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/fd.h>
#include <linux/capability.h>
#include <linux/mutex.h>
#include <linux/major.h>

#define N_DRIVE			2
#define FD_DISK_CHANGED		0x1
#define FD_DISK_WRITABLE	0x2
#define FD_VERIFY		0x4

struct floppy_drive_struct {
	unsigned long flags;
	unsigned long last_checked;
	int fd_ref;
	int fd_device;
};

static struct floppy_drive_struct drive_state[N_DRIVE];
static struct block_device *opened_bdev[N_DRIVE];
static struct gendisk *disks[N_DRIVE];
static struct floppy_struct floppy_type = { 2880, 18, 2, 80, 0, 0x1B, 0x00, 0xCF, 0x6C, "H1440" };
static DEFINE_MUTEX(open_lock);
static DEFINE_MUTEX(floppy_mutex);

static int floppy_open(struct block_device *bdev, fmode_t mode)
{
	int drive = (long)bdev->bd_disk->private_data;
	struct floppy_drive_struct *drs = &drive_state[drive];
	int res = -EBUSY;

	mutex_lock(&open_lock);
	if (opened_bdev[drive] && opened_bdev[drive] != bdev)
		goto out2;

	if (drs->fd_ref == -1 || (drs->fd_ref && (mode & FMODE_EXCL)))
		goto out2;

	if (mode & FMODE_EXCL)
		drs->fd_ref = -1;
	else
		drs->fd_ref++;

	opened_bdev[drive] = bdev;
	drs->fd_device = MINOR(bdev->bd_dev);

	if (!(mode & FMODE_NDELAY)) {
		if (mode & (FMODE_READ|FMODE_WRITE)) {
			drs->last_checked = 0;
			check_disk_change(bdev);
			if (drs->flags & FD_DISK_CHANGED)
				goto out;
		}
		res = -EROFS;
		if ((mode & FMODE_WRITE) && !(drs->flags & FD_DISK_WRITABLE))
			goto out;
	}
	mutex_unlock(&open_lock);
	return 0;
out:
	if (drs->fd_ref < 0)
		drs->fd_ref = 0;
	else
		drs->fd_ref--;
	if (!drs->fd_ref)
		opened_bdev[drive] = NULL;
out2:
	mutex_unlock(&open_lock);
	return res;
}

static int floppy_release(struct gendisk *disk, fmode_t mode __always_unused)
{
	int drive = (long)disk->private_data;
	struct floppy_drive_struct *drs = &drive_state[drive];

	mutex_lock(&open_lock);
	if (drs->fd_ref < 0)
		drs->fd_ref = 0;
	else if (!drs->fd_ref--) {
		printk(KERN_ERR "floppy_release with fd_ref == 0");
		drs->fd_ref = 0;
	}
	if (!drs->fd_ref)
		opened_bdev[drive] = NULL;
	mutex_unlock(&open_lock);

	return 0;
}

static int fd_locked_ioctl(struct block_device *bdev, fmode_t mode,
			   unsigned int cmd, unsigned long param)
{
	int drive = (long)bdev->bd_disk->private_data;

	/* permission checks: open(.., 3, ..) or O_RDWR may change the drive */
	if (((cmd & 0x40) && !(mode & (FMODE_WRITE|FMODE_WRITE_IOCTL))) ||
	    ((cmd & 0x80) && !capable(CAP_SYS_ADMIN)))
		return -EPERM;

	switch (cmd) {
	case FDEJECT:
		if (drive_state[drive].fd_ref != 1)
			/* somebody else has this drive open */
			return -EBUSY;
		drive_state[drive].flags |= FD_DISK_CHANGED | FD_VERIFY;
		return 0;
	case FDCLRPRM:
		drive_state[drive].flags |= FD_VERIFY;
		return 0;
	case FDGETPRM:
		return param ? 0 : -EINVAL;
	}
	return -EINVAL;
}

static int fd_ioctl(struct block_device *bdev, fmode_t mode,
		    unsigned int cmd, unsigned long param)
{
	int ret;

	mutex_lock(&floppy_mutex);
	ret = fd_locked_ioctl(bdev, mode, cmd, param);
	mutex_unlock(&floppy_mutex);

	return ret;
}

static int check_floppy_change(struct gendisk *disk)
{
	int drive = (long)disk->private_data;

	return (drive_state[drive].flags & FD_DISK_CHANGED) != 0;
}

static struct block_device_operations floppy_fops = {
	.owner		= THIS_MODULE,
	.open		= floppy_open,
	.release	= floppy_release,
	.ioctl		= fd_ioctl,
	.media_changed	= check_floppy_change,
};

static int __init floppy_init(void)
{
	int drive;

	if (register_blkdev(FLOPPY_MAJOR, "fd"))
		return -EBUSY;
	for (drive = 0; drive < N_DRIVE; drive++) {
		disks[drive] = alloc_disk(1);
		if (!disks[drive])
			return -ENOMEM;
		disks[drive]->major = FLOPPY_MAJOR;
		disks[drive]->first_minor = drive;
		disks[drive]->fops = &floppy_fops;
		disks[drive]->private_data = (void *)(long)drive;
		sprintf(disks[drive]->disk_name, "fd%d", drive);
		set_capacity(disks[drive], floppy_type.size);
		add_disk(disks[drive]);
	}
	return 0;
}

module_init(floppy_init);
MODULE_LICENSE("GPL");
