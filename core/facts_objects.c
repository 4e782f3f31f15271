// SPDX-License-Identifier: GPL-2.0
/*
 * facts_objects.c - the facts the compiler plugins put into objects
 * (facts_section.c), read back from objects, archives and build trees for
 * "bdops merge".
 *
 * ELF and ar archives are read with libelf (elfutils; the kernel build
 * already needs libelf-dev): elf_begin() on a file or an archive member,
 * the section named .bdops.facts, its bytes.  Several records in one
 * section are the work of ld -r (built-in objects, modules, vmlinux.o).
 *
 * Thin archives (kbuild's built-in.a, "ar T") hold only their members'
 * names; elfutils' libelf does not know them (it reads "!<arch>" only), and
 * binutils' libbfd, which does, is GPL-3.0 (not linkable with this
 * GPL-2.0 program) and has no stable interface.  Their member table is the
 * plain ar header format (60-byte headers, the "//" long-name member),
 * read here; each member is then read as the file it names.
 *
 * An object with no .bdops.facts is skipped without a word, unless it came
 * from a bdops compile: kbuild records every object's command in
 * DIR/.NAME.o.cmd, and a command that compiled a .c file with a bdops
 * plugin (or the bdops-gcc/bdops-clang wrappers) and did not turn
 * facts-object off must have left facts.  Such an object is named on
 * stderr and the merge fails: its unit would be missing from the result
 * without anyone knowing.  Outside kbuild there is no record of how an
 * object was made, so objects without facts are skipped.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "internal.h"
#include "json.h"

#define SECTION ".bdops.facts"

struct reader {
	struct bd_facts_set *s;
	char *err;
	size_t errlen;
	/* files read already (dev, inode): a thin archive's members are
	 * files of the same tree */
	struct { dev_t dev; ino_t ino; } *seen;
	int nseen, cap_seen;
};

struct record_ctx {
	struct reader *rd;
	const char *origin;
	long long mtime;
	int failed;
};

static int one_record(const char *json, size_t len, const char *version, void *p)
{
	struct record_ctx *c = p;
	char err[512];
	struct bd_json *j = bd_json_parse(json, len, err, sizeof(err));

	(void)version;
	if (!j) {
		snprintf(c->rd->err, c->rd->errlen, "%s: section " SECTION ": %s", c->origin, err);
		c->failed = 1;
		return 1;
	}
	if (bd_facts_set_add(c->rd->s, j, c->origin, c->mtime, c->rd->err, c->rd->errlen)) {
		c->failed = 1;
		return 1;
	}
	return 0;
}

static int names_bdops(const char *cmd)
{
	return strstr(cmd, "bdops_gcc") || strstr(cmd, "bdops_clang") ||
	       strstr(cmd, "bdops-gcc") || strstr(cmd, "bdops-clang");
}

/* Does kbuild's record of how 'obj' was made name a bdops compile of a C
 * file that kept its facts in the object? */
static int from_bdops_compile(const char *obj)
{
	char cmd[PATH_MAX], *line = NULL;
	const char *slash = strrchr(obj, '/');
	size_t cap = 0, n;
	FILE *f;
	int yes = 0;

	if (slash)
		snprintf(cmd, sizeof(cmd), "%.*s/.%s.cmd", (int)(slash - obj), obj, slash + 1);
	else
		snprintf(cmd, sizeof(cmd), ".%s.cmd", obj);
	f = fopen(cmd, "r");
	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0) {
		if (strncmp(line, "cmd_", 4) || !strstr(line, " := "))
			continue;
		line[strcspn(line, ";\n")] = 0;	/* "; objtool ..." follows */
		n = strlen(line);
		while (n && line[n - 1] == ' ')
			line[--n] = 0;
		/* the compile's last word is its source: a .c file */
		yes = names_bdops(line) && strstr(line, " -c ") &&
		      !strstr(line, "facts-object=no") && n > 2 && !strcmp(line + n - 2, ".c");
		break;
	}
	free(line);
	fclose(f);
	return yes;
}

/* The facts sections of one ELF file or member.  1 if it had any, 0 if
 * not, -1 on a damaged section (err set). */
static int read_elf(struct reader *rd, Elf *e, const char *origin, long long mtime)
{
	struct record_ctx c = { rd, origin, mtime, 0 };
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	size_t shstrndx;
	int found = 0;

	if (!gelf_getehdr(e, &eh) || eh.e_type != ET_REL)
		return 0;	/* a final link dropped the facts, by design */
	if (elf_getshdrstrndx(e, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(e, shstrndx, sh.sh_name);
		if (!name || strcmp(name, SECTION))
			continue;
		found = 1;
		d = elf_rawdata(scn, NULL);
		/* an empty section is a damaged one: every bdops compile
		 * writes a record */
		if ((!d || !d->d_buf || !d->d_size) &&
		    bd_facts_section_parse("", 0, one_record, &c, rd->err, rd->errlen) < 0) {
			char why[512];

			snprintf(why, sizeof(why), "%s", rd->err);
			snprintf(rd->err, rd->errlen, "%s: section " SECTION ": %s", origin, why);
			return -1;
		}
		if (bd_facts_section_parse(d->d_buf, d->d_size, one_record, &c,
					   rd->err, rd->errlen) < 0 && !c.failed) {
			char why[512];

			snprintf(why, sizeof(why), "%s", rd->err);
			snprintf(rd->err, rd->errlen, "%s: section " SECTION ": %s", origin, why);
			return -1;
		}
		if (c.failed)
			return -1;
	}
	return found;
}

static int read_path(struct reader *rd, const char *path, int quiet_not_object);

/* An ELF object found without facts: fine, unless a bdops compile made it. */
static void no_facts(struct reader *rd, const char *path, const char *origin)
{
	if (!from_bdops_compile(path))
		return;
	fprintf(stderr, "bdops merge: %s was compiled with bdops (its kbuild command says so) "
		"but holds no facts; rebuild it\n", origin);
	rd->s->missing++;
}

/* A regular ar archive, through libelf. */
static int read_archive(struct reader *rd, Elf *ar, int fd, const char *path, long long mtime)
{
	Elf_Cmd cmd = ELF_C_READ_MMAP;
	Elf *e;
	int ret = 0;

	while (!ret && (e = elf_begin(fd, cmd, ar))) {
		Elf_Arhdr *h = elf_getarhdr(e);
		char origin[PATH_MAX * 2];

		if (h && h->ar_name && h->ar_name[0] != '/' && elf_kind(e) == ELF_K_ELF) {
			snprintf(origin, sizeof(origin), "%s(%s)", path, h->ar_name);
			/* "ar D" (kbuild) zeroes member dates */
			ret = read_elf(rd, e, origin, h->ar_date ?
				       (long long)h->ar_date * 1000000000LL : mtime) < 0;
		}
		cmd = elf_next(e);
		elf_end(e);
	}
	return ret ? -1 : 0;
}

/* A thin archive: its members are other files, named in its headers. */
static int read_thin(struct reader *rd, const char *path)
{
	FILE *f = fopen(path, "rb");
	char hdr[60], *names = NULL, dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	size_t nnames = 0;
	int ret = 0;

	if (!f) {
		snprintf(rd->err, rd->errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	fseek(f, 8, SEEK_SET);
	while (!ret && fread(hdr, 1, 60, f) == 60) {
		char name[PATH_MAX], member[PATH_MAX * 2], sz[11];
		long size;
		size_t k;

		memcpy(sz, hdr + 48, 10);
		sz[10] = 0;
		size = strtol(sz, NULL, 10);
		if (hdr[58] != '`' || hdr[59] != '\n' || size < 0) {
			snprintf(rd->err, rd->errlen, "%s: not a valid thin archive", path);
			ret = -1;
			break;
		}
		if (!memcmp(hdr, "// ", 3) || !memcmp(hdr, "//  ", 4)) {
			/* the long names, the only member whose data is here */
			free(names);
			names = bd_xcalloc(size + 1, 1);
			nnames = fread(names, 1, size, f);
			if (size & 1)
				fgetc(f);
			continue;
		}
		if (hdr[0] == '/' && (hdr[1] == ' ' || !memcmp(hdr, "/SYM64/", 7))) {
			fseek(f, size + (size & 1), SEEK_CUR);	/* symbol table */
			continue;
		}
		if (hdr[0] == '/') {
			size_t off = strtoul(hdr + 1, NULL, 10);

			if (!names || off >= nnames) {
				snprintf(rd->err, rd->errlen, "%s: bad member name", path);
				ret = -1;
				break;
			}
			k = strcspn(names + off, "\n");
			snprintf(name, sizeof(name), "%.*s", (int)k, names + off);
		} else {
			k = 0;
			while (k < 16 && hdr[k] != ' ')
				k++;
			snprintf(name, sizeof(name), "%.*s", (int)k, hdr);
		}
		k = strlen(name);
		if (k && name[k - 1] == '/')
			name[k - 1] = 0;	/* GNU ends names with '/' */
		if (name[0] == '/')
			snprintf(member, sizeof(member), "%s", name);
		else
			snprintf(member, sizeof(member), "%s/%s", dir, name);
		ret = read_path(rd, member, 0);
	}
	free(names);
	fclose(f);
	return ret;
}

/* Open addressing over (dev, inode); the table never fills up. */
static int seen(struct reader *rd, const struct stat *st)
{
	unsigned long h;

	if (rd->nseen * 2 >= rd->cap_seen) {
		int old = rd->cap_seen;
		__typeof__(rd->seen) t = rd->seen;

		rd->cap_seen = old ? old * 2 : 1024;
		rd->seen = bd_xcalloc(rd->cap_seen, sizeof(*rd->seen));
		rd->nseen = 0;
		for (int i = 0; i < old; i++) {
			struct stat x = { .st_dev = t[i].dev, .st_ino = t[i].ino };

			if (t[i].ino)
				seen(rd, &x);
		}
		free(t);
	}
	h = ((unsigned long)st->st_ino * 2654435761u) ^ (unsigned long)st->st_dev;
	for (h %= rd->cap_seen; rd->seen[h].ino; h = (h + 1) % rd->cap_seen)
		if (rd->seen[h].dev == st->st_dev && rd->seen[h].ino == st->st_ino)
			return 1;
	rd->seen[h].dev = st->st_dev;
	rd->seen[h].ino = st->st_ino;
	rd->nseen++;
	return 0;
}

/* One file: an ELF object, an archive, or (quietly, when walking a tree)
 * anything else. */
static int read_path(struct reader *rd, const char *path, int quiet_not_object)
{
	char magic[8];
	struct stat st;
	long long mtime;
	Elf *e;
	int fd, ret = 0, r;

	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st)) {
		snprintf(rd->err, rd->errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (seen(rd, &st)) {
		close(fd);
		return 0;
	}
	mtime = st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	if (read(fd, magic, 8) != 8)
		memset(magic, 0, 8);
	if (!memcmp(magic, "!<thin>\n", 8)) {
		close(fd);
		return read_thin(rd, path);
	}
	if (memcmp(magic, "\177ELF", 4) && memcmp(magic, "!<arch>\n", 8)) {
		close(fd);
		if (quiet_not_object)
			return 0;
		snprintf(rd->err, rd->errlen, "%s: not an object file, an archive or a directory",
			 path);
		return -1;
	}
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!e) {
		snprintf(rd->err, rd->errlen, "%s: %s", path, elf_errmsg(-1));
		close(fd);
		return -1;
	}
	if (elf_kind(e) == ELF_K_AR) {
		ret = read_archive(rd, e, fd, path, mtime);
	} else if (elf_kind(e) == ELF_K_ELF) {
		GElf_Ehdr eh;

		r = read_elf(rd, e, path, mtime);
		if (r < 0)
			ret = -1;
		else if (!r && gelf_getehdr(e, &eh) && eh.e_type == ET_REL)
			no_facts(rd, path, path);
	}
	elf_end(e);
	close(fd);
	return ret;
}

static int not_dots(const char *name)
{
	return strcmp(name, ".") && strcmp(name, "..");
}

/* Every object and archive under dir, in name order; symbolic links are
 * not followed (kbuild's output tree links to its source tree). */
static int walk(struct reader *rd, const char *dir)
{
	char **names;
	int n = bd_dir_names(dir, not_dots, &names, rd->err, rd->errlen), ret = n < 0 ? -1 : 0;

	for (int i = 0; i < n; i++) {
		char path[PATH_MAX];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!ret && !lstat(path, &st)) {
			if (S_ISDIR(st.st_mode))
				ret = walk(rd, path);
			else if (S_ISREG(st.st_mode))
				ret = read_path(rd, path, 1);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

int bd_facts_set_add_objects(struct bd_facts_set *s, const char *path, int walk_tree,
			     char *err, size_t errlen)
{
	struct reader rd = { s, err, errlen, NULL, 0, 0 };
	struct stat st;
	int ret;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
		return -1;
	}
	if (stat(path, &st)) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode) && walk_tree)
		ret = walk(&rd, path);
	else
		ret = read_path(&rd, path, 0);
	free(rd.seen);
	return ret;
}
