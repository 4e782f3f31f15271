/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixture header, fmode_t era: request queues, requests and, since 2.6.28,
 * struct block_device_operations with the sanitized prototypes of the RFC:
 * open(bdev, mode), release(disk, mode), ioctl/compat_ioctl(bdev, mode,
 * cmd, arg); locked_ioctl is the BKL-taking transition member (removed in
 * 2.6.38, when drivers take lock_kernel() themselves).
 */
#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/genhd.h>
#include <linux/bio.h>
#include <linux/fs.h>

struct request_queue;
struct request;
struct hd_geometry;
struct module;

typedef void (request_fn_proc) (struct request_queue *q);
typedef int (make_request_fn) (struct request_queue *q, struct bio *bio);

enum rq_cmd_type_bits {
	REQ_TYPE_FS		= 1,	/* fs request */
	REQ_TYPE_BLOCK_PC,		/* scsi command */
	REQ_TYPE_SPECIAL,		/* driver defined type */
};

#define REQ_RW		(1 << 0)	/* not set, read. set, write */

struct request {
	struct list_head queuelist;
	struct request_queue *q;

	unsigned int cmd_flags;
	enum rq_cmd_type_bits cmd_type;

	/* Maintain bio traversal state for part by part I/O submission.
	 * hard_* are block layer internals, no driver should touch them!
	 */
	sector_t sector;		/* next sector to submit */
	sector_t hard_sector;		/* next sector to complete */
	unsigned long nr_sectors;	/* no. of sectors left to submit */
	unsigned long hard_nr_sectors;	/* no. of sectors left to complete */
	/* no. of sectors left to submit in the current segment */
	unsigned int current_nr_sectors;
	/* no. of sectors left to complete in the current segment */
	unsigned int hard_cur_sectors;

	struct bio *bio;
	struct bio *biotail;

	struct gendisk *rq_disk;
	char *buffer;
	int errors;
	void *special;
};

struct request_queue {
	struct list_head	queue_head;
	request_fn_proc		*request_fn;
	make_request_fn		*make_request_fn;
	void			*queuedata;
	unsigned long		queue_flags;
	spinlock_t		__queue_lock;
	spinlock_t		*queue_lock;
	unsigned short		hardsect_size;
	unsigned int		max_sectors;
};

#define rq_data_dir(rq)		((rq)->cmd_flags & 1)
#define blk_fs_request(rq)	((rq)->cmd_type == REQ_TYPE_FS)

struct block_device_operations {
	int (*open) (struct block_device *, fmode_t);
	int (*release) (struct gendisk *, fmode_t);
	int (*locked_ioctl) (struct block_device *, fmode_t, unsigned, unsigned long);
	int (*ioctl) (struct block_device *, fmode_t, unsigned, unsigned long);
	int (*compat_ioctl) (struct block_device *, fmode_t, unsigned, unsigned long);
	int (*direct_access) (struct block_device *, sector_t,
						void **, unsigned long *);
	int (*media_changed) (struct gendisk *);
	int (*revalidate_disk) (struct gendisk *);
	int (*getgeo)(struct block_device *, struct hd_geometry *);
	struct module *owner;
};

static inline struct request_queue *bdev_get_queue(struct block_device *bdev)
{
	return bdev->bd_disk->queue;
}

extern struct request_queue *blk_init_queue(request_fn_proc *, spinlock_t *);
extern struct request_queue *blk_alloc_queue(gfp_t);
extern void blk_cleanup_queue(struct request_queue *);
extern void blk_queue_make_request(struct request_queue *, make_request_fn *);
extern void blk_queue_hardsect_size(struct request_queue *, unsigned short);
extern struct request *elv_next_request(struct request_queue *q);
extern void blkdev_dequeue_request(struct request *req);
extern void end_request(struct request *req, int uptodate);

extern int __blkdev_driver_ioctl(struct block_device *, fmode_t, unsigned int,
				 unsigned long);
extern int scsi_cmd_ioctl(struct request_queue *, struct gendisk *, fmode_t,
			  unsigned int, void __user *);

#endif /* _LINUX_BLKDEV_H */
