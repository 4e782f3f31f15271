/* A mode chosen by a comparison sparse finds incompatible (a __user
 * pointer against a kernel one), inside ?: as a call's argument, and
 * inside likely(): sparse keeps the comparison but leaves the ?: untyped
 * with no error of its own.  GCC and Clang report the finding; bdops-sparse
 * must not pass the unit as clean. */
typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define FMODE_EXCL ((fmode_t)0x80)
#define __user __attribute__((noderef, address_space(1)))
#define likely(x) __builtin_expect(!!(x), 1)
struct block_device;
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);

int user_put(const char *path, void *holder, char __user *u, char *k)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ | FMODE_EXCL, holder);

	blkdev_put(b, likely(u == k) ? FMODE_READ : FMODE_WRITE);
	return 0;
}
