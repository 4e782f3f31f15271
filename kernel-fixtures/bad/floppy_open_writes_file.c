// SPDX-License-Identifier: GPL-2.0
/*
 * bad/floppy_open_writes_file.c - floppy_open() as in 2.6.27's
 * drivers/block/floppy.c: it stores in filp->private_data whether the
 * opener may do privileged ioctls, and fd_ioctl() checks that later.  The
 * struct file handed to ->open() may be a temporary that dies with open().
 *
 * Seed ([RFC] block_device_operations prototype changes, Al Viro):
 *   "floppy.c abuses can be finally killed.  Just saving ->f_flags & 2 in
 *   ->f_mode is enough to eliminate the need for floppy_open() to play
 *   games with permission(9) and modify *file in any way."
 *
 * Era: legacy.  Expected: both writes of file->private_data in floppy_open
 * (bdops-file-write) and the three old prototypes bound in floppy_fops.
 * floppy_open also reads f_flags (O_EXCL, O_NDELAY): at open time that is
 * fine and must not be reported.
 */
// RUN: not %check %s -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

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

#define IOCTL_ALLOWED (filp && (filp->private_data))

static int floppy_open(struct inode *inode, struct file *filp)
{
	int drive = (long)inode->i_bdev->bd_disk->private_data;
	struct floppy_drive_struct *drs = &drive_state[drive];
	int res = -EBUSY;

	filp->private_data = (void *)0;
	// CHECK: floppy_open_writes_file.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'floppy_open' writes 'file->private_data'; the struct file may be a temporary that does not outlive open() [bdops-file-write]
	mutex_lock(&open_lock);
	if (opened_bdev[drive] && opened_bdev[drive] != inode->i_bdev)
		goto out2;

	if (drs->fd_ref == -1 || (drs->fd_ref && (filp->f_flags & O_EXCL)))
		goto out2;

	if (filp->f_flags & O_EXCL)
		drs->fd_ref = -1;
	else
		drs->fd_ref++;

	opened_bdev[drive] = inode->i_bdev;
	drs->fd_device = iminor(inode);

	/* Allow ioctls if we have write-permissions even if read-only open.
	 * Needed so that programs such as fdrawcmd still can work on write
	 * protected disks */
	if ((filp->f_mode & FMODE_WRITE) || !file_permission(filp, MAY_WRITE))
		filp->private_data = (void *)8;
	// CHECK: floppy_open_writes_file.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'floppy_open' writes 'file->private_data'; the struct file may be a temporary that does not outlive open() [bdops-file-write]

	if (!(filp->f_flags & O_NDELAY)) {
		if (filp->f_mode & 3) {
			drs->last_checked = 0;
			check_disk_change(inode->i_bdev);
			if (drs->flags & FD_DISK_CHANGED)
				goto out;
		}
		res = -EROFS;
		if ((filp->f_mode & 2) && !(drs->flags & FD_DISK_WRITABLE))
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

static int floppy_release(struct inode *inode, struct file *filp __always_unused)
{
	int drive = iminor(inode) & 3;
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

static int fd_ioctl(struct inode *inode, struct file *filp, unsigned int cmd,
		    unsigned long param)
{
	int drive = (long)inode->i_bdev->bd_disk->private_data;

	/* permission checks */
	if (((cmd & 0x40) && !IOCTL_ALLOWED) ||
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

static int check_floppy_change(struct gendisk *disk)
{
	int drive = (long)disk->private_data;

	return (drive_state[drive].flags & FD_DISK_CHANGED) != 0;
}

static struct block_device_operations floppy_fops = {
	.owner		= THIS_MODULE,
	.open		= floppy_open,
	// CHECK: floppy_open_writes_file.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'floppy_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: floppy_open_writes_file.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int floppy_open(struct block_device *bdev, fmode_t mode)
	.release	= floppy_release,
	// CHECK: floppy_open_writes_file.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'floppy_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
	// CHECK-NEXT: floppy_open_writes_file.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int floppy_release(struct gendisk *disk, fmode_t mode)
	.ioctl		= fd_ioctl,
	// CHECK: floppy_open_writes_file.c:[[@LINE-1]]:{{[0-9]+}}: warning: block_device_operations member 'ioctl' is bound to 'fd_ioctl', which takes (struct inode *, struct file *, ...): the old ioctl prototype [bdops-deprecated-ioctl]
	// CHECK-NEXT: floppy_open_writes_file.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: int fd_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd, unsigned long arg); take lock_kernel()/unlock_kernel() around the old body
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
