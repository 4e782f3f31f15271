/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixture header (handle era, 6.7 .. 6.8): struct gendisk, the object open() and
 * release() receive since 6.5; open_mode keeps the mode of the first open
 * for release(), which no longer gets one.
 */
#ifndef _LINUX_GENHD_H
#define _LINUX_GENHD_H

#include <linux/types.h>
#include <linux/kdev_t.h>

#define DISK_NAME_LEN			32

#define GENHD_FL_REMOVABLE			1
#define GENHD_FL_MEDIA_CHANGE_NOTIFY		4
#define GENHD_FL_CD				8

struct block_device_operations;
struct request_queue;

struct hd_struct {
	sector_t start_sect;
	sector_t nr_sects;
	int policy, partno;		/* policy: read-only */
};

struct gendisk {
	int major;			/* major number of driver */
	int first_minor;
	int minors;                     /* maximum number of minors, =1 for
                                         * disks that can't be partitioned. */
	char disk_name[DISK_NAME_LEN];	/* name of major driver */
	struct hd_struct part0;
	struct block_device_operations *fops;
	struct request_queue *queue;
	void *private_data;
	int flags;
	atomic_t sync_io;		/* RAID */
	blk_mode_t open_mode;		/* open mode used for the first open */
};

static inline sector_t get_capacity(struct gendisk *disk)
{
	return disk->part0.nr_sects;
}

static inline void set_capacity(struct gendisk *disk, sector_t size)
{
	disk->part0.nr_sects = size;
}

static inline int get_disk_ro(struct gendisk *disk)
{
	return disk->part0.policy;
}

static inline dev_t disk_devt(struct gendisk *disk)
{
	return MKDEV(disk->major, disk->first_minor);
}

extern void set_disk_ro(struct gendisk *disk, int flag);
extern struct gendisk *alloc_disk(int minors);
extern void add_disk(struct gendisk *disk);
extern void del_gendisk(struct gendisk *gp);
extern void put_disk(struct gendisk *disk);
extern struct gendisk *get_gendisk(dev_t dev, int *partno);
extern dev_t blk_lookup_devt(const char *name, int partno);
extern int register_blkdev(unsigned int, const char *);
extern void unregister_blkdev(unsigned int, const char *);

#endif /* _LINUX_GENHD_H */
