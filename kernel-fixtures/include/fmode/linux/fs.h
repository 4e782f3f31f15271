/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixture header, fmode_t era (2.6.28 .. 2.6.38): struct file keeps the
 * open-time O_NDELAY / O_EXCL in f_mode (FMODE_NDELAY, FMODE_EXCL, set once
 * by blkdev_open()), block device references carry the fmode_t they were
 * taken with, and the superblock keeps its device's mode in s_mode.
 * Names, types and member order follow the kernel; members no fixture
 * needs are left out.
 */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/types.h>
#include <linux/kdev_t.h>
#include <linux/ioctl.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/mount.h>
#include <linux/fcntl.h>
#include <linux/err.h>
#include <asm/atomic.h>

/* file is open for reading */
#define FMODE_READ		((__force fmode_t)0x1)
/* file is open for writing */
#define FMODE_WRITE		((__force fmode_t)0x2)
/* file is seekable */
#define FMODE_LSEEK		((__force fmode_t)0x4)
/* file can be accessed using pread */
#define FMODE_PREAD		((__force fmode_t)0x8)
/* file can be accessed using pwrite */
#define FMODE_PWRITE		((__force fmode_t)0x10)
/* File is opened for execution with sys_execve / sys_uselib */
#define FMODE_EXEC		((__force fmode_t)0x20)
/* File is opened with O_NDELAY (only set for block devices) */
#define FMODE_NDELAY		((__force fmode_t)0x40)
/* File is opened with O_EXCL (only set for block devices) */
#define FMODE_EXCL		((__force fmode_t)0x80)
/* File is opened using open(.., 3, ..) and is writeable only for ioctls
   (specialy hack for floppy.c) */
#define FMODE_WRITE_IOCTL	((__force fmode_t)0x100)

#define READ 0
#define WRITE 1

#define MAY_EXEC 1
#define MAY_WRITE 2
#define MAY_READ 4

/* sb->s_flags and mount(2) flags */
#define MS_RDONLY	 1	/* Mount read-only */
#define MS_NOSUID	 2	/* Ignore suid and sgid bits */
#define MS_NODEV	 4	/* Disallow access to device special files */
#define MS_NOEXEC	 8	/* Disallow program execution */
#define MS_SYNCHRONOUS	16	/* Writes are synced at once */
#define MS_REMOUNT	32	/* Alter flags of a mounted FS */
#define MS_MANDLOCK	64	/* Allow mandatory locks on an FS */
#define MS_DIRSYNC	128	/* Directory modifications are synchronous */
#define MS_NOATIME	1024	/* Do not update access times. */
#define MS_SILENT	32768
#define MS_ACTIVE	(1<<30)
#define MS_RMT_MASK	(MS_RDONLY|MS_SYNCHRONOUS|MS_MANDLOCK)

/* block device ioctls */
#define BLKROSET   _IO(0x12,93)	/* set device read-only (0 = read-write) */
#define BLKROGET   _IO(0x12,94)	/* get read-only status (0 = read_write) */
#define BLKRRPART  _IO(0x12,95)	/* re-read partition table */
#define BLKGETSIZE _IO(0x12,96)	/* return device size /512 (long *arg) */
#define BLKFLSBUF  _IO(0x12,97)	/* flush buffer cache */
#define BLKSSZGET  _IO(0x12,104)/* get block device sector size */
#define BLKBSZGET  _IOR(0x12,112,size_t)
#define BLKGETSIZE64 _IOR(0x12,114,size_t)	/* return device size in bytes (u64 *arg) */

#define S_IFMT  00170000
#define S_IFBLK  0060000
#define S_IFCHR  0020000
#define S_ISBLK(m)	(((m) & S_IFMT) == S_IFBLK)

#define BDEVNAME_SIZE	32	/* Largest string for a blockdev identifier */

struct block_device;
struct gendisk;
struct file;
struct inode;
struct super_block;
struct file_system_type;
struct hd_struct;
struct module;
struct poll_table_struct;

struct address_space {
	struct inode		*host;		/* owner: inode, block_device */
	unsigned long		nrpages;	/* number of total pages */
};

struct qstr {
	unsigned int hash;
	unsigned int len;
	const unsigned char *name;
};

struct dentry {
	atomic_t d_count;
	struct inode *d_inode;		/* Where the name belongs to - NULL is negative */
	struct dentry *d_parent;	/* parent directory */
	struct qstr d_name;
};

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

struct inode {
	struct list_head	i_list;
	unsigned long		i_ino;
	atomic_t		i_count;
	umode_t			i_mode;
	dev_t			i_rdev;
	loff_t			i_size;
	unsigned int		i_blkbits;
	const struct file_operations	*i_fop;	/* former ->i_op->default_file_ops */
	struct super_block	*i_sb;
	struct address_space	*i_mapping;
	struct address_space	i_data;
	struct block_device	*i_bdev;
	void			*i_private; /* fs or device private pointer */
};

struct file {
	struct list_head	fu_list;
	struct path		f_path;
#define f_dentry	f_path.dentry
#define f_vfsmnt	f_path.mnt
	const struct file_operations	*f_op;
	atomic_long_t		f_count;
	unsigned int 		f_flags;
	fmode_t			f_mode;
	loff_t			f_pos;
	unsigned int		f_uid, f_gid;
	u64			f_version;
	/* needed for tty driver, and maybe others */
	void			*private_data;
	struct address_space	*f_mapping;
};

struct block_device {
	dev_t			bd_dev;  /* not a kdev_t - it's a search key */
	struct inode *		bd_inode;	/* will die */
	int			bd_openers;
	struct mutex		bd_mutex;	/* open/close mutex */
	struct list_head	bd_inodes;
	void *			bd_holder;
	int			bd_holders;
	struct block_device *	bd_contains;
	unsigned		bd_block_size;
	struct hd_struct *	bd_part;
	unsigned		bd_part_count;
	int			bd_invalidated;
	struct gendisk *	bd_disk;
	struct list_head	bd_list;
	struct super_block *	bd_super;
	unsigned long		bd_private;
	/* 2.6.29: freeze_bdev() nesting, serialised by bd_fsfreeze_mutex */
	int			bd_fsfreeze_count;
	struct mutex		bd_fsfreeze_mutex;
};

struct file_operations {
	struct module *owner;
	loff_t (*llseek) (struct file *, loff_t, int);
	ssize_t (*read) (struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write) (struct file *, const char __user *, size_t, loff_t *);
	unsigned int (*poll) (struct file *, struct poll_table_struct *);
	int (*ioctl) (struct inode *, struct file *, unsigned int, unsigned long);
	long (*unlocked_ioctl) (struct file *, unsigned int, unsigned long);
	long (*compat_ioctl) (struct file *, unsigned int, unsigned long);
	int (*open) (struct inode *, struct file *);
	int (*release) (struct inode *, struct file *);
	int (*fsync) (struct file *, struct dentry *, int datasync);
};

struct super_operations {
	void (*put_super) (struct super_block *);
	void (*write_super) (struct super_block *);
	int (*sync_fs)(struct super_block *sb, int wait);
	int (*remount_fs) (struct super_block *, int *, char *);
	void (*umount_begin) (struct super_block *);
};

struct super_block {
	struct list_head	s_list;		/* Keep this first */
	dev_t			s_dev;		/* search index; _not_ kdev_t */
	unsigned long		s_blocksize;
	unsigned char		s_blocksize_bits;
	unsigned char		s_dirt;
	unsigned long long	s_maxbytes;	/* Max file size */
	struct file_system_type	*s_type;
	const struct super_operations	*s_op;
	unsigned long		s_flags;
	unsigned long		s_magic;
	struct dentry		*s_root;
	int			s_count;
	atomic_t		s_active;
	struct list_head	s_instances;
	struct block_device	*s_bdev;
	char s_id[32];				/* Informational name */
	void 			*s_fs_info;	/* Filesystem private info */
	fmode_t			s_mode;
};

struct file_system_type {
	const char *name;
	int fs_flags;
	int (*get_sb) (struct file_system_type *, int,
		       const char *, void *, struct vfsmount *);
	void (*kill_sb) (struct super_block *);
	struct module *owner;
	struct file_system_type * next;
	struct list_head fs_supers;
};

#define FS_REQUIRES_DEV 1

static inline unsigned iminor(const struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned imajor(const struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

/* fs/block_dev.c */
extern struct block_device *bdget(dev_t);
extern void bdput(struct block_device *);
extern struct block_device *I_BDEV(struct inode *inode);
extern const struct file_operations def_blk_fops;
extern int ioctl_by_bdev(struct block_device *, unsigned, unsigned long);
extern int blkdev_ioctl(struct block_device *, fmode_t, unsigned, unsigned long);
extern long compat_blkdev_ioctl(struct file *, unsigned, unsigned long);
extern int blkdev_get(struct block_device *, fmode_t);
extern int blkdev_put(struct block_device *, fmode_t);
extern int bd_claim(struct block_device *, void *);
extern void bd_release(struct block_device *);
extern struct block_device *open_by_devnum(dev_t, fmode_t);
extern struct block_device *lookup_bdev(const char *);
extern struct block_device *open_bdev_exclusive(const char *, fmode_t, void *);
extern void close_bdev_exclusive(struct block_device *, fmode_t);
/*
 * The names the RFC gave the exclusive pair, with the extra mode argument
 * it asked for; they behave as open_bdev_exclusive()/close_bdev_exclusive().
 */
extern struct block_device *open_bdev_excl(const char *, fmode_t, void *);
extern void close_bdev_excl(struct block_device *, fmode_t);
/* 2.6.38: FMODE_EXCL in the mode claims the device for the holder */
extern struct block_device *blkdev_get_by_path(const char *path, fmode_t mode,
					       void *holder);
extern struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode,
					      void *holder);
extern const char *__bdevname(dev_t, char *buffer);
extern const char *bdevname(struct block_device *bdev, char *buffer);
extern int set_blocksize(struct block_device *, int);
extern int sync_blockdev(struct block_device *bdev);
extern void invalidate_bdev(struct block_device *);
extern int check_disk_change(struct block_device *);
extern int bdev_read_only(struct block_device *);

/* fs/super.c */
extern int get_sb_bdev(struct file_system_type *fs_type,
	int flags, const char *dev_name, void *data,
	int (*fill_super)(struct super_block *, void *, int),
	struct vfsmount *mnt);
extern void kill_block_super(struct super_block *sb);
extern void generic_shutdown_super(struct super_block *sb);
extern void deactivate_super(struct super_block *sb);
extern int do_remount_sb(struct super_block *sb, int flags, void *data, int force);
struct super_block *sget(struct file_system_type *type,
			int (*test)(struct super_block *,void *),
			int (*set)(struct super_block *,void *),
			void *data);
extern int simple_set_mnt(struct vfsmount *mnt, struct super_block *sb);
extern int sb_set_blocksize(struct super_block *, int);
extern int register_filesystem(struct file_system_type *);
extern int unregister_filesystem(struct file_system_type *);

extern struct file *filp_open(const char *, int, int);
extern int filp_close(struct file *, void *);
extern int file_permission(struct file *, int);
extern dev_t name_to_dev_t(char *name);

#endif /* _LINUX_FS_H */
