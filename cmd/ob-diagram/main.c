/*
 * ob-diagram: position diagrams, move-table figures and heat maps of the
 * lattice, of the flat diamond board, of the hexagonal board or of the
 * square board, as text or as SVG.  This file
 * reads the options and the input lines; diagram.h says where the rest is.
 */
#define _GNU_SOURCE
#include "ob-diagram/diagram.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/text.h"
#include "ob-diagram/colour.h"
#include "ob-diagram/heatmap.h"
#include "ob-diagram/moves.h"
#include "ob-diagram/output.h"
#include "ob-diagram/position.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-diagram [-aFu] [-A moves] [--army n] [--arrow-color color]\n"
	"                  [-f format] [--key] [-l layout] [-o pattern]\n"
	"                  [-p moves] [-V variant] [--mark cells] [file ...]\n"
	"       ob-diagram -S [-aFu] [-A moves] [--army n] [--arrow-color color]\n"
	"                  [-f format] [--key] [-l layout] [-o pattern]\n"
	"                  [-p moves] [-V variant] [--mark cells]\n"
	"       ob-diagram --piece letter [-aFu] [-A moves] [--army n]\n"
	"                  [-f format] [--key] [-l layout] [-o pattern]\n"
	"                  [-P position] [-t cell] [-V variant] [--mark cells]\n"
	"       ob-diagram -T [-t cell] [-V variant]\n"
	"       ob-diagram --heatmap [-aFu] [-A moves] [--army n] [-f format]\n"
	"                  [-l layout] [-o pattern] [--scale scale]\n"
	"                  [-V variant] [--mark cells] [file ...]\n";

static const char help_text[] =
	"Draw positions, one per input line ('startpos' or an OFEN, DFEN,\n"
	"PFEN or FEN, optionally followed by moves to play), in text or as\n"
	"SVG: the lattice as five level slices, the flat board turned through\n"
	"45 degrees, the hexagonal board as Plattraum's page draws it, the\n"
	"square board of chess upright; or draw a piece's moves, a table of\n"
	"move counts, or a heat map of per-cell values.\n"
	"\n"
	"  -a, --ascending       lattice: levels A to E from left to right "
	"(default\n"
	"                        E to A)\n"
	"      --army N          with --flip: the army seen from, whose home is\n"
	"                        at the bottom: 1, 2 (the default) or, on the\n"
	"                        three-army board, 3\n"
	"  -A, --arrow MOVES     SVG: draw arrows for moves such as TCa1-Ca4\n"
	"                        (chess: Pe2-e4 or e2e4; separated by spaces\n"
	"                        or commas; repeatable)\n"
	"      --arrow-color COLOR  the colour of the arrows given after it\n"
	"                        (#rgb, #rrggbb or a CSS colour name such as\n"
	"                        red)\n"
	"  -f, --format FMT      text (default) or svg\n"
	"  -F, --flip            seen from Black's side (army 2's; with --army,\n"
	"                        army N's: Plattraum for three turns the board\n"
	"                        by 240 or 120 degrees)\n"
	"  -h, --help            print this help and exit\n"
	"      --heatmap         read 'CELL VALUE' lines and shade the cells\n"
	"      --key             name the variant and its piece letters below "
	"the\n"
	"                        board\n"
	"  -l, --layout LAYOUT   SVG layout of the lattice: slices (default "
	"for\n"
	"                        positions) or stacked (default for --piece)\n"
	"      --mark CELLS      mark cells, e.g. Cc3,Dd4 (repeatable)\n"
	"  -o, --output PATTERN  write to files named by PATTERN; %d is the\n"
	"                        diagram's number (from 1)\n"
	"      --scale SCALE     heat-map shades: linear (default), log or "
	"quantile\n"
	"  -p, --play MOVES      play these moves (separated by spaces or\n"
	"                        commas) from each position, after any on its\n"
	"                        line\n"
	"      --piece LETTER    the moves of a piece (upper case White, lower "
	"case\n"
	"                        Black; Plattraum: a code, and an army's digit\n"
	"                        or none for army 1, as in Fc or Fc2) on an\n"
	"                        empty board\n"
	"  -P, --position OFEN   with --piece: stand it in this position "
	"instead\n"
	"  -S, --startpos        draw the start position (no input read)\n"
	"  -t, --at CELL         the piece's cell for --piece and --table\n"
	"                        (default the centre: Cc3, e9 on the flat "
	"board,\n"
	"                        f6 on the hexagonal, e5 on the square)\n"
	"  -T, --table           directions and cells reached, for every "
	"piece\n"
	"  -u, --unicode         text with box-drawing characters\n"
	"  -V, --variant NAME    oblique (default), raumschach, "
	"diagonal-oblong,\n"
	"                        a Plattraum variant (plattraum for three\n"
	"                        armies, plattraum-2p, ...) or chess\n"
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
			   LINE_ARROW)
			->colour = opt.arrows[i].colour;
	if (opt.key)
		scene_key(sc, opt.view.variant);
}

int diagram_centre_cell(const struct ob_variant *v)
{
	int centre[OB_MAX_DIMS];
	for (int d = 0; d < OB_MAX_DIMS; d++)
		centre[d] = v->board->extent[d] / 2;
	int cell = ob_cell_at(v, centre);
	return cell < 0 ? 0 : cell;
}

const char *side_name(int color)
{
	static const char *const armies[] = {"Army 1", "Army 2", "Army 3"};
	if (text_codes(opt.view.variant))
		return armies[color < 3 ? color : 0];
	return color == OB_WHITE ? "White" : "Black";
}

/* One input line: a heat-map value, or a position to draw. */
static bool process_line(const struct input_at *at, const char *line,
			 size_t len, void *arg)
{
	struct heat_input *heat = arg;
	return heat ? heat_line(heat, at->file, at->lineno, line, len)
		    : position_line(at->file, at->lineno, line, len);
}

/* ---- option values ---- */

static int parse_cell_option(const char *option, const char *text)
{
	int cell, n = ob_cell_parse(opt.view.variant, text, &cell);
	if (n <= 0 || text[n] != '\0')
		util_usage_error("%s: '%s' is not a cell", option, text);
	return cell;
}

/* --mark's cells, separated by commas; a usage error names the one that
 * is not a cell of the board. */
static void parse_marks(const char *text)
{
	const struct ob_variant *v = opt.view.variant;
	const char *p = text;
	for (;;) {
		size_t len = strcspn(p, ",");
		int cell, n = ob_cell_parse(v, p, &cell);
		if (n <= 0 || (size_t)n != len) {
			char centre[8], corner[8];
			ob_cell_name(v, diagram_centre_cell(v), centre);
			ob_cell_name(v, 0, corner);
			if (len == 0)
				util_usage_error("--mark: a cell is missing in "
						 "'%s' (cells separated by "
						 "commas, as in %s,%s)",
						 text, centre, corner);
			util_usage_error("--mark: '%.*s' is not a cell of %s's "
					 "board (cells separated by commas, "
					 "as in %s,%s)",
					 (int)len, p, v->name, centre, corner);
		}
		opt.marked[cell] = true;
		p += n;
		if (*p == '\0')
			return;
		p++;
	}
}

/* The length of the piece letter (either case) or code at p, or 0. */
static int kind_length(const char *p)
{
	const struct ob_variant *v = opt.view.variant;
	if (!text_codes(v))
		return ob_kind_from_letter(v, *p) >= 0;
	for (int k = 0; k < v->nkinds; k++) {
		size_t n = strlen(ob_kind_code(v, k));
		if (strncmp(p, ob_kind_code(v, k), n) == 0)
			return (int)n;
	}
	return 0;
}

/* The length of a UCI move's two cells at p (e2e4, of e7e8q), on a board
 * whose moves are read so, with their cells in from and to; else 0. */
static int uci_cells(const char *p, int *from, int *to)
{
	const struct ob_variant *v = opt.view.variant;
	int n = v->uci_moves ? ob_cell_parse(v, p, from) : 0, m;
	if (n <= 0 || (m = ob_cell_parse(v, p + n, to)) <= 0)
		return 0;
	return n + m;
}

/* An arrow is a move in long form, piece letter (or code) optional, the
 * letter in either case: TCa1-Ca4, tCa1-Ca4, Ca1xCa4, PBa4-Ba5=R+,
 * Cpf10-f11=Ds; in chess also as UCI writes it, e2e4, e7e8q.  It is
 * drawn, not checked against a position. */
static void parse_arrows(const char *text, const char *colour)
{
	const char *p = text;
	for (;;) {
		int from, to, n = uci_cells(p, &from, &to);
		if (n > 0) {
			p += n;
			/* a promotion's letter, in either case */
			if (*p &&
			    ob_kind_from_letter(opt.view.variant, *p) >= 0)
				p++;
			if (to == from)
				goto bad;
			goto add;
		}
		n = ob_cell_parse(opt.view.variant, p, &from);
		if (n <= 0 || (p[n] != '-' && p[n] != 'x')) {
			int kind = kind_length(p);
			if (kind > 0) {
				p += kind;
				n = ob_cell_parse(opt.view.variant, p, &from);
			}
			if (n <= 0 || (p[n] != '-' && p[n] != 'x'))
				goto bad;
		}
		p += n + 1;
		n = ob_cell_parse(opt.view.variant, p, &to);
		if (n <= 0 || to == from)
			goto bad;
		p += n;
		while (*p && *p != ',' && *p != '&') {
			int kind = kind_length(p);
			if (strchr("=+#!?", *p) != NULL)
				p++;
			else if (kind > 0)
				p += kind;
			else
				break;
		}
	add:
		/* a paired move's second part, after &, is a second arrow */
		if (*p != ',' && *p != ' ' && *p != '&' && *p != '\0')
			goto bad;
		if (opt.narrows == SCENE_MAX_ARROWS)
			util_usage_error("--arrow: at most %d arrows",
					 SCENE_MAX_ARROWS);
		opt.arrows[opt.narrows].from = from;
		opt.arrows[opt.narrows].to = to;
		opt.arrows[opt.narrows].colour = colour;
		opt.narrows++;
		while (*p == ',' || *p == ' ')
			p++;
		if (*p == '&')
			p++;
		if (*p == '\0')
			return;
	}
bad:
	if (opt.view.variant->uci_moves)
		util_usage_error("--arrow: expected moves such as Pe2-e4 or "
				 "e2e4, separated by spaces or commas, not "
				 "'%s'",
				 text);
	util_usage_error("--arrow: expected moves such as TCa1-Ca4, separated "
			 "by spaces or commas, not '%s'",
			 text);
}

/* The --arrow-color options so far: each colours the --arrow options
 * after it, the first those before it too. */
struct colours {
	const char *first, *last;
	int n;
	int arrows_before_first;
	bool last_used; /* an --arrow came after the last */
};

static bool colour_applies(const struct colours *c)
{
	return c->last_used || (c->n == 1 && c->arrows_before_first > 0);
}

_Noreturn static void unused_colour(const char *colour)
{
	util_usage_error("--arrow-color %s colours no arrow: it applies to the "
			 "--arrow options after it",
			 colour);
}

static void colour_given(const char *text, struct colours *c)
{
	const char *colour = colour_parse(text);
	if (!colour)
		util_usage_error("--arrow-color takes #rgb, #rrggbb or a CSS "
				 "colour name such as red, not '%s'",
				 text);
	if (c->n > 0 && !colour_applies(c))
		unused_colour(c->last);
	if (c->n++ == 0) {
		c->first = colour;
		c->arrows_before_first = opt.narrow_text;
	}
	c->last = colour;
	c->last_used = false;
}

/* The SVG layout a figure on shape is drawn in. */
static enum layout layout_drawn(const struct shape *shape)
{
	if (opt.layout != LAYOUT_DEFAULT)
		return opt.layout;
	return opt.mode == MODE_PIECE ? shape->pieces : shape->positions;
}

/* Why the options cannot draw v's board, or NULL. */
static const char *cannot_draw(const struct ob_variant *v)
{
	static char why[200];
	const struct shape *shape = shape_for(v->board);
	if (!shape)
		snprintf(why, sizeof why,
			 "variant %s: only a lattice of levels, files and "
			 "ranks, a flat checkered board, a hexagonal board or "
			 "a square board can be drawn",
			 v->name);
	else if (opt.layout != LAYOUT_DEFAULT &&
		 !(shape->layouts & 1u << opt.layout))
		snprintf(why, sizeof why,
			 "variant %s: the %s is drawn in one layout; "
			 "--layout %s does not apply",
			 v->name, shape->surface,
			 shape_layout_name(shape, opt.layout));
	else if (opt.view.ascending && v->board->ndims != 3)
		snprintf(why, sizeof why,
			 "variant %s: --ascending orders the levels of a "
			 "lattice",
			 v->name);
	else if (opt.view.ascending && opt.format == FORMAT_SVG &&
		 layout_drawn(shape) == LAYOUT_STACKED)
		snprintf(why, sizeof why,
			 "--ascending cannot be combined with %s: the stacked "
			 "layout draws the levels one above another",
			 opt.layout == LAYOUT_STACKED
				 ? "--layout stacked"
				 : "--piece in SVG (drawn stacked unless "
				   "--layout slices)");
	else if (opt.view.flip >= ob_armies(v))
		snprintf(why, sizeof why,
			 "variant %s has %d armies; --army %d does not apply",
			 v->name, ob_armies(v), opt.view.flip + 1);
	else
		return NULL;
	return why;
}

/* A #variant line, or the next file back in -V's variant: the board drawn
 * follows, when the options and the figure so far allow. */
static bool switch_variant(const struct input_at *at,
			   const struct ob_variant *v, void *arg)
{
	struct heat_input *heat = arg;
	if (heat)
		heat_section_end(heat);
	const char *why = cannot_draw(v);
	bool other_board = v->board != opt.view.variant->board;
	if (!why && other_board && (opt.nmark_text || opt.narrow_text))
		why = "--mark and --arrow name cells of another board";
	if (!why && other_board && heat && !heat_empty(heat))
		why = "a heat map is of one board, and values for another "
		      "were read";
	if (why) {
		util_warn_at(at->file, at->lineno, 1,
			     "cannot draw in %s (%s); the lines up to the next "
			     "#variant are skipped",
			     v->name, why);
		return false;
	}
	opt.view.variant = v;
	opt.view.shape = shape_for(v->board);
	if (heat && other_board)
		diagram_scene_init(&heat->sc, opt.view.shape->positions);
	return true;
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
static void check_options(int nfiles, int colours)
{
	const char *table_ignores[] = {
		opt.view.ascending ? "--ascending" : NULL,
		opt.narrow_text ? "--arrow" : NULL,
		opt.format != FORMAT_TEXT ? "--format" : NULL,
		opt.view.flip ? "--flip" : NULL,
		opt.army ? "--army" : NULL,
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
	if (opt.army && !opt.view.flip)
		util_needs("--army", "--flip");
	if (opt.narrow_text && opt.format != FORMAT_SVG)
		util_needs("--arrow", "--format svg");
	if (colours > 0 && opt.format != FORMAT_SVG)
		util_needs("--arrow-color", "--format svg");
	if (colours > 0 && !opt.narrow_text)
		util_needs("--arrow-color", "--arrow");
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
		{"army", required_argument, NULL, 5},
		{"arrow-color", required_argument, NULL, 2},
		{"at", required_argument, NULL, 't'},
		{"flip", no_argument, NULL, 'F'},
		{"format", required_argument, NULL, 'f'},
		{"heatmap", no_argument, NULL, OPT_HEATMAP},
		{"help", no_argument, NULL, 'h'},
		{"key", no_argument, NULL, 3},
		{"layout", required_argument, NULL, 'l'},
		{"mark", required_argument, NULL, OPT_MARK},
		{"output", required_argument, NULL, 'o'},
		{"piece", required_argument, NULL, OPT_PIECE},
		{"play", required_argument, NULL, 'p'},
		{"position", required_argument, NULL, 'P'},
		{"scale", required_argument, NULL, 4},
		{"startpos", no_argument, NULL, 'S'},
		{"table", no_argument, NULL, 'T'},
		{"unicode", no_argument, NULL, 'u'},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	static const char *const formats[] = {"text", "svg", NULL};
	static const char *const format_options[] = {"--format text",
						     "--format svg"};
	struct util_form form = {0};
	static const char *const layouts[] = {"slices", "stacked", NULL};
	int c;
	const char *scale = NULL;
	struct colours colours = {0};
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
			opt.arrow_colour[opt.narrow_text] = colours.last;
			opt.arrow_text[opt.narrow_text++] = optarg;
			colours.last_used = true;
			break;
		case 2:
			colour_given(optarg, &colours);
			break;
		case 3:
			opt.key = true;
			break;
		case 4:
			if (!heat_kind_parse(optarg, &opt.scale))
				util_usage_error("--scale takes linear, log or "
						 "quantile, not '%s'",
						 optarg);
			scale = optarg;
			break;
		case 'f': {
			int f = util_choice("--format", optarg, formats);
			util_form_choose(&form, f, format_options[f]);
			opt.format = f ? FORMAT_SVG : FORMAT_TEXT;
			break;
		}
		case 'F':
			opt.view.flip = 1;
			break;
		case 5: {
			long army;
			if (!util_parse_long(optarg, 1, OB_MAX_ARMIES, &army))
				util_usage_error("--army takes an army's number, "
						 "1 to %d, not '%s'",
						 OB_MAX_ARMIES, optarg);
			opt.army = (int)army;
			break;
		}
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

	check_options(argc - optind, colours.n);
	if (colours.n > 0 && !colour_applies(&colours))
		unused_colour(colours.last);
	/* --flip seen from army 2's side (Black's), or --army's */
	if (opt.view.flip && opt.army)
		opt.view.flip = opt.army - 1;
	const struct ob_board *b = opt.view.variant->board;
	const char *why = cannot_draw(opt.view.variant);
	if (why)
		util_usage_error("%s", why);
	opt.view.shape = shape_for(b);
	for (int i = 0; i < opt.nmark_text; i++)
		parse_marks(opt.mark_text[i]);
	/* arrows given before the first --arrow-color take it too */
	for (int i = 0; i < opt.narrow_text; i++)
		parse_arrows(opt.arrow_text[i], opt.arrow_colour[i]
							? opt.arrow_colour[i]
							: colours.first);
	if (scale && opt.mode != MODE_HEATMAP)
		util_usage_error("--scale needs --heatmap");
	if (opt.key && opt.mode != MODE_POSITIONS && opt.mode != MODE_PIECE)
		util_conflict("--key", mode_names[opt.mode]);
	if (opt.at) {
		opt.at_cell = parse_cell_option("--at", opt.at);
	} else {
		opt.at_cell = diagram_centre_cell(opt.view.variant);
	}

	util_inputs(argv + optind, argc - optind);
	int status = EXIT_OK;
	struct heat_input *heat = NULL;
	switch (opt.mode) {
	case MODE_PIECE:
		return output_finish(moves_piece());
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
		status = util_each_input(argv + optind, argc - optind,
					 opt.view.variant, process_line,
					 switch_variant, heat);
	if (heat) {
		heat_finish(heat);
		output_emit(&heat->sc);
		free(heat);
	}
	return output_finish(status);
}
