// SPDX-License-Identifier: GPL-2.0
/*
 * The correct twin of hibernate.c: software_resume() closes with the mode
 * swsusp_check() took with snapshot_test clear (FMODE_READ), and a test
 * path that sets snapshot_test before swsusp_check() closes with
 * FMODE_READ|FMODE_EXCL - what swsusp_check() then took.
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

int test_resume(void)
{
	int error;

	snapshot_test = true;
	error = swsusp_check();
	if (error)
		return error;
	if (!hibernate_acquire()) {
		swsusp_close(FMODE_READ | FMODE_EXCL);
		return -16;
	}
	error = load_image_and_restore();
	hibernate_release();
	return error;
}

int software_resume(void)
{
	int error;

	snapshot_test = false;

	error = swsusp_check();
	if (error)
		goto Unlock;

	if (!hibernate_acquire()) {
		error = -16;
		swsusp_close(FMODE_READ);
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
	swsusp_close(FMODE_READ);
	goto Finish;
}
