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
 * the end and the batches' diagnostics are printed in input order.  The
 * games read ahead are bounded in bytes (READ_AHEAD), not only in number.
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
	"usage: ob-stats [-b tag] [-c file] [-j threads] [-o plies] [-V variant]\n"
	"                [--json | --tsv | --partial] [--top n] [file ...]\n"
	"       ob-stats --merge [-b tag] [-c file] [-o plies] [-V variant]\n"
	"                [--json | --tsv | --partial] [--top n] [partial ...]\n";

static const char help_text[] =
	"Replay the games of OGN collections (standard input when none, or -)\n"
	"and report figures over the valid ones: results, terminations,\n"
	"length in plies, the moves of each piece kind, branching factor,\n"
	"level activity and, on request, the most frequent openings.  Invalid\n"
	"games are reported as ob-validate reports them and left out.\n"
	"\n"
	"  -b, --by TAG        one report per value of the tag (\"?\" when a\n"
	"                      game lacks it), in byte order of the values\n"
	"  -c, --cells FILE    write 'CELL COUNT' lines (moves ending on each\n"
	"                      cell of the -V variant's board) to FILE; with -\n"
	"                      to standard output instead of the report\n"
	"  -h, --help          print this help and exit\n"
	"  -j, --jobs N        check games on N threads (default 1)\n"
	"      --json          the report as one JSON document\n"
	"      --merge         read partial states (from --partial) instead of\n"
	"                      games and report on all their games together\n"
	"  -o, --openings N    count the sequences of the first N plies\n"
	"      --partial       write a mergeable state (JSON), not the report\n"
	"      --top K         show the K most frequent openings (default 10;\n"
	"                      0 shows all)\n"
	"      --tsv           the report as tab-separated tables\n"
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

/*
 * A batch holds up to BATCH games and, once it holds one, closes at
 * READ_AHEAD / nbatches bytes; the batches read ahead and not yet taken
 * back hold at most READ_AHEAD bytes of games, the last game read
 * excepted, whatever the number of threads (ob-stats(1)).  A worker frees
 * each game once it has counted it, so that an idle batch holds nothing.
 */
#define BATCH 32
#define READ_AHEAD ((size_t)16 << 20)

/* Games read together for a worker, and what it made of them. */
struct batch {
	struct ob_game games[BATCH];
	int n;
	size_t bytes; /* of the games, as game_bytes counts them */
	const char *name;
	struct buf diag;
	bool invalid;
};

static struct {
	struct pool *pool; /* NULL: a single-threaded run */
	struct batch *batches; /* batches[k % nbatches]: the k-th submitted */
	long nbatches, submitted;
	size_t queued;       /* bytes of the batches submitted, not taken */
	struct stats *stats; /* each worker's figures */
	struct ob_game game; /* the one game of a single-threaded run */
	struct buf diag;
} input;

/* The bytes a game read holds: its tokens, tags and errors, and its text
 * up to the end of the last string of a tag or a token. */
static size_t game_bytes(const struct ob_game *g)
{
	size_t end = 0;
	for (int i = 0; i < g->ntags; i++)
		end = g->tags[i].value > end ? g->tags[i].value : end;
	for (int i = 0; i < g->ntokens; i++)
		end = g->tokens[i].text > end ? g->tokens[i].text : end;
	if (g->text)
		end += strlen(g->text + end) + 1;
	return sizeof *g + end + (size_t)g->ntokens * sizeof *g->tokens +
	       (size_t)g->ntags * sizeof *g->tags +
	       (size_t)g->nerrors * sizeof *g->errors;
}

static void check_batch(void *item, int worker, void *arg)
{
	struct batch *b = item;
	struct stats *st = &((struct stats *)arg)[worker];
	for (int i = 0; i < b->n; i++) {
		if (!tally_game(st, &b->games[i], b->name, &b->diag))
			b->invalid = true;
		ob_game_free(&b->games[i]);
		ob_game_init(&b->games[i]);
	}
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
				   pool_pending(input.pool) > keep ||
					   input.queued >= READ_AHEAD))) {
		input.queued -= b->bytes;
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
		b->bytes = 0;
		b->name = name;
		size_t most = READ_AHEAD / (size_t)input.nbatches;
		while (b->n < BATCH && b->bytes < most &&
		       input.queued + b->bytes < READ_AHEAD &&
		       (got = ob_ogn_next(r, &b->games[b->n], &err)) > 0) {
			b->bytes += game_bytes(&b->games[b->n]);
			b->n++;
			progress_tick();
		}
		if (b->n) {
			input.queued += b->bytes;
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

static void set_format(enum format f, const char *name)
{
	if (opt.format != FMT_TEXT && opt.format != f)
		util_usage_error("--json, --tsv and --partial exclude each "
				 "other (%s)",
				 name);
	opt.format = f;
}

int main(int argc, char **argv)
{
	enum { OPT_JSON = 256, OPT_MERGE, OPT_PARTIAL, OPT_TOP, OPT_TSV,
	       OPT_VERSION };
	static const struct option longopts[] = {
		{"by", required_argument, NULL, 'b'},
		{"cells", required_argument, NULL, 'c'},
		{"help", no_argument, NULL, 'h'},
		{"jobs", required_argument, NULL, 'j'},
		{"json", no_argument, NULL, OPT_JSON},
		{"merge", no_argument, NULL, OPT_MERGE},
		{"openings", required_argument, NULL, 'o'},
		{"partial", no_argument, NULL, OPT_PARTIAL},
		{"top", required_argument, NULL, OPT_TOP},
		{"tsv", no_argument, NULL, OPT_TSV},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	util_init("ob-stats", argv);
	opt.variant = ob_variant_default();
	opt.top = 10;
	opt.jobs = 1;
	bool top_given = false;
	long x;
	int c;
	while ((c = getopt_long(argc, argv, "b:c:hj:o:V:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'b':
			if (!*optarg)
				util_usage_error("--by takes a tag name");
			opt.by = optarg;
			break;
		case 'c':
			opt.cells = optarg;
			break;
		case 'h':
			util_help(usage_text, help_text);
		case 'j':
			if (!util_parse_long(optarg, 1, 256, &x))
				util_usage_error("-j takes a thread count from 1 "
						 "to 256, not '%s'",
						 optarg);
			opt.jobs = (int)x;
			break;
		case OPT_JSON:
			set_format(FMT_JSON, "--json");
			break;
		case OPT_MERGE:
			opt.merge = true;
			break;
		case 'o':
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
	if (opt.format == FMT_PARTIAL && (opt.cells || top_given))
		util_usage_error("--partial writes every figure: --cells and "
				 "--top belong to the report (--merge)");
	known_init();

	struct stats st = {0};
	int status = EXIT_OK;
	if (opt.merge) {
		/* every state is read, each problem named; none merges
		 * when one cannot */
		bool first = true;
		if (optind == argc)
			status = partial_read_path(&st, "-", &first);
		for (int i = optind; i < argc; i++) {
			int s = partial_read_path(&st, argv[i], &first);
			status = s > status ? s : status;
		}
		if (status != EXIT_OK) {
			stats_free(&st);
			return status;
		}
		status = exit_status_of(&st);
	} else {
		progress.enabled = isatty(STDERR_FILENO);
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
	if (opt.cells)
		report_cells(&st);
	if (!opt.cells || strcmp(opt.cells, "-") != 0)
		report_write(&st);
	stats_free(&st);
	return status;
}
