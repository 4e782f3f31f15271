/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixture header, file era (6.9 and later, shaped like 6.12): request
 * queues, requests, and the block device API since 6.9: a blk_mode_t of
 * BLK_OPEN_* bits, open(struct gendisk *, blk_mode_t) and
 * release(struct gendisk *); a block device is opened as a struct file by
 * bdev_file_open_by_dev/path() (ERR_PTR() on failure), its block_device is
 * file_bdev(file), and it is given back with fput() or bdev_fput().
 */
#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/genhd.h>
#include <linux/bio.h>
#include <linux/fs.h>
#include <linux/file.h>

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

/* open for reading */
#define BLK_OPEN_READ		((__force blk_mode_t)(1 << 0))
/* open for writing */
#define BLK_OPEN_WRITE		((__force blk_mode_t)(1 << 1))
/* open exclusively (vs other exclusive openers */
#define BLK_OPEN_EXCL		((__force blk_mode_t)(1 << 2))
/* opened with O_NDELAY */
#define BLK_OPEN_NDELAY		((__force blk_mode_t)(1 << 3))
/* open for "writes" only for ioctls (specialy hack for floppy.c) */
#define BLK_OPEN_WRITE_IOCTL	((__force blk_mode_t)(1 << 4))
/* open with write restrictions (6.8) */
#define BLK_OPEN_RESTRICT_WRITES	((__force blk_mode_t)(1 << 5))
/* return partitions even if the disk is not scanned (6.10) */
#define BLK_OPEN_STRICT_SCAN	((__force blk_mode_t)(1 << 6))

struct block_device_operations {
	void (*submit_bio)(struct bio *bio);
	int (*open)(struct gendisk *disk, blk_mode_t mode);
	void (*release)(struct gendisk *disk);
	int (*ioctl)(struct block_device *bdev, blk_mode_t mode,
			unsigned cmd, unsigned long arg);
	int (*compat_ioctl)(struct block_device *bdev, blk_mode_t mode,
			unsigned cmd, unsigned long arg);
	unsigned int (*check_events) (struct gendisk *disk,
				      unsigned int clearing);
	void (*unlock_native_capacity) (struct gendisk *);
	int (*getgeo)(struct block_device *, struct hd_geometry *);
	int (*set_read_only)(struct block_device *bdev, bool ro);
	void (*free_disk)(struct gendisk *disk);
	struct module *owner;
};

struct blk_holder_ops {
	void (*mark_dead)(struct block_device *bdev, bool surprise);
	void (*sync)(struct block_device *bdev);
	int (*freeze)(struct block_device *bdev);
	int (*thaw)(struct block_device *bdev);
};

/* block/bdev.c: a block device opened as a struct file (6.9); the file
 * keeps the holder in private_data.  Given back with fput() or, giving the
 * claim back at once, bdev_fput() (6.9-rc3, 22650a99821d). */
struct file *bdev_file_open_by_dev(dev_t dev, blk_mode_t mode, void *holder,
		const struct blk_holder_ops *hops);
struct file *bdev_file_open_by_path(const char *path, blk_mode_t mode,
		void *holder, const struct blk_holder_ops *hops);
void bdev_fput(struct file *bdev_file);
struct block_device *file_bdev(struct file *bdev_file);
int bd_prepare_to_claim(struct block_device *bdev, void *holder,
		const struct blk_holder_ops *hops);
void bd_abort_claiming(struct block_device *bdev, void *holder);
int lookup_bdev(const char *pathname, dev_t *dev);
blk_mode_t file_to_blk_mode(struct file *file);
int blkdev_ioctl(struct block_device *, blk_mode_t, unsigned, unsigned long);
int set_blocksize(struct file *file, int size);
int sync_blockdev(struct block_device *bdev);
bool bdev_read_only(struct block_device *bdev);

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

extern int scsi_ioctl(struct block_device *, blk_mode_t, unsigned int,
		      void __user *);

#endif /* _LINUX_BLKDEV_H */
