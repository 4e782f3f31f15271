/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fix_era.h - "bdops fix --to-era": the command (fix_era.c) and its steps
 * (fix_era_steps.c).
 */
#ifndef BDOPS_FIX_ERA_H
#define BDOPS_FIX_ERA_H

#include "fix.h"

struct era_step {
	char why[512];		/* why a step refused */
};

/* text moved one era on, to era 'to' (allocated); NULL with st->why if
 * refused. */
char *era_step(const char *path, const char *text, enum bd_era to, struct era_step *st);
/* A fixer over a copy of text (path names it in messages), and its
 * release: the applied edits (or NULL if apply is 0) returned. */
void era_fixer_init(struct fixer *fx, const char *path, const char *text);
char *era_fixer_done(struct fixer *fx, int apply);
/* The era text is written in, from the API model's calls and the mode
 * type it spells. */
enum bd_era era_of_text(const char *path, const char *text);

#endif
