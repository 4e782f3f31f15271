// Reduced from drivers/block/pktcdvd.c (Linux 6.1): the writer is mapped
// with a non-exclusive FMODE_READ|FMODE_NDELAY get kept in pd->bdev; each
// open of the packet device re-opens the same dev_t (pd->bdev->bd_dev)
// exclusively without O_NONBLOCK and does not store the result, since it is
// the same struct block_device; release puts pd->bdev with the re-open's
// mode.  Both pairs balance: no finding.
// RUN: %check %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

typedef unsigned int fmode_t;
typedef unsigned int dev_t;
#define FMODE_READ	((fmode_t)0x1)
#define FMODE_WRITE	((fmode_t)0x2)
#define FMODE_NDELAY	((fmode_t)0x40)
#define FMODE_EXCL	((fmode_t)0x80)
#define NULL ((void *)0)

struct block_device { dev_t bd_dev; };
struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
long IS_ERR(const void *ptr);
long PTR_ERR(const void *ptr);
int pkt_get_last_written(struct block_device *bdev);

struct pktcdvd_device { struct block_device *bdev; };

int pkt_open_dev(struct pktcdvd_device *pd)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_dev(pd->bdev->bd_dev, FMODE_READ | FMODE_EXCL, pd);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	if (pkt_get_last_written(bdev)) {
		blkdev_put(bdev, FMODE_READ | FMODE_EXCL);
		return -5;
	}
	return 0;
}

void pkt_release_dev(struct pktcdvd_device *pd)
{
	blkdev_put(pd->bdev, FMODE_READ | FMODE_EXCL);
}

int pkt_new_dev(struct pktcdvd_device *pd, dev_t dev)
{
	struct block_device *bdev;

	bdev = blkdev_get_by_dev(dev, FMODE_READ | FMODE_NDELAY, NULL);
	if (IS_ERR(bdev))
		return PTR_ERR(bdev);
	pd->bdev = bdev;
	return 0;
}

void pkt_remove_dev(struct pktcdvd_device *pd)
{
	blkdev_put(pd->bdev, FMODE_READ | FMODE_NDELAY);
}
