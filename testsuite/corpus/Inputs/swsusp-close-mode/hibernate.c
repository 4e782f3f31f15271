/* kernel/power/hibernate.c (5.16), reduced: the three swsusp_close()
 * calls commit cefcf24b4d35 changed.  -DFIXED: the fix. */
#include "power.h"

#ifdef FIXED
#define CLOSE_MODE (FMODE_READ | FMODE_EXCL)
#else
#define CLOSE_MODE FMODE_READ
#endif

bool snapshot_test;

static int load_image_and_restore(void)
{
	int error;
	unsigned int flags;

	error = swsusp_read(&flags);
	swsusp_close(CLOSE_MODE);
	if (!error)
		error = hibernation_restore(flags & 1);
	return error;
}

int hibernate(void)
{
	int error = 0;

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

	error = swsusp_check();
	if (error)
		goto Unlock;

	/* The snapshot device should not be opened while we're running */
	if (!hibernate_acquire()) {
		error = -EBUSY;
		swsusp_close(CLOSE_MODE);
		goto Unlock;
	}

	error = load_image_and_restore();
	if (error)
		goto Close_Finish;
	return 0;

 Close_Finish:
	swsusp_close(CLOSE_MODE);
 Unlock:
	return error;
}
