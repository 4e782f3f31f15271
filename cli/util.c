// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - what the workflow commands (review, fix, install-hook) share:
 * a growing text buffer, running a process with its output captured, and
 * small file helpers (read whole, write with parent directories, a
 * scratch directory, remove a tree).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"

extern char **environ;

void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = bd_xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

void buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = bd_xcalloc(n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(s, n + 1, fmt, ap);
	va_end(ap);
	buf_add(b, s, n);
	free(s);
}

int bd_drv_run(char *const argv[], const char *in, size_t inlen, struct buf *out, int quiet)
{
	posix_spawn_file_actions_t fa;
	int pin[2], pout[2], status, err;
	char tmp[8192];
	ssize_t n;
	pid_t pid;

	if (pipe(pin) || pipe(pout))
		return -1;
	fflush(stdout);
	fflush(stderr);
	/* posix_spawn, not fork: no copy of this process's page tables (a
	 * large bdops, or one under AddressSanitizer, forks slowly) */
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pin[0], 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	if (quiet)
		posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	for (int k = 0; k < 2; k++) {
		if (pin[k] > 2)
			posix_spawn_file_actions_addclose(&fa, pin[k]);
		if (pout[k] > 2)
			posix_spawn_file_actions_addclose(&fa, pout[k]);
	}
	err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		if (!quiet)
			fprintf(stderr, "bdops: cannot run '%s': %s\n", argv[0], strerror(err));
		for (int k = 0; k < 2; k++) {
			close(pin[k]);
			close(pout[k]);
		}
		if (out && !out->s)
			buf_add(out, "", 0);
		return 127;
	}
	close(pin[0]);
	close(pout[1]);
	/* The inputs here are patches: small enough for the pipe buffer
	 * most of the time, but write and read in turn to be safe. */
	if (in && inlen) {
		size_t off = 0;

		fcntl(pin[1], F_SETFL, O_NONBLOCK);
		fcntl(pout[0], F_SETFL, O_NONBLOCK);
		while (off < inlen) {
			n = write(pin[1], in + off, inlen - off);
			if (n > 0)
				off += n;
			else if (n < 0 && errno != EAGAIN && errno != EINTR)
				break;
			n = read(pout[0], tmp, sizeof(tmp));
			if (n > 0 && out)
				buf_add(out, tmp, n);
			if (n <= 0)
				usleep(1000);
		}
		fcntl(pout[0], F_SETFL, 0);
	}
	close(pin[1]);
	while ((n = read(pout[0], tmp, sizeof(tmp))) != 0) {
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			break;
		}
		if (out)
			buf_add(out, tmp, n);
	}
	close(pout[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (out && !out->s)
		buf_add(out, "", 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int bd_drv_read_file(const char *path, struct buf *out)
{
	char tmp[8192];
	size_t n;
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;

	if (!f)
		return -1;
	buf_add(out, "", 0);
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		buf_add(out, tmp, n);
	if (f != stdin)
		fclose(f);
	return 0;
}

int bd_drv_mkdirs_for(const char *path)
{
	char dir[PATH_MAX];
	char *p;

	snprintf(dir, sizeof(dir), "%s", path);
	p = strrchr(dir, '/');
	if (!p)
		return 0;
	*p = 0;
	return bd_drv_mkdirs(dir);
}

int bd_drv_mkdirs(const char *path)
{
	char dir[PATH_MAX];
	char *p;

	snprintf(dir, sizeof(dir), "%s", path);
	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(dir, 0777) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(dir, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

int bd_drv_write_file(const char *path, const char *s, size_t n)
{
	FILE *f;
	int bad;

	if (bd_drv_mkdirs_for(path))
		return -1;
	f = fopen(path, "wb");
	if (!f)
		return -1;
	bad = fwrite(s, 1, n, f) != n;
	return fclose(f) || bad ? -1 : 0;
}

int bd_drv_close_output(FILE *out, const char *name)
{
	int bad = ferror(out), e = errno;

	if (out == stdout || out == stderr)
		bad |= fflush(out) != 0;
	else
		bad |= fclose(out) != 0;
	if (!bad)
		return 0;
	e = errno ? errno : e;
	fprintf(stderr, "bdops: cannot write the report to %s: %s\n",
		out == stdout ? "standard output" : name ? name : "its file",
		strerror(e ? e : EIO));
	return -1;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void bd_drv_rm_rf(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *bd_drv_tmpdir(const char *cmd)
{
	const char *tmp = getenv("TMPDIR");
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/bdops-%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", cmd);
	if (!mkdtemp(path)) {
		fprintf(stderr, "bdops %s: cannot create a temporary directory: %s\n", cmd,
			strerror(errno));
		return NULL;
	}
	return bd_xstrdup(path);
}

const char *bd_drv_self(void)
{
	static char self[PATH_MAX];
	ssize_t n;

	if (!self[0]) {
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n <= 0)
			n = snprintf(self, sizeof(self), "bdops");
		self[n] = 0;
	}
	return self;
}
