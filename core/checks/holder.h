/* SPDX-License-Identifier: GPL-2.0 */
/*
 * holder.h - put-holder's judgement of a put's holder against its get's,
 * shared by the unit's check (put_holder.c), the merge of field facts
 * (merge.c) and the whole-program graphs (wp/flow.c), so a pair found
 * across units reads exactly as one found in one file.
 *
 * A holder is compared as an expression: the constant NULL (or another
 * constant), a named object (&global, a function, a global's value; its
 * key is name@unit when static), a struct field by tag and name, or a
 * symbol (a parameter, a call's result), equal only to itself inside its
 * unit and to nothing across units.  'show' is how the messages spell it.
 */
#ifndef BDOPS_HOLDER_H
#define BDOPS_HOLDER_H

#include <stddef.h>
#include "../engine/mode.h"

enum bd_hkind { BD_H_CONST, BD_H_NAMED, BD_H_FIELD, BD_H_SYMBOL };

/* How a named object is the holder: its address, a function, its value. */
enum bd_hhow { BD_HOW_ADDR = 'a', BD_HOW_FUNC = 'f', BD_HOW_VALUE = 'v' };

#define BD_HOLDER_SHOW 160
struct bd_holder {
	enum bd_hkind kind;
	int64_t k;			/* CONST: 0 is NULL */
	const char *key;		/* NAMED */
	int how;			/* NAMED: enum bd_hhow */
	const char *tag, *field;	/* FIELD */
	const struct bd_mexpr *x;	/* SYMBOL inside its unit, else NULL */
	char show[BD_HOLDER_SHOW];	/* NULL, '&excl_holder', 'd', ... */
};

struct bd_hset {
	int n, unknown;
	struct bd_holder v[BD_MSET_MAX];
};

/* The key of the object a named holder event names: name, or name@unit
 * when static. */
const char *bd_holder_key(struct bd_unit *u, const struct bd_event *e);
/* Is e an event that names an object (&global, a function, a global)? */
int bd_holder_names(const struct bd_event *e);

/* A constant holder; a named object (op: BD_GLOBAL_ADDR, BD_FUNC_ADDR,
 * BD_GLOBAL_LOAD; name as the source spells it); a struct field. */
void bd_holder_const(struct bd_holder *h, int64_t k);
void bd_holder_named(struct bd_holder *h, const char *key, int op, const char *name);
void bd_holder_field(struct bd_holder *h, const char *tag, const char *field);

/* The holders of mode set m, a value in unit u. */
void bd_hset_of(struct bd_unit *u, const struct bd_mset *m, struct bd_hset *out);
void bd_holder_of(struct bd_unit *u, const struct bd_mexpr *m, struct bd_holder *out);

static inline int bd_holder_null(const struct bd_holder *h)
{
	return h->kind == BD_H_CONST && h->k == 0;
}

/*
 * Put P against get G: 1 when they provably differ (NULL against a holder
 * that is not NULL, either way; two different named objects or
 * constants), with *pm and *gm the members to name; 0 when they are the
 * same; -1 when nothing can be told (an unknown side, two symbols).
 */
int bd_holder_judge(const struct bd_hset *G, const struct bd_hset *P,
		    const struct bd_holder **pm, const struct bd_holder **gm);

/* The finding's message and its note at the get. */
void bd_holder_text(const char *put, const char *get, const struct bd_holder *pm,
		    const struct bd_holder *gm, char *msg, size_t msglen,
		    char *note, size_t notelen);

/* The fix hint that compiles anywhere: NULL, or the field the get's
 * holder was kept in next to the bdev (tag, field); NULL when neither. */
const char *bd_holder_fix(const struct bd_holder *want, const char *tag,
			  const char *field, char *buf, size_t len);

/* The holders as they travel to other units (summary.h), strings kept by s. */
struct bd_summary;
struct bd_sum_mode;
void bd_hset_to_sum(const struct bd_hset *h, struct bd_summary *s, struct bd_sum_mode *out);

#endif
