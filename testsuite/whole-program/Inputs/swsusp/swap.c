// SPDX-License-Identifier: GPL-2.0
/*
 * Reduced from kernel/power/swap.c (Linux 6.1): the image device is kept
 * in a static global, got FMODE_WRITE to write an image and FMODE_READ -
 * plus FMODE_EXCL only while hibernate() tests the image it just wrote -
 * to check for one; swsusp_close() puts it with the mode its caller gives.
 */
#include "power.h"

static struct block_device *hib_resume_bdev;

static int swsusp_swap_check(void)
{
	int res;

	hib_resume_bdev = blkdev_get_by_dev(swsusp_resume_device, FMODE_WRITE, 0);
	if (IS_ERR(hib_resume_bdev))
		return PTR_ERR(hib_resume_bdev);
	res = set_blocksize(hib_resume_bdev, PAGE_SIZE);
	if (res < 0)
		blkdev_put(hib_resume_bdev, FMODE_WRITE);
	return res;
}

static int get_swap_writer(void)
{
	int ret = swsusp_swap_check();

	if (ret)
		return ret;
	if (hib_submit_io()) {
		swsusp_close(FMODE_WRITE);
		return -1;
	}
	return 0;
}

static int swap_writer_finish(int error)
{
	if (!error)
		error = swsusp_mark();
	swsusp_close(FMODE_WRITE);
	return error;
}

int swsusp_write(unsigned int flags)
{
	int error = get_swap_writer();

	if (error)
		return error;
	error = hib_submit_io();
	return swap_writer_finish(error);
}

int swsusp_read(unsigned int *flags)
{
	*flags = 0;
	return hib_submit_io();
}

int swsusp_check(void)
{
	int error;
	void *holder;
	fmode_t mode = FMODE_READ;

	if (snapshot_test)
		mode |= FMODE_EXCL;

	hib_resume_bdev = blkdev_get_by_dev(swsusp_resume_device, mode, &holder);
	if (!IS_ERR(hib_resume_bdev)) {
		set_blocksize(hib_resume_bdev, PAGE_SIZE);
		error = hib_submit_io();
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

void swsusp_close(fmode_t mode)
{
	if (IS_ERR(hib_resume_bdev))
		return;
	blkdev_put(hib_resume_bdev, mode);
}
