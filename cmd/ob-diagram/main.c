/*
 * ob-diagram: position diagrams, move-table figures and heat maps of the
 * lattice or of the flat diamond board, as text or as SVG.  This file
 * reads the options and the input lines; diagram.h says where the rest is.
 */
#define _GNU_SOURCE
#include "ob-diagram/diagram.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ob-diagram/heatmap.h"
#include "ob-diagram/moves.h"
#include "ob-diagram/output.h"
#include "ob-diagram/position.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-diagram [-aFu] [-A moves] [-f format] [-l layout] "
	"[-o pattern]\n"
	"                  [-p moves] [-V variant] [--mark cells] [file ...]\n"
	"       ob-diagram -S [-aFu] [-A moves] [-f format] [-l layout] "
	"[-o pattern]\n"
	"                  [-p moves] [-V variant] [--mark cells]\n"
	"       ob-diagram --piece letter [-aFu] [-A moves] [-f format] "
	"[-l layout]\n"
	"                  [-o pattern] [-P position] [-t cell] [-V variant]\n"
	"                  [--mark cells]\n"
	"       ob-diagram -T [-t cell] [-V variant]\n"
	"       ob-diagram --heatmap [-aFu] [-A moves] [-f format] [-l layout]\n"
	"                  [-o pattern] [-V variant] [--mark cells] [file ...]\n";

static const char help_text[] =
	"Draw positions, one per input line ('startpos' or an OFEN or DFEN,\n"
	"optionally followed by moves to play), in text or as SVG: the\n"
	"lattice as five level slices, the flat board turned through 45\n"
	"degrees; or draw a piece's moves, a table of move counts, or a heat\n"
	"map of per-cell values.\n"
	"\n"
	"  -a, --ascending       lattice: levels A to E from left to right "
	"(default\n"
	"                        E to A)\n"
	"  -A, --arrow MOVES     SVG: draw arrows for moves such as TCa1-Ca4\n"
	"                        (separated by spaces or commas; repeatable)\n"
	"  -f, --format FMT      text (default) or svg\n"
	"  -F, --flip            seen from Black's side\n"
	"  -h, --help            print this help and exit\n"
	"      --heatmap         read 'CELL VALUE' lines and shade the cells\n"
	"  -l, --layout LAYOUT   SVG layout of the lattice: slices (default "
	"for\n"
	"                        positions) or stacked (default for --piece)\n"
	"      --mark CELLS      mark cells, e.g. Cc3,Dd4 (repeatable)\n"
	"  -o, --output PATTERN  write to files named by PATTERN; %d is the\n"
	"                        diagram's number (from 1)\n"
	"  -p, --play MOVES      play these moves (separated by spaces or\n"
	"                        commas) from each position, after any on its\n"
	"                        line\n"
	"      --piece LETTER    the moves of a piece (upper case White, lower "
	"case\n"
	"                        Black) on an empty board\n"
	"  -P, --position OFEN   with --piece: stand it in this position "
	"instead\n"
	"  -S, --startpos        draw the start position (no input read)\n"
	"  -t, --at CELL         the piece's cell for --piece and --table\n"
	"                        (default the centre: Cc3, or e9 on the flat "
	"board)\n"
	"  -T, --table           directions and cells reached, for every "
	"piece\n"
	"  -u, --unicode         text with box-drawing characters\n"
	"  -V, --variant NAME    oblique (default), raumschach or "
	"diagonal-oblong\n"
	"      --version         print the version and exit\n"
	"\n"
	"Without -o, text diagrams are separated by a blank line and SVG\n"
	"documents follow one another, each complete.  Exit status: 0 all\n"
	"lines valid, 1 some line invalid, 2 usage or read error.\n";

struct options opt;

void diagram_scene_init(struct scene *sc, enum layout fallback)
{
	scene_init(sc, opt.layout != LAYOUT_DEFAULT ? opt.layout : fallback);
	int n = ob_cell_count(opt.view.variant);
	for (int c = 0; c < n; c++)
		if (opt.marked[c])
			sc->flags[c] |= F_MARK;
	for (int i = 0; i < opt.narrows; i++)
		scene_line(sc, opt.arrows[i].from, opt.arrows[i].to,
			   LINE_ARROW);
}

const char *side_name(int color)
{
	return color == OB_WHITE ? "White" : "Black";
}

/* One input line: a heat-map value, or a position to draw. */
static bool process_line(const char *file, long lineno, const char *line,
			 size_t len, void *arg)
{
	struct heat_input *heat = arg;
	return heat ? heat_line(heat, file, lineno, line, len)
		    : position_line(file, lineno, line, len);
}

/* ---- option values ---- */

static int parse_cell_option(const char *option, const char *text)
{
	int cell, n = ob_cell_parse(opt.view.variant, text, &cell);
	if (n <= 0 || text[n] != '\0')
		util_usage_error("%s: '%s' is not a cell", option, text);
	return cell;
}

static void parse_marks(const char *text)
{
	const char *p = text;
	for (;;) {
		int cell, n = ob_cell_parse(opt.view.variant, p, &cell);
		if (n <= 0 || (p[n] != ',' && p[n] != '\0'))
			util_usage_error("--mark: expected cells separated by "
					 "commas, as in Cc3,Dd4, not '%s'",
					 text);
		opt.marked[cell] = true;
		p += n;
		if (*p == '\0')
			return;
		p++;
	}
}

/* An arrow is a move in long form, piece letter optional: TCa1-Ca4,
 * Ca1xCa4, PBa4-Ba5=R+.  It is drawn, not checked against a position. */
static void parse_arrows(const char *text)
{
	const char *p = text;
	for (;;) {
		int from, to, n = ob_cell_parse(opt.view.variant, p, &from);
		if (n <= 0 || (p[n] != '-' && p[n] != 'x')) {
			if (ob_kind_from_letter(opt.view.variant, *p) >= 0 &&
			    *p >= 'A' && *p <= 'Z')
				n = ob_cell_parse(opt.view.variant, ++p, &from);
			if (n <= 0 || (p[n] != '-' && p[n] != 'x'))
				goto bad;
		}
		p += n + 1;
		n = ob_cell_parse(opt.view.variant, p, &to);
		if (n <= 0 || to == from)
			goto bad;
		p += n;
		while (*p && strchr("=+#!?RTBLNQUKS", *p) != NULL)
			p++;
		/* a paired move's second part, after &, is a second arrow */
		if (*p != ',' && *p != ' ' && *p != '&' && *p != '\0')
			goto bad;
		if (opt.narrows == SCENE_MAX_ARROWS)
			util_usage_error("--arrow: at most %d arrows",
					 SCENE_MAX_ARROWS);
		opt.arrows[opt.narrows].from = from;
		opt.arrows[opt.narrows].to = to;
		opt.narrows++;
		while (*p == ',' || *p == ' ')
			p++;
		if (*p == '&')
			p++;
		if (*p == '\0')
			return;
	}
bad:
	util_usage_error("--arrow: expected moves such as TCa1-Ca4, separated "
			 "by spaces or commas, not '%s'",
			 text);
}

static const char *const mode_names[] = {
	[MODE_POSITIONS] = NULL, [MODE_PIECE] = "--piece",
	[MODE_TABLE] = "--table", [MODE_HEATMAP] = "--heatmap"};

static void set_mode(enum mode m)
{
	if (opt.mode != MODE_POSITIONS && opt.mode != m)
		util_conflict(mode_names[opt.mode], mode_names[m]);
	opt.mode = m;
}

/* Refuses the options that the figure asked for would ignore. */
static void check_options(int nfiles)
{
	const char *table_ignores[] = {
		opt.view.ascending ? "--ascending" : NULL,
		opt.narrow_text ? "--arrow" : NULL,
		opt.format != FORMAT_TEXT ? "--format" : NULL,
		opt.view.flip ? "--flip" : NULL,
		opt.layout != LAYOUT_DEFAULT ? "--layout" : NULL,
		opt.nmark_text ? "--mark" : NULL,
		opt.output ? "--output" : NULL,
		opt.unicode ? "--unicode" : NULL,
	};
	if (opt.mode == MODE_TABLE)
		for (size_t i = 0; i < sizeof table_ignores / sizeof *table_ignores;
		     i++)
			if (table_ignores[i])
				util_conflict("--table", table_ignores[i]);
	if (opt.play && opt.mode != MODE_POSITIONS)
		util_conflict("--play", mode_names[opt.mode]);
	if (opt.startpos && opt.mode != MODE_POSITIONS)
		util_conflict("--startpos", mode_names[opt.mode]);
	if (opt.startpos && nfiles > 0)
		util_usage_error("--startpos reads no input files");
	if (opt.narrow_text && opt.format != FORMAT_SVG)
		util_needs("--arrow", "--format svg");
	if (opt.layout != LAYOUT_DEFAULT && opt.format != FORMAT_SVG)
		util_needs("--layout", "--format svg");
	if (opt.unicode && opt.format == FORMAT_SVG)
		util_conflict("--unicode", "--format svg");
	if (opt.position && opt.mode != MODE_PIECE)
		util_needs("--position", "--piece");
	if (opt.at && opt.mode != MODE_PIECE && opt.mode != MODE_TABLE)
		util_needs("--at", "--piece or --table");
	if ((opt.mode == MODE_PIECE || opt.mode == MODE_TABLE) && nfiles > 0)
		util_usage_error("%s reads no input files",
				 mode_names[opt.mode]);
}

int main(int argc, char **argv)
{
	enum { OPT_HEATMAP = 256, OPT_MARK, OPT_PIECE, OPT_VERSION };
	static const struct option longopts[] = {
		{"ascending", no_argument, NULL, 'a'},
		{"arrow", required_argument, NULL, 'A'},
		{"at", required_argument, NULL, 't'},
		{"flip", no_argument, NULL, 'F'},
		{"format", required_argument, NULL, 'f'},
		{"heatmap", no_argument, NULL, OPT_HEATMAP},
		{"help", no_argument, NULL, 'h'},
		{"layout", required_argument, NULL, 'l'},
		{"mark", required_argument, NULL, OPT_MARK},
		{"output", required_argument, NULL, 'o'},
		{"piece", required_argument, NULL, OPT_PIECE},
		{"play", required_argument, NULL, 'p'},
		{"position", required_argument, NULL, 'P'},
		{"startpos", no_argument, NULL, 'S'},
		{"table", no_argument, NULL, 'T'},
		{"unicode", no_argument, NULL, 'u'},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	static const char *const formats[] = {"text", "svg", NULL};
	static const char *const layouts[] = {"slices", "stacked", NULL};
	int c;
	util_init("ob-diagram", argv);
	opt.view.variant = ob_variant_default();
	while ((c = getopt_long(argc, argv, "aA:f:Fhl:o:p:P:St:TuV:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'a':
			opt.view.ascending = true;
			break;
		case 'A':
			if (opt.narrow_text == MAX_OPTION_LISTS)
				util_usage_error("too many --arrow options");
			opt.arrow_text[opt.narrow_text++] = optarg;
			break;
		case 'f':
			opt.format = util_choice("--format", optarg, formats) ==
					     1
					     ? FORMAT_SVG
					     : FORMAT_TEXT;
			break;
		case 'F':
			opt.view.flip = true;
			break;
		case 'h':
			util_help(usage_text, help_text);
		case OPT_HEATMAP:
			set_mode(MODE_HEATMAP);
			break;
		case 'l':
			opt.layout = util_choice("--layout", optarg, layouts) ==
					     1
					     ? LAYOUT_STACKED
					     : LAYOUT_SLICES;
			break;
		case OPT_MARK:
			if (opt.nmark_text == MAX_OPTION_LISTS)
				util_usage_error("too many --mark options");
			opt.mark_text[opt.nmark_text++] = optarg;
			break;
		case 'o': {
			bool numbered;
			if (!*optarg || !output_pattern_ok(optarg, &numbered))
				util_usage_error("-o takes a file name with at "
						 "most one %%d, not '%s'",
						 optarg);
			opt.output = optarg;
			break;
		}
		case 'p':
			opt.play = optarg;
			break;
		case OPT_PIECE:
			set_mode(MODE_PIECE);
			opt.piece = optarg;
			break;
		case 'P':
			opt.position = optarg;
			break;
		case 't':
			opt.at = optarg;
			break;
		case 'S':
			opt.startpos = true;
			break;
		case 'T':
			set_mode(MODE_TABLE);
			break;
		case 'u':
			opt.unicode = true;
			break;
		case 'V':
			opt.view.variant = util_variant(optarg);
			break;
		case OPT_VERSION:
			util_version();
		default:
			util_usage(usage_text);
		}
	}

	check_options(argc - optind);
	const struct ob_board *b = opt.view.variant->board;
	opt.view.shape = shape_for(b);
	if (!opt.view.shape)
		util_usage_error("variant %s: only a lattice of levels, files "
				 "and ranks or a flat checkered board can be "
				 "drawn",
				 opt.view.variant->name);
	if (opt.layout != LAYOUT_DEFAULT &&
	    !(opt.view.shape->layouts & 1u << opt.layout))
		util_usage_error("variant %s: the %s is drawn in one layout; "
				 "--layout %s does not apply",
				 opt.view.variant->name,
				 opt.view.shape->surface,
				 shape_layout_name(opt.view.shape, opt.layout));
	if (opt.view.ascending && b->ndims != 3)
		util_usage_error("variant %s: --ascending orders the levels "
				 "of a lattice",
				 opt.view.variant->name);
	for (int i = 0; i < opt.nmark_text; i++)
		parse_marks(opt.mark_text[i]);
	for (int i = 0; i < opt.narrow_text; i++)
		parse_arrows(opt.arrow_text[i]);
	if (opt.at) {
		opt.at_cell = parse_cell_option("--at", opt.at);
	} else {
		int centre[OB_MAX_DIMS];
		for (int d = 0; d < OB_MAX_DIMS; d++)
			centre[d] = b->extent[d] / 2;
		opt.at_cell = ob_cell_at(opt.view.variant, centre);
		if (opt.at_cell < 0)
			opt.at_cell = 0;
	}

	util_inputs(argv + optind, argc - optind);
	int status = EXIT_OK;
	struct heat_input *heat = NULL;
	switch (opt.mode) {
	case MODE_PIECE:
		return moves_piece();
	case MODE_TABLE:
		return moves_table();
	case MODE_HEATMAP:
		heat = calloc(1, sizeof *heat);
		if (!heat) {
			util_warn("out of memory");
			return EXIT_USAGE;
		}
		diagram_scene_init(&heat->sc, opt.view.shape->positions);
		break;
	case MODE_POSITIONS:
		break;
	}
	if (opt.startpos)
		status = position_line("--startpos", 1, "startpos", 8)
				 ? EXIT_OK
				 : EXIT_INVALID;
	else
		status = util_each_line(argv + optind, argc - optind, true,
					process_line, heat);
	if (heat) {
		heat_finish(heat);
		output_emit(&heat->sc);
		free(heat);
	}
	output_close();
	util_check_output();
	return status;
}
