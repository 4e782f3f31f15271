// SPDX-License-Identifier: GPL-2.0
/*
 * run.c - "bdops check": run one frontend per file with a facts directory,
 * then read the facts back and report them all at once.
 *
 * The frontends' own bdops output goes to a scratch file (format=json):
 * the facts carry the findings.  The host compiler's diagnostics go to our
 * stderr untouched, and a file that does not compile makes the exit
 * status 2: a clean report on code the compiler rejected would be a lie.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "frontends.h"
#include "json.h"

struct run {
	struct drv *d;
	const char *facts;		/* where the frontends write facts */
	char scratch[PATH_MAX];		/* frontend output; removed at exit */
	char **abs;			/* realpath of each input */
	int *found;			/* facts seen for input i */
	int *ok;			/* input i compiled */
	pid_t *pids;
	time_t *deadline;		/* input i is killed then (0: never) */
	int *timed_out;
	int incomplete;			/* units whose facts say so */
	char libdir[PATH_MAX], bindir[PATH_MAX], selfdir[PATH_MAX];
	sigset_t oldmask;		/* ours before SIGCHLD was blocked */
};

static char *xprintf(const char *fmt, ...)
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
	return s;
}

/* The helpers (bdops-sparse, bdops-clang-tool) are next to this bdops, in
 * the build tree (build/bin) as installed (PREFIX/bin); BDOPS_BINDIR
 * overrides.  The plugins: see plugin(). */
static void find_dirs(struct run *r)
{
	char self[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	const char *env;

	if (n <= 0)
		n = snprintf(self, sizeof(self), "./bdops");
	self[n] = 0;
	slash = strrchr(self, '/');
	if (slash)
		*slash = 0;
	env = getenv("BDOPS_BINDIR");
	snprintf(r->bindir, sizeof(r->bindir), "%s", env && *env ? env : self);
	env = getenv("BDOPS_LIBDIR");
	snprintf(r->libdir, sizeof(r->libdir), "%s", env && *env ? env : "");
	snprintf(r->selfdir, sizeof(r->selfdir), "%s", self);
}

/* Where the plugin FILE is, relative to this bdops rather than to where it
 * was built: BDOPS_LIBDIR/FILE if that is set; ../lib/FILE beside bdops
 * (the build tree, or a copy installed with its plugins beside it, as on
 * a distcc server); FROM_BIN/FILE, where "cmake --install" and the Debian
 * package put it (GCC's and clang-19's own plugin directories, as a path
 * from bin/, docs/workflows/install.md); else BYNAME, which the compiler
 * itself resolves in its plugin directory: "-fplugin=bdops_gcc" as a
 * kernel build line says it. */
static char *plugin(struct run *r, const char *file, const char *from_bin, const char *byname)
{
	char path[PATH_MAX * 2], abs[PATH_MAX];

	if (r->libdir[0])
		return xprintf("%s/%s", r->libdir, file);
	snprintf(path, sizeof(path), "%s/../lib/%s", r->selfdir, file);
	if (access(path, R_OK) != 0)
		snprintf(path, sizeof(path), "%s/%s/%s", r->selfdir, from_bin, file);
	if (access(path, R_OK) != 0)
		return xprintf("%s", byname);
	bd_abspath(path, abs, sizeof(abs));
	return xprintf("%s", abs);
}

static const char *compiler(const char *env, const char *dflt)
{
	const char *s = getenv(env);

	return s && *s ? s : dflt;
}

struct argv {
	char **v;
	int n, cap;
};

static void arg(struct argv *a, char *s)
{
	BD_GROW(a->v, a->n, a->cap);
	a->v[a->n++] = s;
}

/* One core option in the frontend's spelling. */
static char *fe_option(const struct bd_frontend *fe, const char *key, const char *value)
{
	return value ? xprintf("%s%s=%s", fe->prefix, key, value) :
		       xprintf("%s%s", fe->prefix, key);
}

/* The frontend's command line for input i, as its row of the table of
 * frontends (frontends.c) says it is run. */
static char **build_argv(struct run *r, int i)
{
	struct drv *d = r->d;
	const struct bd_frontend *fe = bd_frontend_find(d->frontend);
	char *file = d->args[i];
	struct argv a = { 0 };
	int k;

	if (fe->run == BD_FE_PLUGIN) {
		arg(&a, (char *)compiler(fe->env, fe->program));
		arg(&a, xprintf("-fplugin=%s", plugin(r, fe->plugin, fe->plugin_from_bin,
							 fe->plugin_byname)));
	} else {
		arg(&a, xprintf("%s/%s", r->bindir, fe->program));
	}
	arg(&a, fe_option(fe, "facts-dir", r->facts));
	arg(&a, fe_option(fe, "format", "json"));
	arg(&a, xprintf("%s", fe_option(fe, "output", xprintf("%s/.fe-%d.out", r->scratch, i))));
	arg(&a, fe_option(fe, "error", "no"));
	for (k = 0; k < d->npass; k++)
		arg(&a, fe_option(fe, d->pass[k].key, d->pass[k].value));

	if (fe->run == BD_FE_TOOL_FILE_FIRST) {
		arg(&a, file);
		arg(&a, "--");
	}
	for (k = 0; k < d->ncflags; k++)
		arg(&a, d->cflags[k]);
	for (k = 0; k < d->nflags; k++)
		arg(&a, d->flags[k]);
	if (fe->run == BD_FE_PLUGIN) {
		arg(&a, "-c");
		arg(&a, file);
		arg(&a, "-o");
		arg(&a, "/dev/null");
	} else if (fe->run == BD_FE_TOOL_FILE_LAST) {
		arg(&a, file);
	}
	arg(&a, NULL);
	return a.v;
}

static pid_t spawn(struct run *r, int i)
{
	char **argv = build_argv(r, i);
	pid_t pid;
	int k;

	if (r->d->o.verbose) {
		fputs("bdops: running", stderr);
		for (k = 0; argv[k]; k++)
			fprintf(stderr, " %s", argv[k]);
		fputs("\n", stderr);
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		/* Keep our stdout for the report.  The frontend's own output
		 * (compiler warnings, sparse's own warnings) goes to a log that
		 * is shown only if the frontend fails: the report is bdops's
		 * findings, the same for every frontend. */
		char *log = xprintf("%s/log.%d", r->scratch, i);
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		/* a group of its own, so a time-out ends gcc's cc1 too */
		setpgid(0, 0);
		sigprocmask(SIG_SETMASK, &r->oldmask, NULL);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "bdops: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		fprintf(stderr, "bdops: cannot fork: %s\n", strerror(errno));
	else
		setpgid(pid, pid);
	return pid;
}

/* A line of a frontend's log on stderr; a path in d->log_root (review's
 * scratch tree: bdops-clang-tool makes its input absolute) is shown as
 * the repository path it stands for. */
static void put_line(const struct drv *d, const char *line)
{
	size_t n = d->log_root ? strlen(d->log_root) : 0;
	const char *p;

	while (n && (p = strstr(line, d->log_root)) && p[n] == '/') {
		fwrite(line, 1, p - line, stderr);
		line = p + n + 1;
	}
	fputs(line, stderr);
}

/* sparse's errors: shown, since gcc and clang would have stopped there.
 * Whether they cost analysis bdops-sparse itself decides and writes into
 * the facts ("incomplete"), so the driver needs no guess from its log. */
static void show_errors(const struct drv *d, const char *log)
{
	char line[4096];
	FILE *f = fopen(log, "r");

	if (!f)
		return;
	/* its own "not fully analysed" comes back through the facts */
	while (fgets(line, sizeof(line), f))
		if (strstr(line, ": error: ") && !strstr(line, ": error: bdops: "))
			put_line(d, line);
	fclose(f);
}

static void show_log(const struct drv *d, const char *log)
{
	char line[4096];
	FILE *f = fopen(log, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		put_line(d, line);
	fclose(f);
}

/* Did input i compile?  Complains and returns 0 if not. */
static int job_done(struct run *r, int i, int status)
{
	const char *file = r->d->args[i];
	const struct bd_frontend *row = bd_frontend_find(r->d->frontend);
	const char *fe = row->name;
	char *log = xprintf("%s/log.%d", r->scratch, i);
	int ok;

	bd_progress_clear();
	/* bdops-clang-tool exits 1 when it has findings, like bdops itself */
	ok = WIFEXITED(status) && (WEXITSTATUS(status) == 0 ||
				   (row->findings_status &&
				    WEXITSTATUS(status) == row->findings_status));
	if (ok && row->shows_errors)
		show_errors(r->d, log);
	else if (!ok)
		show_log(r->d, log);
	unlink(log);
	free(log);
	if (ok)
		return 1;
	if (r->timed_out[i])
		fprintf(stderr, "bdops: %s: not analysed: the %s frontend took longer than "
			"%d s (--timeout) and was stopped\n", file, fe, r->d->timeout);
	else if (WIFSIGNALED(status))
		fprintf(stderr, "bdops: %s: not analysed: the %s frontend was killed by "
			"signal %d (%s)\n", file, fe, WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (WEXITSTATUS(status) != 127)
		fprintf(stderr, "bdops: %s: the %s frontend failed (exit status %d); "
			"findings for it are incomplete\n", file, fe, WEXITSTATUS(status));
	return 0;
}

/* The frontends run in process groups of their own (so that a time-out
 * ends a compiler and its children); an interrupted bdops ends them too. */
static pid_t *running_pids;
static int running_n;

static void stop_all(int sig)
{
	for (int i = 0; i < running_n; i++)
		if (running_pids[i] > 0)
			kill(-running_pids[i], SIGKILL);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(struct run *r, int on)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	sigset_t chld;

	running_pids = on ? r->pids : NULL;
	running_n = on ? r->d->nargs : 0;
	for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++)
		signal(sigs[k], on ? stop_all : SIG_DFL);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	if (on)
		sigprocmask(SIG_BLOCK, &chld, &r->oldmask);
	else
		sigprocmask(SIG_SETMASK, &r->oldmask, NULL);
}

/* Kill what ran past its deadline; returns the seconds to the next one
 * (-1: none). */
static long enforce_deadlines(struct run *r, int next)
{
	time_t now = time(NULL);
	long wait = -1;

	for (int i = 0; i < next; i++) {
		if (r->pids[i] <= 0 || !r->deadline[i] || r->timed_out[i])
			continue;
		if (now >= r->deadline[i]) {
			r->timed_out[i] = 1;
			kill(-r->pids[i], SIGKILL);
			continue;
		}
		if (wait < 0 || r->deadline[i] - now < wait)
			wait = r->deadline[i] - now;
	}
	return wait;
}

/* Wait for a child, at most until the next deadline. */
static pid_t wait_child(struct run *r, int next, int *status)
{
	static int dummy;
	pid_t pid;
	sigset_t chld;
	long wait;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	for (;;) {
		pid = waitpid(-1, status, WNOHANG);
		if (pid != 0)
			return pid;
		wait = enforce_deadlines(r, next);
		if (wait < 0) {
			sigwait(&chld, &dummy);
		} else {
			struct timespec ts = { wait ? wait : 1, 0 };

			sigtimedwait(&chld, NULL, &ts);
		}
	}
}

/* Run every input, at most d->jobs at once, each for at most d->timeout
 * seconds.  Returns the number that failed. */
static int run_all(struct run *r)
{
	struct drv *d = r->d;
	int next = 0, running = 0, failed = 0, status, i;
	int total = d->units_total ? d->units_total : d->nargs;
	pid_t pid;

	catch_signals(r, 1);
	bd_progress(d->units_done, total);
	while (next < d->nargs || running) {
		while (running < d->jobs && next < d->nargs) {
			r->pids[next] = spawn(r, next);
			if (r->pids[next] < 0) {
				failed++;
			} else {
				running++;
				if (d->timeout > 0)
					r->deadline[next] = time(NULL) + d->timeout;
			}
			next++;
		}
		if (!running)
			break;
		pid = wait_child(r, next, &status);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < next; i++) {
			if (r->pids[i] == pid) {
				running--;
				r->ok[i] = job_done(r, i, status);
				failed += !r->ok[i];
				r->pids[i] = 0;
				d->units_done++;
				bd_progress(d->units_done, total);
			}
		}
	}
	catch_signals(r, 0);
	bd_progress_clear();
	return failed;
}

static int add_unit(const char *path, const struct bd_json *facts, void *ctx)
{
	struct run *r = ctx;
	/* a .i's facts are those of the unit its markers name; the .i is
	 * the file this run gave the frontend */
	const char *unit = bd_json_get_str(facts, "input",
					   bd_json_get_str(facts, "unit", NULL));
	char abs[PATH_MAX], err[1024];
	int i;

	if (!unit)
		return 0;
	if (!realpath(unit, abs))
		bd_abspath(unit, abs, sizeof(abs));
	/* Only the files of this run: a kept facts directory holds others. */
	for (i = 0; i < r->d->nargs; i++)
		if (!strcmp(abs, r->abs[i]))
			break;
	if (i == r->d->nargs)
		return 0;
	r->found[i] = 1;
	switch (bd_facts_add(r->d->result, facts, &r->d->o, err, sizeof(err))) {
	case 0:
		break;
	case 1:
		/* a unit that did not compile already said why */
		if (r->ok[i]) {
			fprintf(stderr, "bdops: %s\n", err);
			r->incomplete++;
		}
		break;
	default:
		fprintf(stderr, "bdops: %s: %s\n", path, err);
		r->incomplete++;
	}
	return 0;
}

static void remove_dir(const char *dir)
{
	char path[PATH_MAX];
	struct dirent *de;
	DIR *dp = opendir(dir);

	if (!dp)
		return;
	while ((de = readdir(dp))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	closedir(dp);
	rmdir(dir);
}

#define MAX_SOURCE (64L << 20)

/* Refuse, with one line, what no compiler should be handed: binary data
 * (hundreds of "stray" errors, or none at all from sparse) and inputs far
 * beyond any kernel unit (minutes of a busy host). */
static int plausible_source(const char *path)
{
	struct stat st;
	char buf[65536];
	size_t n;
	FILE *f;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > MAX_SOURCE) {
		fprintf(stderr, "bdops: %s: too large to check (%lld bytes; the limit is 64 MiB)\n",
			path, (long long)st.st_size);
		return 0;
	}
	f = fopen(path, "rb");
	if (!f)
		return 1;	/* the frontend will say why */
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (memchr(buf, 0, n)) {
			fclose(f);
			fprintf(stderr, "bdops: %s: not a C source file (it contains NUL bytes)\n",
				path);
			return 0;
		}
	}
	fclose(f);
	return 1;
}

static int check_inputs(struct drv *d)
{
	int i;

	if (!d->frontend) {
		fprintf(stderr, "bdops check: --frontend is required (%s)\n", bd_frontend_names());
		return EXIT_USAGE;
	}
	if (!d->nargs) {
		fputs("bdops check: no input files (usage: bdops check --frontend FE FILES -- FLAGS)\n",
		      stderr);
		return EXIT_USAGE;
	}
	for (i = 0; i < d->nargs; i++) {
		struct stat st;

		if (access(d->args[i], R_OK)) {
			fprintf(stderr, "bdops check: cannot read '%s': %s\n", d->args[i],
				strerror(errno));
			return EXIT_USAGE;
		}
		if (stat(d->args[i], &st) || !S_ISREG(st.st_mode)) {
			fprintf(stderr, "bdops check: '%s' is not a regular file\n", d->args[i]);
			return EXIT_USAGE;
		}
		if (!plausible_source(d->args[i]))
			return EXIT_USAGE;
	}
	if (d->o.baseline) {
		char err[1024];

		if (bd_baseline_check(d->o.baseline, err, sizeof(err))) {
			fprintf(stderr, "bdops %s: cannot use baseline: %s\n", d->cmd, err);
			return EXIT_USAGE;
		}
	}
	return 0;
}

/* Is the unit at absolute path abs among r's units not analysed? */
static int listed_lost(const struct bd_result *r, const char *abs)
{
	char p[PATH_MAX];

	for (int i = 0; i < r->nlost; i++) {
		if (!r->lost[i].file)
			continue;
		if (!realpath(r->lost[i].file, p))
			bd_abspath(r->lost[i].file, p, sizeof(p));
		if (!strcmp(p, abs))
			return 1;
	}
	return 0;
}

/*
 * Run the frontend over d->args and collect every finding, unprinted.
 * Returns the result (the caller frees it), or NULL on a usage error with
 * *status set; *failed counts inputs that did not compile or wrote no
 * facts.  "bdops check", "review" and "fix" all come through here.
 */
struct bd_result *bd_drv_collect(struct drv *d, int *failed, int *status)
{
	struct run r = { .d = d };
	const char *tmp = getenv("TMPDIR");
	char err[512], abs[PATH_MAX];
	struct bd_result *res;
	int i;

	*failed = 0;
	*status = check_inputs(d);
	if (*status)
		return NULL;
	find_dirs(&r);
	snprintf(r.scratch, sizeof(r.scratch), "%s/bdops.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(r.scratch)) {
		fprintf(stderr, "bdops %s: cannot create a temporary directory: %s\n",
			d->cmd, strerror(errno));
		*status = EXIT_USAGE;
		return NULL;
	}
	r.facts = d->o.facts_dir ? d->o.facts_dir : r.scratch;
	if (d->o.facts_dir && bd_drv_mkdirs(d->o.facts_dir)) {
		fprintf(stderr, "bdops %s: cannot create '%s': %s\n", d->cmd, d->o.facts_dir,
			strerror(errno));
		remove_dir(r.scratch);
		*status = EXIT_USAGE;
		return NULL;
	}
	r.abs = bd_xcalloc(d->nargs, sizeof(*r.abs));
	r.found = bd_xcalloc(d->nargs, sizeof(*r.found));
	r.pids = bd_xcalloc(d->nargs, sizeof(*r.pids));
	r.ok = bd_xcalloc(d->nargs, sizeof(*r.ok));
	r.deadline = bd_xcalloc(d->nargs, sizeof(*r.deadline));
	r.timed_out = bd_xcalloc(d->nargs, sizeof(*r.timed_out));
	for (i = 0; i < d->nargs; i++) {
		if (!realpath(d->args[i], abs))
			bd_abspath(d->args[i], abs, sizeof(abs));
		r.abs[i] = bd_xstrdup(abs);
	}

	*failed = run_all(&r);
	res = d->result = bd_result_new();
	if (bd_facts_read_dir(r.facts, add_unit, &r, err, sizeof(err)) < 0) {
		fprintf(stderr, "bdops %s: %s\n", d->cmd, err);
		(*failed)++;
	}
	/* Several files checked together are one program: what only the
	 * whole shows (a bdev stored in one file, put in another).  A kept
	 * --facts-dir may hold other units; "bdops merge" is for those. */
	if (!d->o.facts_dir && d->nargs > 1 &&
	    bd_merge_analyze(res, r.facts, &d->o, err, sizeof(err))) {
		fprintf(stderr, "bdops %s: %s\n", d->cmd, err);
		(*failed)++;
	}
	for (i = 0; i < d->nargs; i++) {
		char why[256];

		if (!r.ok[i]) {
			/* its facts may have said so already ("incomplete") */
			if (listed_lost(res, r.abs[i]))
				continue;
			snprintf(why, sizeof(why), "%s was not analysed: the %s frontend failed on it",
				 d->args[i], d->frontend);
			bd_result_not_analysed(res, d->args[i], why);
		} else if (!r.found[i]) {
			fprintf(stderr, "bdops: %s: the %s frontend wrote no facts; nothing was "
				"analysed in it\n", d->args[i], d->frontend);
			snprintf(why, sizeof(why), "%s was not analysed: the %s frontend wrote no facts",
				 d->args[i], d->frontend);
			bd_result_not_analysed(res, d->args[i], why);
			(*failed)++;
		}
	}
	*failed += r.incomplete;

	remove_dir(r.scratch);
	for (i = 0; i < d->nargs; i++)
		free(r.abs[i]);
	free(r.abs);
	free(r.found);
	free(r.pids);
	free(r.ok);
	free(r.deadline);
	free(r.timed_out);
	return res;
}

int bd_drv_check(struct drv *d)
{
	struct bd_result *res;
	int failed, status;

	res = bd_drv_collect(d, &failed, &status);
	if (!res)
		return status;
	status = bd_drv_finish(d, res, failed);
	bd_result_free(res);
	return status;
}
