// An out-of-tree module that supports 2.6.27, 2.6.28-6.4 and 6.5 with
// #ifdef, compiled once per era's headers: each compile is judged by the
// prototypes its headers declare (docs/eras.md), never by a version macro.
// - 2.6.27: open/release take (inode, file): deprecated-prototype, twice;
// - 2.6.28-6.4: the put passes the get's mode: clean;
// - 6.5: open(gendisk *, blk_mode_t) and release(gendisk *) are the current
//   forms (not deprecated), put-mode stays silent, and the put that still
//   passes NULL after an exclusive get is put-holder's finding.
// RUN: not %check %s -- %kflags_legacy -DERA_LEGACY 2>&1 | FileCheck %s --check-prefix=LEGACY --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %check %s -- %kflags_fmode -DERA_FMODE 2>&1 | FileCheck %s --check-prefix=FMODE --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %check %s -- %kflags_holder -DERA_HOLDER 2>&1 | FileCheck %s --check-prefix=HOLDER --implicit-check-not=warning: --implicit-check-not=note:
// FMODE: bdops: 0 findings

#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/err.h>

static int drv_holder;
static struct drv {
	struct block_device *backing;
} drv;
static int users;

#if defined(ERA_HOLDER)
#define DRV_MODE (BLK_OPEN_READ | BLK_OPEN_WRITE)
static int drv_open(struct gendisk *disk, blk_mode_t mode)
{
	if (!disk || (mode & BLK_OPEN_NDELAY))
		return 0;
	users++;
	return 0;
}

static void drv_release(struct gendisk *disk)
{
	if (disk)
		users--;
}
#elif defined(ERA_FMODE)
#define DRV_MODE (FMODE_READ | FMODE_WRITE | FMODE_EXCL)
static int drv_open(struct block_device *bdev, fmode_t mode)
{
	if (!bdev || (mode & FMODE_NDELAY))
		return 0;
	users++;
	return 0;
}

static int drv_release(struct gendisk *disk, fmode_t mode)
{
	if (disk && !(mode & FMODE_NDELAY))
		users--;
	return 0;
}
#else
// LEGACY: ifdef-eras.c:[[@LINE+9]]:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'drv_open', which takes (struct inode *, struct file *): the old open prototype [bdops-deprecated-prototype]
// LEGACY-NEXT: note: fix: int drv_open(struct block_device *bdev, fmode_t mode)
// LEGACY-NEXT: ifdef-eras.c:[[@LINE+8]]:{{[0-9]+}}: warning: block_device_operations member 'release' is bound to 'drv_release', which takes (struct inode *, struct file *): the old release prototype [bdops-deprecated-prototype]
// LEGACY-NEXT: note: fix: int drv_release(struct gendisk *disk, fmode_t mode)
static int drv_open(struct inode *inode, struct file *filp);
static int drv_release(struct inode *inode, struct file *filp);
#endif

static const struct block_device_operations drv_fops = {
	.open = drv_open,
	.release = drv_release,
};

#if defined(ERA_LEGACY)
static int drv_open(struct inode *inode, struct file *filp)
{
	if (inode && filp)
		users++;
	return 0;
}

static int drv_release(struct inode *inode, struct file *filp)
{
	if (inode && filp)
		users--;
	return 0;
}
#endif

const struct block_device_operations *drv_ops(void)
{
	return &drv_fops;
}

int attach(const char *path)
{
#if defined(ERA_HOLDER)
	drv.backing = blkdev_get_by_path(path, DRV_MODE, &drv_holder, NULL);
#elif defined(ERA_FMODE)
	drv.backing = blkdev_get_by_path(path, DRV_MODE, &drv_holder);
#else
	drv.backing = open_bdev_excl(path, 0, &drv_holder);
#endif
	return IS_ERR(drv.backing) ? PTR_ERR(drv.backing) : 0;
}

void detach(void)
{
#if defined(ERA_HOLDER)
// HOLDER: ifdef-eras.c:[[@LINE+3]]:{{[0-9]+}}: warning: blkdev_put() passes NULL, but the matching blkdev_get_by_path() claimed the device for '&drv_holder' [bdops-put-holder]
// HOLDER-NEXT: note: blkdev_get_by_path() claimed the device for '&drv_holder' here
// HOLDER-NEXT: note: fix: pass &drv_holder
	blkdev_put(drv.backing, NULL);
#elif defined(ERA_FMODE)
	blkdev_put(drv.backing, DRV_MODE);
#else
	close_bdev_excl(drv.backing);
#endif
}
// LEGACY: bdops: 2 findings
// HOLDER: bdops: 1 finding
