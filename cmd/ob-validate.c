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

#include "games.h"
#include "input.h"
#include "json.h"
#include "oblique.h"
#include "outfile.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-validate [-q] [-f format | -n | --positions] [-j jobs]\n"
	"                   [-o file] [-V variant] [--strict] [file ...]\n"
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
	"  -j, --jobs N        check games on N threads, output as with 1\n"
	"      --json          the same as --format json\n"
	"  -m, --max-plies N   with --random: at most N plies (default 300)\n"
	"  -n, --normalize     write each valid game in canonical OGN\n"
	"  -o, --output FILE   write to FILE instead of standard output\n"
	"      --positions     write each valid game's positions as OFEN\n"
	"                      (DFEN, PFEN, FEN): a '# game N FILE:LINE' line,\n"
	"                      its start, then the position after each\n"
	"                      main-line ply (settled, with three armies);\n"
	"                      '#variant NAME' lines where the variant changes\n"
	"  -q, --quiet         no summary line, no progress on a terminal\n"
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

static long games_read_count, games_valid, games_invalid, plies_checked;

/* ---- JSON ---- */

/* The JSON object of a game, on one line. */
static void write_json(struct buf *b, const struct ob_game *g, bool replayed)
{
	buf_printf(b, "{\"index\":%ld,\"tags\":{", g->index);
	bool first = true;
	for (int i = 0; i < g->ntags; i++) {
		const char *name = g->text + g->tags[i].name;
		if (g->tags[i].repeated)
			continue; /* the first of a name counts */
		if (!first)
			buf_puts(b, ",");
		json_text(b, name);
		buf_puts(b, ":");
		json_text(b, g->text + g->tags[i].value);
		first = false;
	}
	buf_printf(b, "},\"plies\":%d,\"result\":", g->plies);
	if (g->termination[0])
		json_text(b, g->termination);
	else
		buf_puts(b, "null");
	buf_puts(b, ",\"termination\":");
	if (replayed)
		json_text(b, ob_game_end_name(g->end));
	else
		buf_puts(b, "null");
	buf_printf(b, ",\"valid\":%s,\"errors\":[",
		   g->nerrors ? "false" : "true");
	for (int i = 0; i < g->nerrors; i++) {
		const struct ob_game_error *e = &g->errors[i];
		buf_printf(b, "%s{\"line\":%ld,\"column\":%ld,\"ply\":%d,"
			   "\"move\":",
			   i ? "," : "", e->line, e->column, e->ply);
		if (e->move[0])
			json_text(b, e->move);
		else
			buf_puts(b, "null");
		buf_puts(b, ",\"reason\":");
		json_text(b, e->reason);
		buf_puts(b, "}");
	}
	buf_puts(b, "]}\n");
}

/* ---- one game ---- */

/* Where the game starts, then its start and the position after each
 * main-line ply (the #variant line before it is written in order, by
 * write_batch). */
static void write_positions(struct buf *b, const char *name,
			    const struct ob_game *g)
{
	struct ob_position pos = g->start;
	char ofen[OB_OFEN_MAX];
	buf_printf(b, "# game %ld ", g->index);
	buf_add_text(b, name);
	buf_printf(b, ":%ld\n", g->line);
	ob_ofen_write(&pos, ofen);
	buf_printf(b, "%s\n", ofen);
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		if (t->type != OB_TOKEN_MOVE || t->depth != 0)
			continue;
		struct ob_undo u;
		ob_make(&pos, t->move, &u);
		ob_ofen_write(&pos, ofen);
		buf_printf(b, "%s\n", ofen);
	}
}

/* The canonical OGN of a game, through a memory stream. */
static void write_normalized(struct buf *b, const struct ob_game *g)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f || ob_ogn_write(f, g) != OB_OK || fclose(f) != 0)
		util_out_of_memory();
	buf_add(b, text, len);
	free(text);
}

/* Checks one game and writes what it asks for into the batch. */
static void process_game(struct game_batch *b, int i)
{
	struct ob_game *g = &b->games[i];
	unsigned flags = opt.flags;
	if (opt.output == OUT_NORMALIZE)
		flags |= OB_CHECK_CANONICAL;
	enum ob_status st = ob_game_check(g, opt.variant, flags);
	if (st == OB_ERR_NO_MEMORY)
		util_out_of_memory();
	games_diagnostics(&b->diag, b->name, g);
	bool valid = st == OB_OK;
	if (!valid)
		b->invalid = true;
	b->variant[i] = NULL;
	switch (opt.output) {
	case OUT_JSON:
		write_json(&b->out, g, g->variant != NULL);
		break;
	case OUT_NORMALIZE:
		if (valid)
			write_normalized(&b->out, g);
		break;
	case OUT_POSITIONS:
		if (valid) {
			write_positions(&b->out, b->name, g);
			b->variant[i] = g->variant;
		}
		break;
	case OUT_NONE:
		break;
	}
	b->out_end[i] = b->out.len;
}

static void check_batch(struct game_batch *b, int worker, void *arg)
{
	(void)worker;
	(void)arg;
	for (int i = 0; i < b->n; i++)
		process_game(b, i);
}

/* In input order: the counts, and the output with a #variant line
 * wherever the positions' variant changes. */
static void write_batch(struct game_batch *b, void *arg)
{
	const struct ob_variant **last = arg;
	size_t from = 0;
	for (int i = 0; i < b->n; i++) {
		const struct ob_game *g = &b->games[i];
		char directive[INPUT_DIRECTIVE_MAX];
		games_read_count++;
		if (g->nerrors)
			games_invalid++;
		else
			games_valid++;
		plies_checked += g->moves_checked;
		if (b->variant[i] && input_directive(directive, last,
						     b->variant[i]))
			fputs(directive, stdout);
		if (b->out_end[i] > from) /* out.p is NULL while empty */
			fwrite(b->out.p + from, 1, b->out_end[i] - from,
			       stdout);
		from = b->out_end[i];
	}
	if (opt.output != OUT_NONE)
		util_check_output();
}

static void generate(long count, long seed, long max_plies)
{
	struct ob_game g;
	struct ob_rng rng;
	ob_game_init(&g);
	ob_rng_seed(&rng, (uint64_t)seed);
	util_progress_start("games written", opt.quiet);
	for (long i = 1; i <= count; i++) {
		if (ob_game_random(&g, opt.variant, &rng, i, (int)max_plies) !=
		    OB_OK)
			util_out_of_memory();
		ob_ogn_write(stdout, &g);
		if (i % 64 == 0)
			util_check_output();
		util_progress_tick();
	}
	util_progress_clear();
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
		{"jobs", required_argument, NULL, 'j'},
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
	static const char *const format_options[] = {"--format text",
						     "--format json"};
	struct util_form form = {0};
	const char *random_name = "--random";
	long count = -1, seed = 1, max_plies = 300;
	int jobs = 1;
	const char *seed_given = NULL, *plies_given = NULL, *output = NULL;
	bool jobs_given = false;
	int c;
	util_init("ob-validate", argv);
	opt.variant = ob_variant_default();
	while ((c = getopt_long(argc, argv, "f:g:hj:m:no:qr:V:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'f': {
			int f = util_choice("--format", optarg, formats);
			util_form_choose(&form, f ? OUT_JSON : OUT_NONE,
					 format_options[f]);
			break;
		}
		case 'g':
		case 'r':
			/* messages name the synonym given */
			random_name = c == 'g' ? "--generate" : "--random";
			if (!util_parse_long(optarg, 0, 100000000, &count))
				util_usage_error("%s takes a count from 0 to "
						 "100000000, not '%s'",
						 random_name, optarg);
			break;
		case 'h':
			util_help(usage_text, help_text);
		case 'j':
			jobs = util_jobs(optarg);
			jobs_given = true;
			break;
		case OPT_JSON:
			util_form_choose(&form, OUT_JSON, "--json");
			break;
		case 'm':
			if (!util_parse_long(optarg, 0, 10000, &max_plies))
				util_usage_error("--max-plies takes a number "
						 "from 0 to 10000, not '%s'",
						 optarg);
			plies_given = "--max-plies";
			break;
		case 'n':
			util_form_choose(&form, OUT_NORMALIZE, "--normalize");
			break;
		case 'o':
			output = optarg;
			break;
		case OPT_POSITIONS:
			util_form_choose(&form, OUT_POSITIONS, "--positions");
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
	}
	opt.output = form.name ? (enum output)form.form : OUT_NONE;
	if (count < 0 && (seed_given || plies_given))
		util_needs(seed_given ? seed_given : plies_given, "--random");
	if (count >= 0) {
		if (optind < argc)
			util_usage_error("%s reads no input files, not '%s'",
					 random_name, argv[optind]);
		if (form.name)
			util_conflict(random_name, form.name);
		if (opt.flags & OB_CHECK_STRICT)
			util_conflict(random_name, "--strict");
		if (jobs_given)
			util_conflict(random_name, "--jobs");
		if (output)
			outfile_stdout("--output", output);
		generate(count, seed, max_plies);
		outfile_finish_all();
		return EXIT_OK;
	}
	util_inputs(argv + optind, argc - optind);
	if (output)
		outfile_stdout("--output", output);

	const struct ob_variant *written = ob_variant_default();
	util_progress_start("games read", opt.quiet);
	int status = games_read(argv + optind, argc - optind, jobs,
				check_batch, write_batch, &written);
	util_check_output();
	/* Invalid games are output as well (--json) or left out (-n,
	 * --positions): only an input that could not be read fails the run. */
	if (status != EXIT_USAGE)
		outfile_finish_all();
	if (!opt.quiet)
		util_warn("%ld game%s read: %ld valid, %ld invalid; %ld %s "
			  "checked",
			  games_read_count, games_read_count == 1 ? "" : "s",
			  games_valid,
			  games_invalid, plies_checked,
			  plies_checked == 1 ? "ply" : "plies");
	return status;
}
