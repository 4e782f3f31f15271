// Reduced from drivers/block/xen-blkback/xenbus.c (Linux 6.1)
// xen_vbd_create() / xen_vbd_free(): the get and the put both pass
// 'vbd->readonly ? FMODE_READ : FMODE_WRITE'.  The create function also
// sets the bit-field flag 'vbd->flush_support = true' next to the bdev;
// that 1 is not FMODE_READ kept as the get's mode, so the put is not
// "computed from 'readonly'" instead of a stored mode: no finding.
// vbd2_free() puts every device with FMODE_READ: reported.
// RUN: not %check %s -- -std=gnu11 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: xen-flag-not-mode.c:[[@LINE+48]]:{{[0-9]+}}: warning: blkdev_put() passes FMODE_READ, but the matching blkdev_get_by_dev() took FMODE_WRITE [bdops-put-mode]
// CHECK: xen-flag-not-mode.c:[[@LINE+55]]:{{[0-9]+}}: note: blkdev_get_by_dev() took FMODE_WRITE here
// CHECK: xen-flag-not-mode.c:[[@LINE+46]]:{{[0-9]+}}: note: fix: keep the mode the get took (FMODE_READ or FMODE_WRITE) and pass it
// CHECK: bdops: 1 finding

#include "Inputs/blkdev.h"

struct xen_vbd {
	struct block_device *bdev;
	dev_t pdevice;
	unsigned char readonly;
	unsigned char type;
	unsigned int flush_support:1;
	unsigned int discard_secure:1;
};
struct xen_vbd2 {
	struct block_device *bdev;
	dev_t pdevice;
	unsigned char readonly;
	unsigned int flush_support:1;
};
int bdev_write_cache(struct block_device *bdev);

void xen_vbd_free(struct xen_vbd *vbd)
{
	if (vbd->bdev)
		blkdev_put(vbd->bdev, vbd->readonly ? FMODE_READ : FMODE_WRITE);
	vbd->bdev = 0;
}

int xen_vbd_create(struct xen_vbd *vbd, int readonly)
{
	struct block_device *bdev;

	vbd->readonly = readonly;
	vbd->type = 0;
	bdev = blkdev_get_by_dev(vbd->pdevice, vbd->readonly ?
				 FMODE_READ : FMODE_WRITE, 0);
	if (IS_ERR(bdev))
		return -2;
	vbd->bdev = bdev;
	if (bdev_write_cache(bdev))
		vbd->flush_support = 1;
	return 0;
}

void vbd2_free(struct xen_vbd2 *vbd)
{
	blkdev_put(vbd->bdev, FMODE_READ);
}

int vbd2_create(struct xen_vbd2 *vbd, int readonly)
{
	struct block_device *bdev;

	vbd->readonly = readonly;
	bdev = blkdev_get_by_dev(vbd->pdevice, vbd->readonly ?
				 FMODE_READ : FMODE_WRITE, 0);
	if (IS_ERR(bdev))
		return -2;
	vbd->bdev = bdev;
	if (bdev_write_cache(bdev))
		vbd->flush_support = 1;
	return 0;
}
