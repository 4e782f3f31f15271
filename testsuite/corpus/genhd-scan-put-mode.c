// Corpus: block: fix wrong mode for blkdev_put() from disk_scan_partitions()
// Upstream: commit 428913bce1e6 (Linux 6.3-rc4)
// Fixes: e5cfefa97bcc ("block: fix scan partition for exclusively open device again")
// Link: https://lore.kernel.org/lkml/f9649d501bc8c3444769418f6c26263555d9d3be.camel@linux.ibm.com/T/
// Era: fmode_t (6.3), kernel-fixtures/include/fmode.
// Bug: disk_scan_partitions() opens the whole disk with the caller's mode
// minus FMODE_EXCL (the caller, BLKRRPART on a file opened O_EXCL, already
// holds the claim) and puts it with the caller's mode, FMODE_EXCL included:
// blkdev_put() then drops a claim this open never took and bd_holders
// leaks (syzbot).  The fix puts with 'mode & ~FMODE_EXCL'.  The
// bd_prepare_to_claim()/bd_abort_claiming() pair around the open is left
// out: it does not touch the mode.
// Check: bdops-put-mode, at the put, "with FMODE_EXCL added" (symbolic mode:
// the two differ exactly when a caller's mode holds FMODE_EXCL, which
// blkdev_rrpart()'s does when the file was opened O_EXCL).
// The note names the caller whose mode may hold FMODE_EXCL (callers.c).
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_fmode -DFIXED 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=warning: --implicit-check-not=note:
// FIXED: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/err.h>

int disk_scan_partitions(struct gendisk *disk, fmode_t mode)
{
	struct block_device *bdev;
	int ret = 0;

	bdev = blkdev_get_by_dev(disk_devt(disk), mode & ~FMODE_EXCL, NULL);
	if (IS_ERR(bdev))
		ret = PTR_ERR(bdev);
	else
#ifndef FIXED
		blkdev_put(bdev, mode);
// CHECK: genhd-scan-put-mode.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_put() passes the mode of the matching blkdev_get_by_dev() with FMODE_EXCL added [bdops-put-mode]
// CHECK-NEXT: genhd-scan-put-mode.c:[[@LINE-7]]:{{[0-9]+}}: note: blkdev_get_by_dev() took its mode here
// CHECK-NEXT: genhd-scan-put-mode.c:[[@LINE+10]]:{{[0-9]+}}: note: 'blkdev_rrpart' passes 'mode' here, which may hold FMODE_EXCL
#else
		blkdev_put(bdev, mode & ~FMODE_EXCL);
#endif
	return ret;
}

/* BLKRRPART: the mode of the opened file, FMODE_EXCL when opened O_EXCL */
int blkdev_rrpart(struct block_device *bdev, fmode_t mode)
{
	return disk_scan_partitions(bdev->bd_disk, mode);
}

/* device_add_disk(): a first scan, never exclusive */
int add_disk_scan(struct gendisk *disk)
{
	return disk_scan_partitions(disk, FMODE_READ);
}
