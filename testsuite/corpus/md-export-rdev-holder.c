// Corpus: two fixes of one put, md's export_rdev() after 6.5's holders:
//  V1, md: use mddev->external to select holder in export_rdev()
//      commit a1d767191096 (Linux 6.5-rc1)
//      Fixes: 2736e8eeb0cc ("block: use the holder as indication for exclusive opens")
//      Link: https://lore.kernel.org/r/20230617052405.305871-1-song@kernel.org
//  V2, md: fix warning for holder mismatch from export_rdev()
//      commit 99892147f028 (Linux 6.6-rc1)
//      Fixes: a1d767191096 ("md: use mddev->external to select holder in export_rdev()")
//      Link: https://lore.kernel.org/r/20230825025532.1523008-3-yukuai1@huaweicloud.com
// Era: holder (6.5), kernel-fixtures/include/holder.
// Bug: md_import_device() claims a member device for the static claim_rdev
// when its caller imports for external metadata (super_format == -2,
// new_dev_store() when mddev->external) and for the rdev otherwise.
// export_rdev(), much later, recomputes the holder: V1 from
// mddev->major_version == -2, which is not how external metadata is
// recognised (mdadm "10ddf-create-fail-rebuild" WARNs); V2 (V1's fix) from
// mddev->external, which can change from 0 to 1 while the rdev lives
// (mdadm "23rdev-lifetime" WARNs).  The final fix records at the get which
// holder was used (the Holder bit in rdev->flags) and puts with that.
// Check: bdops-put-holder, at export_rdev()'s put: the holder is chosen by
// a condition at the get (a parameter, from the caller's mddev->external)
// and by another condition at the put.  Proposed: the existing message with
// a note at each condition, and a text fix.
// Of the two paths where the conditions part, the finding names the put's
// holder that is not a named object ('rdev'), whichever way a frontend
// lowered the branches; the notes say which holder each condition chose.
// The rdev of the put and the rdev the get stored the bdev in are one
// object (the owner of md_rdev.bdev), fresh from kzalloc(), so not
// &claim_rdev.
// RUN: not %check %s -- %kflags_holder -DV1 2>&1 | FileCheck %s --check-prefixes=CHECK,V1 --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %check %s -- %kflags_holder -DV2 2>&1 | FileCheck %s --check-prefixes=CHECK,V2 --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_holder 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/bitops.h>

enum flag_bits {
	Faulty,
	AutoDetected,
	Holder,		/* rdev is used as holder while opening the disk exclusively */
};

struct md_rdev {
	struct block_device *bdev;
	unsigned long flags;
	int desc_nr;
};

struct mddev {
	int major_version, minor_version;
	int persistent;
	int external;
};

static struct md_rdev claim_rdev; /* just for claiming the bdev */

static void export_rdev(struct md_rdev *rdev, struct mddev *mddev)
{
#if defined(V1)
	blkdev_put(rdev->bdev, mddev->major_version == -2 ? &claim_rdev : rdev);
// V1: md-export-rdev-holder.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes holder 'rdev', but the matching blkdev_get_by_dev() claimed the device for '&claim_rdev' [bdops-put-holder]
// V1-NEXT: md-export-rdev-holder.c:[[@LINE-2]]:{{[0-9]+}}: note: on the path where this condition chooses 'rdev'
#elif defined(V2)
	blkdev_put(rdev->bdev, mddev->external ? &claim_rdev : rdev);
// V2: md-export-rdev-holder.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes holder 'rdev', but the matching blkdev_get_by_dev() claimed the device for '&claim_rdev' [bdops-put-holder]
// V2-NEXT: md-export-rdev-holder.c:[[@LINE-2]]:{{[0-9]+}}: note: on the path where this condition chooses 'rdev'
#else
	blkdev_put(rdev->bdev, test_bit(Holder, &rdev->flags) ? rdev : &claim_rdev);
#endif
	rdev->bdev = NULL;
	kfree(rdev);
}

static struct md_rdev *md_import_device(dev_t newdev, int super_format, int super_minor)
{
	struct md_rdev *rdev;
#if !defined(V1) && !defined(V2)
	struct md_rdev *holder;
#endif
	int err;

	rdev = kzalloc(sizeof(*rdev), GFP_KERNEL);
	if (!rdev)
		return ERR_PTR(-ENOMEM);

#if defined(V1) || defined(V2)
	rdev->bdev = blkdev_get_by_dev(newdev, BLK_OPEN_READ | BLK_OPEN_WRITE,
			super_format == -2 ? &claim_rdev : rdev, NULL);
// CHECK-NEXT: md-export-rdev-holder.c:[[@LINE-2]]:{{[0-9]+}}: note: blkdev_get_by_dev() claimed the device for '&claim_rdev' here
// CHECK-NEXT: md-export-rdev-holder.c:[[@LINE-3]]:{{[0-9]+}}: note: on the path where this condition chooses '&claim_rdev'
// CHECK-NEXT: note: fix: keep the holder the get took ('&claim_rdev' or 'rdev') and pass it
#else
	if (super_format == -2) {
		holder = &claim_rdev;
	} else {
		holder = rdev;
		set_bit(Holder, &rdev->flags);
	}

	rdev->bdev = blkdev_get_by_dev(newdev, BLK_OPEN_READ | BLK_OPEN_WRITE,
				       holder, NULL);
#endif
	if (IS_ERR(rdev->bdev)) {
		err = PTR_ERR(rdev->bdev);
		goto out_free_rdev;
	}

	if (super_minor > 100) {
		err = -EINVAL;
		goto out_blkdev_put;
	}
	return rdev;

out_blkdev_put:
#if defined(V1) || defined(V2)
	blkdev_put(rdev->bdev, super_format == -2 ? &claim_rdev : rdev);
#else
	blkdev_put(rdev->bdev, holder);
#endif
out_free_rdev:
	kfree(rdev);
	return ERR_PTR(err);
}

/* new_dev_store(): how the array's metadata picks super_format */
struct md_rdev *new_dev(struct mddev *mddev, dev_t dev)
{
	if (mddev->persistent)
		return md_import_device(dev, mddev->major_version, mddev->minor_version);
	else if (mddev->external)
		return md_import_device(dev, -2, -1);
	else
		return md_import_device(dev, -1, -1);
}

/* the array goes on; later the member is removed */
void kick_rdev(struct md_rdev *rdev, struct mddev *mddev)
{
	export_rdev(rdev, mddev);
}
