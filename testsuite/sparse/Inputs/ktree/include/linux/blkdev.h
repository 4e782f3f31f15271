/* SPDX-License-Identifier: GPL-2.0 */
#include <asm/types.h>
struct block_device;
struct gendisk;
struct block_device_operations {
	int (*open)(struct block_device *, fmode_t);
	void (*release)(struct gendisk *, fmode_t);
};
