/* Running --compare's other generator and reading its divide; see
 * engine.h. */
#define _GNU_SOURCE
#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "notation.h"

/* The most output read from one run: a divide is a few kilobytes. */
#define OUTPUT_MAX (16u << 20)

static bool fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return false;
}

static double clock_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static _Noreturn void run_child(int out, const char *script, int depth,
				const char *position, const char *moves)
{
	char d[16];
	int null = open("/dev/null", O_RDONLY);
	setpgid(0, 0);
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

/* Runs the command; its output in *buf (the caller frees it). */
static bool run(const char *cmd, long timeout, int depth, const char *position,
		const char *moves, char **buf, char *why, size_t whylen)
{
	size_t n = strlen(cmd);
	char *script = malloc(n + 8);
	int fds[2];
	if (!script)
		return fail(why, whylen, "out of memory");
	memcpy(script, cmd, n);
	memcpy(script + n, " \"$@\"", 6);
	if (pipe(fds) != 0) {
		free(script);
		return fail(why, whylen, "cannot make a pipe: %s",
			    strerror(errno));
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		free(script);
		close(fds[0]);
		close(fds[1]);
		return fail(why, whylen, "cannot start it: %s",
			    strerror(errno));
	}
	if (pid == 0) {
		close(fds[0]);
		run_child(fds[1], script, depth, position, moves);
	}
	free(script);
	setpgid(pid, pid); /* also in the child: whichever runs first */
	close(fds[1]);
	long got = read_all(fds[0], timeout > 0 ? clock_now() + (double)timeout
						: 0, buf);
	close(fds[0]);
	if (got < 0) /* the command and whatever it started */
		kill(-pid, SIGKILL);
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (got == -1)
		return fail(why, whylen, "no answer within %ld s", timeout);
	if (got == -2)
		return fail(why, whylen, "more than %u MiB of output, or out "
			    "of memory", OUTPUT_MAX >> 20);
	if (WIFSIGNALED(status))
		return fail(why, whylen, "killed by signal %d (%s)",
			    WTERMSIG(status), strsignal(WTERMSIG(status)));
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
	if (code > 128 && code < 128 + 65) /* the shell's word for a signal */
		return fail(why, whylen, "exited with status %d (killed by "
			    "signal %d: %s)", code, code - 128,
			    strsignal(code - 128));
	if (code != 0)
		return fail(why, whylen, "exited with status %d", code);
	return true;
}

/* The whole of s is a decimal count. */
static bool count_of(const char *s, uint64_t *out)
{
	uint64_t x = 0;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		unsigned digit = (unsigned)(*s - '0');
		if (x > (UINT64_MAX - digit) / 10)
			return false;
		x = x * 10 + digit;
	}
	*out = x;
	return true;
}

/* 'N', 'total N' or 'Nodes searched: N'. */
static bool total_of(const char *line, uint64_t *out)
{
	if (strncmp(line, "total ", 6) == 0)
		line += 6;
	else if (strncmp(line, "Nodes searched: ", 16) == 0)
		line += 16;
	return count_of(line, out);
}

static bool add_move(struct their_divide *d, const struct their_move *m)
{
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 128;
		struct their_move *p = realloc(d->moves, (size_t)cap * sizeof *p);
		if (!p)
			return false;
		d->moves = p;
		d->cap = cap;
	}
	d->moves[d->n++] = *m;
	return true;
}

/* 'MOVE COUNT' or 'MOVE: COUNT' into m (move resolved against pos). */
static bool move_line(const struct ob_position *pos, char *line,
		      struct their_move *m)
{
	char *gap = strrchr(line, ' ');
	if (!gap || !count_of(gap + 1, &m->count))
		return false;
	while (gap > line && gap[-1] == ' ')
		gap--;
	if (gap > line && gap[-1] == ':')
		gap--;
	*gap = '\0';
	if (!*line || strchr(line, ' '))
		return false;
	size_t len = strlen(line);
	snprintf(m->text, sizeof m->text, "%s", line);
	struct ob_error err;
	m->reason[0] = '\0';
	if (notation_read(pos, line, len, &m->move, &err) != OB_OK) {
		m->move = OB_MOVE_NONE;
		snprintf(m->reason, sizeof m->reason, "%s", err.message);
	}
	return true;
}

/* Reads the divide in buf (changed in place). */
static bool parse(char *buf, const struct ob_position *pos,
		  struct their_divide *out, char *why, size_t whylen)
{
	long lineno = 0;
	bool have_total = false;
	for (char *line = buf, *next; *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		lineno++;
		size_t len = strlen(line);
		while (len > 0 && (line[len - 1] == '\r' ||
				   line[len - 1] == ' ' || line[len - 1] == '\t'))
			line[--len] = '\0';
		for (char *c = line; *c; c++)
			if (*c == '\t')
				*c = ' ';
		if (len == 0)
			continue;
		if (!have_total && total_of(line, &out->total)) {
			have_total = true;
			continue;
		}
		struct their_move m;
		m.line = lineno;
		char copy[96];
		snprintf(copy, sizeof copy, "%s", line);
		if (have_total || !move_line(pos, line, &m))
			return fail(why, whylen, "output line %ld '%.60s': %s",
				    lineno, copy,
				    have_total ? "nothing may follow the total"
					       : "expected 'MOVE COUNT', "
						 "'MOVE: COUNT' or the total");
		if (!add_move(out, &m))
			return fail(why, whylen, "out of memory");
	}
	if (!have_total)
		return fail(why, whylen, "no total after the moves (%ld output "
			    "lines)", lineno);
	uint64_t sum = 0;
	for (int i = 0; i < out->n; i++)
		sum += out->moves[i].count;
	if (sum != out->total)
		return fail(why, whylen, "the total %llu is not the sum of the "
			    "moves' counts, %llu",
			    (unsigned long long)out->total,
			    (unsigned long long)sum);
	return true;
}

bool engine_divide(const char *cmd, long timeout, int depth,
		   const char *position, const char *moves,
		   const struct ob_position *pos, struct their_divide *out,
		   char *why, size_t whylen)
{
	char *buf = NULL;
	out->n = 0;
	out->total = 0;
	bool ok = run(cmd, timeout, depth, position, moves, &buf, why, whylen) &&
		  parse(buf, pos, out, why, whylen);
	free(buf);
	return ok;
}

void engine_divide_free(struct their_divide *d)
{
	free(d->moves);
	d->moves = NULL;
	d->n = d->cap = 0;
}
