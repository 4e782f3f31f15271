// Reduced from drivers/md/dm.c (Linux 6.1) open_table_device() /
// close_table_device(): the get takes 'mode | FMODE_EXCL', the struct keeps
// 'mode' without FMODE_EXCL, and the put adds FMODE_EXCL back to the stored
// field.  Stored mode plus the same constant bit is the get's mode: no finding.
// RUN: %check %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

typedef unsigned int fmode_t;
typedef unsigned int dev_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_EXCL	((fmode_t)0x80)

struct block_device { dev_t bd_dev; };
struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);
void *ERR_PTR(long error);
void *kmalloc(unsigned long size);
void kfree(const void *p);
int bd_link_disk_holder(struct block_device *bdev);

struct dm_dev { struct block_device *bdev; fmode_t mode; };
struct table_device { struct dm_dev dm_dev; };
static int _dm_claim_ptr;

struct table_device *open_table_device(dev_t dev, fmode_t mode)
{
	struct table_device *td;
	struct block_device *bdev;
	int r;

	td = kmalloc(sizeof(*td));
	if (!td)
		return ERR_PTR(-12);
	bdev = blkdev_get_by_dev(dev, mode | FMODE_EXCL, &_dm_claim_ptr);
	if (IS_ERR(bdev)) {
		r = PTR_ERR(bdev);
		goto out_free_td;
	}
	r = bd_link_disk_holder(bdev);
	if (r)
		goto out_blkdev_put;
	td->dm_dev.mode = mode;
	td->dm_dev.bdev = bdev;
	return td;

out_blkdev_put:
	blkdev_put(bdev, mode | FMODE_EXCL);
out_free_td:
	kfree(td);
	return ERR_PTR(r);
}

void close_table_device(struct table_device *td)
{
	blkdev_put(td->dm_dev.bdev, td->dm_dev.mode | FMODE_EXCL);
	kfree(td);
}
