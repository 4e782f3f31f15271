// SPDX-License-Identifier: GPL-2.0
/*
 * fix_ccdb.c - "bdops fix FILE -p BUILD_DIR": the library functions that
 * block a conversion, found through the build.
 *
 * A method that hands its inode or struct file to a function of another
 * file (cdrom_open(), scsi_cmd_ioctl(), generic_ide_ioctl()) converts
 * only with that function (fix_lib.c), as 2.6.28 converted cdrom.c and
 * block/scsi_ioctl.c with their callers.  Given only the driver, bdops
 * says which function blocks it; here the file defining it is looked up
 * among the units of the build - BUILD_DIR/compile_commands.json, or the
 * facts files of a build in BUILD_DIR (a unit whose facts list the
 * function as defined, else one whose text defines it) - together with
 * the headers the driver sees that declare it, and the set grows until no
 * new library is named.  The whole set is then fixed as one program and
 * the libraries are named in the summary.  Flags: those after "--", else
 * the driver's entry; each library adds its entry's -I/-D (kbuild's
 * per-directory options), paths made absolute.
 *
 * Without a build directory, the refusal names the file to add: the .c
 * file under the current directory that defines the function
 * (bd_fix_name_definers()).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fix.h"
#include "internal.h"
#include "json.h"
#include "shape.h"

struct unit {
	char *path;		/* absolute */
	char *dir;		/* where it compiles */
	const struct bd_json *entry;	/* compile_commands.json entry, or NULL */
	char **defs;		/* facts: the non-static functions it defines */
	int ndefs;
};

struct build {
	char from[PATH_MAX + 64];	/* "DIR/compile_commands.json", "the facts in DIR" */
	struct bd_json *db;
	struct unit *u;
	int n, cap;
};

static const char blocked_key[] = "blocked by library function '";
static const char give_key[] = "give the file that defines it too";

/* ---- small helpers ---- */

static int is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Does text have "name" as a whole identifier? */
static int has_ident(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *q = strstr(text, name); q; q = strstr(q + 1, name))
		if ((q == text || !is_ident((unsigned char)q[-1])) && !is_ident((unsigned char)q[n]))
			return 1;
	return 0;
}

/* path relative to the current directory when under it (a diff applied
 * with patch -p1 from here names it so), else as it is. */
static char *here_relative(const char *abs)
{
	char cwd[PATH_MAX];
	size_t n;

	if (abs[0] == '/' && getcwd(cwd, sizeof(cwd))) {
		n = strlen(cwd);
		if (!strncmp(abs, cwd, n) && abs[n] == '/')
			return bd_xstrdup(abs + n + 1);
	}
	if (!strncmp(abs, "./", 2))
		return bd_xstrdup(abs + 2);
	return bd_xstrdup(abs);
}

static char *abs_in(const char *dir, const char *p)
{
	char joined[PATH_MAX * 2], norm[PATH_MAX];

	if (p[0] == '/')
		snprintf(joined, sizeof(joined), "%s", p);
	else
		snprintf(joined, sizeof(joined), "%s/%s", dir, p);
	bd_abspath(joined, norm, sizeof(norm));
	return bd_xstrdup(norm);
}

/* Does the file at path define func (a body at file scope)? */
static int defines(const char *path, const char *func)
{
	struct src s = { 0 };
	struct func def;
	int yes;

	if (src_load(&s, path))
		return 0;
	yes = has_ident(s.text, func) && find_funcs(&s, func, &def, 1, 1) > 0;
	free(s.text);
	free(s.t);
	return yes;
}

/* Does the header at path declare func? */
static int declares(const char *path, const char *func)
{
	struct src s = { 0 };
	struct func decl[2];
	int yes;

	if (src_load(&s, path))
		return 0;
	yes = has_ident(s.text, func) && find_funcs(&s, func, decl, 2, 0) > 0;
	free(s.text);
	free(s.t);
	return yes;
}

/* ---- the units of a build ---- */

static void add_unit(struct build *b, const char *path, const char *dir,
		     const struct bd_json *entry)
{
	BD_GROW(b->u, b->n, b->cap);
	memset(&b->u[b->n], 0, sizeof(b->u[b->n]));
	b->u[b->n].path = abs_in(dir, path);
	b->u[b->n].dir = bd_xstrdup(dir);
	b->u[b->n++].entry = entry;
}

static int facts_unit(const char *file, const struct bd_json *j, void *ctx)
{
	struct build *b = ctx;
	const char *path = bd_json_get_str(j, "path", NULL);
	const char *dir = bd_json_get_str(j, "directory", ".");
	const struct bd_json *sum = bd_json_get(j, "summary");
	const struct bd_json *fns = sum ? bd_json_get(sum, "functions") : NULL;
	struct unit *u;
	int cap = 0;

	(void)file;
	if (!path)
		path = bd_json_get_str(j, "unit", NULL);
	if (!path)
		return 0;
	add_unit(b, path, dir, NULL);
	u = &b->u[b->n - 1];
	for (int i = 0; fns && fns->type == BD_JSON_ARRAY && i < fns->n; i++) {
		const char *name = bd_json_get_str(fns->items[i], "name", NULL);

		if (!name || bd_json_get_int(fns->items[i], "static", 0))
			continue;
		BD_GROW(u->defs, u->ndefs, cap);
		u->defs[u->ndefs++] = bd_xstrdup(name);
	}
	return 0;
}

/* The units of BUILD_DIR: its compile_commands.json, else its facts. */
static int build_load(struct build *b, const char *dir)
{
	char path[PATH_MAX + 32], err[1024];
	struct stat st;

	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "bdops fix: -p %s: not a directory\n", dir);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/compile_commands.json", dir);
	if (!access(path, F_OK)) {
		b->db = bd_json_parse_file(path, err, sizeof(err));
		if (!b->db || bd_shape_ccdb(b->db, path, err, sizeof(err))) {
			fprintf(stderr, "bdops fix: %s\n", err);
			return -1;
		}
		snprintf(b->from, sizeof(b->from), "%s", path);
		for (int i = 0; i < b->db->n; i++) {
			const struct bd_json *e = b->db->items[i];
			const char *file = bd_json_get_str(e, "file", NULL);

			if (file)
				add_unit(b, file, bd_json_get_str(e, "directory", "."), e);
		}
		return 0;
	}
	if (bd_facts_read_dir(dir, facts_unit, b, err, sizeof(err)) < 0) {
		fprintf(stderr, "bdops fix: -p %s: %s\n", dir, err);
		return -1;
	}
	if (!b->n) {
		fprintf(stderr, "bdops fix: -p %s: no compile_commands.json and no facts files "
			"there (a build directory: compile_commands.json, or the --facts-dir of a "
			"build)\n", dir);
		return -1;
	}
	snprintf(b->from, sizeof(b->from), "the facts in %s", dir);
	return 0;
}

static void build_free(struct build *b)
{
	for (int i = 0; i < b->n; i++) {
		free(b->u[i].path);
		free(b->u[i].dir);
		for (int k = 0; k < b->u[i].ndefs; k++)
			free(b->u[i].defs[k]);
		free(b->u[i].defs);
	}
	free(b->u);
	bd_json_free(b->db);
}

static struct unit *unit_of(struct build *b, const char *file)
{
	char abs[PATH_MAX];

	bd_abspath(file, abs, sizeof(abs));
	for (int i = 0; i < b->n; i++)
		if (!strcmp(b->u[i].path, abs))
			return &b->u[i];
	return NULL;
}

/* The unit that defines func, not one of the set: its facts say so,
 * else its text has the definition. */
static struct unit *definer(struct build *b, const char *func, char *const *set, int nset)
{
	int pass, i, k;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < b->n; i++) {
			struct unit *u = &b->u[i];
			int in = 0;

			for (k = 0; k < nset; k++)
				in |= unit_of(b, set[k]) == u;
			if (in)
				continue;
			if (pass == 0) {
				for (k = 0; k < u->ndefs; k++)
					if (!strcmp(u->defs[k], func) && defines(u->path, func))
						return u;
			} else if (defines(u->path, func)) {
				return u;
			}
		}
	}
	return NULL;
}

/* ---- flags ---- */

static const char *const path_flags[] = { "-I", "-include", "-isystem", "-iquote", "-imacros",
					  "-idirafter", NULL };

/* The flags of unit u, paths made absolute against its directory. */
static void unit_flags(const struct unit *u, char ***v, int *n, int *cap)
{
	char **raw = NULL;
	int nraw = 0, capraw = 0;

	if (!u->entry)
		return;
	bd_drv_entry_flags(u->entry, bd_json_get_str(u->entry, "file", ""), &raw, &nraw, &capraw);
	for (int i = 0; i < nraw; i++) {
		const char *a = raw[i];
		char *out = NULL;

		for (int k = 0; path_flags[k]; k++) {
			size_t len = strlen(path_flags[k]);

			if (strncmp(a, path_flags[k], len))
				continue;
			if (!a[len] && i + 1 < nraw) {
				BD_GROW(*v, *n, *cap);
				(*v)[(*n)++] = bd_xstrdup(a);
				a = raw[++i];
				out = abs_in(u->dir, a);
			} else if (a[len] && (k == 0 || k == 3)) {
				char *p = abs_in(u->dir, a + len);

				out = bd_xcalloc(strlen(p) + len + 1, 1);
				sprintf(out, "%s%s", path_flags[k], p);
				free(p);
			}
			break;
		}
		BD_GROW(*v, *n, *cap);
		(*v)[(*n)++] = out ? out : bd_xstrdup(a);
	}
	for (int i = 0; i < nraw; i++)
		free(raw[i]);
	free(raw);
}

static int has_flag(char *const *v, int n, const char *a)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i], a))
			return 1;
	return 0;
}

/* A library's flags joined to the set's: its -I/-D the set lacks (not
 * -DKBUILD_*: the first unit names the module). */
static void join_flags(struct drv *d, const struct unit *u)
{
	char **v = NULL;
	int n = 0, cap = 0;

	unit_flags(u, &v, &n, &cap);
	for (int i = 0; i < n; i++) {
		const char *a = v[i];

		if (!strcmp(a, "-I") && i + 1 < n) {
			if (!has_flag(d->flags, d->nflags, v[i + 1])) {
				BD_GROW(d->flags, d->nflags, d->cap_flags);
				d->flags[d->nflags++] = v[i];
				BD_GROW(d->flags, d->nflags, d->cap_flags);
				d->flags[d->nflags++] = v[i + 1];
				v[i] = v[i + 1] = NULL;
			}
			i++;
			continue;
		}
		if ((!strncmp(a, "-I", 2) || (!strncmp(a, "-D", 2) && strncmp(a, "-DKBUILD_", 9))) &&
		    a[2] && !has_flag(d->flags, d->nflags, a)) {
			BD_GROW(d->flags, d->nflags, d->cap_flags);
			d->flags[d->nflags++] = v[i];
			v[i] = NULL;
		}
	}
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* ---- headers ---- */

/* The headers under the current directory that the compile of file
 * reads (gcc -M), into *v. */
static void headers_of(struct drv *d, const char *file, char ***v, int *n, int *cap)
{
	char **argv = bd_xcalloc(d->nflags + 8, sizeof(*argv));
	struct buf out = { 0 };
	int a = 0;

	argv[a++] = "gcc";
	argv[a++] = "-M";
	argv[a++] = "-MG";
	argv[a++] = "-w";
	for (int i = 0; i < d->nflags; i++)
		argv[a++] = d->flags[i];
	argv[a++] = (char *)file;
	argv[a] = NULL;
	if (bd_drv_run(argv, NULL, 0, &out, 1) == 0 && out.s) {
		char *save, *w;

		for (w = strtok_r(out.s, " \t\n\\", &save); w; w = strtok_r(NULL, " \t\n\\", &save)) {
			size_t len = strlen(w);
			char *rel;

			if (len < 3 || strcmp(w + len - 2, ".h"))
				continue;
			rel = here_relative(w);
			if (rel[0] == '/' || !strncmp(rel, "../", 3) || access(rel, R_OK)) {
				free(rel);
				continue;
			}
			BD_GROW(*v, *n, *cap);
			(*v)[(*n)++] = rel;
		}
	}
	free(out.s);
	free(argv);
}

/* The flags: after "--", else the given files' entries; 0 if set. */
static int build_flags(struct drv *d, struct build *b)
{
	if (d->flags_given)
		return 0;
	for (int i = 0; i < d->nargs; i++) {
		struct unit *u;
		size_t len = strlen(d->args[i]);

		if (len > 2 && !strcmp(d->args[i] + len - 2, ".h"))
			continue;
		u = unit_of(b, d->args[i]);
		if (!u || !u->entry) {
			fprintf(stderr, "bdops fix: %s is not a unit of %s: give its flags "
				"after '--'\n", d->args[i], b->from);
			return -1;
		}
		if (!d->nflags)
			unit_flags(u, &d->flags, &d->nflags, &d->cap_flags);
		else
			join_flags(d, u);
	}
	return 0;
}

int bd_fix_build_flags(struct drv *d)
{
	struct build b = { 0 };
	int r = build_load(&b, d->build_dir) || build_flags(d, &b) ? -1 : 0;

	build_free(&b);
	return r;
}

/* ---- the blockers a run names ---- */

struct names {
	char **v;
	int n, cap;
};

static int names_has(const struct names *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], name))
			return 1;
	return 0;
}

static void names_add(struct names *s, const char *name)
{
	if (names_has(s, name))
		return;
	BD_GROW(s->v, s->n, s->cap);
	s->v[s->n++] = bd_xstrdup(name);
}

static void names_free(struct names *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* The functions lines names as "blocked by library function 'F' ...;
 * give the file that defines it too". */
static void blockers(const char *lines, struct names *out)
{
	const char *p = lines;

	while (p && (p = strstr(p, blocked_key))) {
		const char *name = p + sizeof(blocked_key) - 1, *q = strchr(name, '\'');
		const char *eol = strchr(name, '\n');
		const char *give = strstr(name, give_key);
		char buf[256];

		p = name;
		if (!q || (size_t)(q - name) >= sizeof(buf) || !give || (eol && give > eol))
			continue;
		memcpy(buf, name, q - name);
		buf[q - name] = 0;
		names_add(out, buf);
	}
}

/* ---- the fix with the libraries the build has ---- */

struct lib_found {
	char *func, *file;	/* the function and the file defining it, or NULL */
	char *hdrs;		/* the headers declaring it, ", "-separated, or NULL */
};

int bd_fix_ccdb(struct drv *d)
{
	struct build b = { 0 };
	struct names tried = { 0 }, set = { 0 };
	struct lib_found found[64];
	struct buf diff = { 0 }, lines = { 0 }, sum = { 0 }, libs = { 0 };
	char **args = d->args;
	int nargs = d->nargs, nfound = 0, status, round, i;

	if (!d->nargs) {
		fputs("bdops fix: no input files (usage: bdops fix FILES -p BUILD_DIR)\n", stderr);
		return EXIT_USAGE;
	}
	if (build_load(&b, d->build_dir)) {
		build_free(&b);
		return EXIT_USAGE;
	}
	if (build_flags(d, &b)) {
		build_free(&b);
		return EXIT_USAGE;
	}
	for (i = 0; i < nargs; i++)
		names_add(&set, args[i]);
	/* probe: grow the set until no new library is named */
	for (round = 0; round < 16; round++) {
		struct names blk = { 0 };
		int grew = 0;

		d->args = set.v;
		d->nargs = set.n;
		bd_fix_probe = 1;
		status = bd_fix_run(d, &diff, &lines);
		bd_fix_probe = 0;
		free(diff.s);
		memset(&diff, 0, sizeof(diff));
		if (status == EXIT_USAGE) {
			free(lines.s);
			memset(&lines, 0, sizeof(lines));
			break;
		}
		blockers(lines.s ? lines.s : "", &blk);
		free(lines.s);
		memset(&lines, 0, sizeof(lines));
		for (int k = 0; k < blk.n && nfound < 64; k++) {
			struct unit *u;
			struct lib_found *lf;
			char **hv = NULL;
			int hn = 0, hcap = 0;
			struct buf hb = { 0 };

			if (names_has(&tried, blk.v[k]))
				continue;
			names_add(&tried, blk.v[k]);
			lf = &found[nfound++];
			memset(lf, 0, sizeof(*lf));
			lf->func = bd_xstrdup(blk.v[k]);
			u = definer(&b, blk.v[k], set.v, set.n);
			if (!u)
				continue;
			lf->file = here_relative(u->path);
			names_add(&set, lf->file);
			join_flags(d, u);
			/* the headers the set reads that declare it */
			for (int s = 0; s < set.n; s++) {
				size_t len = strlen(set.v[s]);

				if (len > 2 && !strcmp(set.v[s] + len - 2, ".c"))
					headers_of(d, set.v[s], &hv, &hn, &hcap);
			}
			for (int h = 0; h < hn; h++) {
				if (!names_has(&set, hv[h]) && declares(hv[h], blk.v[k])) {
					names_add(&set, hv[h]);
					buf_printf(&hb, "%s%s", hb.n ? ", " : "", hv[h]);
				}
				free(hv[h]);
			}
			free(hv);
			lf->hdrs = hb.s;
			grew = 1;
		}
		names_free(&blk);
		if (!grew)
			break;
	}
	/* the fix, for real */
	d->args = set.v;
	d->nargs = set.n;
	bd_fix_libs = &libs;
	status = bd_fix_run(d, &diff, &lines);
	bd_fix_libs = NULL;
	d->args = args;
	d->nargs = nargs;
	for (i = 0; i < nfound; i++) {
		struct lib_found *lf = &found[i];

		if (!lf->file) {
			buf_printf(&sum, "bdops fix: library function '%s' is defined in no unit of "
				   "%s\n", lf->func, b.from);
			continue;
		}
		/* the functions of that file the run converted */
		buf_puts(&sum, "bdops fix: converted with their callers: ");
		{
			const char *p = libs.s ? libs.s : "";
			int nconv = 0;

			while (*p) {
				const char *tab = strchr(p, '\t'), *eol = strchr(p, '\n');

				if (!tab || !eol)
					break;
				if ((size_t)(eol - tab - 1) == strlen(lf->file) &&
				    !strncmp(tab + 1, lf->file, eol - tab - 1)) {
					buf_printf(&sum, "%s'%.*s'", nconv ? ", " : "", (int)(tab - p), p);
					nconv++;
				}
				p = eol + 1;
			}
			if (!nconv)
				buf_printf(&sum, "nothing ('%s' is not converted)", lf->func);
		}
		buf_printf(&sum, " of %s%s%s%s, found through %s\n", lf->file,
			   lf->hdrs ? " (declared in " : "", lf->hdrs ? lf->hdrs : "",
			   lf->hdrs ? ")" : "", b.from);
	}
	for (i = 0; i < nfound; i++) {
		free(found[i].func);
		free(found[i].file);
		free(found[i].hdrs);
	}
	free(libs.s);
	if (lines.s)
		buf_puts(&sum, lines.s);
	free(lines.s);
	status = bd_fix_emit(d, &diff, &sum, status);
	free(diff.s);
	free(sum.s);
	names_free(&tried);
	names_free(&set);
	build_free(&b);
	return status;
}

/* ---- without a build directory: name the file to add ---- */

static struct names *scan_names;
static char **scan_found;	/* per name: the defining file, or NULL */

static int scan_definer(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	const char *base = path + ftw->base;
	size_t n = strlen(path);
	struct buf text = { 0 };

	(void)st;
	if (type == FTW_D && base[0] == '.' && base[1])
		return FTW_SKIP_SUBTREE;
	if (type != FTW_F || n < 3 || strcmp(path + n - 2, ".c"))
		return FTW_CONTINUE;
	if (bd_drv_read_file(path, &text))
		return FTW_CONTINUE;
	for (int k = 0; k < scan_names->n; k++)
		if (!scan_found[k] && has_ident(text.s, scan_names->v[k]) &&
		    defines(path, scan_names->v[k]))
			scan_found[k] = here_relative(path);
	free(text.s);
	return FTW_CONTINUE;
}

void bd_fix_name_definers(struct drv *d, struct buf *lines)
{
	char **hv = NULL;
	int hn = 0, hcap = 0;
	struct names blk = { 0 };
	struct buf out = { 0 };
	const char *p;

	if (!lines->s)
		return;
	blockers(lines->s, &blk);
	if (!blk.n)
		return;
	scan_names = &blk;
	scan_found = bd_xcalloc(blk.n, sizeof(*scan_found));
	nftw(".", scan_definer, 16, FTW_PHYS | FTW_ACTIONRETVAL);
	/* the headers the given files read: one of them declares it */
	for (int i = 0; i < d->nargs; i++) {
		size_t len = strlen(d->args[i]);

		if (len > 2 && !strcmp(d->args[i] + len - 2, ".c"))
			headers_of(d, d->args[i], &hv, &hn, &hcap);
	}
	/* each such line gets the file, or says none was found */
	for (p = lines->s; *p;) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		const char *b = memmem(p, len, blocked_key, sizeof(blocked_key) - 1);
		const char *g = memmem(p, len, give_key, sizeof(give_key) - 1);

		buf_add(&out, p, len);
		if (b && g) {
			const char *name = b + sizeof(blocked_key) - 1;
			const char *q = memchr(name, '\'', len - (name - p));

			for (int k = 0; q && k < blk.n; k++) {
				if (strlen(blk.v[k]) != (size_t)(q - name) ||
				    strncmp(blk.v[k], name, q - name))
					continue;
				if (scan_found[k]) {
					int nh = 0;

					buf_printf(&out, ": %s", scan_found[k]);
					for (int h = 0; h < hn; h++) {
						int seen = 0;

						for (int j = 0; j < h; j++)
							seen |= !strcmp(hv[j], hv[h]);
						if (seen || !declares(hv[h], blk.v[k]))
							continue;
						buf_printf(&out, "%s%s", nh++ ? ", " : ", with ", hv[h]);
					}
					if (nh)
						buf_puts(&out, nh > 1 ? ", which declare it" :
							 ", which declares it");
					buf_puts(&out, " (or -p BUILD_DIR)");
				}
				else
					buf_puts(&out, " (no .c file under this directory defines "
						 "it; -p BUILD_DIR finds it in a build)");
			}
		}
		buf_puts(&out, "\n");
		p += len + (eol ? 1 : 0);
	}
	for (int k = 0; k < blk.n; k++)
		free(scan_found[k]);
	free(scan_found);
	for (int h = 0; h < hn; h++)
		free(hv[h]);
	free(hv);
	names_free(&blk);
	free(lines->s);
	*lines = out;
}
