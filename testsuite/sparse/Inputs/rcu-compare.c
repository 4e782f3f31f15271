/* The kernel's rcu_dereference() of a pointer not marked __rcu: sparse
 * says the two sides of its (void) comparison are in different address
 * spaces.  Both sides are typed and the comparison is kept: nothing is
 * lost, the put-mode finding below is still made and the unit is fully
 * analysed. */
typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define __rcu __attribute__((noderef, address_space(__rcu)))
#define rcu_check(p) ((void)(((typeof(*p) __rcu *)p) == p))
struct block_device;
struct block_device *blkdev_get_by_dev(unsigned int dev, fmode_t mode, void *holder);
int blkdev_put(struct block_device *bdev, fmode_t mode);
struct conf { int *p; };

int f(struct conf *c)
{
	struct block_device *b = blkdev_get_by_dev(1, FMODE_READ, 0);

	rcu_check(c->p);
	if (c->p == (int __rcu *)0)
		return 0;
	blkdev_put(b, FMODE_WRITE);
	return 1;
}
