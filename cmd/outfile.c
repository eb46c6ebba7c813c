/* Output files replaced whole or not at all; see outfile.h. */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "outfile.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

struct output {
	FILE *file;   /* NULL: a free slot; stdout for -o */
	char *shown;  /* the path as given, for messages */
	char *target; /* the file replaced (a link followed) */
};
static struct output outputs[OUTFILE_MAX];
/* Each slot's temporary file, NULL when there is none: set once its name
 * is complete, cleared before it is renamed away or freed, and read by
 * the signal handler. */
static char *volatile temps[OUTFILE_MAX];

/* Removes the temporary files: at exit, and from a signal handler
 * (unlink is async-signal-safe).  A finished output has none. */
static void remove_temps(void)
{
	for (int i = 0; i < OUTFILE_MAX; i++) {
		char *temp = temps[i];
		if (temp)
			unlink(temp);
	}
}

static void on_signal(int sig)
{
	remove_temps();
	signal(sig, SIG_DFL);
	raise(sig); /* delivered as the handler returns: the usual status */
}

/* At the first temporary file: the exit and signals that end a run
 * remove what it leaves.  A signal with a disposition of its own
 * (ignored, or the tool's handler) keeps it. */
static void arm(void)
{
	static bool armed;
	static const int sigs[] = {SIGHUP,  SIGINT,  SIGPIPE,
				   SIGQUIT, SIGTERM, SIGXFSZ};
	if (armed)
		return;
	armed = true;
	atexit(remove_temps);
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction old, sa;
		if (sigaction(sigs[i], NULL, &old) != 0 ||
		    old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

_Noreturn static void cannot_create(const char *path, int err)
{
	util_warn("cannot create %s: %s", path, strerror(err));
	exit(EXIT_USAGE);
}

/* The mode a new file gets: 0666 less the umask (read once; the tools
 * set no umask of their own). */
static mode_t new_file_mode(void)
{
	static mode_t mode;
	static bool known;
	if (!known) {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
		known = true;
	}
	return mode;
}

/* "DIR/.NAME.XXXXXX" beside target, for mkstemp (NAME cut to keep the
 * whole within a file name's 255 bytes). */
static char *temp_name(const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t dir = slash ? (size_t)(slash - target) + 1 : 0;
	size_t base = strlen(target + dir);
	if (base > 240)
		base = 240;
	size_t size = dir + base + sizeof "..XXXXXX";
	char *name = malloc(size);
	if (!name)
		util_out_of_memory();
	snprintf(name, size, "%.*s.%.*s.XXXXXX", (int)dir, target, (int)base,
		 target + dir);
	return name;
}

static struct output *free_slot(void)
{
	for (int i = 0; i < OUTFILE_MAX; i++)
		if (!outputs[i].file)
			return &outputs[i];
	util_warn("more than %d output files", OUTFILE_MAX);
	exit(EXIT_USAGE);
}

static struct output *open_output(const char *option, const char *path)
{
	util_refuse_input(option, path);
	struct output *o = free_slot();
	int slot = (int)(o - outputs);
	struct stat st;
	/* A link is followed: its file is replaced, as writing would. */
	char *target = NULL;
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
		target = realpath(path, NULL);
	if (!target)
		target = util_xstrdup(path);
	bool exists = stat(target, &st) == 0;
	if (exists && S_ISDIR(st.st_mode))
		cannot_create(path, EISDIR);
	if (exists && !S_ISREG(st.st_mode)) {
		/* /dev/null, a pipe: nothing there to keep */
		o->file = fopen(path, "w");
		if (!o->file)
			cannot_create(path, errno);
	} else {
		/* Replacing is allowed where writing was. */
		if (exists && access(target, W_OK) != 0)
			cannot_create(path, errno);
		char *temp = temp_name(target);
		arm();
		int fd = mkstemp(temp);
		if (fd < 0)
			cannot_create(path, errno);
		temps[slot] = temp;
		if (fchmod(fd, exists ? st.st_mode & 07777 : new_file_mode()) !=
			    0 ||
		    !(o->file = fdopen(fd, "w")))
			cannot_create(path, errno);
	}
	o->shown = util_xstrdup(path);
	o->target = target;
	return o;
}

FILE *outfile_open(const char *option, const char *path)
{
	return open_output(option, path)->file;
}

void outfile_stdout(const char *option, const char *path)
{
	if (strcmp(path, "-") == 0)
		return;
	struct output *o = open_output(option, path);
	fflush(stdout);
	/* (With standard output closed, the file may be descriptor 1.) */
	if (fileno(o->file) != STDOUT_FILENO) {
		if (dup2(fileno(o->file), STDOUT_FILENO) < 0)
			cannot_create(path, errno);
		fclose(o->file);
	}
	o->file = stdout;
}

static void finish(struct output *o)
{
	int slot = (int)(o - outputs);
	if (o->file == stdout) {
		util_check_output();
	} else {
		bool bad = fflush(o->file) != 0 || ferror(o->file);
		int err = errno;
		if (fclose(o->file) != 0 && !bad) {
			bad = true;
			err = errno;
		}
		if (bad) {
			util_warn("%s: write error: %s", o->shown,
				  strerror(err ? err : EIO));
			exit(EXIT_USAGE);
		}
	}
	char *temp = temps[slot];
	if (temp && rename(temp, o->target) != 0) {
		util_warn("cannot replace %s: %s", o->shown, strerror(errno));
		exit(EXIT_USAGE);
	}
	temps[slot] = NULL;
	free(temp);
	free(o->shown);
	free(o->target);
	o->file = NULL;
}

void outfile_finish(FILE *f)
{
	for (int i = 0; i < OUTFILE_MAX; i++)
		if (outputs[i].file == f && f) {
			finish(&outputs[i]);
			return;
		}
}

void outfile_finish_all(void)
{
	util_check_output();
	for (int i = 0; i < OUTFILE_MAX; i++)
		if (outputs[i].file)
			finish(&outputs[i]);
}
