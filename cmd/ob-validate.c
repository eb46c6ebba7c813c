/*
 * ob-validate: replay the games of OGN collections and report every game
 * that breaks the rules or the format, exactly where; optionally write the
 * valid ones back in canonical form, their positions, or JSON.  Also makes
 * seeded random collections for tests and benchmarks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "oblique.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-validate [-q] [-f format | -n | --positions] [-o file]\n"
	"                   [-V variant] [--strict] [file ...]\n"
	"       ob-validate -r n [-m plies] [-o file] [-V variant] [--seed s]\n";

static const char help_text[] =
	"Replay every game of the OGN collections named (standard input when\n"
	"none, or -), main line and variations, and report each problem as\n"
	"  ob-validate: FILE:LINE:COL: game N, ply P (MOVE): reason\n"
	"(ply 0 and no move for the tags; no move for problems that are not\n"
	"a move).  A summary goes to standard error at the end.\n"
	"\n"
	"  -f, --format FMT    text (the default: problems on standard error\n"
	"                      only) or json (one object per game on standard\n"
	"                      output)\n"
	"  -g, --generate N    the same as --random N\n"
	"  -h, --help          print this help and exit\n"
	"      --json          the same as --format json\n"
	"  -m, --max-plies N   with --random: at most N plies (default 300)\n"
	"  -n, --normalize     write each valid game in canonical OGN\n"
	"  -o, --output FILE   write to FILE instead of standard output\n"
	"      --positions     write the OFEN after each main-line ply of each\n"
	"                      valid game\n"
	"  -q, --quiet         no summary line\n"
	"  -r, --random N      write N random legal games as OGN and exit\n"
	"      --seed S        with --random: the seed (default 1)\n"
	"      --strict        require + and # on checks and mates\n"
	"  -V, --variant NAME  the variant of games without a Variant tag\n"
	"                      (oblique by default)\n"
	"      --version       print the version and exit\n"
	"\n"
	"Exit status: 0 every game valid, 1 some game invalid, 2 usage or\n"
	"read error.\n";

enum output { OUT_NONE, OUT_JSON, OUT_NORMALIZE, OUT_POSITIONS };

static struct {
	const struct ob_variant *variant;
	enum output output;
	unsigned flags;
	bool quiet;
} opt;

static long games_read, games_valid, games_invalid, plies_checked;

/* ---- JSON ---- */

/* The JSON object of a game, on one line. */
static void write_json(const struct ob_game *g, bool replayed)
{
	struct buf b = {0};
	buf_printf(&b, "{\"index\":%ld,\"tags\":{", g->index);
	bool first = true;
	for (int i = 0; i < g->ntags; i++) {
		const char *name = g->text + g->tags[i].name;
		if (ob_game_tag(g, name) != g->text + g->tags[i].value)
			continue; /* a repeated tag: the first counts */
		if (!first)
			buf_puts(&b, ",");
		json_text(&b, name);
		buf_puts(&b, ":");
		json_text(&b, g->text + g->tags[i].value);
		first = false;
	}
	buf_printf(&b, "},\"plies\":%d,\"result\":", g->plies);
	if (g->termination[0])
		json_text(&b, g->termination);
	else
		buf_puts(&b, "null");
	buf_puts(&b, ",\"termination\":");
	if (replayed)
		json_text(&b, ob_game_end_name(g->end));
	else
		buf_puts(&b, "null");
	buf_printf(&b, ",\"valid\":%s,\"errors\":[",
		   g->nerrors ? "false" : "true");
	for (int i = 0; i < g->nerrors; i++) {
		const struct ob_game_error *e = &g->errors[i];
		buf_printf(&b, "%s{\"line\":%ld,\"column\":%ld,\"ply\":%d,"
			   "\"move\":",
			   i ? "," : "", e->line, e->column, e->ply);
		if (e->move[0])
			json_text(&b, e->move);
		else
			buf_puts(&b, "null");
		buf_puts(&b, ",\"reason\":");
		json_text(&b, e->reason);
		buf_puts(&b, "}");
	}
	buf_puts(&b, "]}\n");
	fwrite(b.p, 1, b.len, stdout);
	free(b.p);
}

/* ---- one game ---- */

static void write_positions(const struct ob_game *g)
{
	struct ob_position pos = g->start;
	char ofen[OB_OFEN_MAX];
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		if (t->type != OB_TOKEN_MOVE || t->depth != 0)
			continue;
		struct ob_undo u;
		ob_make(&pos, t->move, &u);
		ob_ofen_write(&pos, ofen);
		puts(ofen);
	}
}

/* Checks and reports one game; false when it is invalid. */
static bool process_game(const char *name, struct ob_game *g)
{
	unsigned flags = opt.flags;
	if (opt.output == OUT_NORMALIZE)
		flags |= OB_CHECK_CANONICAL;
	enum ob_status st = ob_game_check(g, opt.variant, flags);
	if (st == OB_ERR_NO_MEMORY)
		util_out_of_memory();
	games_read++;
	plies_checked += g->moves_checked;
	for (int i = 0; i < g->nerrors; i++) {
		const struct ob_game_error *e = &g->errors[i];
		if (e->move[0])
			util_warn_at(name, e->line, e->column,
				     "game %ld, ply %d (%s): %s", g->index,
				     e->ply, e->move, e->reason);
		else
			util_warn_at(name, e->line, e->column,
				     "game %ld, ply %d: %s", g->index, e->ply,
				     e->reason);
	}
	bool valid = st == OB_OK;
	if (valid)
		games_valid++;
	else
		games_invalid++;
	switch (opt.output) {
	case OUT_JSON:
		write_json(g, g->variant != NULL);
		break;
	case OUT_NORMALIZE:
		if (valid && ob_ogn_write(stdout, g) != OB_OK)
			util_check_output();
		break;
	case OUT_POSITIONS:
		if (valid)
			write_positions(g);
		break;
	case OUT_NONE:
		break;
	}
	return valid;
}

static int process_file(const char *path, struct ob_game *g)
{
	const char *name = path;
	FILE *f = stdin;
	if (strcmp(path, "-") == 0) {
		name = "<stdin>";
	} else if (!(f = fopen(path, "rb"))) {
		util_warn("%s: %s", path, strerror(errno));
		return EXIT_USAGE;
	}
	struct ob_ogn_reader *r = ob_ogn_open(f);
	if (!r)
		util_out_of_memory();
	int status = EXIT_OK, got;
	struct ob_error err;
	while ((got = ob_ogn_next(r, g, &err)) > 0) {
		if (!process_game(name, g))
			status = EXIT_INVALID;
		if (opt.output != OUT_NONE)
			util_check_output();
	}
	if (got < 0) {
		util_warn("%s: %s", name, err.message);
		status = EXIT_USAGE;
	}
	ob_ogn_close(r);
	if (f != stdin)
		fclose(f);
	return status;
}

static void generate(long count, long seed, long max_plies)
{
	struct ob_game g;
	struct ob_rng rng;
	ob_game_init(&g);
	ob_rng_seed(&rng, (uint64_t)seed);
	for (long i = 1; i <= count; i++) {
		if (ob_game_random(&g, opt.variant, &rng, i, (int)max_plies) !=
		    OB_OK)
			util_out_of_memory();
		ob_ogn_write(stdout, &g);
		if (i % 64 == 0)
			util_check_output();
	}
	ob_game_free(&g);
	util_check_output();
}

int main(int argc, char **argv)
{
	enum { OPT_JSON = 256, OPT_POSITIONS, OPT_SEED, OPT_STRICT,
	       OPT_VERSION };
	static const struct option longopts[] = {
		{"format", required_argument, NULL, 'f'},
		{"generate", required_argument, NULL, 'g'},
		{"help", no_argument, NULL, 'h'},
		{"json", no_argument, NULL, OPT_JSON},
		{"max-plies", required_argument, NULL, 'm'},
		{"normalize", no_argument, NULL, 'n'},
		{"output", required_argument, NULL, 'o'},
		{"positions", no_argument, NULL, OPT_POSITIONS},
		{"quiet", no_argument, NULL, 'q'},
		{"random", required_argument, NULL, 'r'},
		{"seed", required_argument, NULL, OPT_SEED},
		{"strict", no_argument, NULL, OPT_STRICT},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	static const char *const formats[] = {"text", "json", NULL};
	static const char *const output_names[] = {
		[OUT_JSON] = "--json", [OUT_NORMALIZE] = "--normalize",
		[OUT_POSITIONS] = "--positions"};
	long count = -1, seed = 1, max_plies = 300;
	const char *seed_given = NULL, *plies_given = NULL, *output = NULL;
	int c;
	util_init("ob-validate", argv);
	opt.variant = ob_variant_default();
	while ((c = getopt_long(argc, argv, "f:g:hm:no:qr:V:", longopts,
				NULL)) != -1) {
		enum output out = OUT_NONE;
		switch (c) {
		case 'f':
			if (util_choice("--format", optarg, formats) == 1)
				out = OUT_JSON;
			break;
		case 'g':
		case 'r':
			if (!util_parse_long(optarg, 0, 100000000, &count))
				util_usage_error("%s takes a count from 0 to "
						 "100000000, not '%s'",
						 c == 'g' ? "--generate"
							  : "--random",
						 optarg);
			break;
		case 'h':
			util_help(usage_text, help_text);
		case OPT_JSON:
			out = OUT_JSON;
			break;
		case 'm':
			if (!util_parse_long(optarg, 0, 10000, &max_plies))
				util_usage_error("--max-plies takes a number "
						 "from 0 to 10000, not '%s'",
						 optarg);
			plies_given = "--max-plies";
			break;
		case 'n':
			out = OUT_NORMALIZE;
			break;
		case 'o':
			output = optarg;
			break;
		case OPT_POSITIONS:
			out = OUT_POSITIONS;
			break;
		case 'q':
			opt.quiet = true;
			break;
		case OPT_SEED:
			if (!util_parse_long(optarg, 0, 0x7fffffffL, &seed))
				util_usage_error("--seed takes a number from 0 "
						 "to 2147483647, not '%s'",
						 optarg);
			seed_given = "--seed";
			break;
		case OPT_STRICT:
			opt.flags |= OB_CHECK_STRICT;
			break;
		case 'V':
			opt.variant = util_variant(optarg);
			break;
		case OPT_VERSION:
			util_version();
		default:
			util_usage(usage_text);
		}
		if (out != OUT_NONE) {
			if (opt.output != OUT_NONE && opt.output != out)
				util_conflict(output_names[opt.output],
					      output_names[out]);
			opt.output = out;
		}
	}
	if (count < 0 && (seed_given || plies_given))
		util_needs(seed_given ? seed_given : plies_given, "--random");
	if (count >= 0) {
		if (optind < argc)
			util_usage_error("--random reads no input files, not "
					 "'%s'",
					 argv[optind]);
		if (opt.output != OUT_NONE)
			util_conflict("--random", output_names[opt.output]);
		if (opt.flags & OB_CHECK_STRICT)
			util_conflict("--random", "--strict");
		if (output)
			util_output("--output", output);
		generate(count, seed, max_plies);
		return EXIT_OK;
	}
	util_inputs(argv + optind, argc - optind);
	if (output)
		util_output("--output", output);

	struct ob_game g;
	ob_game_init(&g);
	int status = EXIT_OK;
	if (optind == argc) {
		status = process_file("-", &g);
	} else {
		for (int i = optind; i < argc; i++) {
			int s = process_file(argv[i], &g);
			if (s > status)
				status = s;
		}
	}
	ob_game_free(&g);
	util_check_output();
	if (!opt.quiet)
		util_warn("%ld game%s read: %ld valid, %ld invalid; %ld %s "
			  "checked",
			  games_read, games_read == 1 ? "" : "s", games_valid,
			  games_invalid, plies_checked,
			  plies_checked == 1 ? "ply" : "plies");
	return status;
}
