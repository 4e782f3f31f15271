// SPDX-License-Identifier: GPL-2.0
/*
 * file_table.c - the VFS side of the file era's model (fs/file_table.c):
 * alloc_file_pseudo_noaccount() makes a new struct file for its caller to
 * fill in, fput() drops a reference and leaves the last release to task
 * work - run when the task returns to user space (omodel_task_work()), as
 * the kernel's fput() does - which calls the file's ->release().
 */
// RUN: %check %s -- %kflags_file 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: bdops: 0 findings

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/err.h>
#include <linux/slab.h>
#include "../harness/omodel.h"

#define MAX_DEFERRED	16

static struct file *deferred[MAX_DEFERRED];
static int ndeferred, live;

struct file *alloc_file_pseudo_noaccount(struct inode *inode, struct vfsmount *mnt,
					 const char *name, int flags,
					 const struct file_operations *fops)
{
	struct file *f = kzalloc(sizeof(*f), GFP_KERNEL);

	(void)mnt;
	(void)name;
	if (!f)
		return ERR_PTR(-ENOMEM);
	f->f_count.counter = 1;
	f->f_flags = flags;
	f->f_mode = FMODE_READ | FMODE_WRITE;
	f->f_op = fops;
	f->f_inode = inode;
	live++;
	return f;
}

struct file *get_file(struct file *f)
{
	f->f_count.counter++;
	return f;
}

static void __fput(struct file *f)
{
	if (f->f_op && f->f_op->release)
		f->f_op->release(f->f_inode, f);
	live--;
	kfree(f);
}

void fput(struct file *f)
{
	if (--f->f_count.counter)
		return;
	if (ndeferred < MAX_DEFERRED) {
		deferred[ndeferred++] = f;
		return;
	}
	__fput(f);
}

void omodel_task_work(void)
{
	while (ndeferred > 0)
		__fput(deferred[--ndeferred]);
}

int omodel_objects(void)
{
	return live;
}
