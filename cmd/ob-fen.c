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
#include "util.h"

static const char usage_text[] =
	"usage: ob-fen [-V variant] [--check | --json | --moves] [--mirror]\n"
	"              [--play moves] [--each] [file ...]\n"
	"       ob-fen [-V variant] --startpos\n"
	"       ob-fen [-V variant] --random n [--seed s] [--json | --moves]\n"
	"              [--mirror]\n";

static const char help_text[] =
	"Read OFEN positions, one per line (the word 'startpos' stands for\n"
	"the start position), from the files or standard input, and write\n"
	"each in canonical form.  A position may be followed on its line by\n"
	"moves in long form to play from it.\n"
	"\n"
	"  -c, --check         only report invalid lines; print nothing else\n"
	"  -e, --each          with moves: print the position after every ply\n"
	"  -h, --help          print this help and exit\n"
	"  -j, --json          one JSON object per position\n"
	"  -m, --moves         list each position's legal moves, sorted\n"
	"  -M, --mirror        point reflection, colours swapped\n"
	"  -p, --play MOVES    play these moves (space-separated) from each\n"
	"                      position, after any moves on its line\n"
	"  -r, --random N      make N positions by seeded random playouts\n"
	"  -s, --seed S        seed for --random (default 1)\n"
	"  -S, --startpos      print the start position\n"
	"  -V, --variant NAME  oblique (default), raumschach or\n"
	"                      diagonal-oblong (DFEN positions)\n"
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

static void write_json(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	char ofen[OB_OFEN_MAX], cell[8];
	ob_ofen_write(pos, ofen);
	printf("{\"ofen\":\"%s\",\"variant\":\"%s\",\"side\":\"%s\","
	       "\"halfmove_clock\":%d,\"fullmove_number\":%d,\"pieces\":[",
	       ofen, v->name, pos->side == OB_WHITE ? "white" : "black",
	       pos->halfmove_clock, pos->fullmove_number);
	bool first = true;
	for (int c = 0; c < ob_cell_count(v); c++) {
		ob_piece p = pos->board[c];
		if (p == OB_EMPTY)
			continue;
		const struct ob_piece_kind *k = &v->kinds[OB_PIECE_KIND(p)];
		ob_cell_name(v, c, cell);
		printf("%s{\"cell\":\"%s\",\"color\":\"%s\",\"piece\":\"%c\","
		       "\"name\":\"%s\"}",
		       first ? "" : ",", cell,
		       OB_PIECE_COLOR(p) == OB_WHITE ? "white" : "black",
		       k->letter, k->name);
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
 * early at a random point or when the game has no legal move. */
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
		struct ob_undo u;
		ob_make(pos, moves[ob_rng_below(rng, (uint64_t)n)], &u);
	}
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"check", no_argument, NULL, 'c'},
		{"each", no_argument, NULL, 'e'},
		{"help", no_argument, NULL, 'h'},
		{"json", no_argument, NULL, 'j'},
		{"moves", no_argument, NULL, 'm'},
		{"mirror", no_argument, NULL, 'M'},
		{"play", required_argument, NULL, 'p'},
		{"random", required_argument, NULL, 'r'},
		{"seed", required_argument, NULL, 's'},
		{"startpos", no_argument, NULL, 'S'},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, 1},
		{NULL, 0, NULL, 0},
	};
	bool startpos = false;
	int c;
	util_init("ob-fen", argv);
	opt.variant = variant_written = ob_variant_default();
	opt.seed = 1;
	opt.random = -1;
	while ((c = getopt_long(argc, argv, "cehjmMp:r:s:SV:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'c':
			opt.output = OUT_CHECK;
			break;
		case 'e':
			opt.each = true;
			break;
		case 'h':
			util_help(usage_text, help_text);
		case 'j':
			opt.output = OUT_JSON;
			break;
		case 'm':
			opt.output = OUT_MOVES;
			break;
		case 'M':
			opt.mirror = true;
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
		case 's':
			if (!util_parse_long(optarg, 0, 0x7fffffffL, &opt.seed))
				util_usage_error("--seed takes a number from 0 "
						 "to 2147483647, not '%s'",
						 optarg);
			break;
		case 'S':
			startpos = true;
			break;
		case 'V':
			opt.variant = util_variant(optarg);
			break;
		case 1:
			util_version();
		default:
			util_usage(usage_text);
		}
	}

	int status = EXIT_OK;
	if (startpos) {
		struct ob_position pos;
		ob_position_start(&pos, opt.variant);
		write_position(&pos);
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
	return status;
}
