/* Running --compare's other generator and reading its divide; see
 * engine.h. */
#define _GNU_SOURCE
#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "util.h"

/* The most output read from one run: a divide is a few kilobytes. */
#define OUTPUT_MAX (16u << 20)

/* clock_gettime and nanosleep are async-signal-safe: the signal handler
 * below waits with them. */
static double clock_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void nap(double seconds)
{
	struct timespec t;
	t.tv_sec = (time_t)seconds;
	t.tv_nsec = (long)((seconds - (double)t.tv_sec) * 1e9);
	nanosleep(&t, NULL);
}

/* ---- the process group ---- */

/*
 * Linux: the processes the command leaves behind become ob-perft's
 * children when their parent ends, not init's, so that the group can be
 * waited for to its last member, and its ID stays reserved until then.
 * Elsewhere the group is watched with kill(-pgid, 0).
 */
static bool adopted;

static void adopt_orphans(void)
{
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	static bool asked;
	if (!asked)
		adopted = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
	asked = true;
#endif
}

/*
 * Ends the process group pgid, whose leader (ob-perft's child) is not yet
 * reaped (so that the ID cannot be another group's): SIGTERM to every
 * member, SIGKILL to those left after ENGINE_GRACE_SECONDS.  Returns when
 * the group is gone, with the leader's wait status in *status.  Only
 * async-signal-safe calls: the signal handler ends a group too.
 */
static void end_group(pid_t pgid, int *status)
{
	double deadline = clock_now() + ENGINE_GRACE_SECONDS;
	bool killed = false, reaped = false;
	int st;
	kill(-pgid, SIGTERM);
	for (;;) {
		pid_t got = waitpid(-pgid, &st, WNOHANG);
		if (got == pgid) {
			*status = st;
			reaped = true;
		}
		if (got > 0 || (got < 0 && errno == EINTR))
			continue;
		if (got < 0) /* none of the group is ob-perft's child */
			break;
		if (!killed && clock_now() >= deadline) {
			kill(-pgid, SIGKILL);
			killed = true;
		}
		nap(0.002);
	}
	if (!reaped) { /* it never became a group (setpgid failed) */
		kill(pgid, SIGKILL);
		while (waitpid(pgid, status, 0) < 0 && errno == EINTR)
			;
	}
	if (adopted) {
		/* Orphans that left the group (setsid) and have ended. */
		while (waitpid(-1, &st, WNOHANG) > 0)
			;
		return;
	}
	/* The leader is reaped; members it left are init's.  (Their group
	 * keeps its ID while any of them lives.) */
	while (kill(-pgid, 0) == 0 && clock_now() < deadline)
		nap(0.002);
	if (kill(-pgid, 0) == 0)
		kill(-pgid, SIGKILL);
}

/* Has the leader exited?  Waits for it until deadline (0: for ever),
 * and leaves it unreaped, its group ID reserved for end_group. */
static bool leader_exited(pid_t pid, double deadline)
{
	double pause = 0.001;
	for (;;) {
		siginfo_t info;
		memset(&info, 0, sizeof info);
		int flags = WEXITED | WNOWAIT | (deadline > 0 ? WNOHANG : 0);
		if (waitid(P_PID, (id_t)pid, &info, flags) < 0) {
			if (errno == EINTR)
				continue;
			return true; /* cannot be waited for: not there */
		}
		if (info.si_pid == pid)
			return true;
		double left = deadline - clock_now();
		if (left <= 0)
			return false;
		nap(pause < left ? pause : left);
		if (pause < 0.05)
			pause *= 2;
	}
}

/* ---- signals that end ob-perft while the command runs ---- */

static const int ending_signals[] = {SIGHUP, SIGINT, SIGTERM};
enum { NENDING = sizeof ending_signals / sizeof *ending_signals };

/* The running command's process group, or 0. */
static volatile sig_atomic_t running_group;

static void on_ending_signal(int sig)
{
	pid_t pgid = (pid_t)running_group;
	if (pgid > 0) {
		int status;
		end_group(pgid, &status);
	}
	/* Ended by the same signal: the status a shell expects.  It is
	 * blocked in here, so it arrives as the handler returns. */
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Catches the ending signals (but those ignored, as in a background
 * job); the dispositions before into saved. */
static void catch_ending_signals(struct sigaction saved[NENDING])
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_ending_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < NENDING; i++)
		sigaddset(&sa.sa_mask, ending_signals[i]);
	for (int i = 0; i < NENDING; i++) {
		sigaction(ending_signals[i], NULL, &saved[i]);
		if (saved[i].sa_handler != SIG_IGN)
			sigaction(ending_signals[i], &sa, NULL);
	}
}

static void restore_signals(const struct sigaction saved[NENDING])
{
	for (int i = 0; i < NENDING; i++)
		sigaction(ending_signals[i], &saved[i], NULL);
}

/* ---- one run ---- */

static _Noreturn void run_child(int out, const char *script, int depth,
				const char *position, const char *moves,
				const struct sigaction saved[NENDING],
				const sigset_t *mask)
{
	char d[16];
	int null = open("/dev/null", O_RDONLY);
	setpgid(0, 0);
	restore_signals(saved);
	pthread_sigmask(SIG_SETMASK, mask, NULL);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		close(null);
	}
	dup2(out, STDOUT_FILENO);
	close(out);
	snprintf(d, sizeof d, "%d", depth);
	execl("/bin/sh", "sh", "-c", script, "sh", d, position, moves,
	      (char *)NULL);
	_exit(127);
}

/* Reads the child's output into a growing buffer until it closes the pipe
 * or the deadline (0: none) passes; -1 on a time-out, -2 on too much
 * output or no memory, else the length. */
static long read_all(int fd, double deadline, char **buf)
{
	size_t len = 0, cap = 0;
	*buf = NULL;
	for (;;) {
		struct pollfd p = {fd, POLLIN, 0};
		int wait_ms = -1;
		if (deadline > 0) {
			double left = deadline - clock_now();
			if (left <= 0)
				return -1;
			wait_ms = (int)(left * 1000) + 1;
		}
		int r = poll(&p, 1, wait_ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			return -1;
		if (len + 4096 + 1 > cap) {
			if (cap >= OUTPUT_MAX)
				return -2;
			cap = cap ? 2 * cap : 65536;
			char *b = realloc(*buf, cap);
			if (!b)
				return -2;
			*buf = b;
		}
		ssize_t n = read(fd, *buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	if (!*buf && !(*buf = malloc(1)))
		return -2;
	(*buf)[len] = '\0';
	return (long)len;
}

/* What the command's wait status says, when it is a failure. */
static bool failed_status(int status, const char *cmd, char *why,
			  size_t whylen)
{
	if (WIFSIGNALED(status))
		return util_fail_why(why, whylen, "killed by signal %d (%s)",
			    WTERMSIG(status), strsignal(WTERMSIG(status)));
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
	if (code == 127 || code == 126)
		return util_fail_why(why, whylen, "exited with status %d, the shell's "
			    "status for a command %s (--compare '%s')", code,
			    code == 127 ? "not found" : "that cannot be run",
			    cmd);
	if (code > 128 && code < 128 + 65) /* the shell's word for a signal */
		return util_fail_why(why, whylen, "exited with status %d (killed by "
			    "signal %d: %s)", code, code - 128,
			    strsignal(code - 128));
	if (code != 0)
		return util_fail_why(why, whylen, "exited with status %d", code);
	return true;
}

/* Runs the command; its output in *buf (the caller frees it), its
 * length in *len. */
static bool run(const char *cmd, long timeout, int depth, const char *position,
		const char *moves, char **buf, long *len, char *why,
		size_t whylen)
{
	size_t n = strlen(cmd);
	char *script = malloc(n + 8);
	int fds[2];
	*buf = NULL;
	if (!script)
		return util_fail_why(why, whylen, "out of memory");
	memcpy(script, cmd, n);
	memcpy(script + n, " \"$@\"", 6);
	if (pipe(fds) != 0) {
		free(script);
		return util_fail_why(why, whylen, "cannot make a pipe: %s",
			    strerror(errno));
	}
	adopt_orphans();
	/* The ending signals wait until the child's group is known. */
	sigset_t ending, mask;
	sigemptyset(&ending);
	for (int i = 0; i < NENDING; i++)
		sigaddset(&ending, ending_signals[i]);
	pthread_sigmask(SIG_BLOCK, &ending, &mask);
	struct sigaction saved[NENDING];
	catch_ending_signals(saved);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		run_child(fds[1], script, depth, position, moves, saved, &mask);
	}
	if (pid > 0) {
		setpgid(pid, pid); /* also in the child: whichever runs first */
		running_group = pid;
	}
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
	free(script);
	close(fds[1]);
	if (pid < 0) {
		int e = errno;
		restore_signals(saved);
		close(fds[0]);
		return util_fail_why(why, whylen, "cannot start it: %s", strerror(e));
	}
	double deadline = timeout > 0 ? clock_now() + (double)timeout : 0;
	*len = read_all(fds[0], deadline, buf);
	close(fds[0]);
	bool exited = *len >= 0 && leader_exited(pid, deadline);
	int status = 0;
	end_group(pid, &status);
	pthread_sigmask(SIG_BLOCK, &ending, NULL);
	running_group = 0;
	restore_signals(saved);
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
	if (*len == -1)
		return util_fail_why(why, whylen, "no answer within %ld s", timeout);
	if (*len == -2)
		return util_fail_why(why, whylen, "more than %u MiB of output, or out "
			    "of memory", OUTPUT_MAX >> 20);
	if (!exited)
		return util_fail_why(why, whylen, "its output ended, but it had not "
			    "exited within %ld s", timeout);
	return failed_status(status, cmd, why, whylen);
}

bool engine_divide(const char *cmd, long timeout, int depth,
		   const char *position, const char *moves,
		   const struct ob_position *pos, struct their_divide *out,
		   char *why, size_t whylen)
{
	char *buf;
	long len;
	out->n = 0;
	out->total = 0;
	bool ok = run(cmd, timeout, depth, position, moves, &buf, &len, why,
		      whylen) &&
		  their_divide_read(buf, (size_t)len, pos, out, why, whylen);
	free(buf);
	return ok;
}
