// SPDX-License-Identifier: GPL-2.0
/*
 * review_tree.c - the two scratch trees of "bdops review": TMP/old and
 * TMP/new are each the whole checkout as one side of the change has it,
 * so that a file is compiled there exactly as in the checkout, with every
 * #include resolved as that side resolves it.
 *
 * The files of the change are materialised in each tree in their old or
 * new form (review.c); every other entry of the checkout appears through
 * a symlink, made directory by directory: each real directory of a
 * scratch tree (one that holds a materialised file somewhere below it)
 * gets a symlink to every entry of the checkout's directory it lacks.  So
 *   - a header the change deletes, or renames away, is absent from the
 *     new tree even while the checkout still has it (a patch not yet
 *     applied), and an #include that found it finds the next header of
 *     the include path, as it will once the change is in; likewise a
 *     header the change adds is absent from the old tree;
 *   - a .c file renamed into another directory finds the headers of its
 *     new directory in the new tree and of its old one in the old tree;
 *   - a symlink of the checkout inside a real directory is copied as a
 *     symlink (an absolute target inside the checkout made to point into
 *     the tree), so a header reached through a symlink (include/x.h ->
 *     ../drivers/block/x.h, or a directory link such as include/asm) is
 *     the tree's own version; review_headers.c makes the directories of
 *     the symlinks that reach a changed header real, for that.
 * The compiler runs in the tree with the file's repository path, so its
 * diagnostics name repository paths, as in the checkout.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "review.h"

static int hidden(const struct review *rv, int side, const char *rel)
{
	return lines_has(&rv->hide[side], rel);
}

/* Copy the checkout's symlink at rel into the tree (its target made to
 * point into the tree when it is an absolute path into the checkout). */
static int copy_link(struct review *rv, const char *root, const char *rel)
{
	char src[PATH_MAX * 2], dst[PATH_MAX * 2], target[PATH_MAX], fixed[PATH_MAX * 2];
	size_t tl = strlen(rv->top);
	ssize_t n;

	snprintf(src, sizeof(src), "%s/%s", rv->top, rel);
	snprintf(dst, sizeof(dst), "%s/%s", root, rel);
	n = readlink(src, target, sizeof(target) - 1);
	if (n < 0)
		return -1;
	target[n] = 0;
	if (!strncmp(target, rv->top, tl) && (target[tl] == '/' || !target[tl])) {
		snprintf(fixed, sizeof(fixed), "%s%s", root, target + tl);
		return symlink(fixed, dst);
	}
	return symlink(target, dst);
}

/* Give the tree's real directory rel (repo-relative, "" for the top)
 * every entry of the checkout's that it lacks. */
static void fill_dir(struct review *rv, const char *root, int side, const char *rel)
{
	char dir[PATH_MAX * 2], sub[PATH_MAX * 2], in_tree[PATH_MAX * 3], in_top[PATH_MAX * 3];
	struct dirent *e;
	struct stat st, tst;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s%s%s", rv->top, *rel ? "/" : "", rel);
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    (!*rel && !strcmp(e->d_name, ".git")))
			continue;
		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", e->d_name);
		snprintf(in_tree, sizeof(in_tree), "%s/%s", root, sub);
		snprintf(in_top, sizeof(in_top), "%s/%s", rv->top, sub);
		if (!lstat(in_tree, &st)) {
			/* a directory the change reaches into: fill it too */
			if (S_ISDIR(st.st_mode) && !lstat(in_top, &tst) && S_ISDIR(tst.st_mode))
				fill_dir(rv, root, side, sub);
			continue;
		}
		if (hidden(rv, side, sub) || lstat(in_top, &tst))
			continue;
		if (S_ISLNK(tst.st_mode))
			copy_link(rv, root, sub);
		else if (symlink(in_top, in_tree))
			fprintf(stderr, "bdops review: cannot link '%s': %s\n", in_tree,
				strerror(errno));
	}
	closedir(d);
}

void review_tree_fill(struct review *rv, int side)
{
	char root[PATH_MAX * 2], p[PATH_MAX * 3];
	struct stat st;
	int i;

	snprintf(root, sizeof(root), "%s/%s", rv->tmp, side ? "new" : "old");
	bd_drv_mkdirs(root);
	/* the directory of a hidden file is real, so it can lack the file */
	for (i = 0; i < rv->hide[side].n; i++) {
		snprintf(p, sizeof(p), "%s/%s", root, rv->hide[side].v[i]);
		bd_drv_mkdirs_for(p);
	}
	/* the symlinks that reach a changed header, copied */
	for (i = 0; i < rv->links.n; i++) {
		snprintf(p, sizeof(p), "%s/%s", root, rv->links.v[i]);
		if (!lstat(p, &st))
			continue;
		bd_drv_mkdirs_for(p);
		copy_link(rv, root, rv->links.v[i]);
	}
	fill_dir(rv, root, side, "");
}
