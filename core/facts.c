// SPDX-License-Identifier: GPL-2.0
/*
 * facts.c - one JSON file per translation unit in a facts directory, so
 * that "bdops check" can collect what the frontends found and "bdops merge"
 * can see the whole program.
 *
 *	{"version": 2, "unit": "drivers/block/loop.c",
 *	 "path": "/src/linux/drivers/block/loop.c", "directory": "/src/linux",
 *	 "functions": 42,
 *	 "internal": null, "findings": [...], "summary": {...}}
 *
 * "findings" are the JSON report's objects, suppressed ones included with
 * "suppressed": 1 (comment) or 2 (baseline).  "summary" holds cross-TU
 * facts (facts_summary.c).  A file is written under a temporary name and
 * renamed, so parallel builds never see half a file, and its name depends
 * only on the unit's path, so rebuilding a file replaces its facts.  It is
 * readable as the umask says, like any file the compiler writes: a CI merge
 * step may run as another user.  Relative paths in it are relative to
 * "directory", where the compiler ran; readers in another directory
 * resolve them (bd_facts_resolve).  docs/facts.md describes the format.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "internal.h"
#include "json.h"
#include "shape.h"

static int mkdir_p(const char *dir)
{
	char buf[PATH_MAX], *p;

	if (snprintf(buf, sizeof(buf), "%s", dir) >= (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(buf, 0777) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(buf, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

static uint64_t fnv(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* Characters kept as they are in a facts file name (ASCII only, whatever
 * the locale). */
static int safe_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '-';
}

void bd_facts_name(const char *unit, const char *abs, char *buf, size_t len)
{
	char name[80];
	const char *s = unit ? unit : "unit";
	size_t n = strlen(s), k = 0;

	/* The tail of the path is the readable part: "drivers_block_loop.c". */
	if (n > sizeof(name) - 1)
		s += n - (sizeof(name) - 1);
	while (*s == '.' || *s == '/')
		s++;
	for (; *s && k < sizeof(name) - 1; s++)
		name[k++] = safe_char(*s) ? *s : '_';
	name[k] = 0;
	snprintf(buf, len, "%s-%016llx.json", k ? name : "unit",
		 (unsigned long long)fnv(abs ? abs : ""));
}

void bd_facts_unit_path(const struct bd_unit *u, char *buf, size_t len)
{
	const char *unit = bd_unit_main_file(u), *dir = bd_unit_dir(u);
	char joined[PATH_MAX * 2], abs[PATH_MAX];

	/* relative to the compile's directory, which is not ours under
	 * distcc or icecream when the preprocessor recorded it */
	if (unit[0] != '/' && dir)
		snprintf(joined, sizeof(joined), "%s/%s", dir, unit);
	else
		snprintf(joined, sizeof(joined), "%s", unit);
	if (!realpath(joined, abs))
		bd_abspath(joined, abs, sizeof(abs));
	snprintf(buf, len, "%s", abs);
}

int bd_facts_encode(FILE *f, const struct bd_unit *u, const struct bd_result *r, int pretty)
{
	struct bd_json_writer w;
	char path[PATH_MAX];
	const char *unit = u ? bd_unit_main_file(u) : NULL;
	int i;

	bd_json_init(&w, f, pretty);
	bd_json_begin_object(&w);
	bd_json_kv_int(&w, "version", BD_FACTS_VERSION);
	bd_json_kv_str(&w, "unit", unit);
	/* the unit as the compile's directory resolved it: the unit's
	 * identity in a merge, and what --prune tests */
	if (unit) {
		bd_facts_unit_path(u, path, sizeof(path));
		bd_json_kv_str(&w, "path", path);
	}
	/* the .i compiled for a unit its line markers name */
	if (u && u->input)
		bd_json_kv_str(&w, "input", u->input);
	/* where the compiler ran (the client's, under distcc): the facts'
	 * relative paths are relative to it, and readers resolve them */
	if (u && bd_unit_dir(u) && bd_unit_dir(u)[0] == '/')
		bd_json_kv_str(&w, "directory", bd_unit_dir(u));
	else if (getcwd(path, sizeof(path)))
		bd_json_kv_str(&w, "directory", path);
	bd_json_kv_int(&w, "functions", r->nfuncs);
	bd_json_kv_str(&w, "internal", r->internal);
	bd_json_kv_str(&w, "incomplete", u ? u->incomplete : NULL);
	bd_json_key(&w, "findings");
	bd_json_begin_array(&w);
	for (i = 0; i < r->n; i++)
		bd_json_write_finding(&w, &r->v[i], NULL, 1);
	bd_json_end_array(&w);
	bd_json_key(&w, "summary");
	bd_json_begin_object(&w);
	bd_facts_summary_write(&w, u, r);
	bd_json_end_object(&w);
	bd_json_end_object(&w);
	return ferror(f) ? -1 : 0;
}

/* A unit worth facts is a file: kbuild's compiler probes ("-x c /dev/null",
 * standard input) and other pseudo-units write none, so a build's facts
 * directory holds units, not noise. */
static int is_source_file(const struct bd_unit *u)
{
	char path[PATH_MAX];
	struct stat st;

	if (!u || !strcmp(bd_unit_input(u), "-"))
		return 0;
	if (u->input)
		snprintf(path, sizeof(path), "%s", u->input);
	else
		bd_facts_unit_path(u, path, sizeof(path));
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* Give up on the temporary file, keeping the errno that says why. */
static int drop_tmp(const char *tmp)
{
	int e = errno;

	unlink(tmp);
	errno = e ? e : EIO;
	return -1;
}

int bd_facts_write(const struct bd_unit *u, const struct bd_result *r,
		   const struct bd_options *o)
{
	char tmp[PATH_MAX], final[PATH_MAX * 2], path[PATH_MAX], name[128];
	const char *unit = u ? bd_unit_main_file(u) : NULL;
	FILE *f;
	mode_t mask;
	int fd, bad;

	if (!o || !o->facts_dir || !is_source_file(u))
		return 0;
	if (mkdir_p(o->facts_dir))
		return -1;
	snprintf(tmp, sizeof(tmp), "%s/.tmp.%ld.XXXXXX", o->facts_dir, (long)getpid());
	fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	/* mkstemp() makes it 0600; the facts are no secret */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		return drop_tmp(tmp);
	}
	errno = 0;
	bad = bd_facts_encode(f, u, r, 1);
	if (fclose(f) || bad)
		return drop_tmp(tmp);
	bd_facts_unit_path(u, path, sizeof(path));
	bd_facts_name(unit, path, name, sizeof(name));
	snprintf(final, sizeof(final), "%s/%s", o->facts_dir, name);
	if (rename(tmp, final))
		return drop_tmp(tmp);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The directory the unit's compiler ran in: "directory", or for facts
 * without it, "path" less the relative "unit" it was resolved from. */
static int unit_dir(const struct bd_json *facts, char *buf, size_t len)
{
	const char *dir = bd_json_get_str(facts, "directory", NULL);
	const char *path = bd_json_get_str(facts, "path", NULL);
	const char *unit = bd_json_get_str(facts, "unit", NULL);
	size_t n, k;

	if (dir && dir[0] == '/') {
		snprintf(buf, len, "%s", dir);
		return 0;
	}
	if (!path || !unit || unit[0] == '/')
		return -1;
	n = strlen(path);
	while (!strncmp(unit, "./", 2))
		unit += 2;
	k = strlen(unit);
	if (strstr(unit, "..") || k >= n || strcmp(path + n - k, unit) || path[n - k - 1] != '/')
		return -1;
	snprintf(buf, len, "%.*s", (int)(n - k - 1), path);
	return 0;
}

static void resolve_files(struct bd_json *root, struct bd_json *j, const char *dir)
{
	char joined[PATH_MAX * 2], abs[PATH_MAX];
	int i;

	if (j->type != BD_JSON_OBJECT && j->type != BD_JSON_ARRAY)
		return;
	for (i = 0; i < j->n; i++) {
		struct bd_json *v = j->items[i];

		if (j->type == BD_JSON_OBJECT && !strcmp(j->keys[i], "file") &&
		    v->type == BD_JSON_STRING && v->string[0] && v->string[0] != '/') {
			snprintf(joined, sizeof(joined), "%s/%s", dir, v->string);
			bd_abspath(joined, abs, sizeof(abs));
			bd_json_set_string(root, v, abs);
		} else {
			resolve_files(root, v, dir);
		}
	}
}

/* Is dir a directory?  A merge asks for every unit, mostly of a few
 * directories: the last answer is kept. */
static int is_dir(const char *dir)
{
	static char last[PATH_MAX];
	static int answer;
	struct stat st;

	if (strcmp(dir, last)) {
		snprintf(last, sizeof(last), "%s", dir);
		answer = !stat(dir, &st) && S_ISDIR(st.st_mode);
	}
	return answer;
}

void bd_facts_resolve(struct bd_json *facts)
{
	char dir[PATH_MAX], cwd[PATH_MAX];

	/* A directory that is gone (a distcc server's scratch directory,
	 * when the compiler could not name the client's) resolves nothing:
	 * the paths stay as the compiler spelled them. */
	if (unit_dir(facts, dir, sizeof(dir)) || !is_dir(dir) || !getcwd(cwd, sizeof(cwd)) ||
	    !strcmp(dir, cwd))
		return;
	resolve_files(facts, facts, dir);
}

int bd_dir_names(const char *dir, int (*keep)(const char *name), char ***out,
		 char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	int n = 0, cap = 0;

	*out = NULL;
	if (!d) {
		snprintf(err, errlen, "cannot read '%s': %s", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		if (!keep(de->d_name))
			continue;
		BD_GROW(names, n, cap);
		names[n++] = bd_xstrdup(de->d_name);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_str);
	*out = names;
	return n;
}

/* NAME.json, not a writer's .tmp.* file */
static int facts_name(const char *name)
{
	size_t len = strlen(name);

	return name[0] != '.' && len >= 6 && !strcmp(name + len - 5, ".json");
}

int bd_facts_list_dir(const char *dir, char ***out, char *err, size_t errlen)
{
	return bd_dir_names(dir, facts_name, out, err, errlen);
}

int bd_facts_read_dir(const char *dir, bd_facts_fn fn, void *ctx, char *err, size_t errlen)
{
	struct bd_json *j;
	char **names, path[PATH_MAX];
	int n = bd_facts_list_dir(dir, &names, err, errlen), i, count = 0;

	for (i = 0; i < n; i++) {
		if (count < 0)
			break;
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		j = bd_json_parse_file_max(path, BD_FACTS_MAX_BYTES, err, errlen);
		if (!j || bd_shape_facts(j, path, err, errlen)) {
			bd_json_free(j);
			count = -1;
			break;
		}
		bd_facts_resolve(j);
		if (fn(path, j, ctx))
			i = n;
		count++;
		bd_json_free(j);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return n < 0 ? -1 : count;
}

int bd_facts_add(struct bd_result *r, const struct bd_json *facts,
		 const struct bd_options *o, char *err, size_t errlen)
{
	const struct bd_json *arr = bd_json_get(facts, "findings");
	const char *internal = bd_json_get_str(facts, "internal", NULL);
	const char *incomplete = bd_json_get_str(facts, "incomplete", NULL);
	int i, before;

	r->nfuncs += bd_json_get_int(facts, "functions", 0);
	if (internal)
		bd_result_set_internal(r, internal);
	if (!arr)
		return 0;
	if (arr->type != BD_JSON_ARRAY) {
		snprintf(err, errlen, "\"findings\" is not an array");
		return -1;
	}
	for (i = 0; i < arr->n; i++) {
		before = r->n;
		if (bd_finding_from_json(r, arr->items[i], err, errlen))
			return -1;
		/* A check turned off now may have been on when the facts
		 * were written. */
		if (o && r->n > before && !o->enabled[r->v[r->n - 1].check]) {
			bd_finding_free_parts(&r->v[r->n - 1]);
			r->n--;
		}
	}
	bd_result_recount(r);
	/* its findings stand, but the unit must not look clean */
	if (incomplete) {
		snprintf(err, errlen, "%s: not fully analysed: %s",
			 bd_json_get_str(facts, "unit", "?"), incomplete);
		bd_result_not_analysed(r, bd_json_get_str(facts, "unit", NULL), err);
		return 1;
	}
	return 0;
}

int bd_result_read_json(struct bd_result *r, const char *path)
{
	char err[1024];
	struct bd_json *j = bd_json_parse_file(path, err, sizeof(err));
	int i, ret = 0;

	if (!j) {
		fprintf(stderr, "bdops: %s\n", err);
		return -1;
	}
	if (bd_shape_findings(j, path, err, sizeof(err))) {
		fprintf(stderr, "bdops: %s\n", err);
		bd_json_free(j);
		return -1;
	}
	if (j->type == BD_JSON_OBJECT) {
		ret = bd_facts_add(r, j, NULL, err, sizeof(err));
	} else {
		for (i = 0; i < j->n && !ret; i++)
			ret = bd_finding_from_json(r, j->items[i], err, sizeof(err));
	}
	if (ret)
		fprintf(stderr, "bdops: %s: %s\n", path, err);
	bd_json_free(j);
	return ret ? -1 : 0;
}
