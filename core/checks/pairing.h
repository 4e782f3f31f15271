/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pairing.h - the get/put pairing of put_mode.c, shared with the checks of
 * later eras.
 *
 * put_mode.c finds, for every put, the gets that can produce its bdev -
 * through locals, branches, struct fields, wrappers and out-parameters -
 * and what the get took in the argument the put must give back: the mode
 * up to 6.4, the holder from 6.5 on (docs/eras.md).  A check of another
 * era runs the same pairing over the calls of its era and judges each pair
 * itself (put_holder.c).
 */
#ifndef BDOPS_PAIRING_H
#define BDOPS_PAIRING_H

#include "../engine/engine.h"
#include "../engine/era.h"
#include "../engine/mode.h"

/* One put paired with one get (or with the gets of one variable). */
struct bd_pair {
	struct bd_fn *fn;		/* the put's function */
	struct bd_event *put;
	struct bd_mset *P;		/* what the put passes, over the get's symbols */
	struct bd_fn *get_fn;
	struct bd_event *get;		/* the get call itself */
	const struct bd_mset *G;	/* what the get took */
	int has_g;			/* G was evaluated */
	const char *field, *tag;	/* the field of the bdev's object the
					 * get's value was kept in, or NULL */
	int dry;			/* judge only, report nothing */
	struct bd_event *via;		/* put is a wrapper's call: the wrapper's
					 * own put (a note), or NULL */
	int always;			/* judge only what is wrong whatever the
					 * other gets of the put's field do */
};

struct bd_pair_era {
	enum bd_era era;		/* calls of this era are paired */
	int holder;			/* compare the get's holder, not its mode */
	/* Is the pair wrong?  Reports it unless pr->dry. */
	int (*judge)(struct bd_ctx *c, const struct bd_pair *pr);
	/* --strict: a put with no get in sight */
	void (*no_get)(struct bd_ctx *c, struct bd_fn *fn, struct bd_event *put);
};

/* Pair the puts of era->era with their gets and judge each pair. */
void bd_pair_puts(struct bd_ctx *c, const struct bd_pair_era *era);

/* Which contract a pairing pass looks at: 'holder' for 6.5's blkdev_put(),
 * the rest (fmode_t, 2.6.27, unknown) for put-mode. */
static inline int bd_era_is_holder(enum bd_era e)
{
	return e >= BD_ERA_HOLDER;
}

#endif
