// Corpus: swsusp: don't pass a stack address to blkdev_get_by_path
// Upstream: commit c889d0793d9d (Linux 6.5-rc1)
// Link: https://lore.kernel.org/r/20230608110258.189493-12-hch@lst.de
// Era: fmode_t (5.16 .. 6.4), kernel-fixtures/include/fmode.  (6.4's
// blkdev_get_by_dev() had grown a fourth argument, the holder ops, NULL
// here; the fixture's is the 2.6.38 three-argument one.)
// Bug: swsusp_check() opens the resume device exclusively (test_resume)
// with '&holder', the address of a local, as the holder; the bdev is kept
// in the global hib_resume_bdev and put later by swsusp_close().  The claim
// outlives the frame whose address names it: any later exclusive opener
// whose holder happens to sit at that stack address shares the claim ("an
// on-stack pointer that can easily be reused by other calls").  The fix
// claims for a static variable, &swsusp_holder.
// Check: bdops-put-mode (the holder of an exclusive get).  SPEC has no
// rule for a holder that dies before the claim does; the text below is a
// proposal.
// XFAIL: *
// # engine gap: holder lifetime (an exclusive get's holder is the address of a local while the bdev escapes to a global and is put by another function)
// RUN: not %check %s -- %kflags_fmode 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Fixed twin: swsusp-check-stack-holder.fixed.test.

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/mm.h>

static struct block_device *hib_resume_bdev;
static dev_t swsusp_resume_device;
static void *swsusp_header;
int hib_submit_read(struct block_device *bdev, void *page);
#ifdef FIXED
static void *swsusp_holder;
#endif

int swsusp_check(bool snapshot_test)
{
	int error;
#ifndef FIXED
	void *holder;
#endif
	fmode_t mode = FMODE_READ;

	if (snapshot_test)
		mode |= FMODE_EXCL;

#ifndef FIXED
	hib_resume_bdev = blkdev_get_by_dev(swsusp_resume_device, mode, &holder);
// CHECK: swsusp-check-stack-holder.c:[[@LINE-1]]:{{[0-9]+}}: warning: blkdev_get_by_dev() claims the device for '&holder', the address of a local of 'swsusp_check', and the claim outlives it [bdops-put-mode]
// CHECK-NEXT: swsusp-check-stack-holder.c:[[@LINE-2]]:{{[0-9]+}}: note: fix: claim the device for an object that lives as long as the claim (a static or the owning structure)
#else
	hib_resume_bdev = blkdev_get_by_dev(swsusp_resume_device, mode,
					    &swsusp_holder);
#endif
	if (!IS_ERR(hib_resume_bdev)) {
		set_blocksize(hib_resume_bdev, PAGE_SIZE);
		error = hib_submit_read(hib_resume_bdev, swsusp_header);
		if (error)
			goto put;
put:
		if (error)
			blkdev_put(hib_resume_bdev, mode);
	} else {
		error = PTR_ERR(hib_resume_bdev);
	}
	return error;
}

void swsusp_close(bool snapshot_test)
{
	if (IS_ERR(hib_resume_bdev))
		return;		/* image device not initialised */

	blkdev_put(hib_resume_bdev, snapshot_test ? FMODE_READ | FMODE_EXCL : FMODE_READ);
}
