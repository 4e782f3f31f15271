// SPDX-License-Identifier: GPL-2.0
/*
 * model.c - the system calls of the model: open/close/fcntl/ioctl on
 * device nodes, mount/remount/umount, and synchronous bio I/O.  This is the
 * VFS side (fs/open.c, fs/fcntl.c, fs/namespace.c, fs/buffer.c): it creates
 * and changes struct file as the VFS does; no block method lives here.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "internal.h"
#include "model.h"

#define MODEL_FILES	16
#define MODEL_MOUNTS	4

/* what fcntl(F_SETFL) may change, as fs/fcntl.c */
#define SETFL_MASK (O_APPEND | O_NONBLOCK | O_NDELAY | FASYNC | O_DIRECT | O_NOATIME)

/* as include/linux/fs.h: O_RDONLY -> FMODE_READ, O_WRONLY -> FMODE_WRITE, 3 -> neither */
#define OPEN_FMODE(flag) ((__force fmode_t)(((flag) + 1) & O_ACCMODE))

static struct file *model_files[MODEL_FILES];
static struct vfsmount *model_mounts[MODEL_MOUNTS];

extern initcall_t __initcall_refcd_init;
extern initcall_t __initcall_reffs_init;
extern exitcall_t __exitcall_refcd_exit;
extern exitcall_t __exitcall_reffs_exit;

static void model_free_file(struct file *filp)
{
	struct dentry *dentry = filp->f_path.dentry;

	kfree(dentry->d_inode);
	kfree(dentry);
	kfree(filp);
}

int model_open(const char *name, int flags)
{
	struct inode *inode;
	struct dentry *dentry;
	struct file *filp;
	dev_t dev = blk_lookup_devt(name, 0);
	int fd, err;

	if (!dev)
		return -ENOENT;
	for (fd = 0; fd < MODEL_FILES && model_files[fd]; fd++)
		;
	if (fd == MODEL_FILES)
		return -ENFILE;
	inode = kzalloc(sizeof(*inode), GFP_KERNEL);
	dentry = kzalloc(sizeof(*dentry), GFP_KERNEL);
	filp = kzalloc(sizeof(*filp), GFP_KERNEL);
	if (!inode || !dentry || !filp) {
		kfree(inode);
		kfree(dentry);
		kfree(filp);
		return -ENOMEM;
	}
	inode->i_mode = S_IFBLK;
	inode->i_rdev = dev;
	inode->i_fop = &def_blk_fops;
	inode->i_data.host = inode;
	inode->i_mapping = &inode->i_data;
	dentry->d_inode = inode;

	filp->f_path.dentry = dentry;
	filp->f_flags = flags;
	filp->f_mode = OPEN_FMODE(flags) | FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE;
	filp->f_op = inode->i_fop;
	filp->f_mapping = inode->i_mapping;
	err = filp->f_op->open(inode, filp);
	if (err) {
		model_free_file(filp);
		return err;
	}
	model_files[fd] = filp;
	return fd;
}

static struct file *model_file(int fd)
{
	if (fd < 0 || fd >= MODEL_FILES)
		return NULL;
	return model_files[fd];
}

int model_close(int fd)
{
	struct file *filp = model_file(fd);
	int err;

	if (!filp)
		return -EBADF;
	err = filp->f_op->release(filp->f_path.dentry->d_inode, filp);
	model_files[fd] = NULL;
	model_free_file(filp);
	return err;
}

int model_setfl(int fd, int flags)
{
	struct file *filp = model_file(fd);

	if (!filp)
		return -EBADF;
	filp->f_flags = (flags & SETFL_MASK) | (filp->f_flags & ~SETFL_MASK);
	return 0;
}

int model_getfl(int fd)
{
	struct file *filp = model_file(fd);

	return filp ? (int)filp->f_flags : -EBADF;
}

long model_ioctl(int fd, unsigned int cmd, unsigned long arg)
{
	struct file *filp = model_file(fd);

	if (!filp)
		return -EBADF;
	return filp->f_op->unlocked_ioctl(filp, cmd, arg);
}

long model_compat_ioctl(int fd, unsigned int cmd, unsigned long arg)
{
	struct file *filp = model_file(fd);

	if (!filp)
		return -EBADF;
	return filp->f_op->compat_ioctl(filp, cmd, arg);
}

int model_mount(const char *name, int flags, const char *journal)
{
	struct file_system_type *type = get_fs_type("reffs");
	struct vfsmount *mnt;
	int id, err;

	if (!type)
		return -ENODEV;
	for (id = 0; id < MODEL_MOUNTS && model_mounts[id]; id++)
		;
	if (id == MODEL_MOUNTS)
		return -EBUSY;
	mnt = kzalloc(sizeof(*mnt), GFP_KERNEL);
	if (!mnt)
		return -ENOMEM;
	mnt->mnt_devname = name;
	err = type->get_sb(type, flags, name, (void *)journal, mnt);
	if (err) {
		kfree(mnt);
		return err;
	}
	model_mounts[id] = mnt;
	return id;
}

static struct vfsmount *model_mount_of(int id)
{
	if (id < 0 || id >= MODEL_MOUNTS)
		return NULL;
	return model_mounts[id];
}

int model_remount(int id, int flags)
{
	struct vfsmount *mnt = model_mount_of(id);

	if (!mnt)
		return -EINVAL;
	return do_remount_sb(mnt->mnt_sb, flags, NULL, 0);
}

int model_umount(int id)
{
	struct vfsmount *mnt = model_mount_of(id);

	if (!mnt)
		return -EINVAL;
	model_mounts[id] = NULL;
	deactivate_super(mnt->mnt_sb);
	kfree(mnt);
	return 0;
}

int model_journal_mode(int id)
{
	struct vfsmount *mnt = model_mount_of(id);

	return mnt ? reffs_sb_journal_mode(mnt->mnt_sb) : -1;
}

int model_openers(const char *name)
{
	dev_t dev = blk_lookup_devt(name, 0);

	return dev ? bdev_openers(dev) : -1;
}

static void model_end_io(struct bio *bio, int error)
{
	int *result = bio->bi_private;

	*result = error ? error : 1;
}

/* One bio of one page, as ll_rw_block() would send it. */
int model_bio_rw(const char *name, int rw, unsigned long sector,
		 void *buf, unsigned int len)
{
	fmode_t mode = rw ? FMODE_READ | FMODE_WRITE : FMODE_READ;
	struct block_device *bdev;
	struct page *page;
	struct bio *bio;
	dev_t dev = blk_lookup_devt(name, 0);
	int result = 0;

	if (!dev)
		return -ENOENT;
	if (!len || len > PAGE_SIZE || (len & 511))
		return -EINVAL;
	bdev = open_by_devnum(dev, mode);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);

	page = alloc_page(GFP_NOIO);
	bio = bio_alloc(GFP_NOIO, 1);
	if (!page || !bio) {
		result = -ENOMEM;
		goto out;
	}
	if (rw)
		memcpy(page_address(page), buf, len);
	bio->bi_bdev = bdev;
	bio->bi_sector = sector;
	bio->bi_end_io = model_end_io;
	bio->bi_private = &result;
	bio_add_page(bio, page, len, 0);
	submit_bio(rw ? WRITE : READ, bio);
	if (result == 1) {
		result = 0;
		if (!rw)
			memcpy(buf, page_address(page), len);
	} else if (result == 0) {
		result = -EIO;		/* never completed */
	}
out:
	if (bio)
		bio_put(bio);
	if (page)
		__free_page(page);
	blkdev_put(bdev, mode);
	return result;
}

int model_init_all(void)
{
	int err = __initcall_refcd_init();

	if (err)
		return err;
	err = __initcall_reffs_init();
	if (err)
		__exitcall_refcd_exit();
	return err;
}

void model_exit_all(void)
{
	__exitcall_reffs_exit();
	__exitcall_refcd_exit();
	genhd_exit();
}
