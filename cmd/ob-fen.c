/*
 * ob-fen: read, check, normalise, transform and produce OFEN positions.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "oblique.h"
#include "outfile.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-fen [-eM] [-c | -f format | --moves] [-o file] [-p moves]\n"
	"              [-V variant] [file ...]\n"
	"       ob-fen -S [-eM] [-c | -f format | --moves] [-o file] [-p moves]\n"
	"              [-V variant]\n"
	"       ob-fen -r n [-M] [-f format | --moves] [-o file] [-V variant]\n"
	"              [--seed s]\n";

static const char help_text[] =
	"Read positions, one per line (OFEN, or the variant's own: DFEN,\n"
	"PFEN, FEN; the word 'startpos' stands for the start position), from\n"
	"the files or standard input, and write each in canonical form.  A\n"
	"position may be followed on its line by moves in long form (chess:\n"
	"also UCI's, e2e4) to play from it.\n"
	"\n"
	"  -c, --check         only report invalid lines; print nothing else\n"
	"  -e, --each          with moves: print the position after every ply\n"
	"  -f, --format FMT    text (OFEN, the default) or json (one object\n"
	"                      per position)\n"
	"  -h, --help          print this help and exit\n"
	"      --json          the same as --format json\n"
	"      --moves         list each position's legal moves, sorted\n"
	"  -M, --mirror        point reflection, colours swapped (Plattraum\n"
	"                      and chess: the mirror top to bottom, armies\n"
	"                      swapped; with three armies the turn by 120\n"
	"                      degrees, army k becoming army k+1)\n"
	"  -o, --output FILE   write to FILE instead of standard output\n"
	"  -p, --play MOVES    play these moves (separated by spaces or\n"
	"                      commas) from each position, after any moves on\n"
	"                      its line\n"
	"  -r, --random N      make N positions by seeded random playouts\n"
	"      --seed S        seed for --random (default 1)\n"
	"  -S, --startpos      the start position as the input\n"
	"  -V, --variant NAME  oblique (default), raumschach,\n"
	"                      diagonal-oblong (DFEN positions),\n"
	"                      plattraum (three armies), plattraum-2p,\n"
	"                      plattraum-multiple, plattraum-knighted or\n"
	"                      plattraum-liu-yang (PFEN positions), chess\n"
	"                      (FEN positions)\n"
	"      --version       print the version and exit\n"
	"\n"
	"Blank lines and lines starting with '#' are skipped.  Exit status:\n"
	"0 all lines valid, 1 some line invalid, 2 usage or read error.\n";

enum output { OUT_OFEN, OUT_CHECK, OUT_JSON, OUT_MOVES };

struct options {
	const struct ob_variant *variant;
	enum output output;
	bool mirror, each;
	const char *play;
	long random, seed;
};

static struct options opt;
static long positions_written;
/* The variant a reader of our OFEN lines reads them in (ofen(5)). */
static const struct ob_variant *variant_written;

/* JSON of a piece's side: "color":"white" on the boards of two colours,
 * "army":1 on Plattraum's (armies numbered from 1, as PFEN writes them). */
static void json_side(const char *member, const char *army_member, int side,
		      bool armies)
{
	if (armies)
		printf("\"%s\":%d", army_member, side + 1);
	else
		printf("\"%s\":\"%s\"", member,
		       side == OB_WHITE ? "white" : "black");
}

static void write_json(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	bool codes = ob_variant_has_codes(v);
	char ofen[OB_OFEN_MAX], cell[8], key[INPUT_FORMAT_KEY_MAX];
	ob_ofen_write(pos, ofen);
	printf("{\"%s\":\"%s\",\"variant\":\"%s\",", input_format_key(v, key),
	       ofen, v->name);
	json_side("side", "army_to_move", pos->side, codes);
	if (codes) {
		/* The armies of the variant and those still with pieces: with
		 * three, an army can be out of the game. */
		unsigned in_game = ob_armies_in_game(pos);
		printf(",\"armies\":%d,\"armies_in_game\":[", ob_armies(v));
		for (int a = 0, n = 0; a < ob_armies(v); a++)
			if (in_game >> a & 1)
				printf("%s%d", n++ ? "," : "", a + 1);
		printf("]");
	}
	printf(",\"halfmove_clock\":%d,\"fullmove_number\":%d,\"pieces\":[",
	       pos->halfmove_clock, pos->fullmove_number);
	bool first = true;
	for (int c = 0; c < ob_cell_count(v); c++) {
		ob_piece p = pos->board[c];
		if (p == OB_EMPTY)
			continue;
		int kind = OB_PIECE_KIND(p);
		ob_cell_name(v, c, cell);
		printf("%s{\"cell\":\"%s\",", first ? "" : ",", cell);
		json_side("color", "army", OB_PIECE_COLOR(p), codes);
		printf(",\"piece\":\"%s\",\"name\":\"%s\"}",
		       ob_kind_code(v, kind), v->kinds[kind].name);
		first = false;
	}
	printf("]");
	if (v->state_fields) {
		/* The rights and en passant fields, as DFEN writes them. */
		char *rights = strchr(ofen, ' ') + 3, *ep = strchr(rights, ' ') + 1;
		printf(",\"rights\":\"%.*s\",\"en_passant\":",
		       (int)(ep - 1 - rights), rights);
		if (*ep == '-')
			printf("null");
		else
			printf("\"%.*s\"", (int)strcspn(ep, " "), ep);
	}
	printf(",\"status\":\"%s\",\"legal_moves\":%d}\n",
	       ob_game_status_name(ob_status(pos)), ob_legal_count(pos));
}

static void write_moves(const struct ob_position *pos)
{
	ob_move moves[OB_MAX_MOVES];
	char text[OB_MOVE_TEXT_MAX];
	int n = ob_legal_moves(pos, moves);
	ob_moves_sort(pos, moves, n);
	if (positions_written > 0)
		putchar('\n');
	for (int i = 0; i < n; i++) {
		ob_move_write(pos, moves[i], text);
		puts(text);
	}
}

static void write_position(const struct ob_position *given)
{
	struct ob_position pos = *given;
	char ofen[OB_OFEN_MAX];
	if (opt.mirror)
		ob_position_mirror(given, &pos);
	switch (opt.output) {
	case OUT_CHECK:
		break;
	case OUT_OFEN: {
		char directive[INPUT_DIRECTIVE_MAX];
		if (input_directive(directive, &variant_written, pos.variant))
			fputs(directive, stdout);
		ob_ofen_write(&pos, ofen);
		puts(ofen);
		break;
	}
	case OUT_JSON:
		write_json(&pos);
		break;
	case OUT_MOVES:
		write_moves(&pos);
		break;
	}
	positions_written++;
}

static void each_ply(const struct ob_position *pos, ob_move move, int ply,
		     void *arg)
{
	(void)move;
	(void)ply;
	(void)arg;
	if (opt.each)
		write_position(pos);
}

/* Handles one input line; false when it is invalid. */
static bool process_line(const struct input_at *at, const char *line,
			 size_t len, void *arg)
{
	(void)arg;
	const char *file = at->file;
	long lineno = at->lineno;
	struct ob_position pos;
	struct ob_error err;
	size_t rest;
	if (input_position(at->variant, line, len, &pos, &rest, &err) !=
	    OB_OK) {
		util_warn_at(file, lineno, err.column, "%s", err.message);
		return false;
	}
	int plies = 0;
	if (!input_play_at(&pos, line + rest, len - rest, file, lineno, rest,
			   &plies, each_ply, NULL))
		return false;
	if (opt.play && !input_play_at(&pos, opt.play, strlen(opt.play),
				       "--play", 1, 0, &plies, each_ply, NULL))
		return false;
	if (!opt.each || plies == 0)
		write_position(&pos);
	return true;
}

/* One position from a seeded random playout: up to 200 plies, stopping
 * early at a random point, when the game has no legal move (with three
 * armies: when one army is left), or after a far-corner win (Plattraum),
 * which ends the game.  Every position of a playout is settled: ob_make
 * eliminates as spec section 6 says, so some have an army out. */
static void random_position(struct ob_rng *rng, struct ob_position *pos)
{
	ob_position_start(pos, opt.variant);
	int length = (int)ob_rng_below(rng, 201);
	for (int ply = 0; ply < length; ply++) {
		ob_move moves[OB_MAX_MOVES];
		int n = ob_legal_moves(pos, moves);
		if (n == 0)
			break;
		ob_moves_sort(pos, moves, n); /* machine-independent order */
		ob_move m = moves[ob_rng_below(rng, (uint64_t)n)];
		bool won = ob_far_corner_win(pos, m);
		struct ob_undo u;
		ob_make(pos, m, &u);
		if (won)
			break;
	}
}

/* Refuses the options that the chosen form of a run would ignore. */
static void check_options(bool startpos, bool seed_given,
			  const char *output, char *const *files, int nfiles)
{
	if (startpos && opt.random >= 0)
		util_conflict("--startpos", "--random");
	if ((startpos || opt.random >= 0) && nfiles > 0)
		util_usage_error("%s reads no input files, not '%s'",
				 startpos ? "--startpos" : "--random",
				 files[0]);
	if (seed_given && opt.random < 0)
		util_needs("--seed", "--random");
	if (opt.random >= 0 && opt.play)
		util_conflict("--random", "--play");
	if (opt.random >= 0 && opt.each)
		util_conflict("--random", "--each");
	if (opt.random >= 0 && opt.output == OUT_CHECK)
		util_conflict("--random", "--check");
	if (opt.output == OUT_CHECK && opt.mirror)
		util_conflict("--check", "--mirror");
	if (opt.output == OUT_CHECK && opt.each)
		util_conflict("--check", "--each");
	if (opt.output == OUT_CHECK && output)
		util_conflict("--check", "--output");
}

int main(int argc, char **argv)
{
	enum { OPT_JSON = 256, OPT_MOVES, OPT_SEED, OPT_VERSION };
	static const struct option longopts[] = {
		{"check", no_argument, NULL, 'c'},
		{"each", no_argument, NULL, 'e'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"json", no_argument, NULL, OPT_JSON},
		{"moves", no_argument, NULL, OPT_MOVES},
		{"mirror", no_argument, NULL, 'M'},
		{"output", required_argument, NULL, 'o'},
		{"play", required_argument, NULL, 'p'},
		{"random", required_argument, NULL, 'r'},
		{"seed", required_argument, NULL, OPT_SEED},
		{"startpos", no_argument, NULL, 'S'},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	static const char *const formats[] = {"text", "json", NULL};
	static const char *const format_options[] = {"--format text",
						     "--format json"};
	struct util_form form = {0};
	const char *output = NULL;
	bool startpos = false, seed_given = false;
	int c;
	util_init("ob-fen", argv);
	opt.variant = variant_written = ob_variant_default();
	opt.seed = 1;
	opt.random = -1;
	while ((c = getopt_long(argc, argv, "cef:hMo:p:r:SV:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'c':
			util_form_choose(&form, OUT_CHECK, "--check");
			break;
		case OPT_MOVES:
			util_form_choose(&form, OUT_MOVES, "--moves");
			break;
		case 'e':
			opt.each = true;
			break;
		case 'f': {
			int f = util_choice("--format", optarg, formats);
			util_form_choose(&form, f ? OUT_JSON : OUT_OFEN,
					 format_options[f]);
			break;
		}
		case 'h':
			util_help(usage_text, help_text);
		case OPT_JSON:
			util_form_choose(&form, OUT_JSON, "--json");
			break;
		case 'M':
			opt.mirror = true;
			break;
		case 'o':
			output = optarg;
			break;
		case 'p':
			opt.play = optarg;
			break;
		case 'r':
			if (!util_parse_long(optarg, 0, 100000000, &opt.random))
				util_usage_error("--random takes a count from "
						 "0 to 100000000, not '%s'",
						 optarg);
			break;
		case OPT_SEED:
			if (!util_parse_long(optarg, 0, 0x7fffffffL, &opt.seed))
				util_usage_error("--seed takes a number from 0 "
						 "to 2147483647, not '%s'",
						 optarg);
			seed_given = true;
			break;
		case 'S':
			startpos = true;
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
	opt.output = form.name ? (enum output)form.form : OUT_OFEN;
	check_options(startpos, seed_given, output, argv + optind,
		      argc - optind);
	util_inputs(argv + optind, argc - optind);
	if (output)
		outfile_stdout("--output", output);

	int status = EXIT_OK;
	if (startpos) {
		static char word[] = "startpos";
		struct input_at at = {"--startpos", 1, opt.variant, false, 1};
		status = process_line(&at, word, sizeof word - 1, NULL)
				 ? EXIT_OK
				 : EXIT_INVALID;
	} else if (opt.random >= 0) {
		struct ob_rng rng;
		ob_rng_seed(&rng, (uint64_t)opt.seed);
		for (long i = 0; i < opt.random; i++) {
			struct ob_position pos;
			random_position(&rng, &pos);
			write_position(&pos);
		}
	} else {
		status = util_each_input(argv + optind, argc - optind,
					 opt.variant, process_line, NULL, NULL);
	}
	util_check_output();
	/* An invalid line is left out: only an input that could not be read
	 * fails the run. */
	if (status != EXIT_USAGE)
		outfile_finish_all();
	return status;
}
