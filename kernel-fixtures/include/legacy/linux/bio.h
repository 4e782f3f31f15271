/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture header: struct bio as of 2.6.28 (the members the request path uses). */
#ifndef __LINUX_BIO_H
#define __LINUX_BIO_H

#include <linux/types.h>
#include <linux/mm.h>

struct bio;
struct block_device;

struct bio_vec {
	struct page	*bv_page;
	unsigned int	bv_len;
	unsigned int	bv_offset;
};

typedef void (bio_end_io_t) (struct bio *, int);

struct bio {
	sector_t		bi_sector;	/* device address in 512 byte sectors */
	struct bio		*bi_next;	/* request queue link */
	struct block_device	*bi_bdev;
	unsigned long		bi_flags;	/* status, command, etc */
	unsigned long		bi_rw;		/* bottom bits READ/WRITE,
						 * top bits priority */
	unsigned short		bi_vcnt;	/* how many bio_vec's */
	unsigned short		bi_idx;		/* current index into bvl_vec */
	unsigned int		bi_size;	/* residual I/O count */
	unsigned int		bi_max_vecs;	/* max bvl_vecs we can hold */
	struct bio_vec		*bi_io_vec;	/* the actual vec list */
	bio_end_io_t		*bi_end_io;
	atomic_t		bi_cnt;		/* pin count */
	void			*bi_private;
};

#define BIO_UPTODATE	0	/* ok after I/O completion */

#define bio_data_dir(bio)	((bio)->bi_rw & 1)
#define bio_iovec_idx(bio, idx)	(&((bio)->bi_io_vec[(idx)]))

extern struct bio *bio_alloc(gfp_t, int);
extern void bio_put(struct bio *);
extern void bio_endio(struct bio *, int);
extern int bio_add_page(struct bio *, struct page *, unsigned int, unsigned int);
extern void submit_bio(int, struct bio *);
extern void generic_make_request(struct bio *bio);

#endif /* __LINUX_BIO_H */
