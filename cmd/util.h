/*
 * What every tool shares: diagnostics that name the program, file, line
 * and column; a bounded line reader that never loses the rest of the input;
 * checked output; option parsing helpers; allocation that exits when out
 * of memory.
 */
#ifndef OB_CMD_UTIL_H
#define OB_CMD_UTIL_H

#include <stdbool.h>
#include <stdio.h>

#include "oblique.h"

#if defined(__GNUC__)
#define UTIL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define UTIL_PRINTF(a, b)
#endif

/* Exit statuses of every tool (spec section 8). */
enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

/* The longest input line a tool accepts; longer ones are reported and
 * skipped whole. */
#define UTIL_LINE_MAX 65536

extern const char *util_progname;
/* Names the program in every message, getopt's included (argv[0]). */
void util_init(const char *progname, char **argv);
/* --help: usage and help text on stdout, exit 0. */
_Noreturn void util_help(const char *usage, const char *help);
/* --version: "prog VERSION" on stdout, exit 0. */
_Noreturn void util_version(void);
/* An unknown option (getopt has said which): the usage on stderr, exit 2. */
_Noreturn void util_usage(const char *usage);

/* "prog: message" on stderr. */
void util_warn(const char *fmt, ...) UTIL_PRINTF(1, 2);
/* "prog: file:line:col: message" on stderr. */
void util_warn_at(const char *file, long line, long column, const char *fmt,
		  ...) UTIL_PRINTF(4, 5);
/* Writes the reason into why (whylen bytes) and returns false: for a
 * function that fails with a reason for its caller's diagnostic. */
bool util_fail_why(char *why, size_t whylen, const char *fmt, ...)
	UTIL_PRINTF(3, 4);
/* A usage error: the message, a hint to --help, exit 2. */
_Noreturn void util_usage_error(const char *fmt, ...) UTIL_PRINTF(1, 2);
/* Options a tool does not honour together: "A cannot be combined with B",
 * or with needs set "A needs B"; a usage error either way.  Every tool
 * refuses such a combination rather than ignore one of the two. */
_Noreturn void util_conflict(const char *a, const char *b);
_Noreturn void util_needs(const char *a, const char *b);
/*
 * A run's output form is one choice, whichever options make it (--format,
 * --json, --check, --partial, ...): util_form_choose() records the form
 * and the option that chose it, as messages name it ("--format text");
 * another option choosing another form is a usage error naming both,
 * the same form twice is not.  Start from {0}: no form chosen, name NULL.
 */
struct util_form {
	const char *name;
	int form;
};
void util_form_choose(struct util_form *f, int form, const char *name);
/* The index of text in names (NULL-terminated), or a usage error naming
 * the option and the choices: --format, --layout. */
int util_choice(const char *option, const char *text,
		const char *const *names);

/* "prog: out of memory" on stderr, exit 2. */
_Noreturn void util_out_of_memory(void);
/* A copy of s, or util_out_of_memory(). */
char *util_xstrdup(const char *s);

/* The thread count of -j/--jobs, from 1 to UTIL_JOBS_MAX, or a usage
 * error naming the option. */
#define UTIL_JOBS_MAX 256
int util_jobs(const char *arg);
/* Writes s as text of XML or HTML, in an element or a quoted attribute:
 * '<', '>', '&' and '"' escaped, UTF-8 kept, control characters (but tab
 * and line feed), DEL and each ill-formed UTF-8 part (ob_utf8_char) as
 * U+FFFD. */
void util_put_markup(FILE *f, const char *s);

/* Writes s for a terminal, as every diagnostic that quotes input must:
 * printable ASCII, tab and well-formed UTF-8 as they are, any other
 * byte (control characters such as ESC, DEL, C1 controls, ill-formed
 * UTF-8) as \xHH, so that input can neither move the cursor nor clear or retitle
 * the terminal.  With lines, line feeds are kept (a buffer of whole
 * diagnostics).  util_warn, util_warn_at and util_usage_error write
 * their messages so. */
void util_put_escaped(FILE *f, const char *s, bool lines);

/* Parses a whole decimal number in [min, max]; false if it is not one. */
bool util_parse_long(const char *text, long min, long max, long *out);
/* The variant named by -V, or a usage error naming the known ones. */
const struct ob_variant *util_variant(const char *name);

/*
 * Output files never overwrite input: util_inputs() keeps (not copies:
 * argv lives on) the paths of the files a
 * run reads (the paths, or standard input when there are none); then
 * util_refuse_input() is a usage error when path is one of them (the same
 * device and inode; only regular files count).  option names the option
 * that gave path, for the message.
 */
void util_inputs(char *const *paths, int npaths);
void util_refuse_input(const char *option, const char *path);
/* Whether paths a and b name the same file: the same device and inode
 * when both exist, the same name in the same folder when neither does. */
bool util_same_file(const char *a, const char *b);

/*
 * Reads lines of at most UTIL_LINE_MAX bytes.  A longer line is consumed
 * to its end and returned truncated with too_long set.  LF and CRLF ends
 * are removed; a UTF-8 byte-order mark before the first line is skipped.
 */
struct line_reader {
	FILE *file;
	const char *name; /* for diagnostics: the path, or "<stdin>" */
	char *line;
	size_t len;
	long lineno;
	bool too_long;
	bool owns_file;
	char buf[UTIL_LINE_MAX + 1];
};
/* Opens path ("-" is stdin); on failure warns and returns false. */
bool util_reader_open(struct line_reader *r, const char *path);
/* 1: a line was read; 0: end of input; -1: read error (warned). */
int util_reader_next(struct line_reader *r);
void util_reader_close(struct line_reader *r);

/*
 * Where a line of input stands, and the variant it is read in: the tool's
 * (-V) until a "#variant NAME" line, that one's to the next directive or
 * the end of the file (ofen(5)).
 */
struct input_at {
	const char *file;
	long lineno;
	const struct ob_variant *variant;
	bool named;  /* variant named by a #variant line of this input */
	long input;  /* 1 for the first input read, 2 for the next, ... */
};
typedef bool util_input_fn(const struct input_at *at, const char *line,
			   size_t len, void *arg);
/* The variant in force changes to v (at a directive, or back to the
 * tool's at the next file); false when the tool cannot follow (it has
 * said why): the lines are then skipped up to the next directive. */
typedef bool util_switch_fn(const struct input_at *at,
			    const struct ob_variant *v, void *arg);

/*
 * Calls each(at, line, len, arg) for every line of position input (the
 * paths, or standard input when there are none), as util_each_line does
 * with skip_comments, and follows "#variant NAME" lines: switch_to (may
 * be NULL) hears of each change.  An unknown name is reported at its
 * column and the lines up to the next directive are skipped.  Returns
 * the exit status as util_each_line does.
 */
int util_each_input(char *const *paths, int npaths,
		    const struct ob_variant *variant, util_input_fn *each,
		    util_switch_fn *switch_to, void *arg);

/*
 * Calls each(file, lineno, line, len, arg) for every line of every input
 * (the paths, or standard input when there are none), skipping blank lines
 * and lines starting with '#' when skip_comments, and reporting lines
 * longer than UTIL_LINE_MAX.  each returns false for an invalid line.
 * Returns the exit status: 0, 1 if a line was invalid, 2 if an input
 * could not be read.
 */
typedef bool util_line_fn(const char *file, long lineno, const char *line,
			  size_t len, void *arg);
int util_each_line(char *const *paths, int npaths, bool skip_comments,
		   util_line_fn *each, void *arg);

/* "known: oblique, raumschach, ..." for messages about variant names. */
const char *util_known_variants(void);

/*
 * A count of work done, shown on standard error as "prog: N things" when
 * it is a terminal, from one second into the run, at most four times a
 * second; util_progress_clear() erases the line before other messages.
 */
void util_progress_start(const char *things, bool quiet);
void util_progress_tick(void);
void util_progress_clear(void);

/* Flushes stdout; on a write error says so and exits 2 (a closed pipe
 * exits 2 quietly).  Call after each record and before exiting. */
void util_check_output(void);

#endif
