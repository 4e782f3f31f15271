// In a header, a "bdops:" comment that suppresses nothing is reported when
// a finding of the unit is on its line or the line below, under every
// frontend.
// RUN: cd %S && not %check header.c -- %kflags_legacy -I%S/Inputs 2>&1 | FileCheck %s
// CHECK: Inputs/sp_helper.h:6:19: warning: unknown check 'deprecated-protoype' in 'bdops{{:}} ignore': it suppresses nothing; {{.*}} [bdops-suppression-comment]
// CHECK-NEXT: Inputs/sp_helper.h:6:19: note: fix: write 'deprecated-prototype'
// CHECK-NEXT: Inputs/sp_helper.h:7:{{[0-9]+}}: warning: block_device_operations member 'open' is bound to 'hd_open', {{.*}} [bdops-deprecated-prototype]
// CHECK: bdops: 2 findings
#include <linux/fs.h>
#include <linux/blkdev.h>
#include "sp_helper.h"

static int hd_open(struct inode *inode, struct file *filp)
{
	return 0;
}
