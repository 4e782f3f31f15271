// SPDX-License-Identifier: GPL-2.0
/*
 * facts_set.c - the units a merge sees, from wherever their facts came:
 * facts files (facts.c), objects and archives (facts_objects.c).
 *
 * A unit is known by the absolute path of its source as the compile
 * resolved it ("path"; "unit" in facts older than that field).  Found more
 * than once - an object and a facts file, an object and the vmlinux.o or
 * module that ld -r made of it - it counts once: the copy whose container
 * was written last wins (an object recompiled after the last link, a facts
 * file written after the object), identical copies being one anyway.
 * Units are then ordered by the name their facts file has (facts.c), so a
 * merge sees them in the same order from objects as from a directory.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "internal.h"
#include "json.h"
#include "shape.h"

long long bd_mtime_ns(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return 0;
	return st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

void bd_facts_set_free(struct bd_facts_set *s)
{
	for (int i = 0; i < s->n; i++) {
		bd_json_free(s->v[i].j);
		free(s->v[i].origin);
		free(s->v[i].name);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

int bd_facts_set_add(struct bd_facts_set *s, struct bd_json *j, const char *origin,
		     long long mtime_ns, char *err, size_t errlen)
{
	struct bd_facts_unit *x;
	const char *unit, *path;
	char name[128];

	/* the wrong shape is refused, never read as a clean unit */
	if (!j || bd_shape_facts(j, origin, err, errlen)) {
		bd_json_free(j);
		return -1;
	}
	/* its relative paths name files where its compiler ran */
	bd_facts_resolve(j);
	unit = bd_json_get_str(j, "unit", NULL);
	path = bd_json_get_str(j, "path", unit);
	bd_facts_name(unit, path, name, sizeof(name));
	BD_GROW(s->v, s->n, s->cap);
	x = &s->v[s->n++];
	x->j = j;
	x->origin = bd_xstrdup(origin);
	x->name = bd_xstrdup(name);
	x->key = path ? path : "";
	x->mtime_ns = mtime_ns;
	x->seq = s->n;
	return 0;
}

static int by_key_newest(const void *a, const void *b)
{
	const struct bd_facts_unit *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	if (x->mtime_ns != y->mtime_ns)
		return x->mtime_ns > y->mtime_ns ? -1 : 1;
	return x->seq - y->seq;		/* the first one read, of equals */
}

static int by_name(const void *a, const void *b)
{
	const struct bd_facts_unit *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->key, y->key);
}

void bd_facts_set_finish(struct bd_facts_set *s)
{
	int k = 0;

	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), by_key_newest);
	for (int i = 0; i < s->n; i++) {
		if (k && !strcmp(s->v[k - 1].key, s->v[i].key)) {
			bd_json_free(s->v[i].j);
			free(s->v[i].origin);
			free(s->v[i].name);
			s->dups++;
			continue;
		}
		s->v[k++] = s->v[i];
	}
	s->n = k;
	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), by_name);
}

/* bd_facts_read_dir() frees the file's DOM after the callback: keep it
 * by parsing the file's bytes again would cost a second parse, so the
 * directory is read here with the same rules. */
int bd_facts_set_add_dir(struct bd_facts_set *s, const char *dir, char *err, size_t errlen)
{
	char **names = NULL;
	int n = bd_facts_list_dir(dir, &names, err, errlen), ret = 0;

	for (int i = 0; i < n; i++) {
		char path[4096];
		struct bd_json *j;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!ret) {
			j = bd_json_parse_file_max(path, BD_FACTS_MAX_BYTES, err, errlen);
			if (!j || bd_facts_set_add(s, j, path, bd_mtime_ns(path), err, errlen))
				ret = -1;
		}
		free(names[i]);
	}
	free(names);
	return n < 0 ? -1 : ret;
}
