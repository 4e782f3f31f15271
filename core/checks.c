// SPDX-License-Identifier: GPL-2.0
/*
 * checks.c - the table of checks: names, one-line summaries for
 * list-checks and SARIF, help paragraphs, documentation paths, and the
 * kernels whose API each check knows (docs/eras.md).  The order
 * is enum bd_check's, which is also SARIF's ruleIndex.
 */
#include <string.h>
#include "internal.h"

static const struct bd_check_info checks[BD_CHECK_COUNT] = {
	{
		BD_CHECK_FILE_WRITE, "file-write", "bdops-file-write",
		"a block method writes its struct file, which may be a temporary that does not outlive open()",
		"Block device methods must not write the struct file they are given: "
		"for opens done by the kernel (mounts) it is a fake on the stack that "
		"is gone when open() returns, and the RFC made open() take "
		"(struct block_device *, fmode_t) so that no driver depends on it. "
		"Keep per-open state in the driver's own structures and take the "
		"open mode from the fmode_t argument.",
		"docs/checks/file-write.md",
		"2.6.27+"
	},
	{
		BD_CHECK_NDELAY_FLAGS, "ndelay-flags", "bdops-ndelay-flags",
		"O_NDELAY/O_NONBLOCK tested in file->f_flags after open, where fcntl() can change it",
		"After open(), file->f_flags is not stable: fcntl() can flip O_NDELAY "
		"at will, and release() often gets no struct file at all. The open "
		"mode's NDELAY bit is saved in f_mode (FMODE_NDELAY) where it stays "
		"what open() saw; test 'mode & FMODE_NDELAY' instead.",
		"docs/checks/ndelay-flags.md",
		"2.6.27+"
	},
	{
		BD_CHECK_PUT_MODE, "put-mode", "bdops-put-mode",
		"blkdev_put()/close_bdev_excl() mode differs from the mode of the matching get",
		"blkdev_put() takes the mode the matching blkdev_get() took, so that the "
		"driver's release() sees the flags its open() saw (e.g. whether the "
		"door was locked). Pass the same value: store it next to the block "
		"device reference when the put happens elsewhere, and never recompute "
		"it from state that can change in between, such as sb->s_flags. Also "
		"reported: a put after the get failed, a second put on one path, and "
		"an exclusive get with a NULL holder.",
		"docs/checks/put-mode.md",
		"2.6.27-6.4"
	},
	{
		BD_CHECK_DEPRECATED_IOCTL, "deprecated-ioctl", "bdops-deprecated-ioctl",
		"block_device_operations ioctl member uses a deprecated prototype or form",
		"The RFC replaces ioctl(inode, file, cmd, arg), unlocked_ioctl and the "
		"long-returning compat_ioctl(file, cmd, arg) by "
		"int ioctl(struct block_device *, fmode_t, unsigned int, unsigned long) "
		"and the same compat_ioctl, both called without the big kernel lock. "
		"A locked ioctl takes lock_kernel()/unlock_kernel() itself around its "
		"old body.",
		"docs/checks/deprecated-ioctl.md",
		"2.6.27+"
	},
	{
		BD_CHECK_DEPRECATED_PROTOTYPE, "deprecated-prototype", "bdops-deprecated-prototype",
		"open/release takes (struct inode *, struct file *) (part of bdops-deprecated-ioctl)",
		"open() becomes int open(struct block_device *bdev, fmode_t mode) and "
		"release() becomes int release(struct gendisk *disk, fmode_t mode): "
		"the struct file passed today may be a fake or NULL. Enabled and "
		"disabled together with bdops-deprecated-ioctl.",
		"docs/checks/deprecated-ioctl.md",
		"2.6.27+"
	},
	{
		BD_CHECK_PUT_HOLDER, "put-holder", "bdops-put-holder",
		"blkdev_put() holder differs from the holder the matching get claimed the device for (6.5+)",
		"Since 6.5 blkdev_get_by_path()/blkdev_get_by_dev() claim the device "
		"exclusively for a non-NULL holder, and blkdev_put() takes that holder "
		"back instead of a mode: pass exactly the holder the get took, and NULL "
		"exactly when the get was given NULL, or the claim is never released "
		"(or another opener's is). Store the holder next to the block device "
		"reference when the put happens elsewhere. Also reported: a get given "
		"BLK_OPEN_EXCL with a NULL holder (the open fails with a WARN), a put "
		"after the get failed, and a second put on one path.",
		"docs/checks/put-holder.md",
		"6.5-6.7"
	},
	{
		BD_CHECK_SUPPRESSION_COMMENT, "suppression-comment", "bdops-suppression-comment",
		"a 'bdops:' comment that suppresses nothing: a misspelt directive or an unknown check",
		"A comment meant to suppress a finding ('bdops: ignore CHECK [reason]') "
		"that names no check bdops knows, names none, or misspells the "
		"directive ('bdops: ingore', 'bdops ignore') suppresses nothing; the "
		"finding it was meant for still shows, or will when the code changes. "
		"Spell it 'bdops: ignore CHECK[,CHECK] [reason]' with the check's name "
		"('put-mode', 'bdops-put-mode', 'put_mode', or 'all').",
		"docs/checks/suppression-comment.md",
		"2.6.27+"
	},
	{
		BD_CHECK_BDEV_RELEASE, "bdev-release", "bdops-bdev-release",
		"a bdev_handle or block device file is given back twice, or while it is an error pointer, or its block_device is used after",
		"From 6.7 an opened block device is a struct bdev_handle "
		"(bdev_open_by_dev/path(), given back with bdev_release()), from 6.9 a "
		"struct file (bdev_file_open_by_dev/path(), given back with fput() or "
		"bdev_fput()). Both openers return ERR_PTR() on failure: give back only "
		"what was opened, once on every path, and do not use the block_device "
		"it gives (handle->bdev, file_bdev(file)) after giving it back.",
		"docs/checks/bdev-release.md",
		"6.7+"
	},
};

const struct bd_check_info *bd_check_info(enum bd_check id)
{
	if ((int)id < 0 || id >= BD_CHECK_COUNT)
		return NULL;
	return &checks[id];
}

int bd_check_lookup(const char *name)
{
	int i;

	if (!name)
		return -1;
	if (!strncmp(name, "bdops-", 6))
		name += 6;
	for (i = 0; i < BD_CHECK_COUNT; i++)
		if (!strcmp(name, checks[i].name))
			return i;
	return -1;
}

const struct bd_check_doc *bd_check_doc(enum bd_check id)
{
	const struct bd_check_info *ci = bd_check_info(id);
	const struct bd_check_doc *d;

	for (d = bd_check_docs; ci && d->page; d++)
		if (!strcmp(d->page, ci->doc))
			return d;
	return NULL;
}
