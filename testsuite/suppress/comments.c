// Suppressions are read from comments only, in every comment form the
// kernel uses, and a directive spelt with look-alike or invisible
// characters, or with a typo of its words, is reported, never silently
// ignored (docs/output.md, "Suppression comments").  Under every frontend.
// RUN: cd %S && not %check comments.c -- %kflags_legacy -Wno-multichar 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <linux/fs.h>
#include <linux/blkdev.h>

static const char *why;

static int cm_open(struct inode *inode, struct file *filp)
{
	/* the words in a string or a character constant are no comment */
	why = "bdops: ignore file-write";
	filp->f_flags = 1;
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	why = (void *)(long)'bdops: ignore file-write';
	filp->f_flags = 2;
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]

	/*
	 * bdops: ignore file-write: the kernel's block comment, above
	 */
	filp->f_flags = 3;

	/* bdops: ignore file-write: the networking style,
	 * the reason on the next line */
	filp->f_flags = 4;

	/**
	 * BDOPS : IGNORE File_Write (case, blanks before the colon)
	 */
	filp->f_flags = 5;

	filp->f_flags = 6;	/* bdops: ignore file-write (the comment
				 * goes on below the line it is on) */

	/*
	 * bdops: ignore file-write: a blank line after the comment
	 */

	filp->f_flags = 7;
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]

	filp->f_flags = 8;	/* bdоps: ignore file-write */
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: comments.c:[[@LINE-2]]:24: warning: '{{.*}}' is not a bdops directive: it has U+043E (a look-alike of 'o') where ASCII is meant: it suppresses nothing; valid checks: {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: comments.c:[[@LINE-3]]:24: note: fix: write 'bdops{{:}} ignore CHECK' in ASCII

	/*
	 * bdops: ig​nore file-write
	 */
	filp->f_flags = 9;
	// CHECK: comments.c:[[@LINE-3]]:5: warning: '{{.*}}' is not a bdops directive: it has U+200B (an invisible character) where ASCII is meant: it suppresses nothing; {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: comments.c:[[@LINE-4]]:5: note: fix: {{.*}}
	// CHECK-NEXT: comments.c:[[@LINE-3]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]

	filp->f_flags = 10;	// bdops： ignore file-write
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: comments.c:[[@LINE-2]]:25: warning: '{{.*}}' is not a bdops directive: it has U+FF1A (a fullwidth form of ':') where ASCII is meant: {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: comments.c:[[@LINE-3]]:25: note: fix: {{.*}}

	filp->f_flags = 11;	/* bdops: ignore file-write */
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: comments.c:[[@LINE-2]]:25: warning: '{{.*}}' is not a bdops directive: it has U+00A0 (a Unicode space) where ASCII is meant: {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: comments.c:[[@LINE-3]]:25: note: fix: {{.*}}

	filp->f_flags = 12;	/* bdops: ignore file-wrіte */
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: comments.c:[[@LINE-2]]:39: warning: check name '{{.*}}' suppresses nothing: it has U+0456 (a look-alike of 'i') where ASCII is meant; valid checks: {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: comments.c:[[@LINE-3]]:39: note: fix: write 'file-write'

	filp->f_flags = 13;	/* bdop: ignore file-write */
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: comments.c:[[@LINE-2]]:25: warning: 'bdop{{:}} ignore' is not a bdops directive: it suppresses nothing; {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: comments.c:[[@LINE-3]]:25: note: fix: write 'bdops{{:}} ignore CHECK'

	filp->f_flags = 14;	/* ｂｄｏｐｓ: ignore file-write */
	// CHECK: comments.c:[[@LINE-1]]:{{[0-9]+}}: warning: block method 'cm_open' writes 'file->f_flags'; {{.*}} [bdops-file-write]
	// CHECK-NEXT: comments.c:[[@LINE-2]]:25: warning: '{{.*}}' is not a bdops directive: it has U+FF42 (a fullwidth form of 'b') where ASCII is meant: {{.*}} [bdops-suppression-comment]
	// CHECK-NEXT: comments.c:[[@LINE-3]]:25: note: fix: {{.*}}

	return 0;
}

const struct block_device_operations cm_ops = {
	.open = cm_open,	/* bdops: ignore deprecated-prototype */
};
// CHECK: bdops: 17 findings (5 suppressed) in 1 function
