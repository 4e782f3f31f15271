// SPDX-License-Identifier: GPL-2.0
/*
 * limits.c - the limits bdops-sparse keeps that sparse itself does not
 * (issue 29; docs/output.md "Limits"):
 *
 *  - include depth: sparse follows an #include loop without guards
 *    forever (gcc and clang stop at 200 levels).  The link wraps
 *    tokenize(), which sparse's preprocessor calls for each #include: past
 *    SP_MAX_INCLUDE levels the file is not read and sparse reports an
 *    error at the #include, so the unit is not fully analysed
 *    (errors.c counts errors while sparse parses).
 *  - crashes and time: sparse's parser recurses once per nesting level
 *    and 10,000 nested parentheses overflow its stack (plain sparse dies
 *    of signal 11 too).  bdops-sparse therefore checks its files in a
 *    child process and waits for it at most -fbdops-timeout=SECONDS
 *    (default 300, 0 for none, as "bdops check --timeout"): a child that
 *    dies of a signal or runs past the limit is stopped, and the file it
 *    was checking is named "not fully analysed", on stderr and in its
 *    facts when a facts directory was given, as any other reason is (exit
 *    status 2 under -Wbdops-error; "bdops check" reads the facts).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sparse_rules.h"
#include "token.h"

/* ---- include depth ---- */

struct token *__real_tokenize(const struct position *pos, const char *name, int fd,
			      struct token *end, const char **next_path);
struct token *__wrap_tokenize(const struct position *pos, const char *name, int fd,
			      struct token *end, const char **next_path);

struct token *__wrap_tokenize(const struct position *pos, const char *name, int fd,
			      struct token *end, const char **next_path)
{
	int depth = 0;

	/* the streams that include this one, each at its #include */
	for (int s = pos ? pos->stream : -1; s >= 0 && depth <= SP_MAX_INCLUDE; s = stream_prev(s))
		depth++;
	if (depth > SP_MAX_INCLUDE) {
		sparse_error(*pos, "#include nested more than %d levels deep (an include loop?): "
			     "'%s' not read", SP_MAX_INCLUDE, name);
		return end;
	}
	return __real_tokenize(pos, name, fd, end, next_path);
}

/* ---- the child, its crash and its time ---- */

static int unit_pipe = -1;	/* the child names each file it starts */
static volatile sig_atomic_t expired;

static void on_alarm(int sig)
{
	(void)sig;
	expired = 1;
}

void sp_limits_file(const char *file)
{
	size_t n = strlen(file);

	if (unit_pipe < 0)
		return;
	/* one write of the name and its newline: whole, or not at all */
	char *line = malloc(n + 2);

	if (!line)
		return;
	memcpy(line, file, n);
	line[n] = '\n';
	if (write(unit_pipe, line, n + 1) < 0)
		unit_pipe = -1;
	free(line);
}

/* The last file the child named, or NULL. */
static char *last_file(int fd)
{
	static char buf[8192];
	char *names = NULL, *last = NULL;
	size_t len = 0;
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		char *more = realloc(names, len + n + 1);

		if (!more)
			break;
		names = more;
		memcpy(names + len, buf, n);
		len += n;
	}
	if (!names)
		return NULL;
	names[len] = 0;
	while (len && names[len - 1] == '\n')
		names[--len] = 0;
	last = strrchr(names, '\n');
	last = strdup(last ? last + 1 : names);
	free(names);
	return last;
}

int sp_limits_run(unsigned timeout, void (*report)(const char *file, const char *why))
{
	struct sigaction sa;
	int fds[2], status;
	char why[256], *file;
	pid_t pid;

	if (pipe(fds))
		return -1;		/* no child: check in this process */
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (!pid) {
		close(fds[0]);
		signal(SIGALRM, SIG_DFL);
		unit_pipe = fds[1];
		return -1;		/* the child checks the files */
	}
	close(fds[1]);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: waitpid() returns */
	sigaction(SIGALRM, &sa, NULL);
	if (timeout)
		alarm(timeout);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return 2;
		if (expired) {
			kill(pid, SIGKILL);
			expired = 2;
		}
	}
	alarm(0);
	if (expired != 2 && !WIFSIGNALED(status)) {
		close(fds[0]);
		return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
	}
	if (expired == 2)
		snprintf(why, sizeof(why), "sparse took longer than %u s "
			 "(-fbdops-timeout) and was stopped", timeout);
	else
		snprintf(why, sizeof(why), "sparse was killed by signal %d "
			 "(%s; nested too deeply for its parser?)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	file = last_file(fds[0]);
	close(fds[0]);
	report(file ? file : "bdops-sparse", why);
	free(file);
	return 0;
}
