/*
 * ob-stats: figures over whole OGN collections: results and how games
 * end (with three armies, per army, and who eliminated whom), game
 * lengths, the work of each piece kind, branching factor, level
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
 * counts the games, report.c (with table.c) writes the report, html.c
 * its page of charts, partialwrite.c and partial.c (with partialcheck.c)
 * write and read the partial states.
 */
#define _GNU_SOURCE
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "digest.h"
#include "oblique.h"
#include "outfile.h"
#include "partial.h"
#include "games.h"
#include "report.h"
#include "tally.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-stats [-q] [-b tag] [-f format | --partial] [-j threads]\n"
	"                [-o file] [-V variant] [--cells file] [--openings plies]\n"
	"                [--top n] [file ...]\n"
	"       ob-stats --merge [--allow-repeats] [-b tag] [-f format | --partial]\n"
	"                [-o file] [-V variant] [--cells file]\n"
	"                [--openings plies] [--top n] [partial ...]\n";

static const char help_text[] =
	"Replay the games of OGN collections (standard input when none, or -)\n"
	"and report figures over the valid ones: results, terminations,\n"
	"with three players each army's wins and eliminations, length in\n"
	"plies (of all and by result), the moves of each piece kind,\n"
	"captures, checks and mates per game and per 100 plies, branching\n"
	"factor, level activity and, on request, the most frequent\n"
	"openings.  Invalid games are reported as ob-validate reports them\n"
	"and left out.\n"
	"\n"
	"      --allow-repeats  with --merge: count again the games that\n"
	"                      two partial states both cover (their inputs)\n"
	"  -b, --by TAG        one report per value of the tag (\"?\" when a\n"
	"                      game lacks it), in byte order of the values\n"
	"      --cells FILE    write a '#variant NAME' line and 'CELL COUNT'\n"
	"                      lines (moves ending on each cell of the games'\n"
	"                      board; games on two boards are refused) to\n"
	"                      FILE; with - to standard output, not the report\n"
	"  -f, --format FMT    the report as text (the default), json (one\n"
	"                      document), tsv (tab-separated tables) or html\n"
	"                      (one page of tables and charts)\n"
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
	"                      (oblique by default)\n"
	"      --version       print the version and exit\n"
	"\n"
	"Exit status: 0 every game valid, 1 some game invalid (or, with\n"
	"--merge, games that two partial states both cover), 2 usage or\n"
	"read error.\n";

struct options opt;

/* ---- reading games: on the threads of -j, through games.c ---- */

/* What each thread counts into: its figures, and the digest of each
 * input's games (digests[worker * ninputs + input]). */
struct counting {
	struct stats *each;
	struct digest *digests;
	int ninputs;
};

static void check_batch(struct game_batch *b, int worker, void *arg)
{
	struct counting *c = arg;
	struct stats *st = &c->each[worker];
	struct digest *d = &c->digests[worker * c->ninputs + b->input];
	for (int i = 0; i < b->n; i++) {
		if (!tally_game(st, &b->games[i], b->name, &b->diag))
			b->invalid = true;
		digest_game(d, &b->games[i]);
	}
}

/* The figures are written at the end; a batch has only diagnostics. */
static void batch_done(struct game_batch *b, void *arg)
{
	(void)b;
	(void)arg;
}

/* Reads the games into st: each thread counts into its own figures,
 * added at the end, and so are the digests of each input's games. */
static int read_games(struct stats *st, char *const *paths, int npaths)
{
	struct counting c = {.ninputs = npaths ? npaths : 1};
	c.each = calloc((size_t)opt.jobs, sizeof *c.each);
	c.digests = calloc((size_t)opt.jobs * (size_t)c.ninputs,
			   sizeof *c.digests);
	if (!c.each || !c.digests)
		util_out_of_memory();
	util_progress_start("games read", opt.quiet);
	int status = games_read(paths, npaths, opt.jobs, check_batch,
				batch_done, &c);
	for (int i = 0; i < opt.jobs; i++) {
		stats_merge(st, &c.each[i]);
		stats_free(&c.each[i]);
	}
	for (int k = 0; k < c.ninputs; k++) {
		struct digest input = {0};
		for (int i = 0; i < opt.jobs; i++)
			digest_add(&input, &c.digests[i * c.ninputs + k]);
		if (input.games)
			stats_input(st, &input);
	}
	free(c.each);
	free(c.digests);
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

/* The option that chose the output form (util_form_choose). */
static struct util_form form;

static void set_format(enum format f, const char *name)
{
	util_form_choose(&form, f, name);
	opt.format = f;
}

/* Refuses the options that this run would ignore. */
static void check_options(bool top_given, bool jobs_given, bool cells_only,
			  const char *output)
{
	bool output_file = output && strcmp(output, "-") != 0;
	/* -o writes the report, --cells - the cells in its stead. */
	if (cells_only && output_file)
		util_conflict("--cells -", "--output");
	if (opt.cells && !cells_only && output_file &&
	    util_same_file(opt.cells, output))
		util_usage_error("--cells %s cannot be combined with --output "
				 "%s: the same file, whose report would "
				 "replace the cells",
				 opt.cells, output);
	if (opt.format == FMT_PARTIAL && opt.cells)
		util_conflict("--partial", "--cells");
	if (opt.format == FMT_PARTIAL && top_given)
		util_conflict("--partial", "--top");
	if (opt.merge && jobs_given)
		util_conflict("--merge", "--jobs");
	if (opt.allow_repeats && !opt.merge)
		util_needs("--allow-repeats", "--merge");
	if (top_given && !opt.merge && !opt.openings_given)
		util_needs("--top", "--openings");
	/* --cells - writes the cells instead of the report. */
	if (cells_only && form.name)
		util_conflict("--cells -", form.name);
	if (cells_only && top_given)
		util_conflict("--cells -", "--top");
	if (cells_only && opt.by)
		util_conflict("--cells -", "--by");
	if (cells_only && opt.openings_given)
		util_conflict("--cells -", "--openings");
}

int main(int argc, char **argv)
{
	enum { OPT_ALLOW_REPEATS = 256, OPT_CELLS, OPT_JSON, OPT_MERGE, OPT_OPENINGS,
	       OPT_PARTIAL, OPT_TOP, OPT_TSV, OPT_VERSION };
	static const struct option longopts[] = {
		{"allow-repeats", no_argument, NULL, OPT_ALLOW_REPEATS},
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
	static const char *const formats[] = {"text", "json", "tsv", "html",
					      NULL};
	static const char *const format_options[] = {
		"--format text", "--format json", "--format tsv",
		"--format html"};
	util_init("ob-stats", argv);
	opt.variant = ob_variant_default();
	opt.top = 10;
	opt.jobs = 1;
	bool top_given = false, jobs_given = false;
	const char *output = NULL;
	long x;
	int c;
	while ((c = getopt_long(argc, argv, "b:f:hj:o:qV:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case OPT_ALLOW_REPEATS:
			opt.allow_repeats = true;
			break;
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
						   FMT_TSV, FMT_HTML}[f],
				   format_options[f]);
			break;
		}
		case 'h':
			util_help(usage_text, help_text);
		case 'j':
			opt.jobs = util_jobs(optarg);
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
			opt.quiet = true;
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
	check_options(top_given, jobs_given, cells_only, output);
	util_inputs(argv + optind, argc - optind);
	opt.inputs = argv + optind;
	opt.ninputs = argc - optind;
	/* Both files are made before the input is read (a directory that is
	 * not there is said at once) and replaced when the report is out. */
	FILE *cells = NULL;
	if (opt.cells)
		cells = cells_only ? stdout : outfile_open("--cells", opt.cells);
	if (output)
		outfile_stdout("--output", output);
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
		status = read_games(&st, argv + optind, argc - optind);
	}
	/* An input that could not be read: no report of what is left, and
	 * the output files as they were. */
	if (cells && status != EXIT_USAGE)
		report_cells(&st, cells);
	if (!cells_only && status != EXIT_USAGE)
		report_write(&st);
	if (status != EXIT_USAGE)
		outfile_finish_all();
	stats_free(&st);
	return status;
}
