// SPDX-License-Identifier: GPL-2.0
/*
 * Reduced from kernel/power/hibernate.c (Linux 6.1).  hibernate() in test
 * mode sets snapshot_test, checks the image it wrote (swsusp_check() gets
 * FMODE_READ|FMODE_EXCL) and loads it (load_image_and_restore() closes
 * with the same mode): correct.  software_resume() clears snapshot_test
 * just before swsusp_check() (FMODE_READ only) and then, on two error
 * paths, closes with FMODE_READ|FMODE_EXCL: the put releases a claim
 * never taken (WARN_ON_ONCE(--bdev->bd_holders < 0) in blkdev_put()).
 */
#include "power.h"

bool snapshot_test;
dev_t swsusp_resume_device;

static int load_image_and_restore(void)
{
	int error;
	unsigned int flags;
	fmode_t mode = FMODE_READ;

	if (snapshot_test)
		mode |= FMODE_EXCL;

	error = create_basic_memory_bitmaps();
	if (error) {
		swsusp_close(mode);
		return error;
	}
	error = swsusp_read(&flags);
	swsusp_close(mode);
	if (!error)
		error = hibernation_restore(flags & 1);
	return error;
}

int hibernate(void)
{
	int error;

	snapshot_test = false;
	error = swsusp_write(0);
	if (!error)
		snapshot_test = true;
	if (snapshot_test) {
		error = swsusp_check();
		if (!error)
			error = load_image_and_restore();
	}
	return error;
}

int software_resume(void)
{
	int error;

	snapshot_test = false;

	error = swsusp_check();
	if (error)
		goto Unlock;

	/* The snapshot device should not be opened while we're running */
	if (!hibernate_acquire()) {
		error = -16;
		swsusp_close(FMODE_READ | FMODE_EXCL);
		goto Unlock;
	}

	error = freeze_processes();
	if (error)
		goto Close_Finish;

	error = load_image_and_restore();
	thaw_processes();
 Finish:
	hibernate_release();
 Unlock:
	return error;
 Close_Finish:
	swsusp_close(FMODE_READ | FMODE_EXCL);
	goto Finish;
}
