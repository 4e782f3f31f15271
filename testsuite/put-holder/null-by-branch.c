// A get whose holder a branch chose - NULL on one path, the object that
// keeps the bdev on the other - and a put in another function that always
// passes that object: on the NULL path the put gives back a claim never
// taken (reiserfs' release_journal_dev(), c576c4bf9ecf).  Reported at the
// put with notes at the get and at the branch.  Not reported: a put that
// is itself under a test of something else (the put may be reached only
// when the device was claimed), a put that repeats the choice, a put of
// another holder than the get's object (judged as before).
// RUN: not %check %s -- %kflags_holder 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>

struct jdev {
	struct block_device *bdev;
	int claimed;
	dev_t own;
};

int jdev_open(struct jdev *j, dev_t dev)
{
	void *holder = j;

	if (dev == j->own)
		holder = NULL;
	j->bdev = blkdev_get_by_dev(dev, BLK_OPEN_READ, holder, NULL);
	if (IS_ERR(j->bdev))
		return PTR_ERR(j->bdev);
	j->claimed = holder != NULL;
	return 0;
}

void jdev_close(struct jdev *j)
{
	if (j->bdev)
		blkdev_put(j->bdev, j);
// CHECK: null-by-branch.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes holder 'j', but the matching blkdev_get_by_dev() took a NULL holder [bdops-put-holder]
// CHECK-NEXT: null-by-branch.c:[[@LINE-12]]:{{[0-9]+}}: note: blkdev_get_by_dev() took a NULL holder here
// CHECK-NEXT: null-by-branch.c:[[@LINE-15]]:{{[0-9]+}}: note: on the path where this condition chooses NULL
// CHECK-NEXT: note: fix: keep the holder the get took (NULL or 'j') and pass it
}

/* the put only where the device was claimed */
void jdev_close_claimed(struct jdev *j)
{
	if (j->claimed)
		blkdev_put(j->bdev, j);
}

/* the put repeats the choice */
void jdev_close_same(struct jdev *j)
{
	void *holder = j;

	if (j->bdev->bd_dev == j->own)
		holder = NULL;
	blkdev_put(j->bdev, holder);
}
