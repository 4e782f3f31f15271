// A "bdops:" comment that suppresses nothing is itself a finding
// (bdops-suppression-comment), under every frontend, naming the valid
// checks; the accepted spellings (docs/output.md) suppress without a word.
// RUN: cd %S && not %check spellings.c -- %kflags_legacy 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: cd %S && not %check --disable suppression-comment spellings.c -- %kflags_legacy 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=bdops-suppression-comment
#include <linux/fs.h>
#include <linux/blkdev.h>

static int sp_open(struct inode *inode, struct file *filp)
{
	filp->f_flags = 1;	/* bdops: ignore file_write (underscore) */

	filp->f_flags = 2;	/* BDOPS: Ignore: Bdops-File-Write (case, colon) */

	filp->f_flags = 3;	/* bdops : ignore=file-write, put_mode (list) */

	filp->f_flags = 4;	/* bdops: ignore file-wrte */
	// CHECK: spellings.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'sp_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: spellings.c:[[@LINE-2]]:38: warning: unknown check 'file-wrte' in 'bdops{{:}} ignore': it suppresses nothing; valid checks: file-write, ndelay-flags, put-mode, {{.*}}all [bdops-suppression-comment]
	// CHECK-NEXT: spellings.c:[[@LINE-3]]:38: note: fix: write 'file-write'

	filp->f_flags = 5;	/* bdops: ingore file-write */
	// CHECK-NEXT: spellings.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'sp_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: spellings.c:[[@LINE-2]]:24: warning: 'bdops{{:}} ingore' is not a bdops directive: it suppresses nothing; valid checks: {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: spellings.c:[[@LINE-3]]:24: note: fix: write 'bdops{{:}} ignore CHECK'

	/* bdops ignore file-write */
	filp->f_flags = 6;
	// CHECK-NEXT: spellings.c:[[@LINE-2]]:5: warning: 'bdops ignore' is not a bdops directive: it suppresses nothing; {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: spellings.c:[[@LINE-3]]:5: note: fix: write 'bdops{{:}} ignore CHECK'
	// CHECK-NEXT: spellings.c:[[@LINE-3]]:{{[0-9]+}}: warning: block method 'sp_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]

	filp->f_flags = 7;	// bdops: ignore
	// CHECK-NEXT: spellings.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'sp_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: spellings.c:[[@LINE-2]]:24: warning: 'bdops{{:}} ignore' names no check: it suppresses nothing; {{.*}} [bdops-suppression-comment]

	filp->f_flags = 8;	/* bdops: ignore file-write, nosuch */
	// CHECK-NEXT: spellings.c:[[@LINE-1]]:50: warning: unknown check 'nosuch' in 'bdops{{:}} ignore': it suppresses nothing; {{.*}} [bdops-suppression-comment]

	/* prose: bdops: a tool; and "bdops-put-mode" is a check */
	return 0;
}

const struct block_device_operations sp_ops = {
	.open = sp_open,	/* bdops: ignore deprecated-prototype */
};
// CHECK-NEXT: bdops: 9 findings (5 suppressed) in 1 function
// OFF: bdops: 4 findings (5 suppressed) in 1 function
