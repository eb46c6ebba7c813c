/* The tools' shared helpers; see util.h. */
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 and realpath */
#include "util.h"

#include "input.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

const char *util_progname = "oblique";

void util_init(const char *progname, char **argv)
{
	util_progname = progname;
	argv[0] = (char *)progname;
}

void util_help(const char *usage, const char *help)
{
	fputs(usage, stdout);
	fputs(help, stdout);
	util_check_output();
	exit(EXIT_OK);
}

void util_version(void)
{
	printf("%s %s\n", util_progname, OB_VERSION);
	util_check_output();
	exit(EXIT_OK);
}

void util_usage(const char *usage)
{
	fputs(usage, stderr);
	exit(EXIT_USAGE);
}

/* "prog: [file:line:col: ]message\n", the message escaped (see
 * util_put_escaped): diagnostics quote input. */
static void vwarn(const char *file, long line, long column, const char *fmt,
		  va_list ap)
{
	char small[1024], *message = small;
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	if (n >= (int)sizeof small) {
		char *big = malloc((size_t)n + 1);
		if (big) {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			message = big;
		}
	}
	va_end(again);
	fprintf(stderr, "%s: ", util_progname);
	if (file) {
		util_put_escaped(stderr, file, false);
		fprintf(stderr, ":%ld:%ld: ", line, column);
	}
	util_put_escaped(stderr, n < 0 ? fmt : message, false);
	fputc('\n', stderr);
	if (message != small)
		free(message);
}

void util_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn(NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void util_warn_at(const char *file, long line, long column, const char *fmt,
		  ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn(file, line, column, fmt, ap);
	va_end(ap);
}

bool util_fail_why(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return false;
}

void util_usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn(NULL, 0, 0, fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try '%s --help' for more information.\n",
		util_progname);
	exit(EXIT_USAGE);
}

void util_conflict(const char *a, const char *b)
{
	util_usage_error("%s cannot be combined with %s", a, b);
}

void util_needs(const char *a, const char *b)
{
	util_usage_error("%s needs %s", a, b);
}

void util_form_choose(struct util_form *f, int form, const char *name)
{
	if (f->name && f->form != form)
		util_conflict(f->name, name);
	f->name = name;
	f->form = form;
}

int util_choice(const char *option, const char *text,
		const char *const *names)
{
	char known[256] = "";
	size_t n = 0;
	for (int i = 0; names[i]; i++) {
		if (strcmp(text, names[i]) == 0)
			return i;
		if (n < sizeof known)
			n += (size_t)snprintf(known + n, sizeof known - n,
					      "%s%s", !i ? ""
						      : names[i + 1] ? ", "
								     : " or ",
					      names[i]);
	}
	util_usage_error("%s takes %s, not '%s'", option, known, text);
}

/* The files a run reads (none: standard input), kept to compare. */
static char *const *input_paths;
static int ninput_paths;

void util_inputs(char *const *paths, int npaths)
{
	input_paths = paths;
	ninput_paths = npaths;
}

/* Whether the input named path (- for standard input) is the regular
 * file out. */
static bool same_file(const char *path, const struct stat *out)
{
	struct stat st;
	int got = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st)
					 : stat(path, &st);
	return got == 0 && S_ISREG(st.st_mode) && st.st_dev == out->st_dev &&
	       st.st_ino == out->st_ino;
}

void util_refuse_input(const char *option, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	bool input = ninput_paths == 0 && same_file("-", &st);
	for (int i = 0; i < ninput_paths && !input; i++)
		input = same_file(input_paths[i], &st);
	if (input)
		util_usage_error("%s %s: that file is an input; it would be "
				 "overwritten",
				 option, path);
}

/* path's folder resolved, then its last name: "/srv/x" for "./x" in /srv;
 * false when the folder cannot be resolved. */
static bool resolved_name(const char *path, char *out, size_t size)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	char folder[4096], real[PATH_MAX];
	size_t n = slash ? (size_t)(slash - path) : 1;
	if (n >= sizeof folder)
		return false;
	memcpy(folder, slash ? path : ".", n);
	folder[n] = '\0';
	if (slash && n == 0)
		strcpy(folder, "/");
	if (!realpath(folder, real))
		return false;
	return (size_t)snprintf(out, size, "%s/%s", real, name) < size;
}

bool util_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	bool has_a = stat(a, &sa) == 0, has_b = stat(b, &sb) == 0;
	if (has_a || has_b)
		return has_a && has_b && sa.st_dev == sb.st_dev &&
		       sa.st_ino == sb.st_ino;
	char ra[PATH_MAX + 256], rb[PATH_MAX + 256];
	if (!resolved_name(a, ra, sizeof ra) ||
	    !resolved_name(b, rb, sizeof rb))
		return strcmp(a, b) == 0;
	return strcmp(ra, rb) == 0;
}

void util_out_of_memory(void)
{
	util_warn("out of memory");
	exit(EXIT_USAGE);
}

char *util_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);
	if (!p)
		util_out_of_memory();
	return memcpy(p, s, n);
}

/* The length of the character at s when it may be written as it is
 * (printable ASCII, tab, a line feed when lf, well-formed UTF-8 but the
 * C1 controls); else minus the length of what is to be replaced: a
 * control character, or an ill-formed part as ob_utf8_char finds it. */
static int shown_length(const char *s, bool lf)
{
	unsigned char c = (unsigned char)*s;
	int n = ob_utf8_char(s);
	/* C1 controls are U+0080 to U+009F: 0xc2 0x80 to 0xc2 0x9f */
	bool c1 = c == 0xc2 && n == 2 && (unsigned char)s[1] < 0xa0;
	if ((c < 0x20 && c != '\t' && !(lf && c == '\n')) || c == 0x7f || c1)
		return -n;
	return n;
}

void util_put_markup(FILE *f, const char *s)
{
	while (*s) {
		int n = shown_length(s, true);
		if (n < 0)
			fputs("&#xfffd;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else
			fwrite(s, 1, (size_t)n, f);
		s += n < 0 ? -n : n;
	}
}

void util_put_escaped(FILE *f, const char *s, bool lines)
{
	while (*s) {
		int n = shown_length(s, lines);
		for (int k = 0; k < -n; k++)
			fprintf(f, "\\x%02x", (unsigned char)s[k]);
		if (n > 0)
			fwrite(s, 1, (size_t)n, f);
		s += n < 0 ? -n : n;
	}
}

bool util_parse_long(const char *text, long min, long max, long *out)
{
	char *end;
	if (!text || !*text || *text == ' ' || *text == '+')
		return false;
	errno = 0;
	long x = strtol(text, &end, 10);
	if (errno || *end || x < min || x > max)
		return false;
	*out = x;
	return true;
}

const char *util_known_variants(void)
{
	static char known[512];
	if (!known[0]) {
		size_t n = (size_t)snprintf(known, sizeof known, "known:");
		const struct ob_variant *const *all = ob_variants();
		for (int i = 0; all[i] && n < sizeof known; i++)
			n += (size_t)snprintf(known + n, sizeof known - n, "%s %s",
					      i ? "," : "", all[i]->name);
	}
	return known;
}

const struct ob_variant *util_variant(const char *name)
{
	const struct ob_variant *v = ob_variant_find(name);
	if (!v)
		util_usage_error("unknown variant '%s' (%s)", name,
				 util_known_variants());
	return v;
}

/* ---- progress on a terminal ---- */

static struct {
	bool enabled, shown;
	const char *things;
	struct timespec start, last;
	long count;
} progress;

static double seconds_between(const struct timespec *a,
			      const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void util_progress_start(const char *things, bool quiet)
{
	progress.enabled = !quiet && isatty(STDERR_FILENO);
	progress.things = things;
	progress.count = 0;
	clock_gettime(CLOCK_MONOTONIC, &progress.start);
}

void util_progress_clear(void)
{
	if (progress.shown)
		fputs("\r\033[K", stderr);
	progress.shown = false;
}

void util_progress_tick(void)
{
	progress.count++;
	if (!progress.enabled || progress.count % 256)
		return;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (seconds_between(&progress.start, &now) < 1 ||
	    (progress.shown && seconds_between(&progress.last, &now) < 0.25))
		return;
	progress.last = now;
	progress.shown = true;
	fprintf(stderr, "\r%s: %ld %s", util_progname, progress.count,
		progress.things);
}

bool util_reader_open(struct line_reader *r, const char *path)
{
	r->lineno = 0;
	r->len = 0;
	r->too_long = false;
	r->line = r->buf;
	if (strcmp(path, "-") == 0) {
		r->file = stdin;
		r->name = "<stdin>";
		r->owns_file = false;
		return true;
	}
	r->name = path;
	r->owns_file = true;
	r->file = fopen(path, "rb");
	if (!r->file) {
		util_warn("%s: %s", path, strerror(errno));
		return false;
	}
	return true;
}

int util_reader_next(struct line_reader *r)
{
	size_t n = 0;
	int c = EOF;
	bool any = false;
	r->too_long = false;
	while ((c = getc(r->file)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (n < UTIL_LINE_MAX)
			r->buf[n++] = (char)c;
		else
			r->too_long = true;
	}
	if (ferror(r->file)) {
		util_warn("%s: read error: %s", r->name, strerror(errno));
		return -1;
	}
	if (!any)
		return 0;
	if (n > 0 && r->buf[n - 1] == '\r' && !r->too_long)
		n--;
	r->buf[n] = '\0';
	r->line = r->buf;
	r->lineno++;
	if (r->lineno == 1 && n >= 3 && memcmp(r->buf, "\xef\xbb\xbf", 3) == 0) {
		r->line += 3;
		n -= 3;
	}
	r->len = n;
	return 1;
}

void util_reader_close(struct line_reader *r)
{
	if (r->owns_file && r->file)
		fclose(r->file);
	r->file = NULL;
}

void util_check_output(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return;
	if (errno == EPIPE)
		exit(EXIT_USAGE);
	util_warn("write error: %s", strerror(errno));
	exit(EXIT_USAGE);
}

/* How the lines of one input are read: as plain lines, or as position
 * lines that follow #variant directives. */
struct line_mode {
	bool skip_comments;
	util_line_fn *line;  /* plain */
	util_input_fn *each; /* positions */
	util_switch_fn *switch_to;
	const struct ob_variant *variant; /* -V's */
	void *arg;
	const struct ob_variant *told; /* the one the tool reads in now */
	long inputs;                    /* inputs opened so far */
};

/* Follows a change of variant; false when the tool refuses it. */
static bool switch_variant(const struct line_mode *m, struct input_at *at,
			   const struct ob_variant *v)
{
	if (v == at->variant)
		return true;
	if (m->switch_to && !m->switch_to(at, v, m->arg))
		return false;
	at->variant = v;
	return true;
}

/* A #variant line: the lines after it are read in its variant, or skipped
 * (*skip) when it names none or the tool cannot follow. */
static bool directive(const struct line_mode *m, struct input_at *at,
		      const char *line, size_t name, size_t n, bool *skip)
{
	char text[64];
	const struct ob_variant *v = NULL;
	if (n > 0 && n < sizeof text) {
		memcpy(text, line + name, n);
		text[n] = '\0';
		v = ob_variant_find(text);
	}
	*skip = true;
	if (!v) {
		util_warn_at(at->file, at->lineno, (long)name + 1,
			     "%s variant '%.*s' (%s); the lines up to the "
			     "next #variant are skipped",
			     n ? "unknown" : "#variant without a", (int)n,
			     line + name, util_known_variants());
		return false;
	}
	if (!switch_variant(m, at, v))
		return false;
	at->named = true;
	*skip = false;
	return true;
}

static int each_line_of(const char *path, struct line_mode *m)
{
	/* The reader holds a whole line: keep it off the stack. */
	struct line_reader *r = malloc(sizeof *r);
	int status = EXIT_OK, got;
	bool skip = false;
	if (!r) {
		util_warn("out of memory");
		return EXIT_USAGE;
	}
	if (!util_reader_open(r, path)) {
		free(r);
		return EXIT_USAGE;
	}
	struct input_at at = {r->name, 0, m->told, false, ++m->inputs};
	while ((got = util_reader_next(r)) > 0) {
		at.lineno = r->lineno;
		if (r->too_long) {
			util_warn_at(r->name, r->lineno, UTIL_LINE_MAX + 1,
				     "line longer than %d bytes", UTIL_LINE_MAX);
			status = EXIT_INVALID;
			continue;
		}
		size_t name, n;
		bool is_directive = m->each && input_is_directive(
						       r->line, r->len, &name, &n);
		/* A file starts in -V's variant. */
		if (m->each && r->lineno == 1 && !is_directive &&
		    !switch_variant(m, &at, m->variant)) {
			status = EXIT_INVALID;
			skip = true;
		}
		if (is_directive && !directive(m, &at, r->line, name, n, &skip))
			status = EXIT_INVALID;
		if (m->skip_comments && input_is_comment(r->line, r->len))
			continue;
		if (skip)
			continue;
		if (m->each ? !m->each(&at, r->line, r->len, m->arg)
			    : !m->line(r->name, r->lineno, r->line, r->len,
				       m->arg))
			status = EXIT_INVALID;
	}
	if (got < 0)
		status = EXIT_USAGE;
	util_reader_close(r);
	free(r);
	m->told = at.variant;
	return status;
}

static int each_path(char *const *paths, int npaths, struct line_mode *m)
{
	if (npaths == 0)
		return each_line_of("-", m);
	int status = EXIT_OK;
	for (int i = 0; i < npaths; i++) {
		int s = each_line_of(paths[i], m);
		if (s > status)
			status = s;
	}
	return status;
}

int util_each_line(char *const *paths, int npaths, bool skip_comments,
		   util_line_fn *each, void *arg)
{
	struct line_mode m = {skip_comments, each, NULL, NULL, NULL, arg, NULL,
			      0};
	return each_path(paths, npaths, &m);
}

int util_each_input(char *const *paths, int npaths,
		    const struct ob_variant *variant, util_input_fn *each,
		    util_switch_fn *switch_to, void *arg)
{
	struct line_mode m = {true, NULL, each, switch_to, variant, arg,
			      variant, 0};
	return each_path(paths, npaths, &m);
}

int util_jobs(const char *arg)
{
	long jobs;
	if (!util_parse_long(arg, 1, UTIL_JOBS_MAX, &jobs))
		util_usage_error("--jobs takes a thread count from 1 to %d, "
				 "not '%s'",
				 UTIL_JOBS_MAX, arg);
	return (int)jobs;
}
