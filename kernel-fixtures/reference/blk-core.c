// SPDX-License-Identifier: GPL-2.0
/*
 * blk-core.c - a userspace model of block/genhd.c and block/blk-core.c as
 * of 2.6.28: disks registered by dev_t, request queues fed from bios, and
 * the request function of the driver called for every request.
 *
 * The model is synchronous: a bio is turned into a request, queued, and
 * the queue is run at once, so a bio has completed when submit_bio()
 * returns.  One request per bio; a request walks the bio's segments one
 * end_request() at a time, as old drivers expect.
 *
 * No block method here: bdops must report nothing.
 */
// RUN: %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "internal.h"

struct disk_entry {
	struct gendisk disk;	/* first: put_disk() finds the entry from it */
	int refs;
	int added;
	struct list_head list;
};

static LIST_HEAD(disk_list);

struct gendisk *alloc_disk(int minors)
{
	struct disk_entry *e = kzalloc(sizeof(*e), GFP_KERNEL);

	if (!e)
		return NULL;
	e->refs = 1;
	e->disk.minors = minors;
	INIT_LIST_HEAD(&e->list);
	return &e->disk;
}

void add_disk(struct gendisk *disk)
{
	struct disk_entry *e = container_of(disk, struct disk_entry, disk);

	e->added = 1;
	list_add_tail(&e->list, &disk_list);
}

void del_gendisk(struct gendisk *disk)
{
	struct disk_entry *e = container_of(disk, struct disk_entry, disk);

	if (e->added)
		list_del_init(&e->list);
	e->added = 0;
}

void put_disk(struct gendisk *disk)
{
	struct disk_entry *e;

	if (!disk)
		return;
	e = container_of(disk, struct disk_entry, disk);
	if (--e->refs == 0)
		kfree(e);
}

struct gendisk *get_gendisk(dev_t dev, int *partno)
{
	struct disk_entry *e;

	list_for_each_entry(e, &disk_list, list) {
		if (disk_devt(&e->disk) == dev) {
			e->refs++;
			*partno = 0;
			return &e->disk;
		}
	}
	return NULL;
}

dev_t blk_lookup_devt(const char *name, int partno)
{
	struct disk_entry *e;

	if (partno)
		return 0;
	list_for_each_entry(e, &disk_list, list)
		if (!strcmp(e->disk.disk_name, name))
			return disk_devt(&e->disk);
	return 0;
}

void set_disk_ro(struct gendisk *disk, int flag)
{
	disk->part0.policy = flag;
}

int register_blkdev(unsigned int major, const char *name)
{
	return name ? (int)major : -EINVAL;
}

void unregister_blkdev(unsigned int major, const char *name)
{
	(void)major;
	(void)name;
}

/* --- pages --- */

struct page *alloc_pages(gfp_t gfp_mask, unsigned int order)
{
	struct page *page = kzalloc(sizeof(*page), gfp_mask);

	if (!page)
		return NULL;
	page->virtual = kzalloc(PAGE_SIZE << order, gfp_mask);
	if (!page->virtual) {
		kfree(page);
		return NULL;
	}
	atomic_set(&page->_count, 1);
	return page;
}

void __free_pages(struct page *page, unsigned int order)
{
	(void)order;
	kfree(page->virtual);
	kfree(page);
}

/* --- request queues --- */

static int __make_request(struct request_queue *q, struct bio *bio);

static struct request_queue *blk_queue_alloc(spinlock_t *lock)
{
	struct request_queue *q = kzalloc(sizeof(*q), GFP_KERNEL);

	if (!q)
		return NULL;
	INIT_LIST_HEAD(&q->queue_head);
	spin_lock_init(&q->__queue_lock);
	q->queue_lock = lock ? lock : &q->__queue_lock;
	q->hardsect_size = 512;
	q->max_sectors = 255;
	return q;
}

struct request_queue *blk_init_queue(request_fn_proc *rfn, spinlock_t *lock)
{
	struct request_queue *q = blk_queue_alloc(lock);

	if (!q)
		return NULL;
	q->request_fn = rfn;
	q->make_request_fn = __make_request;
	return q;
}

struct request_queue *blk_alloc_queue(gfp_t gfp_mask)
{
	(void)gfp_mask;
	return blk_queue_alloc(NULL);
}

void blk_cleanup_queue(struct request_queue *q)
{
	BUG_ON(!list_empty(&q->queue_head));
	kfree(q);
}

void blk_queue_make_request(struct request_queue *q, make_request_fn *mfn)
{
	q->make_request_fn = mfn;
}

void blk_queue_hardsect_size(struct request_queue *q, unsigned short size)
{
	q->hardsect_size = size;
}

struct request *elv_next_request(struct request_queue *q)
{
	if (list_empty(&q->queue_head))
		return NULL;
	return list_first_entry(&q->queue_head, struct request, queuelist);
}

void blkdev_dequeue_request(struct request *req)
{
	list_del_init(&req->queuelist);
}

/* Point the request at its current segment. */
static void blk_rq_segment(struct request *req)
{
	struct bio *bio = req->bio;
	struct bio_vec *bv = bio_iovec_idx(bio, bio->bi_idx);

	req->buffer = (char *)page_address(bv->bv_page) + bv->bv_offset;
	req->current_nr_sectors = bv->bv_len >> 9;
	req->hard_cur_sectors = req->current_nr_sectors;
}

void end_request(struct request *req, int uptodate)
{
	struct bio *bio = req->bio;

	if (!uptodate)
		req->errors++;
	req->sector += req->current_nr_sectors;
	req->hard_sector = req->sector;
	req->nr_sectors -= req->current_nr_sectors;
	req->hard_nr_sectors = req->nr_sectors;
	bio->bi_idx++;
	if (bio->bi_idx < bio->bi_vcnt && uptodate) {
		blk_rq_segment(req);
		return;
	}
	list_del_init(&req->queuelist);
	bio_endio(bio, req->errors ? -EIO : 0);
	kfree(req);
}

static int __make_request(struct request_queue *q, struct bio *bio)
{
	struct request *req = kzalloc(sizeof(*req), GFP_NOIO);

	if (!req) {
		bio_endio(bio, -ENOMEM);
		return 0;
	}
	INIT_LIST_HEAD(&req->queuelist);
	req->q = q;
	req->cmd_type = REQ_TYPE_FS;
	req->cmd_flags = bio_data_dir(bio) ? REQ_RW : 0;
	req->sector = req->hard_sector = bio->bi_sector;
	req->nr_sectors = req->hard_nr_sectors = bio->bi_size >> 9;
	req->bio = req->biotail = bio;
	req->rq_disk = bio->bi_bdev->bd_disk;
	blk_rq_segment(req);
	spin_lock_irq(q->queue_lock);
	list_add_tail(&req->queuelist, &q->queue_head);
	q->request_fn(q);
	spin_unlock_irq(q->queue_lock);
	return 0;
}

/* --- bios --- */

struct bio *bio_alloc(gfp_t gfp_mask, int nr_iovecs)
{
	struct bio *bio = kzalloc(sizeof(*bio), gfp_mask);

	if (!bio)
		return NULL;
	bio->bi_io_vec = kzalloc(nr_iovecs * sizeof(struct bio_vec), gfp_mask);
	if (!bio->bi_io_vec) {
		kfree(bio);
		return NULL;
	}
	bio->bi_max_vecs = nr_iovecs;
	bio->bi_flags = 1 << BIO_UPTODATE;
	atomic_set(&bio->bi_cnt, 1);
	return bio;
}

void bio_put(struct bio *bio)
{
	if (atomic_dec_and_test(&bio->bi_cnt)) {
		kfree(bio->bi_io_vec);
		kfree(bio);
	}
}

int bio_add_page(struct bio *bio, struct page *page, unsigned int len,
		 unsigned int offset)
{
	struct bio_vec *bv;

	if (bio->bi_vcnt >= bio->bi_max_vecs || (len & 511))
		return 0;
	bv = bio_iovec_idx(bio, bio->bi_vcnt);
	bv->bv_page = page;
	bv->bv_len = len;
	bv->bv_offset = offset;
	bio->bi_vcnt++;
	bio->bi_size += len;
	return len;
}

void bio_endio(struct bio *bio, int error)
{
	if (error)
		bio->bi_flags &= ~(1UL << BIO_UPTODATE);
	if (bio->bi_end_io)
		bio->bi_end_io(bio, error);
}

void generic_make_request(struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;
	struct request_queue *q;

	if (!bdev->bd_disk || !bdev->bd_openers) {
		/* I/O to a device nobody opened */
		bio_endio(bio, -EIO);
		return;
	}
	q = bdev_get_queue(bdev);
	if (bio->bi_sector + (bio->bi_size >> 9) > get_capacity(bdev->bd_disk)) {
		bio_endio(bio, -EIO);
		return;
	}
	q->make_request_fn(q, bio);
}

void submit_bio(int rw, struct bio *bio)
{
	bio->bi_rw |= rw;
	generic_make_request(bio);
}

void genhd_exit(void)
{
	BUG_ON(!list_empty(&disk_list));
}
