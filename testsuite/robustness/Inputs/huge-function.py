# SPDX-License-Identifier: GPL-2.0
# One function of N if/else statements around a get and its put: the
# shape bench/huge-function.sh times.  Usage: huge-function.py N
import sys
n = int(sys.argv[1])
print('''typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_EXCL ((fmode_t)0x80)
struct block_device;
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
int g(int);
int huge(const char *path, void *holder, int x)
{
	fmode_t m = FMODE_READ | FMODE_EXCL;
	struct block_device *b = blkdev_get_by_path(path, m, holder);
	int r = 0;
''')
for i in range(n):
    print('\tif (g(%d)) r += %d; else r -= x + (int)m;' % (i, i))
print('''	blkdev_put(b, FMODE_READ);
	return r;
}''')
