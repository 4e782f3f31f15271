/* A comparison sparse kept whole but whose result a ?: uses: sparse leaves
 * the ?: untyped with no error of its own, so the mode is lost and the
 * unit is not fully analysed - never a clean f(). */
typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define __rcu __attribute__((noderef, address_space(__rcu)))
struct block_device;
struct block_device *blkdev_get_by_dev(unsigned int dev, fmode_t mode, void *holder);
int blkdev_put(struct block_device *bdev, fmode_t mode);
struct conf { int *p; int __rcu *q; };

int f(struct conf *c)
{
	fmode_t m = c->p == c->q ? FMODE_READ : FMODE_WRITE;
	struct block_device *b = blkdev_get_by_dev(1, m, 0);

	blkdev_put(b, FMODE_READ);
	return 1;
}

int g(struct conf *c)
{
	int same = c->p == c->q;
	fmode_t m = same ? FMODE_READ : FMODE_WRITE;
	struct block_device *b = blkdev_get_by_dev(1, m, 0);

	blkdev_put(b, FMODE_READ);
	return 1;
}
