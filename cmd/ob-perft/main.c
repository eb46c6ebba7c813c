/*
 * ob-perft: count the leaves of the legal move tree, divide them by root
 * move, check perft suites, gather leaf statistics, and split a count into
 * work units (--split) whose counts add up (--sum).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "input.h"
#include "oblique.h"
#include "options.h"
#include "output.h"
#include "suite.h"
#include "units.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-perft [-DMsv] [-d depth] [-f format] [-H MB] [-j jobs]\n"
	"                [-m plies] [-p moves] [-V variant] [--memory MB]\n"
	"                [--reference] [--split plies] [--stockfish] [--sum]\n"
	"                [-S | file ...]\n"
	"       ob-perft --compare cmd [-Mv] [-d depth] [-f format] [-H MB]\n"
	"                [-j jobs] [-p moves] [-V variant] [--reference]\n"
	"                [--timeout seconds] [-S | file ...]\n";

static const char help_text[] =
	"Count the leaf nodes of the legal move tree of each position: OFEN\n"
	"lines (DFEN, PFEN, FEN for the variants that use them; the word\n"
	"'startpos' for the start position) from the files or standard\n"
	"input, each optionally followed by moves in long form (chess: also\n"
	"UCI's) to play from it.  A line may carry expectations,\n"
	"'<OFEN> ;D1 n ;D2 n ...', which are checked instead: one result line\n"
	"per position, exit status 1 on a mismatch.  A line '<OFEN> ;M n'\n"
	"stands for n move paths: its count is multiplied by n.\n"
	"';id \"NAME\"' is written with the line's result; other EPD opcodes\n"
	"are skipped with a warning.\n"
	"\n"
	"      --compare CMD    compare with another generator's divide: run\n"
	"                       CMD DEPTH POSITION MOVES through /bin/sh, and\n"
	"                       descend to the position and moves that differ\n"
	"                       (chess: moves in UCI's form, as perftree)\n"
	"  -d, --depth N        depth (default 1)\n"
	"  -D, --divide         count per legal root move, then the total\n"
	"  -f, --format FMT     text (default) or json (one object per\n"
	"                       position)\n"
	"  -h, --help           print this help and exit\n"
	"  -H, --hash MB        transposition table of MB mebibytes\n"
	"  -j, --jobs N         N threads (default 1)\n"
	"      --json           the same as --format json\n"
	"  -m, --max-plies N    check expectations up to depth N only\n"
	"      --max-depth N    the same as --max-plies N\n"
	"      --memory MB      the --split table's limit (default 1024)\n"
	"  -M, --mirror         count the mirrored position instead (ob-fen -M:\n"
	"                       point reflection, or Plattraum's and chess's\n"
	"                       mirror top to bottom, or the turn by 120\n"
	"                       degrees, the armies renumbered)\n"
	"  -p, --play MOVES     play these moves (separated by spaces or\n"
	"                       commas) from each position, after any on its\n"
	"                       line\n"
	"      --reference      use the slow reference move generator\n"
	"  -s, --stats          leaf statistics for each depth 1..N (swaps\n"
	"                       and cannon captures too where the variant\n"
	"                       has them, eliminations and wins with three\n"
	"                       armies)\n"
	"      --split K        write the distinct positions K plies below\n"
	"                       the input's, as '<OFEN> ;M paths' lines\n"
	"                       after a '#variant NAME' line\n"
	"  -S, --startpos       count the start position\n"
	"      --stockfish      divide in Stockfish's form ('MOVE: N',\n"
	"                       then 'Nodes searched: N'; chess: UCI moves)\n"
	"      --sum            one total over all lines: paths x count\n"
	"                       (of one variant; none if a line failed)\n"
	"      --threads N      the same as --jobs N\n"
	"      --timeout SECS   --compare: end CMD, and all it started,\n"
	"                       when it has not answered and exited in SECS\n"
	"  -v, --verbose        print the time and nodes per second at the end\n"
	"  -V, --variant NAME   the ruleset (default oblique)\n"
	"      --version        print the version and exit\n"
	"\n"
	"Blank lines and lines starting with '#' are skipped.  Exit status:\n"
	"0 success, 1 an invalid line, a failed check or (--compare) a\n"
	"difference, 2 usage or read error, or (--compare) CMD failed.\n";

struct options opt;
long positions_written;
uint64_t nodes_total;

/* *acc += a * b; false (and *acc unchanged) if it would pass 2^64 - 1. */
bool add_product(uint64_t *acc, uint64_t a, uint64_t b)
{
	if (b != 0 && a > UINT64_MAX / b)
		return false;
	if (*acc > UINT64_MAX - a * b)
		return false;
	*acc += a * b;
	return true;
}
/* One position and what followed it on its line (its ;M count, 0 when
 * none; its id).  False when the result cannot be had. */
static bool handle_position(const char *file, long lineno,
			    const struct ob_position *pos,
			    const struct suffix *s)
{
	bool ok = true;
	uint64_t paths = s->paths;
	const char *id = s->has_id ? s->id : NULL;
	switch (opt.mode) {
	case MODE_COUNT:
		ok = write_count(file, lineno, pos, paths, id);
		break;
	case MODE_DIVIDE:
	case MODE_STOCKFISH:
		write_divide(pos, id);
		break;
	case MODE_STATS:
		write_stats(pos, id);
		break;
	case MODE_SPLIT:
		return split_position(file, lineno, pos, paths ? paths : 1);
	case MODE_SUM:
		sum_position(file, lineno, pos, paths ? paths : 1);
		return true;
	case MODE_COMPARE: /* process_line's */
		break;
	}
	if (ok)
		positions_written++;
	return ok;
}

/* The moves played after a line's position, for --compare. */
static struct {
	ob_move *moves;
	int n, cap;
} played;

static void record_move(const struct ob_position *after, ob_move move,
			int ply, void *arg)
{
	(void)after;
	(void)ply;
	(void)arg;
	if (played.n == played.cap) {
		int cap = played.cap ? 2 * played.cap : 64;
		ob_move *m = realloc(played.moves, (size_t)cap * sizeof *m);
		if (!m) {
			util_warn("out of memory");
			exit(EXIT_USAGE);
		}
		played.moves = m;
		played.cap = cap;
	}
	played.moves[played.n++] = move;
}

/* Handles one input line, '<position> [moves] [;D1 n ...] [;id "ID"]';
 * false when it is invalid or a check failed. */
static bool process_line(const struct input_at *at, const char *line,
			 size_t len, void *arg)
{
	const char *file = at->file;
	long lineno = at->lineno;
	struct ob_position pos;
	struct ob_error err;
	static struct suffix suffix;
	size_t rest;
	(void)arg;
	if (input_position(at->variant, line, len, &pos, &rest, &err) !=
	    OB_OK) {
		util_warn_at(file, lineno, err.column, "%s", err.message);
		return false;
	}
	input_note_army3_out(at, &pos);
	struct ob_position given = pos;
	size_t end = rest;
	while (end < len && line[end] != ';')
		end++;
	int plies = 0;
	played.n = 0;
	if (!input_play_at(&pos, line + rest, end - rest, file, lineno, rest,
			   &plies, record_move, NULL))
		return false;
	if (opt.play && !input_play_at(&pos, opt.play, strlen(opt.play),
				       "--play", 1, 0, &plies, record_move,
				       NULL))
		return false;
	if (!parse_suffix(at, line, end, len, &suffix))
		return false;
	if (opt.mirror) {
		struct ob_position before = pos;
		ob_position_mirror(&before, &pos);
		given = pos;
		played.n = 0;
	}
	bool ok;
	if (opt.mode == MODE_COMPARE)
		return compare_position(file, lineno, &given, played.moves,
					played.n);
	if (suffix.n > 0 && opt.mode != MODE_SPLIT && opt.mode != MODE_SUM)
		ok = check_suite(file, lineno, &pos, &suffix);
	else
		ok = handle_position(file, lineno, &pos, &suffix);
	if (opt.mode != MODE_SPLIT && opt.mode != MODE_SUM)
		util_check_output();
	return ok;
}

/* A change of variant: followed, by --split and --sum as long as it is
 * the variant of the units or total so far. */
static bool switch_variant(const struct input_at *at,
			   const struct ob_variant *v, void *arg)
{
	(void)arg;
	if (opt.mode != MODE_SPLIT && opt.mode != MODE_SUM)
		return true;
	return units_follow(at, v);
}

/* process_line, and a line that failed voids --sum's total. */
static bool each_line(const struct input_at *at, const char *line,
		      size_t len, void *arg)
{
	if (process_line(at, line, len, arg))
		return true;
	units_line_failed();
	return false;
}

/* The largest table allowed: the machine's memory, and at most 1 TiB. */
static long hash_limit_mb(void)
{
	long limit = 1L << 20;
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (pages > 0 && size > 0) {
		long mb = (long)((double)pages * (double)size / 1048576.0);
		if (mb >= 1 && mb < limit)
			limit = mb;
	}
	return limit;
}

int main(int argc, char **argv)
{
	enum {
		OPT_COMPARE = 1,
		OPT_JSON,
		OPT_MAX_DEPTH,
		OPT_MEMORY,
		OPT_REFERENCE,
		OPT_SPLIT,
		OPT_STOCKFISH,
		OPT_SUM,
		OPT_TIMEOUT,
		OPT_VERSION
	};
	static const struct option longopts[] = {
		{"compare", required_argument, NULL, OPT_COMPARE},
		{"depth", required_argument, NULL, 'd'},
		{"divide", no_argument, NULL, 'D'},
		{"help", no_argument, NULL, 'h'},
		{"hash", required_argument, NULL, 'H'},
		{"format", required_argument, NULL, 'f'},
		{"jobs", required_argument, NULL, 'j'},
		{"json", no_argument, NULL, OPT_JSON},
		{"max-depth", required_argument, NULL, OPT_MAX_DEPTH},
		{"max-plies", required_argument, NULL, 'm'},
		{"play", required_argument, NULL, 'p'},
		{"threads", required_argument, NULL, 'j'},
		{"memory", required_argument, NULL, OPT_MEMORY},
		{"mirror", no_argument, NULL, 'M'},
		{"reference", no_argument, NULL, OPT_REFERENCE},
		{"split", required_argument, NULL, OPT_SPLIT},
		{"stats", no_argument, NULL, 's'},
		{"startpos", no_argument, NULL, 'S'},
		{"stockfish", no_argument, NULL, OPT_STOCKFISH},
		{"sum", no_argument, NULL, OPT_SUM},
		{"timeout", required_argument, NULL, OPT_TIMEOUT},
		{"verbose", no_argument, NULL, 'v'},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	bool startpos = false, divide = false, stockfish = false, stats = false;
	bool sum = false, memory = false;
	long x, hash_mb = 0;
	int c;
	util_init("ob-perft", argv);
	opt.depth = 1;
	opt.max_depth = -1;
	opt.split = -1;
	opt.memory_mb = 1024;
	opt.perft.threads = 1;
	static const char *const formats[] = {"text", "json", NULL};
	static const char *const format_options[] = {"--format text",
						     "--format json"};
	struct util_form form = {0};
	bool depth_given = false;
	const char *max_plies_name = "--max-plies";
	while ((c = getopt_long(argc, argv, "d:Df:hH:j:m:Mp:sSvV:", longopts,
				NULL)) != -1) {
		switch (c) {
		case OPT_COMPARE:
			if (!*optarg)
				util_usage_error("--compare takes a command");
			opt.compare = optarg;
			break;
		case 'd':
			if (!util_parse_long(optarg, 0, OB_PERFT_MAX_DEPTH, &x))
				util_usage_error("-d takes a depth from 0 to "
						 "%d, not '%s'",
						 OB_PERFT_MAX_DEPTH, optarg);
			opt.depth = (int)x;
			depth_given = true;
			break;
		case 'D':
			divide = true;
			break;
		case 'f': {
			int f = util_choice("--format", optarg, formats);
			util_form_choose(&form, f, format_options[f]);
			opt.json = f == 1;
			break;
		}
		case 'h':
			util_help(usage_text, help_text);
		case 'H': {
			long limit = hash_limit_mb();
			if (!util_parse_long(optarg, 0, limit, &hash_mb))
				util_usage_error("--hash takes mebibytes from 0 "
						 "to %ld (this machine's "
						 "memory), not '%s'",
						 limit, optarg);
			break;
		}
		case 'j':
			opt.perft.threads = util_jobs(optarg);
			break;
		case OPT_JSON:
			util_form_choose(&form, 1, "--json");
			opt.json = true;
			break;
		case 'm':
		case OPT_MAX_DEPTH:
			/* messages name the synonym given */
			max_plies_name = c == 'm' ? "--max-plies" : "--max-depth";
			if (!util_parse_long(optarg, 0, OB_PERFT_MAX_DEPTH, &x))
				util_usage_error("%s takes a depth from 0 to "
						 "%d, not '%s'",
						 max_plies_name,
						 OB_PERFT_MAX_DEPTH, optarg);
			opt.max_depth = (int)x;
			break;
		case 'M':
			opt.mirror = true;
			break;
		case 'p':
			opt.play = optarg;
			break;
		case OPT_MEMORY: {
			long limit = hash_limit_mb();
			if (!util_parse_long(optarg, 1, limit, &opt.memory_mb))
				util_usage_error("--memory takes mebibytes from "
						 "1 to %ld (this machine's "
						 "memory), not '%s'",
						 limit, optarg);
			memory = true;
			break;
		}
		case OPT_SPLIT:
			if (!util_parse_long(optarg, 0, OB_PERFT_MAX_DEPTH, &x))
				util_usage_error("--split takes plies from 0 to "
						 "%d, not '%s'",
						 OB_PERFT_MAX_DEPTH, optarg);
			opt.split = (int)x;
			break;
		case OPT_SUM:
			sum = true;
			break;
		case OPT_TIMEOUT:
			if (!util_parse_long(optarg, 1, 86400L * 365, &opt.timeout))
				util_usage_error("--timeout takes seconds from 1 "
						 "to %ld, not '%s'",
						 86400L * 365, optarg);
			break;
		case OPT_REFERENCE:
			opt.perft.reference = true;
			break;
		case 's':
			stats = true;
			break;
		case 'S':
			startpos = true;
			break;
		case OPT_STOCKFISH:
			stockfish = true;
			break;
		case 'v':
			opt.verbose = true;
			break;
		case 'V':
			opt.variant = util_variant(optarg);
			break;
		case OPT_VERSION:
			util_version();
		default:
			util_usage(usage_text);
		}
	}
	bool split = opt.split >= 0, max_plies = opt.max_depth >= 0;
	bool hash = hash_mb > 0, reference = opt.perft.reference;
	/* The pairs a run does not honour together, each refused naming
	 * both (tests/option-pairs.txt holds the whole table). */
	const struct {
		bool a, b;
		const char *a_name, *b_name, *why;
	} refused[] = {
		{opt.compare, divide, "--compare", "--divide", NULL},
		{opt.compare, stockfish, "--compare", "--stockfish", NULL},
		{opt.compare, stats, "--compare", "--stats", NULL},
		{opt.compare, split, "--compare", "--split", NULL},
		{opt.compare, sum, "--compare", "--sum", NULL},
		{opt.compare, memory, "--compare", "--memory", NULL},
		{opt.compare, max_plies, "--compare", max_plies_name, NULL},
		{stats, divide, "--stats", "--divide", NULL},
		{stats, stockfish, "--stats", "--stockfish", NULL},
		{split, sum, "--split", "--sum", NULL},
		{split, divide, "--split", "--divide", NULL},
		{split, stockfish, "--split", "--stockfish", NULL},
		{split, stats, "--split", "--stats", NULL},
		{split, reference, "--split", "--reference", NULL},
		{split, depth_given, "--split", "--depth",
		 "the units are --split's plies down; give -d to the run "
		 "that counts them"},
		{sum, divide, "--sum", "--divide", NULL},
		{sum, stockfish, "--sum", "--stockfish", NULL},
		{sum, stats, "--sum", "--stats", NULL},
		{stockfish, opt.json, "--stockfish", form.name,
		 "Stockfish's form is text"},
		{max_plies, startpos, max_plies_name, "--startpos",
		 "the start position has no expectations to limit"},
		{max_plies, split, max_plies_name, "--split",
		 "work units check no expectations"},
		{max_plies, sum, max_plies_name, "--sum",
		 "--sum checks no expectations"},
		{hash, reference, "--hash", "--reference",
		 "the reference generator uses no table"},
		{hash, stats, "--hash", "--stats",
		 "statistics are gathered without a table"},
	};
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
		if (refused[i].a && refused[i].b)
			util_usage_error("%s cannot be combined with %s%s%s",
					 refused[i].a_name, refused[i].b_name,
					 refused[i].why ? ": " : "",
					 refused[i].why ? refused[i].why : "");
	if (opt.compare && opt.depth < 1)
		util_usage_error("--compare needs a depth of at least 1");
	if (!opt.compare && opt.timeout)
		util_usage_error("--timeout applies to --compare only");
	if (memory && opt.split < 0)
		util_usage_error("--memory applies to --split only");
	if ((divide || stockfish) && opt.depth < 1)
		util_usage_error("--divide needs a depth of at least 1");
	if (startpos && optind < argc)
		util_usage_error("--startpos takes no file operands");
	/* Only now: the default's tables are not built for another -V. */
	if (!opt.variant)
		opt.variant = ob_variant_default();
	opt.mode = opt.compare      ? MODE_COMPARE
		   : opt.split >= 0 ? MODE_SPLIT
		   : sum            ? MODE_SUM
		   : stockfish      ? MODE_STOCKFISH
		   : divide         ? MODE_DIVIDE
		   : stats          ? MODE_STATS
				    : MODE_COUNT;
	if (hash_mb > 0) {
		opt.perft.hash = ob_perft_hash_new((size_t)hash_mb);
		if (!opt.perft.hash) {
			util_warn("cannot allocate a %ld MiB hash table",
				  hash_mb);
			return EXIT_USAGE;
		}
	}
	if (opt.mode == MODE_SPLIT) {
		if (!units_open())
			util_out_of_memory();
	}
	if (isatty(STDERR_FILENO)) {
		opt.perft.progress = progress;
		opt.perft.progress_ms = 250;
	}

	double start = now();
	int status = EXIT_OK;
	if (startpos) {
		static const char word[] = "startpos";
		struct input_at at = {"startpos", 0, opt.variant, false, 1};
		if (!each_line(&at, word, sizeof word - 1, NULL))
			status = EXIT_INVALID;
	} else {
		status = util_each_input(argv + optind, argc - optind,
					 opt.variant, each_line,
					 switch_variant, NULL);
	}
	if (compare_failed())
		status = EXIT_USAGE;
	units_write(status == EXIT_OK);
	util_check_output();
	if (opt.verbose && !units_verbose(now() - start)) {
		double seconds = now() - start;
		fprintf(stderr, "%s: %llu nodes in %.3f s, %.0f nodes/s\n",
			util_progname, (unsigned long long)nodes_total, seconds,
			seconds > 0 ? (double)nodes_total / seconds : 0.0);
	}
	units_close();
	free(played.moves);
	ob_perft_hash_free(opt.perft.hash);
	return status;
}
