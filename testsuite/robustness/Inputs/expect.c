/* The mode through likely() (__builtin_expect): GCC sees through it, and
 * so must every frontend (the Clang ones took it for an unknown). */
typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define FMODE_EXCL ((fmode_t)0x80)
#define likely(x) __builtin_expect(!!(x), 1)
struct block_device;
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);

int expect_put(const char *path, void *holder, int c)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ | FMODE_EXCL, holder);

	blkdev_put(b, __builtin_expect(FMODE_READ, 1));
	blkdev_put(b, likely(c) ? FMODE_READ : FMODE_WRITE);
	return 0;
}
