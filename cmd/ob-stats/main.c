/*
 * ob-stats: figures over whole OGN collections: results and how games
 * end, game lengths, the work of each piece kind, branching factor, level
 * activity, destination cells and opening frequencies; overall or per
 * value of a tag.  Partial states (--partial) merge exactly (--merge).
 *
 * Every figure is an exact count kept per group; a report is computed
 * from the counts only, so a run over all games, a run with threads and
 * a merge of partials give the same bytes.  Memory is bounded by the
 * number of groups, the distinct openings and the longest game: game
 * lengths are kept as a histogram, not a list.
 *
 * With -j N the main thread reads games into batches that worker threads
 * check and count, each into its own figures; the figures are added at
 * the end and the batches' diagnostics are printed in input order.
 *
 * This file holds the options and the reading of the input; tally.c
 * counts the games, report.c (with table.c) writes the report, partial.c
 * the partial states.
 */
#define _GNU_SOURCE
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "oblique.h"
#include "partial.h"
#include "pool.h"
#include "report.h"
#include "tally.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-stats [-q] [-b tag] [-f format | --partial] [-j threads]\n"
	"                [-o file] [-V variant] [--cells file] [--openings plies]\n"
	"                [--top n] [file ...]\n"
	"       ob-stats --merge [-b tag] [-f format | --partial] [-o file]\n"
	"                [-V variant] [--cells file] [--openings plies]\n"
	"                [--top n] [partial ...]\n";

static const char help_text[] =
	"Replay the games of OGN collections (standard input when none, or -)\n"
	"and report figures over the valid ones: results, terminations,\n"
	"length in plies, the moves of each piece kind, branching factor,\n"
	"level activity and, on request, the most frequent openings.  Invalid\n"
	"games are reported as ob-validate reports them and left out.\n"
	"\n"
	"  -b, --by TAG        one report per value of the tag (\"?\" when a\n"
	"                      game lacks it), in byte order of the values\n"
	"      --cells FILE    write 'CELL COUNT' lines (moves ending on each\n"
	"                      cell of the -V variant's board) to FILE; with -\n"
	"                      to standard output instead of the report\n"
	"  -f, --format FMT    the report as text (the default), json (one\n"
	"                      document) or tsv (tab-separated tables)\n"
	"  -h, --help          print this help and exit\n"
	"  -j, --jobs N        check games on N threads (default 1)\n"
	"      --json          the same as --format json\n"
	"      --merge         read partial states (from --partial) instead of\n"
	"                      games and report on all their games together\n"
	"  -o, --output FILE   write to FILE instead of standard output\n"
	"      --openings N    count the sequences of the first N plies\n"
	"      --partial       write a mergeable state (JSON), not the report\n"
	"  -q, --quiet         no progress on a terminal's standard error\n"
	"      --top K         show the K most frequent openings (default 10;\n"
	"                      0 shows all)\n"
	"      --tsv           the same as --format tsv\n"
	"  -V, --variant NAME  the variant of games without a Variant tag\n"
	"                      (oblique by default); also the board of --cells\n"
	"      --version       print the version and exit\n"
	"\n"
	"Exit status: 0 every game valid, 1 some game invalid, 2 usage or\n"
	"read error.\n";

struct options opt;

/* ---- progress on a terminal ---- */

static struct {
	bool enabled, shown;
	struct timespec start, last;
	long games;
} progress;

static double seconds_between(const struct timespec *a,
			      const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void progress_clear(void)
{
	if (progress.shown)
		fputs("\r\033[K", stderr);
	progress.shown = false;
}

static void progress_tick(void)
{
	progress.games++;
	if (!progress.enabled || progress.games % 256)
		return;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (seconds_between(&progress.start, &now) < 1 ||
	    (progress.shown && seconds_between(&progress.last, &now) < 0.25))
		return;
	progress.last = now;
	progress.shown = true;
	fprintf(stderr, "\r%s: %ld games read", util_progname, progress.games);
}

static void emit_diagnostics(struct buf *diag)
{
	if (!diag->len)
		return;
	progress_clear();
	fputs(diag->p, stderr);
	diag->len = 0;
}

/* ---- reading games: one thread, or a reader and workers ---- */

#define BATCH 32

/* Games read together for a worker, and what it made of them. */
struct batch {
	struct ob_game games[BATCH];
	int n;
	const char *name;
	struct buf diag;
	bool invalid;
};

static struct {
	struct pool *pool; /* NULL: a single-threaded run */
	struct batch *batches; /* batches[k % nbatches]: the k-th submitted */
	long nbatches, submitted;
	struct stats *stats; /* each worker's figures */
	struct ob_game game; /* the one game of a single-threaded run */
	struct buf diag;
} input;

static void check_batch(void *item, int worker, void *arg)
{
	struct batch *b = item;
	struct stats *st = &((struct stats *)arg)[worker];
	for (int i = 0; i < b->n; i++)
		if (!tally_game(st, &b->games[i], b->name, &b->diag))
			b->invalid = true;
}

static void input_start(int jobs)
{
	ob_game_init(&input.game);
	if (jobs <= 1)
		return;
	input.nbatches = 2L * jobs + 2;
	input.batches = calloc((size_t)input.nbatches, sizeof *input.batches);
	input.stats = calloc((size_t)jobs, sizeof *input.stats);
	if (!input.batches || !input.stats)
		util_out_of_memory();
	for (long i = 0; i < input.nbatches; i++)
		for (int k = 0; k < BATCH; k++)
			ob_game_init(&input.batches[i].games[k]);
	input.pool = pool_start(jobs, input.nbatches, check_batch, input.stats);
}

/* Prints the diagnostics of the checked batches, in order: while more
 * than keep are pending, waiting for them, then those already checked.
 * Returns 1 if one of them held an invalid game. */
static int input_collect(long keep)
{
	int status = EXIT_OK;
	struct batch *b;
	while ((b = pool_next_done(input.pool,
				   pool_pending(input.pool) > keep))) {
		emit_diagnostics(&b->diag);
		if (b->invalid)
			status = EXIT_INVALID;
		b->invalid = false;
	}
	return status;
}

/* Waits for the workers and adds their figures to st. */
static void input_finish(struct stats *st, int jobs)
{
	if (input.pool) {
		pool_finish(input.pool);
		for (int i = 0; i < jobs; i++) {
			stats_merge(st, &input.stats[i]);
			stats_free(&input.stats[i]);
		}
		for (long i = 0; i < input.nbatches; i++) {
			for (int k = 0; k < BATCH; k++)
				ob_game_free(&input.batches[i].games[k]);
			free(input.batches[i].diag.p);
		}
		free(input.batches);
		free(input.stats);
	}
	ob_game_free(&input.game);
	free(input.diag.p);
}

static int read_games(struct stats *st, const char *path)
{
	const char *name = path;
	FILE *f = stdin;
	int status = EXIT_OK;
	if (strcmp(path, "-") == 0) {
		name = "<stdin>";
	} else if (!(f = fopen(path, "rb"))) {
		progress_clear();
		util_warn("%s: %s", path, strerror(errno));
		return EXIT_USAGE;
	}
	struct ob_ogn_reader *r = ob_ogn_open(f);
	if (!r)
		util_out_of_memory();
	struct ob_error err;
	int got = 1;
	while (got > 0) {
		if (!input.pool) {
			got = ob_ogn_next(r, &input.game, &err);
			if (got <= 0)
				break;
			progress_tick();
			if (!tally_game(st, &input.game, name, &input.diag))
				status = EXIT_INVALID;
			emit_diagnostics(&input.diag);
			continue;
		}
		if (input_collect(input.nbatches - 1))
			status = EXIT_INVALID;
		struct batch *b =
			&input.batches[input.submitted % input.nbatches];
		b->n = 0;
		b->name = name;
		while (b->n < BATCH &&
		       (got = ob_ogn_next(r, &b->games[b->n], &err)) > 0) {
			b->n++;
			progress_tick();
		}
		if (b->n) {
			pool_submit(input.pool, b);
			input.submitted++;
		}
	}
	if (input.pool && input_collect(0))
		status = EXIT_INVALID;
	if (got < 0) {
		progress_clear();
		util_warn("%s: %s", name, err.message);
		status = EXIT_USAGE;
	}
	ob_ogn_close(r);
	if (f != stdin)
		fclose(f);
	return status;
}

static int exit_status_of(const struct stats *st)
{
	for (size_t i = 0; i < st->groups.cap; i++)
		if (st->groups.slots[i].key &&
		    ((const struct group *)st->groups.slots[i].value)->invalid)
			return EXIT_INVALID;
	return EXIT_OK;
}

static const char *format_name;

static void set_format(enum format f, const char *name)
{
	if (opt.format != FMT_TEXT && opt.format != f)
		util_conflict(format_name, name);
	opt.format = f;
	format_name = name;
}

/* Refuses the options that this run would ignore. */
static void check_options(bool top_given, bool jobs_given, bool cells_only)
{
	if (opt.format == FMT_PARTIAL && opt.cells)
		util_conflict("--partial", "--cells");
	if (opt.format == FMT_PARTIAL && top_given)
		util_conflict("--partial", "--top");
	if (opt.merge && jobs_given)
		util_conflict("--merge", "--jobs");
	if (top_given && !opt.merge && !opt.openings_given)
		util_needs("--top", "--openings");
	/* --cells - writes the cells instead of the report. */
	if (cells_only && opt.format != FMT_TEXT)
		util_conflict("--cells -", format_name);
	if (cells_only && top_given)
		util_conflict("--cells -", "--top");
	if (cells_only && opt.by)
		util_conflict("--cells -", "--by");
	if (cells_only && opt.openings_given)
		util_conflict("--cells -", "--openings");
}

int main(int argc, char **argv)
{
	enum { OPT_CELLS = 256, OPT_JSON, OPT_MERGE, OPT_OPENINGS,
	       OPT_PARTIAL, OPT_TOP, OPT_TSV, OPT_VERSION };
	static const struct option longopts[] = {
		{"by", required_argument, NULL, 'b'},
		{"cells", required_argument, NULL, OPT_CELLS},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"jobs", required_argument, NULL, 'j'},
		{"json", no_argument, NULL, OPT_JSON},
		{"merge", no_argument, NULL, OPT_MERGE},
		{"openings", required_argument, NULL, OPT_OPENINGS},
		{"output", required_argument, NULL, 'o'},
		{"partial", no_argument, NULL, OPT_PARTIAL},
		{"quiet", no_argument, NULL, 'q'},
		{"top", required_argument, NULL, OPT_TOP},
		{"tsv", no_argument, NULL, OPT_TSV},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	static const char *const formats[] = {"text", "json", "tsv", NULL};
	static const char *const format_options[] = {
		"--format text", "--format json", "--format tsv"};
	util_init("ob-stats", argv);
	opt.variant = ob_variant_default();
	opt.top = 10;
	opt.jobs = 1;
	bool top_given = false, jobs_given = false, quiet = false;
	const char *output = NULL;
	long x;
	int c;
	while ((c = getopt_long(argc, argv, "b:f:hj:o:qV:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'b':
			if (!*optarg)
				util_usage_error("--by takes a tag name");
			opt.by = optarg;
			break;
		case OPT_CELLS:
			opt.cells = optarg;
			break;
		case 'f': {
			int f = util_choice("--format", optarg, formats);
			set_format((enum format[]){FMT_TEXT, FMT_JSON,
						   FMT_TSV}[f],
				   format_options[f]);
			break;
		}
		case 'h':
			util_help(usage_text, help_text);
		case 'j':
			if (!util_parse_long(optarg, 1, 256, &x))
				util_usage_error("-j takes a thread count from 1 "
						 "to 256, not '%s'",
						 optarg);
			opt.jobs = (int)x;
			jobs_given = true;
			break;
		case OPT_JSON:
			set_format(FMT_JSON, "--json");
			break;
		case OPT_MERGE:
			opt.merge = true;
			break;
		case 'o':
			output = optarg;
			break;
		case OPT_OPENINGS:
			if (!util_parse_long(optarg, 0, 1000, &x))
				util_usage_error("--openings takes a number of "
						 "plies from 0 to 1000, not '%s'",
						 optarg);
			opt.openings = (int)x;
			opt.openings_given = true;
			break;
		case OPT_PARTIAL:
			set_format(FMT_PARTIAL, "--partial");
			break;
		case 'q':
			quiet = true;
			break;
		case OPT_TOP:
			if (!util_parse_long(optarg, 0, 1000000000, &x))
				util_usage_error("--top takes a number from 0, "
						 "not '%s'",
						 optarg);
			opt.top = x;
			top_given = true;
			break;
		case OPT_TSV:
			set_format(FMT_TSV, "--tsv");
			break;
		case 'V':
			opt.variant = util_variant(optarg);
			opt.variant_given = true;
			break;
		case OPT_VERSION:
			util_version();
		default:
			util_usage(usage_text);
		}
	}
	bool cells_only = opt.cells && strcmp(opt.cells, "-") == 0;
	check_options(top_given, jobs_given, cells_only);
	util_inputs(argv + optind, argc - optind);
	if (opt.cells && !cells_only)
		util_refuse_input("--cells", opt.cells);
	if (output)
		util_output("--output", output);
	known_init();

	struct stats st = {0};
	int status = EXIT_OK;
	if (opt.merge) {
		bool first = true;
		if (optind == argc)
			partial_read(&st, "-", &first);
		for (int i = optind; i < argc; i++)
			partial_read(&st, argv[i], &first);
		status = exit_status_of(&st);
	} else {
		progress.enabled = !quiet && isatty(STDERR_FILENO);
		clock_gettime(CLOCK_MONOTONIC, &progress.start);
		input_start(opt.jobs);
		if (optind == argc)
			status = read_games(&st, "-");
		for (int i = optind; i < argc; i++) {
			int s = read_games(&st, argv[i]);
			status = s > status ? s : status;
		}
		input_finish(&st, opt.jobs);
		progress_clear();
	}
	/* An input that could not be read: no report of what is left. */
	if (opt.cells && status != EXIT_USAGE)
		report_cells(&st);
	if (!cells_only && status != EXIT_USAGE)
		report_write(&st);
	stats_free(&st);
	return status;
}
