/* kernel/power/swap.c (5.16), reduced: the resume device is a global, got
 * exclusively by swsusp_check() (since 39fbef4b0f77) and put by the
 * wrapper swsusp_close() with its caller's mode. */
#include "power.h"

#define HIBERNATE_SIG	"S1SUSPEND"

struct swsusp_header {
	char orig_sig[10];
	char sig[10];
};

static struct block_device *hib_resume_bdev;
static struct swsusp_header *swsusp_header;
dev_t swsusp_resume_device;

int hib_submit_io(int op, struct swsusp_header *page);

int swsusp_check(void)
{
	int error;
	void *holder;

	hib_resume_bdev = blkdev_get_by_dev(swsusp_resume_device,
					    FMODE_READ | FMODE_EXCL, &holder);
	if (!IS_ERR(hib_resume_bdev)) {
		set_blocksize(hib_resume_bdev, 4096);
		error = hib_submit_io(0, swsusp_header);
		if (error)
			goto put;

		if (!memcmp(HIBERNATE_SIG, swsusp_header->sig, 10)) {
			memcpy(swsusp_header->sig, swsusp_header->orig_sig, 10);
			/* Reset swap signature now */
			error = hib_submit_io(1, swsusp_header);
		} else {
			error = -EINVAL;
		}

put:
		if (error)
			blkdev_put(hib_resume_bdev, FMODE_READ | FMODE_EXCL);
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
