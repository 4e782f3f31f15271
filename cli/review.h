/* SPDX-License-Identifier: GPL-2.0 */
/*
 * review.h - what the parts of "bdops review" share: the change being
 * reviewed (review.c), the files git says it touches (review_git.c) and
 * the .c files through which a changed header is checked
 * (review_headers.c).
 */
#ifndef BDOPS_REVIEW_H
#define BDOPS_REVIEW_H

#include <limits.h>
#include "cli.h"

struct lines {
	char **v;
	int n, cap;
};

struct tfile {
	char *old, *new;		/* repo-relative paths; NULL: absent */
	char *copy_from;		/* a copy's source (the patch needs it) */
	char *blob[2];			/* a side's blob id, when the patch has no
					 * data for it (a binary change) */
	int via_blobs;			/* materialised from blob[] */
	long (*hunks)[4];		/* the two versions' diff: -a,b +c,d */
	int nhunks, cap_hunks;
	int have_old, have_new;		/* materialised in TMP/old, TMP/new */
	int link[2];			/* a side is a symlink (revision mode) */
	const char *via;		/* unchanged .c checked for this header */
};

struct review {
	struct drv *d;
	char top[PATH_MAX];		/* the checkout (or cwd for a patch) */
	char cwd[PATH_MAX];		/* where bdops was started */
	char *tmp;
	struct tfile *files;
	int nfiles, cap_files;
	int strip;			/* patch -pN */
	size_t (*cut)[2];		/* binary sections, cut from the patch */
	int ncut, cap_cut;
	const char *text;		/* the diff being parsed */
	int crlf;			/* the patch's lines end in CRLF */
	int zero_context;		/* a hunk has no context (diff -U0) */
	int in_git;			/* top is a git checkout */
	int ndiffs;			/* diff sections the patch holds */
	int unreadable;			/* C files whose change cannot be read */
	struct lines hide[2];		/* paths of the change absent on a side */
	struct lines links;		/* symlinks reaching a changed header */
	struct bd_json *ccdb;
	char ccdb_path[PATH_MAX * 2];
	struct bd_result *res[2];	/* old, new */
	int checked;
	int failed;
};

/* A hunk body being read: how many old and new lines are left. */
struct hunk {
	long old_left, new_left;
	int context;			/* it had a context line */
};

/* review_patch.c: the patch reader */
void lines_add(struct lines *l, const char *s, size_t n);
void lines_free(struct lines *l);
int lines_has(const struct lines *l, const char *s);
/* The entry for a file (old and new are taken). */
struct tfile *file_for(struct review *rv, char *old, char *new);
int is_c_or_h(const char *path);
/* "@@ -a[,b] +c[,d] @@" into v; 0, or -1 if the line is not one. */
int hunk_header(const char *p, const char *eol, long v[4]);
/* Start a hunk at its "@@ -a,b +c,d @@" line. */
void hunk_start(struct hunk *h, const char *p, const char *eol);
/* Count one line of a hunk body; 0 once the hunk is over (the line was
 * then not the hunk's).  rv (or NULL) learns of hunks without context. */
int hunk_line(struct review *rv, struct hunk *h, const char *p, const char *eol);
/* The files a patch changes into rv->files; what it skips is said on
 * stderr and cut (rv->cut) from the copy given to git apply.  Returns
 * the number of diff sections: 0 means the input holds no diff. */
int review_parse_patch(struct review *rv, const char *text, size_t len);
/* Is the input a mail (an mbox, or a message's header lines)? */
int review_is_mail(const char *text, size_t len);
/* The patches of a mail's messages, as git am takes them (git mailsplit,
 * git mailinfo), into out; 0, or -1 after saying why. */
int review_decode_mail(struct review *rv, const struct buf *in, struct buf *out);

/* review.c */
int is_c(const char *path);
/* Does the repository hold this blob? */
int review_have_blob(struct review *rv, const char *id);
/* Run git with argv (NULL-terminated, without "git"); its exit status. */
int git_argv(struct buf *out, int quiet, const char *const *argv);
/* The flags of a .c file from compile_commands.json, include directories
 * made absolute; 0 if it has an entry. */
int ccdb_flags(struct review *rv, const char *rel, struct lines *out);

/* review_git.c: the files a revision range or the index changes, read
 * from git's NUL-separated output (-z), with their '+' and '-' lines;
 * renames, copies, mode and type changes, binary files and submodules
 * skipped with a line saying so.  a: the old revision (NULL: none, an
 * unborn branch); b: the new one (NULL: the working tree, "": the
 * index).  0, or -1 when git failed. */
int review_list_revs(struct review *rv, const char *a, const char *b);

/* review_headers.c: every changed header is checked through the .c files
 * of the tree that include it, directly or through other headers (the
 * entries of compile_commands.json and their include paths when there
 * is one) or through symlinks, as unchanged files of the review; a
 * header deleted or renamed away through those of the tree before the
 * change.  The trees: NULL the working tree, "" the index, else a
 * commit. */
void review_add_includers(struct review *rv, const char *old_rev, const char *new_rev);

/* review_tree.c: make TMP/old or TMP/new (side 0 or 1) the whole
 * checkout as that side has it: the materialised files, every other
 * entry through a symlink, the paths of rv->hide[side] absent. */
void review_tree_fill(struct review *rv, int side);

#endif
