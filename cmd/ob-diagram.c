/*
 * ob-diagram: position diagrams, move-table figures and heat maps of the
 * lattice or of the flat diamond board, as text or as SVG.
 *
 * Every figure is first described as a scene (what stands on each cell,
 * which cells are marked and why, which lines to draw, the caption); one
 * renderer per output form then draws the scene.  Where each cell goes on
 * the page is the business of the board's shape (struct shape), chosen
 * once from the board table: the lattice is drawn as text slices, SVG
 * slices or SVG stacked planes in an oblique projection; a flat board
 * whose cells form a checkerboard pattern of its grid is drawn turned
 * through 45 degrees, as the game page of Diagonal Oblong Chess draws it.
 * Counts in captions and in --table come from the variant's tables and
 * the library's geometry queries, never from constants written here.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "oblique.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-diagram [-aFu] [-A moves] [-f format] [-l layout] "
	"[-m cells]\n"
	"                  [-o pattern] [-V variant] [file ...]\n"
	"       ob-diagram -p piece [-aFu] [-f format] [-l layout] "
	"[-o pattern]\n"
	"                  [-P position] [-t cell] [-V variant]\n"
	"       ob-diagram -T [-t cell] [-V variant]\n"
	"       ob-diagram -H [-aFu] [-f format] [-l layout] [-o pattern]\n"
	"                  [-V variant] [file ...]\n";

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
	"  -A, --arrow MOVES     draw arrows for moves such as TCa1-Ca4 "
	"(comma list,\n"
	"                        repeatable)\n"
	"  -f, --format FORMAT   text (default) or svg\n"
	"  -F, --flip            seen from Black's side\n"
	"  -h, --help            print this help and exit\n"
	"  -H, --heatmap         read 'CELL VALUE' lines and shade the cells\n"
	"  -l, --layout LAYOUT   SVG layout of the lattice: slices (default "
	"for\n"
	"                        positions) or stacked (default for --piece)\n"
	"  -m, --mark CELLS      mark cells, e.g. Cc3,Dd4 (repeatable)\n"
	"  -o, --output PATTERN  write to files named by PATTERN; %d is the\n"
	"                        diagram's number (from 1)\n"
	"  -p, --piece LETTER    the moves of a piece (upper case White, lower "
	"case\n"
	"                        Black) on an empty board\n"
	"  -P, --position OFEN   with --piece: stand it in this position "
	"instead\n"
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

/* ---- options ---- */

enum format { FORMAT_TEXT, FORMAT_SVG };
/* SVG layouts: the lattice's two, and the flat board's one. */
enum layout { LAYOUT_DEFAULT, LAYOUT_SLICES, LAYOUT_STACKED, LAYOUT_DIAMOND };
static const char *const layout_name[] = {"default", "slices", "stacked",
					  "diamond"};
enum mode { MODE_POSITIONS, MODE_PIECE, MODE_TABLE, MODE_HEATMAP };

#define MAX_ARROWS 64
#define MAX_OPTION_LISTS 64

struct arrow {
	int from, to;
};

struct shape;

struct options {
	const struct ob_variant *variant;
	const struct shape *shape; /* how the variant's board is drawn */
	enum format format;
	enum layout layout;
	enum mode mode;
	bool ascending, flip, unicode;
	const char *output;
	const char *piece;
	const char *position;
	const char *at;
	const char *mark_text[MAX_OPTION_LISTS];
	int nmark_text;
	const char *arrow_text[MAX_OPTION_LISTS];
	int narrow_text;
	/* parsed */
	bool marked[OB_MAX_CELLS];
	struct arrow arrows[MAX_ARROWS];
	int narrows;
	int at_cell;
};

static struct options opt;
static long diagrams_written;
static FILE *shared_output; /* -o without %d, text: one file for all */

/* ---- dimensions ---- */

static int extent(int dim)
{
	return opt.variant->board->extent[dim];
}

/* The lattice's dimensions. */
enum { LEVEL, FILE_, RANK };

static int cell_at(int l, int f, int r)
{
	int c[OB_MAX_DIMS] = {l, f, r};
	return ob_cell_at(opt.variant, c);
}

/* The label of coordinate x of a dimension, as in cell names. */
static void coord_label(int dim, int x, char *out)
{
	switch (opt.variant->board->style[dim]) {
	case OB_COORD_UPPER:
		sprintf(out, "%c", 'A' + x);
		break;
	case OB_COORD_LOWER:
		sprintf(out, "%c", 'a' + x);
		break;
	case OB_COORD_NUMBER:
		sprintf(out, "%d", x + 1);
		break;
	}
}

/* The level shown in column i of a slice layout. */
static int level_at(int i)
{
	int nl = extent(LEVEL);
	return opt.ascending ? i : nl - 1 - i;
}

/* Display column of a file and display row (0 at the top) of a rank. */
static int display_col(int f)
{
	return opt.flip ? extent(FILE_) - 1 - f : f;
}
static int display_row(int r)
{
	return opt.flip ? r : extent(RANK) - 1 - r;
}

static const char *side_name(int color)
{
	return color == OB_WHITE ? "White" : "Black";
}

/* Lower-case kind name for CSS classes and file names. */
static void kind_class(int kind, char *out, size_t size)
{
	const char *name = opt.variant->kinds[kind].name;
	size_t i;
	for (i = 0; name[i] && i + 1 < size; i++) {
		char ch = name[i];
		out[i] = (char)(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
		if (out[i] == ' ')
			out[i] = '-';
	}
	out[i] = '\0';
}

/* ---- board shapes: where cells go on the page ---- */

struct frame;
struct pt;
struct scene;
struct text_glyphs;

/*
 * Everything that depends on how a board's cells are laid out: the text
 * diagram (the board and its labels; captions and legends are common),
 * and for SVG the picture's size, each cell's outline and the labels.
 * The rest of the program draws scenes through these only.
 */
struct shape {
	const char *surface;        /* in titles: "an empty lattice" */
	enum layout positions;      /* default SVG layout of positions */
	enum layout pieces;         /* and of move tables */
	unsigned layouts;           /* bit per layout that --layout may pick */
	void (*text)(FILE *o, const struct scene *sc,
		     const struct text_glyphs *g);
	/* Sets the board's part of the frame: width, caption_y, piece, and
	 * what else its layout needs. */
	void (*frame)(struct frame *fr);
	/* The four corners of a cell, clockwise, inset by a fraction. */
	void (*outline)(const struct frame *fr, int cell, double inset,
			struct pt *p);
	void (*labels)(FILE *o, const struct frame *fr);
	/* Colouring as on a chessboard; classes after "cell light". */
	bool (*light)(int cell);
	void (*cell_class)(int cell, char *out, size_t size);
};

/* ---- scenes: what a figure shows, before it is drawn ---- */

enum cell_flag {
	F_MARK = 1 << 0,    /* --mark */
	F_FROM = 1 << 1,    /* the last move's from-cell */
	F_TO = 1 << 2,      /* the last move's to-cell */
	F_CHECK = 1 << 3,   /* the Sovereign in check */
	F_ORIGIN = 1 << 4,  /* the piece of a move table */
	F_REACH = 1 << 5,   /* reached by a move-table piece */
	F_CAPTURE = 1 << 6, /* reached, and holds an enemy piece */
	F_ADVANCE = 1 << 7, /* a pawn's advance */
	F_ATTACK = 1 << 8   /* a pawn's attacked cell */
};

enum line_kind { LINE_ARROW, LINE_RAY, LINE_LEAP, LINE_ADVANCE, LINE_ATTACK };

enum legend_kind { LEGEND_NONE, LEGEND_REACH, LEGEND_PAWN, LEGEND_HEAT };

#define MAX_LINES (2 * OB_MAX_DIRS + MAX_ARROWS)
#define MAX_CAPTION 4

struct segment {
	int from, to;
	enum line_kind kind;
};

struct scene {
	ob_piece board[OB_MAX_CELLS];
	unsigned flags[OB_MAX_CELLS];
	bool has_value[OB_MAX_CELLS];
	double value[OB_MAX_CELLS];
	double low, high; /* heat scale */
	bool heat;
	bool captures; /* a move table in a position: captures are shown */
	struct segment lines[MAX_LINES];
	int nlines;
	char title[OB_OFEN_MAX + 64];
	char caption[MAX_CAPTION][160];
	int ncaption;
	enum legend_kind legend;
	enum layout layout; /* resolved default */
};

static void scene_init(struct scene *sc)
{
	memset(sc, 0, sizeof *sc);
	int n = ob_cell_count(opt.variant);
	for (int c = 0; c < n; c++)
		if (opt.marked[c])
			sc->flags[c] |= F_MARK;
	for (int i = 0; i < opt.narrows; i++) {
		struct segment *s = &sc->lines[sc->nlines++];
		s->from = opt.arrows[i].from;
		s->to = opt.arrows[i].to;
		s->kind = LINE_ARROW;
	}
	sc->layout = opt.layout != LAYOUT_DEFAULT ? opt.layout
						  : opt.shape->positions;
}

static void scene_caption(struct scene *sc, const char *fmt, ...)
	UTIL_PRINTF(2, 3);

static void scene_caption(struct scene *sc, const char *fmt, ...)
{
	if (sc->ncaption == MAX_CAPTION)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(sc->caption[sc->ncaption++], sizeof sc->caption[0], fmt, ap);
	va_end(ap);
}

/* ---- text rendering ---- */

struct text_glyphs {
	const char *top_left, *top_right, *bottom_left, *bottom_right;
	const char *horizontal, *vertical, *empty;
	const char *rising, *falling; /* the diamonds' edges: / and \ */
};
static const struct text_glyphs ascii_glyphs = {"+", "+", "+", "+", "-",
						"|", ".", "/", "\\"};
static const struct text_glyphs unicode_glyphs = {
	"\u250c", "\u2510", "\u2514", "\u2518", "\u2500",
	"\u2502", "\u00b7", "\u2571", "\u2572"};

/* The heat shade of a value, 0 to 1. */
static double heat_level(const struct scene *sc, double x)
{
	if (sc->high <= sc->low)
		return 0;
	double t = (x - sc->low) / (sc->high - sc->low);
	return t < 0 ? 0 : t > 1 ? 1 : t;
}

/* The text for one cell: a piece letter, a marker, or empty. */
static const char *text_cell(const struct scene *sc, int cell,
			     const struct text_glyphs *g, char *buf)
{
	unsigned f = sc->flags[cell];
	ob_piece p = sc->board[cell];
	if (sc->heat) {
		if (!sc->has_value[cell])
			return g->empty;
		int d = (int)(heat_level(sc, sc->value[cell]) * 10);
		buf[0] = (char)('0' + (d > 9 ? 9 : d));
		buf[1] = '\0';
		return buf;
	}
	if (f & F_ADVANCE)
		return "o";
	if (f & (F_ATTACK | F_CAPTURE))
		return "x";
	if (p != OB_EMPTY) {
		char letter = opt.variant->kinds[OB_PIECE_KIND(p)].letter;
		if (OB_PIECE_COLOR(p) == OB_BLACK)
			letter = (char)(letter + 32);
		buf[0] = letter;
		buf[1] = '\0';
		return buf;
	}
	if (f & (F_REACH | F_MARK))
		return "*";
	return g->empty;
}

/* The lattice: five slices side by side. */
static void lattice_text(FILE *o, const struct scene *sc,
			 const struct text_glyphs *g)
{
	int nl = extent(LEVEL), nf = extent(FILE_), nr = extent(RANK);
	int inner = 2 * nf - 1;
	char label[16], buf[4];
	const char *gap = "   ";

	/* level names, centred over the slices */
	for (int i = 0; i < nl; i++) {
		char name[24];
		coord_label(LEVEL, level_at(i), label);
		int n = snprintf(name, sizeof name, "level %s", label);
		int left = 3 + (inner - n) / 2, right = 2 * nf + 3 - left - n;
		fprintf(o, "%s%*s%s", i ? gap : "", left, "", name);
		if (i + 1 < nl)
			fprintf(o, "%*s", right > 0 ? right : 0, "");
	}
	fputc('\n', o);
	for (int row = -1; row <= nr; row++) {
		for (int i = 0; i < nl; i++) {
			int l = level_at(i);
			fputs(i ? gap : "", o);
			if (row < 0 || row == nr) {
				fprintf(o, "  %s",
					row < 0 ? g->top_left : g->bottom_left);
				for (int k = 0; k < inner; k++)
					fputs(g->horizontal, o);
				fputs(row < 0 ? g->top_right : g->bottom_right,
				      o);
				continue;
			}
			int r = opt.flip ? row : nr - 1 - row;
			coord_label(RANK, r, label);
			fprintf(o, "%-2s%s", label, g->vertical);
			for (int col = 0; col < nf; col++) {
				int f = opt.flip ? nf - 1 - col : col;
				int cell = cell_at(l, f, r);
				fputs(col ? " " : "", o);
				fputs(cell < 0 ? " "
					       : text_cell(sc, cell, g, buf),
				      o);
			}
			fputs(g->vertical, o);
		}
		fputc('\n', o);
	}
	for (int i = 0; i < nl; i++) {
		fprintf(o, "%s   ", i ? gap : "");
		for (int col = 0; col < nf; col++) {
			coord_label(FILE_, opt.flip ? nf - 1 - col : col,
				    label);
			fprintf(o, "%s%s", col ? " " : "", label);
		}
		if (i + 1 < nl)
			fputs(" ", o);
	}
	fputc('\n', o);
}

/*
 * The flat board: a grid of files and ranks of which the cells are one
 * colour of a checkerboard pattern, so that two cells sharing an edge
 * differ by one file and one rank.  Display column x runs over the files
 * (0 at the left) and display row y over the ranks (0 at the top).
 */
static int flat_rank_dim(void)
{
	return opt.variant->board->rank_dim;
}

static int flat_file_dim(void)
{
	return 1 - flat_rank_dim();
}

/* The cell at display column x, row y, or -1 (off the grid, or a grid
 * point that is no cell). */
static int flat_cell(int x, int y)
{
	int nf = extent(flat_file_dim()), nr = extent(flat_rank_dim());
	int c[OB_MAX_DIMS] = {0};
	if (x < 0 || y < 0 || x >= nf || y >= nr)
		return -1;
	c[flat_file_dim()] = opt.flip ? nf - 1 - x : x;
	c[flat_rank_dim()] = opt.flip ? y : nr - 1 - y;
	return ob_cell_at(opt.variant, c);
}

static void flat_display(int cell, int *x, int *y)
{
	int c[OB_MAX_DIMS];
	int nf = extent(flat_file_dim()), nr = extent(flat_rank_dim());
	ob_cell_coords(opt.variant, cell, c);
	*x = opt.flip ? nf - 1 - c[flat_file_dim()] : c[flat_file_dim()];
	*y = opt.flip ? c[flat_rank_dim()] : nr - 1 - c[flat_rank_dim()];
}

/* The label of display column x, row y. */
static void flat_file_label(int x, char *out)
{
	int nf = extent(flat_file_dim());
	coord_label(flat_file_dim(), opt.flip ? nf - 1 - x : x, out);
}

static void flat_rank_label(int y, char *out)
{
	int nr = extent(flat_rank_dim());
	coord_label(flat_rank_dim(), opt.flip ? y : nr - 1 - y, out);
}

/*
 * The flat board in text, as the game page draws it: each cell a diamond
 * of slashes four columns wide and four lines high,
 *
 *      /\         line 2y      a cell at display column x, row y
 *     /b \        line 2y+1    spans columns 2x..2x+3; the piece
 *     \  /        line 2y+2    letter (or marker) at column 2x+1
 *      \/         line 2y+3
 *
 * so that a rank takes two lines and its cells interleave with those of
 * the ranks above and below.  Line 0 holds the lower halves of the
 * diamonds just above the board, in the notches of the top edge, and
 * the last line the upper halves of those just below it: the files are
 * labelled there.  A rank is labelled in the notch at its end, its digits
 * one above the other.  Empty cells are blank, as on the page.
 */
static void diamond_text(FILE *o, const struct scene *sc,
			 const struct text_glyphs *g)
{
	int nf = extent(flat_file_dim()), nr = extent(flat_rank_dim());
	int cols = 2 * nf + 2, rows = 2 * nr + 2;
	char *canvas = malloc((size_t)(cols * rows));
	char label[16], buf[4];
	if (!canvas) {
		util_warn("out of memory");
		exit(EXIT_USAGE);
	}
	memset(canvas, ' ', (size_t)(cols * rows));
#define PUT(line, col, ch) (canvas[(line) * cols + (col)] = (char)(ch))
	for (int x = 0; x < nf; x++) {
		flat_file_label(x, label);
		if (flat_cell(x, 0) < 0) {
			PUT(0, 2 * x, '\\');
			PUT(0, 2 * x + 1, label[0]);
			PUT(0, 2 * x + 3, '/');
			PUT(1, 2 * x + 1, '\\');
			PUT(1, 2 * x + 2, '/');
		} else if (flat_cell(x, nr - 1) < 0) {
			PUT(2 * nr, 2 * x + 1, '/');
			PUT(2 * nr, 2 * x + 2, '\\');
			PUT(2 * nr + 1, 2 * x, '/');
			PUT(2 * nr + 1, 2 * x + 1, label[0]);
			PUT(2 * nr + 1, 2 * x + 3, '\\');
		}
	}
	for (int y = 0; y < nr; y++)
		for (int x = 0; x < nf; x++) {
			int cell = flat_cell(x, y), l = 2 * y, c = 2 * x;
			if (cell < 0)
				continue;
			PUT(l, c + 1, '/');
			PUT(l, c + 2, '\\');
			PUT(l + 1, c, '/');
			PUT(l + 1, c + 3, '\\');
			PUT(l + 2, c, '\\');
			PUT(l + 2, c + 3, '/');
			PUT(l + 3, c + 1, '\\');
			PUT(l + 3, c + 2, '/');
			const char *s = text_cell(sc, cell, g, buf);
			/* an empty cell is blank, but a heat map's cell
			 * without a value is shown as the legend says */
			if (s == g->empty)
				PUT(l + 1, c + 1, sc->heat ? 1 : ' ');
			else
				PUT(l + 1, c + 1, s[0]);
		}
	for (int y = 0; y < nr; y++) {
		int col = flat_cell(0, y) < 0		? 0
			  : flat_cell(nf - 1, y) < 0 ? 2 * nf + 1
						     : -1;
		flat_rank_label(y, label);
		for (int i = 0; col >= 0 && label[i] && i < 2; i++)
			PUT(2 * y + 1 + i, col, label[i]);
	}
#undef PUT
	for (int l = 0; l < rows; l++) {
		const char *line = canvas + l * cols;
		int end = cols;
		while (end > 0 && line[end - 1] == ' ')
			end--;
		for (int c = 0; c < end; c++)
			switch (line[c]) {
			case 1:
				fputs(g->empty, o);
				break;
			case '/':
				fputs(g->rising, o);
				break;
			case '\\':
				fputs(g->falling, o);
				break;
			default:
				fputc(line[c], o);
			}
		fputc('\n', o);
	}
	free(canvas);
}

static void text_render(FILE *o, const struct scene *sc)
{
	const struct text_glyphs *g = opt.unicode ? &unicode_glyphs
						  : &ascii_glyphs;
	opt.shape->text(o, sc, g);
	for (int i = 0; i < sc->ncaption; i++)
		fprintf(o, "%s\n", sc->caption[i]);
	switch (sc->legend) {
	case LEGEND_NONE:
		break;
	case LEGEND_REACH:
		fprintf(o, "* reached cell%s\n",
			sc->captures ? ", x capture" : "");
		break;
	case LEGEND_PAWN:
		fputs("o advance (a quiet move only), x attacked cell "
		      "(a capture only)\n",
		      o);
		break;
	case LEGEND_HEAT:
		fprintf(o, "shades 0-9 from %g (0) to %g (9); %s no value\n",
			sc->low, sc->high, g->empty);
		break;
	}
}

/* ---- SVG primitives ---- */

/* A number for an attribute: one decimal, without a trailing ".0". */
static const char *num(double x)
{
	static char ring[16][32];
	static int next;
	char *s = ring[next++ % 16];
	snprintf(s, sizeof ring[0], "%.1f", x);
	size_t n = strlen(s);
	if (n > 2 && strcmp(s + n - 2, ".0") == 0)
		s[n - 2] = '\0';
	if (strcmp(s, "-0") == 0)
		strcpy(s, "0");
	return s;
}

static void xml_escaped(FILE *o, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<':
			fputs("&lt;", o);
			break;
		case '>':
			fputs("&gt;", o);
			break;
		case '&':
			fputs("&amp;", o);
			break;
		case '"':
			fputs("&quot;", o);
			break;
		default:
			fputc(*s, o);
		}
}

struct pt {
	double x, y;
};

static void svg_text(FILE *o, struct pt p, double size, const char *anchor,
		     const char *cls, const char *style, const char *text)
{
	fprintf(o, "<text class=\"%s\" x=\"%s\" y=\"%s\" font-size=\"%s\"",
		cls, num(p.x), num(p.y), num(size));
	if (strcmp(anchor, "start") != 0)
		fprintf(o, " text-anchor=\"%s\"", anchor);
	fprintf(o, "%s%s>", style[0] ? " " : "", style);
	xml_escaped(o, text);
	fputs("</text>\n", o);
}

static void svg_polygon(FILE *o, const struct pt *p, int n, const char *cls,
			const char *attrs)
{
	fprintf(o, "<polygon class=\"%s\" points=\"", cls);
	for (int i = 0; i < n; i++)
		fprintf(o, "%s%s,%s", i ? " " : "", num(p[i].x), num(p[i].y));
	fprintf(o, "\" %s/>\n", attrs);
}

/* ---- SVG geometry: where cells are drawn ---- */

/* Slices: five boards side by side. */
#define SL_CELL 40.0
#define SL_GAP 44.0
#define SL_LEFT 40.0
#define SL_TOP 48.0
#define SL_PIECE 15.0

/* Stacked: level planes in an oblique projection.  A step along a file
 * moves ST_CELL right; along a rank, ST_DX right and ST_DY up; up a
 * level, ST_LX right and ST_H up.  The constants keep the planes apart
 * and the projected directions of the 26 unit vectors and the 24
 * Sentinel leaps at least 7 pixels from one another at their ends. */
#define ST_CELL 56.0
#define ST_DX 16.0
#define ST_DY 30.0
#define ST_LX 10.0
#define ST_H 190.0
#define ST_LEFT 60.0
#define ST_TOP 28.0
#define ST_PIECE 13.0

/* The legends' texts (their lengths size the picture). */
static const char legend_heat[] = "value per cell (white: no value)";
static const char legend_reach[] = "a cell the piece reaches";
static const char legend_capture[] = "an enemy piece it may capture";
static const char legend_advance[] =
	"advance: a quiet move, into an empty cell only";
static const char legend_attack[] =
	"attacked cell: a capture only, never a quiet move";

struct frame {
	enum layout layout;
	double width, height;
	double ox, oy;      /* stacked: front-left corner of level 0 */
	double caption_y;   /* baseline of the first caption line */
	double piece;       /* glyph radius */
	bool rays;          /* move tables draw a line per direction */
	bool back_to_front; /* glyphs drawn from the last cell to the first */
};

static void lattice_frame(struct frame *fr)
{
	int nl = extent(LEVEL), nf = extent(FILE_), nr = extent(RANK);
	if (fr->layout == LAYOUT_SLICES) {
		fr->width = SL_LEFT + nl * nf * SL_CELL + (nl - 1) * SL_GAP +
			    16;
		fr->caption_y = SL_TOP + nr * SL_CELL + 48;
		fr->piece = SL_PIECE;
	} else {
		fr->ox = ST_LEFT;
		fr->oy = ST_TOP + nr * ST_DY + (nl - 1) * ST_H;
		fr->width = ST_LEFT + nf * ST_CELL + nr * ST_DX +
			    (nl - 1) * ST_LX + 36;
		fr->caption_y = fr->oy + 50;
		fr->piece = ST_PIECE;
	}
	/* in slices, lines would cross from one slice to another */
	fr->rays = fr->layout == LAYOUT_STACKED;
	fr->back_to_front = fr->layout == LAYOUT_STACKED;
}

static void frame_init(struct frame *fr, const struct scene *sc)
{
	double below = 16.0 + 22.0 * sc->ncaption;
	if (sc->legend == LEGEND_HEAT)
		below += 48;
	else if (sc->legend == LEGEND_REACH)
		below += sc->captures ? 44 : 22;
	else if (sc->legend == LEGEND_PAWN)
		below += 44;
	memset(fr, 0, sizeof *fr);
	fr->layout = sc->layout;
	opt.shape->frame(fr);
	fr->height = fr->caption_y - 16 + below;
	/* the legend's text needs room: about 7.2 pixels a character */
	double legend =
		sc->legend == LEGEND_HEAT ? 308 + 7.2 * strlen(legend_heat)
		: sc->legend == LEGEND_PAWN
			? 36 + 7.2 * strlen(legend_attack)
		: sc->legend == LEGEND_REACH
			? 36 + 7.2 * strlen(legend_capture)
			: 0;
	if (legend > fr->width)
		fr->width = legend;
	/* captions need room too */
	for (int i = 0; i < sc->ncaption; i++) {
		double w = 28 + 8.0 * (double)strlen(sc->caption[i]);
		if (w > fr->width)
			fr->width = w;
	}
	fr->width = ceil(fr->width);
	fr->height = ceil(fr->height);
}

/* Stacked: the screen point of (level, x, y), x and y in cell units from
 * the front-left corner of the displayed plane. */
static struct pt stacked_point(const struct frame *fr, int l, double x,
			       double y)
{
	struct pt p = {fr->ox + x * ST_CELL + y * ST_DX + l * ST_LX,
		       fr->oy - y * ST_DY - l * ST_H};
	return p;
}

/* The four corners of a cell (or a cell's outline inset by a fraction). */
static void lattice_outline(const struct frame *fr, int cell, double inset,
			    struct pt *p)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(opt.variant, cell, c);
	int col = display_col(c[FILE_]);
	if (fr->layout == LAYOUT_SLICES) {
		int i = opt.ascending ? c[LEVEL] : extent(LEVEL) - 1 - c[LEVEL];
		double x = SL_LEFT + i * (extent(FILE_) * SL_CELL + SL_GAP) +
			   col * SL_CELL;
		double y = SL_TOP + display_row(c[RANK]) * SL_CELL;
		double d = inset * SL_CELL;
		p[0] = (struct pt){x + d, y + d};
		p[1] = (struct pt){x + SL_CELL - d, y + d};
		p[2] = (struct pt){x + SL_CELL - d, y + SL_CELL - d};
		p[3] = (struct pt){x + d, y + SL_CELL - d};
		return;
	}
	int depth = extent(RANK) - 1 - display_row(c[RANK]);
	p[0] = stacked_point(fr, c[LEVEL], col + inset, depth + inset);
	p[1] = stacked_point(fr, c[LEVEL], col + 1 - inset, depth + inset);
	p[2] = stacked_point(fr, c[LEVEL], col + 1 - inset, depth + 1 - inset);
	p[3] = stacked_point(fr, c[LEVEL], col + inset, depth + 1 - inset);
}

static bool lattice_light(int cell)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(opt.variant, cell, c);
	/* as in chess, the corner a1 of level A is dark */
	return (c[0] + c[1] + c[2]) % 2 == 1;
}

static void lattice_cell_class(int cell, char *out, size_t size)
{
	int c[OB_MAX_DIMS];
	char level[8];
	ob_cell_coords(opt.variant, cell, c);
	coord_label(LEVEL, c[LEVEL], level);
	snprintf(out, size, " level-%s", level);
}

/*
 * The flat board turned through 45 degrees: each cell a square standing
 * on its corner, DM_HALF from its centre to each corner, so that cells
 * that share an edge (one file and one rank apart) are drawn sharing it.
 * The centre of display column x, row y is DM_HALF * (x + 1, y + 1) from
 * the board's top-left corner; files are labelled in the notches of the
 * top and bottom edges, ranks in those of the left and right edges.
 */
#define DM_HALF 30.0
#define DM_LEFT 20.0
#define DM_TOP 20.0
#define DM_PIECE 15.0

static struct pt diamond_point(double x, double y)
{
	struct pt p = {DM_LEFT + (x + 1) * DM_HALF, DM_TOP + (y + 1) * DM_HALF};
	return p;
}

static void diamond_frame(struct frame *fr)
{
	int nf = extent(flat_file_dim()), nr = extent(flat_rank_dim());
	fr->width = 2 * DM_LEFT + (nf + 1) * DM_HALF;
	fr->caption_y = DM_TOP + (nr + 1) * DM_HALF + 40;
	fr->piece = DM_PIECE;
	fr->rays = true;
	fr->back_to_front = false;
}

static void diamond_outline(const struct frame *fr, int cell, double inset,
			    struct pt *p)
{
	int x, y;
	flat_display(cell, &x, &y);
	struct pt c = diamond_point(x, y);
	double h = DM_HALF * (1 - 2 * inset);
	p[0] = (struct pt){c.x, c.y - h};
	p[1] = (struct pt){c.x + h, c.y};
	p[2] = (struct pt){c.x, c.y + h};
	p[3] = (struct pt){c.x - h, c.y};
	(void)fr;
}

/* Cells one file and one rank apart differ in colour, as neighbours
 * across an edge do on a chessboard; a1 is dark. */
static bool diamond_light(int cell)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(opt.variant, cell, c);
	return c[flat_file_dim()] % 2 == 1;
}

static void diamond_cell_class(int cell, char *out, size_t size)
{
	int c[OB_MAX_DIMS];
	char file[8], rank[8];
	ob_cell_coords(opt.variant, cell, c);
	coord_label(flat_file_dim(), c[flat_file_dim()], file);
	coord_label(flat_rank_dim(), c[flat_rank_dim()], rank);
	snprintf(out, size, " file-%s rank-%s", file, rank);
}

static void cell_outline(const struct frame *fr, int cell, double inset,
			 struct pt *p)
{
	opt.shape->outline(fr, cell, inset, p);
}

static struct pt cell_centre(const struct frame *fr, int cell)
{
	struct pt p[4];
	cell_outline(fr, cell, 0, p);
	struct pt c = {(p[0].x + p[2].x) / 2, (p[0].y + p[2].y) / 2};
	return c;
}

/* ---- SVG drawing of a scene ---- */

static void heat_colour(double t, char *out)
{
	/* a single-hue ramp, light to dark, that stays monotonic in grey */
	static const int lo[3] = {0xf7, 0xfb, 0xff}, hi[3] = {0x08, 0x30, 0x6b};
	int rgb[3];
	for (int i = 0; i < 3; i++)
		rgb[i] = (int)lround(lo[i] + t * (hi[i] - lo[i]));
	sprintf(out, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

static void draw_cells(FILE *o, const struct frame *fr, const struct scene *sc)
{
	int n = ob_cell_count(opt.variant);
	fputs("<g class=\"cells\">\n", o);
	for (int cell = 0; cell < n; cell++) {
		char name[8], more[32], attrs[96];
		struct pt p[4];
		ob_cell_name(opt.variant, cell, name);
		opt.shape->cell_class(cell, more, sizeof more);
		cell_outline(fr, cell, 0, p);
		bool light = opt.shape->light(cell);
		char cls[64];
		if (sc->heat && sc->has_value[cell]) {
			char colour[8];
			heat_colour(heat_level(sc, sc->value[cell]), colour);
			snprintf(cls, sizeof cls, "cell heat%s", more);
			snprintf(attrs, sizeof attrs,
				 "fill=\"%s\" stroke=\"#555\" stroke-width="
				 "\"0.75\" data-cell=\"%s\"",
				 colour, name);
		} else {
			snprintf(cls, sizeof cls, "cell %s%s",
				 sc->heat ? "nodata" : light ? "light" : "dark",
				 more);
			snprintf(attrs, sizeof attrs,
				 "fill=\"%s\" stroke=\"#555\" stroke-width="
				 "\"0.75\" data-cell=\"%s\"",
				 sc->heat ? "#ffffff"
				 : light  ? "#f0f0f0"
					  : "#c4c4c4",
				 name);
		}
		svg_polygon(o, p, 4, cls, attrs);
	}
	fputs("</g>\n", o);
}

static void lattice_labels(FILE *o, const struct frame *fr)
{
	int nl = extent(LEVEL), nf = extent(FILE_), nr = extent(RANK);
	char label[8], text[24];
	/* stacked: rays cross the labels, so they get a white halo */
	fprintf(o, "<g class=\"coordinates\" fill=\"#333\"%s>\n",
		fr->layout == LAYOUT_STACKED
			? " stroke=\"#fff\" stroke-width=\"3\" "
			  "stroke-linejoin=\"round\" paint-order=\"stroke\""
			: "");
	for (int l = 0; l < nl; l++) {
		coord_label(LEVEL, l, label);
		if (fr->layout == LAYOUT_SLICES) {
			int i = opt.ascending ? l : nl - 1 - l;
			double x0 = SL_LEFT + i * (nf * SL_CELL + SL_GAP);
			snprintf(text, sizeof text, "level %s", label);
			svg_text(o,
				 (struct pt){x0 + nf * SL_CELL / 2, SL_TOP - 14},
				 15, "middle", "level-label",
				 "font-weight=\"bold\"", text);
			for (int col = 0; col < nf; col++) {
				coord_label(FILE_,
					    opt.flip ? nf - 1 - col : col,
					    label);
				svg_text(o,
					 (struct pt){x0 + (col + 0.5) * SL_CELL,
						     SL_TOP + nr * SL_CELL + 17},
					 13, "middle", "file-label", "", label);
			}
			for (int row = 0; row < nr; row++) {
				coord_label(RANK, opt.flip ? row : nr - 1 - row,
					    label);
				svg_text(o,
					 (struct pt){x0 - 8,
						     SL_TOP + (row + 0.5) *
								      SL_CELL +
							     4.5},
					 13, "end", "rank-label", "", label);
			}
			continue;
		}
		/* stacked: level letter at the left edge, files along the
		 * front edge, ranks along the right edge */
		struct pt p = stacked_point(fr, l, 0, nr / 2.0);
		p.x -= 14;
		p.y += 7;
		svg_text(o, p, 20, "end", "level-label", "font-weight=\"bold\"",
			 label);
		for (int col = 0; col < nf; col++) {
			coord_label(FILE_, opt.flip ? nf - 1 - col : col, label);
			p = stacked_point(fr, l, col + 0.5, 0);
			p.y += 15;
			svg_text(o, p, 11, "middle", "file-label", "", label);
		}
		for (int d = 0; d < nr; d++) {
			coord_label(RANK, opt.flip ? nr - 1 - d : d, label);
			p = stacked_point(fr, l, nf, d + 0.5);
			p.x += 6;
			p.y += 4;
			svg_text(o, p, 11, "start", "rank-label", "", label);
		}
	}
	fputs("</g>\n", o);
}

/* The flat board's labels, each in a notch of the zigzag edge: a file's
 * in the half cell just above (or below) the board in its column, a
 * rank's in the half cell just left (or right) of the board in its row. */
static void diamond_labels(FILE *o, const struct frame *fr)
{
	int nf = extent(flat_file_dim()), nr = extent(flat_rank_dim());
	char label[8];
	fputs("<g class=\"coordinates\" fill=\"#333\">\n", o);
	for (int x = 0; x < nf; x++) {
		struct pt p;
		if (flat_cell(x, 0) < 0)
			p = diamond_point(x, -1 + 0.36);
		else if (flat_cell(x, nr - 1) < 0)
			p = diamond_point(x, nr - 0.36);
		else
			continue;
		flat_file_label(x, label);
		svg_text(o, (struct pt){p.x, p.y + 4.5}, 13, "middle",
			 "file-label", "", label);
	}
	for (int y = 0; y < nr; y++) {
		struct pt p;
		if (flat_cell(0, y) < 0)
			p = diamond_point(-1 + 0.34, y);
		else if (flat_cell(nf - 1, y) < 0)
			p = diamond_point(nf - 0.34, y);
		else
			continue;
		flat_rank_label(y, label);
		svg_text(o, (struct pt){p.x, p.y + 4.5}, 12, "middle",
			 "rank-label", "", label);
	}
	fputs("</g>\n", o);
	(void)fr;
}

static const struct shape lattice_shape = {
	.surface = "lattice",
	.positions = LAYOUT_SLICES,
	.pieces = LAYOUT_STACKED,
	.layouts = 1u << LAYOUT_SLICES | 1u << LAYOUT_STACKED,
	.text = lattice_text,
	.frame = lattice_frame,
	.outline = lattice_outline,
	.labels = lattice_labels,
	.light = lattice_light,
	.cell_class = lattice_cell_class,
};

static const struct shape diamond_shape = {
	.surface = "board",
	.positions = LAYOUT_DIAMOND,
	.pieces = LAYOUT_DIAMOND,
	.layouts = 1u << LAYOUT_DIAMOND,
	.text = diamond_text,
	.frame = diamond_frame,
	.outline = diamond_outline,
	.labels = diamond_labels,
	.light = diamond_light,
	.cell_class = diamond_cell_class,
};

/* Is every grid point of a flat board with one parity of file + rank a
 * cell, and no other? */
static bool checkered(const struct ob_board *b)
{
	int c[OB_MAX_DIMS] = {0};
	if (!b->exists)
		return false;
	bool even = b->exists(c); /* the parity of the cells */
	for (c[0] = 0; c[0] < b->extent[0]; c[0]++)
		for (c[1] = 0; c[1] < b->extent[1]; c[1]++)
			if (b->exists(c) != (((c[0] + c[1]) % 2 == 0) == even))
				return false;
	return true;
}

/* The shape that draws a board, from its table; NULL if none does. */
static const struct shape *shape_for(const struct ob_board *b)
{
	if (b->ndims == 3 && b->rank_dim == RANK)
		return &lattice_shape;
	if (b->ndims == 2 && checkered(b))
		return &diamond_shape;
	return NULL;
}

static void draw_overlays(FILE *o, const struct frame *fr,
			  const struct scene *sc)
{
	int n = ob_cell_count(opt.variant);
	struct pt p[4];
	char name[8], attrs[160];
	for (int cell = 0; cell < n; cell++) {
		unsigned f = sc->flags[cell];
		ob_cell_name(opt.variant, cell, name);
		if (f & (F_FROM | F_TO)) {
			cell_outline(fr, cell, 0.04, p);
			snprintf(attrs, sizeof attrs,
				 "fill=\"#5b9bd5\" fill-opacity=\"0.45\" "
				 "stroke=\"#1f3f77\" stroke-width=\"2\" "
				 "data-cell=\"%s\"",
				 name);
			svg_polygon(o, p, 4,
				    /* in a paired move one piece may land
				     * where the other stood */
				    (f & F_FROM) && (f & F_TO) ? "last-move from to"
				    : f & F_FROM		  ? "last-move from"
								  : "last-move to",
				    attrs);
		}
		if (f & F_MARK) {
			cell_outline(fr, cell, 0.08, p);
			snprintf(attrs, sizeof attrs,
				 "fill=\"#ffd400\" fill-opacity=\"0.5\" "
				 "stroke=\"#000\" stroke-width=\"2\" "
				 "stroke-dasharray=\"5 3\" data-cell=\"%s\"",
				 name);
			svg_polygon(o, p, 4, "mark", attrs);
		}
	}
}

static void draw_line(FILE *o, struct pt a, struct pt b, const char *cls,
		      const char *attrs)
{
	fprintf(o,
		"<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" "
		"%s/>\n",
		cls, num(a.x), num(a.y), num(b.x), num(b.y), attrs);
}

/* An arrow leaves its from-cell at the rim of the glyph there, so that the
 * letter stays readable, and stops at the rim of the glyph it points at
 * (at the centre of an empty cell). */
static void draw_arrow(FILE *o, const struct frame *fr, const struct scene *sc,
		       const struct segment *s)
{
	char from[8], to[8];
	struct pt a = cell_centre(fr, s->from), b = cell_centre(fr, s->to);
	double dx = b.x - a.x, dy = b.y - a.y, len = hypot(dx, dy);
	ob_cell_name(opt.variant, s->from, from);
	ob_cell_name(opt.variant, s->to, to);
	double start = sc->board[s->from] != OB_EMPTY ? fr->piece + 2 : 0;
	double stop = sc->board[s->to] != OB_EMPTY ? fr->piece + 2 : 0;
	double head = 14, half = 7;
	if (len < start + stop + head)
		return;
	double ux = dx / len, uy = dy / len;
	a.x += ux * start;
	a.y += uy * start;
	struct pt tip = {b.x - ux * stop, b.y - uy * stop};
	struct pt base = {tip.x - ux * head, tip.y - uy * head};
	struct pt tri[3] = {tip,
			    {base.x - uy * half, base.y + ux * half},
			    {base.x + uy * half, base.y - ux * half}};
	fprintf(o, "<g class=\"arrow\" data-from=\"%s\" data-to=\"%s\">\n",
		from, to);
	draw_line(o, a, base, "arrow-shaft",
		  "stroke=\"#0b6e4f\" stroke-width=\"4\" "
		  "stroke-opacity=\"0.85\" stroke-linecap=\"round\"");
	svg_polygon(o, tri, 3, "arrow-head",
		    "fill=\"#0b6e4f\" fill-opacity=\"0.85\"");
	fputs("</g>\n", o);
}

static void draw_rays(FILE *o, const struct frame *fr, const struct scene *sc)
{
	bool any = false;
	for (int i = 0; i < sc->nlines; i++) {
		const struct segment *s = &sc->lines[i];
		if (s->kind == LINE_ARROW)
			continue;
		if (!any)
			fputs("<g class=\"rays\">\n", o);
		any = true;
		const char *cls = s->kind == LINE_RAY	  ? "ray slide"
				  : s->kind == LINE_LEAP    ? "ray leap"
				  : s->kind == LINE_ADVANCE ? "ray advance"
							    : "ray attack";
		const char *attrs =
			s->kind == LINE_ADVANCE
				? "stroke=\"#1f4e9c\" stroke-width=\"2\" "
				  "stroke-dasharray=\"6 4\""
			: s->kind == LINE_ATTACK
				? "stroke=\"#b00020\" stroke-width=\"2\""
				: "stroke=\"#1f4e9c\" stroke-width=\"1.75\" "
				  "stroke-opacity=\"0.9\"";
		draw_line(o, cell_centre(fr, s->from), cell_centre(fr, s->to),
			  cls, attrs);
	}
	if (any)
		fputs("</g>\n", o);
}

static void draw_cross(FILE *o, struct pt c, double r, const char *cls,
		       const char *name)
{
	fprintf(o,
		"<path class=\"%s\" d=\"M%s %sL%s %sM%s %sL%s %s\" "
		"stroke=\"#b00020\" stroke-width=\"2.5\" "
		"stroke-linecap=\"round\" data-cell=\"%s\"/>\n",
		cls, num(c.x - r), num(c.y - r), num(c.x + r), num(c.y + r),
		num(c.x - r), num(c.y + r), num(c.x + r), num(c.y - r), name);
}

static void draw_piece(FILE *o, struct pt c, double r, ob_piece p,
		       const char *name)
{
	char kind[32], letter[2] = {0, 0};
	bool white = OB_PIECE_COLOR(p) == OB_WHITE;
	kind_class(OB_PIECE_KIND(p), kind, sizeof kind);
	letter[0] = opt.variant->kinds[OB_PIECE_KIND(p)].letter;
	fprintf(o, "<g class=\"piece %s %s\" data-cell=\"%s\">\n",
		white ? "white" : "black", kind, name);
	fprintf(o,
		"<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" "
		"stroke=\"#000\" stroke-width=\"1.5\"/>\n",
		num(c.x), num(c.y), num(r), white ? "#fff" : "#222");
	double size = r * 1.15;
	svg_text(o, (struct pt){c.x, c.y + size * 0.36}, size, "middle",
		 "glyph", white ? "fill=\"#000\" font-weight=\"bold\""
				: "fill=\"#fff\" font-weight=\"bold\"",
		 letter);
	fputs("</g>\n", o);
}

static void draw_markers_and_pieces(FILE *o, const struct frame *fr,
				    const struct scene *sc)
{
	int n = ob_cell_count(opt.variant);
	char name[8], text[16];
	double r = fr->piece;
	/* back to front, so that a nearer glyph covers a farther one */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < n; k++) {
			int cell = fr->back_to_front ? n - 1 - k : k;
			unsigned f = sc->flags[cell];
			ob_piece p = sc->board[cell];
			struct pt c = cell_centre(fr, cell);
			ob_cell_name(opt.variant, cell, name);
			if (pass == 0) {
				/* markers that pieces may stand on */
				if (f & F_ADVANCE)
					fprintf(o,
						"<circle class=\"advance\" "
						"cx=\"%s\" cy=\"%s\" r=\"7\" "
						"fill=\"#fff\" stroke=\"#1f4e9c\" "
						"stroke-width=\"2.5\" "
						"data-cell=\"%s\"/>\n",
						num(c.x), num(c.y), name);
				else if ((f & F_ATTACK) && p == OB_EMPTY)
					draw_cross(o, c, 5.5, "attack", name);
				else if ((f & F_REACH) && p == OB_EMPTY)
					fprintf(o,
						"<circle class=\"reached\" "
						"cx=\"%s\" cy=\"%s\" r=\"4.5\" "
						"fill=\"#1f4e9c\" "
						"data-cell=\"%s\"/>\n",
						num(c.x), num(c.y), name);
				continue;
			}
			if (p != OB_EMPTY)
				draw_piece(o, c, r, p, name);
			if (f & F_CHECK)
				fprintf(o,
					"<circle class=\"check\" cx=\"%s\" "
					"cy=\"%s\" r=\"%s\" fill=\"none\" "
					"stroke=\"#d00000\" stroke-width=\"3\" "
					"stroke-dasharray=\"4 2\" "
					"data-cell=\"%s\"/>\n",
					num(c.x), num(c.y), num(r + 4), name);
			if (f & (F_CAPTURE | F_ATTACK) && p != OB_EMPTY)
				fprintf(o,
					"<circle class=\"capture\" cx=\"%s\" "
					"cy=\"%s\" r=\"%s\" fill=\"none\" "
					"stroke=\"#b00020\" stroke-width=\"3\" "
					"data-cell=\"%s\"/>\n",
					num(c.x), num(c.y), num(r + 4), name);
			if (sc->heat && sc->has_value[cell]) {
				double t = heat_level(sc, sc->value[cell]);
				snprintf(text, sizeof text, "%.4g",
					 sc->value[cell]);
				svg_text(o, (struct pt){c.x, c.y + 4}, 11,
					 "middle", "value",
					 t > 0.5 ? "fill=\"#fff\""
						 : "fill=\"#000\"",
					 text);
			}
		}
}

static void draw_legend(FILE *o, const struct frame *fr,
			const struct scene *sc, double y)
{
	char text[64];
	double x = 16;
	switch (sc->legend) {
	case LEGEND_NONE:
		return;
	case LEGEND_REACH:
		fputs("<g class=\"legend\">\n", o);
		fprintf(o,
			"<circle class=\"reached\" cx=\"%s\" cy=\"%s\" r=\"4.5\" "
			"fill=\"#1f4e9c\"/>\n",
			num(x + 6), num(y - 4));
		svg_text(o, (struct pt){x + 20, y}, 13, "start", "legend-text",
			 "", legend_reach);
		if (sc->captures) {
			y += 22;
			fprintf(o,
				"<circle class=\"capture\" cx=\"%s\" cy=\"%s\" "
				"r=\"7\" fill=\"none\" stroke=\"#b00020\" "
				"stroke-width=\"3\"/>\n",
				num(x + 6), num(y - 4));
			svg_text(o, (struct pt){x + 20, y}, 13, "start",
				 "legend-text", "", legend_capture);
		}
		fputs("</g>\n", o);
		return;
	case LEGEND_PAWN:
		fputs("<g class=\"legend\">\n", o);
		fprintf(o,
			"<circle class=\"advance\" cx=\"%s\" cy=\"%s\" r=\"6\" "
			"fill=\"#fff\" stroke=\"#1f4e9c\" "
			"stroke-width=\"2.5\"/>\n",
			num(x + 6), num(y - 4));
		svg_text(o, (struct pt){x + 20, y}, 13, "start", "legend-text",
			 "", legend_advance);
		draw_cross(o, (struct pt){x + 6, y + 18}, 5.5, "attack", "");
		svg_text(o, (struct pt){x + 20, y + 22}, 13, "start",
			 "legend-text", "",
			 legend_attack);
		fputs("</g>\n", o);
		return;
	case LEGEND_HEAT:
		break;
	}
	fputs("<g class=\"legend\">\n", o);
	const int steps = 10;
	double w = 28, h = 14;
	for (int i = 0; i < steps; i++) {
		char colour[8];
		heat_colour((i + 0.5) / steps, colour);
		struct pt p[4] = {{x + i * w, y - h},
				  {x + (i + 1) * w, y - h},
				  {x + (i + 1) * w, y},
				  {x + i * w, y}};
		char attrs[64];
		snprintf(attrs, sizeof attrs,
			 "fill=\"%s\" stroke=\"#555\" stroke-width=\"0.5\"",
			 colour);
		svg_polygon(o, p, 4, "legend-swatch", attrs);
	}
	snprintf(text, sizeof text, "%g", sc->low);
	svg_text(o, (struct pt){x, y + 16}, 12, "start", "legend-text", "",
		 text);
	snprintf(text, sizeof text, "%g", sc->high);
	svg_text(o, (struct pt){x + steps * w, y + 16}, 12, "end",
		 "legend-text", "", text);
	svg_text(o, (struct pt){x + steps * w + 12, y - 2}, 13, "start",
		 "legend-text", "", legend_heat);
	fputs("</g>\n", o);
	(void)fr;
}

static void svg_render(FILE *o, const struct scene *sc)
{
	struct frame fr;
	frame_init(&fr, sc);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", o);
	fprintf(o,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"class=\"oblique-diagram %s\" width=\"%s\" height=\"%s\" "
		"viewBox=\"0 0 %s %s\" font-family=\"sans-serif\">\n",
		layout_name[fr.layout],
		num(fr.width), num(fr.height), num(fr.width), num(fr.height));
	fputs("<title>", o);
	xml_escaped(o, sc->title);
	fputs("</title>\n", o);
	fprintf(o,
		"<rect class=\"background\" x=\"0\" y=\"0\" width=\"%s\" "
		"height=\"%s\" fill=\"#fff\"/>\n",
		num(fr.width), num(fr.height));
	draw_cells(o, &fr, sc);
	draw_overlays(o, &fr, sc);
	if (fr.rays)
		draw_rays(o, &fr, sc);
	opt.shape->labels(o, &fr);
	draw_markers_and_pieces(o, &fr, sc);
	for (int i = 0; i < sc->nlines; i++)
		if (sc->lines[i].kind == LINE_ARROW)
			draw_arrow(o, &fr, sc, &sc->lines[i]);
	double y = fr.caption_y;
	for (int i = 0; i < sc->ncaption; i++, y += 22)
		svg_text(o, (struct pt){16, y}, i == 0 ? 15 : 13, "start",
			 i == 0 ? "caption" : "caption detail",
			 i == 0 ? "font-weight=\"bold\"" : "", sc->caption[i]);
	draw_legend(o, &fr, sc, y + 4);
	fputs("</svg>\n", o);
}

/* ---- output files ---- */

/* Checks an -o pattern: at most one %d (or %0Nd), %% for a percent. */
static bool pattern_ok(const char *p, bool *numbered)
{
	*numbered = false;
	for (; *p; p++) {
		if (*p != '%')
			continue;
		p++;
		if (*p == '%')
			continue;
		if (*p == '0' && p[1] >= '1' && p[1] <= '9')
			p += 2;
		if (*p != 'd' || *numbered)
			return false;
		*numbered = true;
	}
	return true;
}

static void pattern_name(const char *p, long index, char *out, size_t size)
{
	size_t n = 0;
	for (; *p && n + 24 < size; p++) {
		if (*p != '%') {
			out[n++] = *p;
			continue;
		}
		p++;
		if (*p == '%') {
			out[n++] = '%';
			continue;
		}
		int width = 0;
		if (*p == '0') {
			width = p[1] - '0';
			p += 2;
		}
		n += (size_t)sprintf(out + n, "%0*ld", width, index);
	}
	out[n] = '\0';
}

static void close_output(FILE *o, const char *name)
{
	if (o == stdout) {
		util_check_output();
		return;
	}
	if (ferror(o) | (fclose(o) != 0)) {
		util_warn("%s: write error", name);
		exit(EXIT_USAGE);
	}
}

/* Writes one diagram where -o says. */
static void emit(const struct scene *sc)
{
	long index = ++diagrams_written;
	bool numbered = false;
	char name[4096];
	FILE *o = stdout;
	if (opt.output) {
		pattern_ok(opt.output, &numbered);
		pattern_name(opt.output, index, name, sizeof name);
		if (!numbered && index > 1 && opt.format == FORMAT_SVG) {
			util_warn("-o %s: several SVG diagrams need a %%d in "
				  "the pattern",
				  opt.output);
			exit(EXIT_USAGE);
		}
		if (!numbered && opt.format == FORMAT_TEXT && shared_output)
			o = shared_output;
		else if (!(o = fopen(name, "w"))) {
			util_warn("%s: cannot create", name);
			exit(EXIT_USAGE);
		}
	}
	if (opt.format == FORMAT_TEXT) {
		if (index > 1 && (o == stdout || o == shared_output))
			fputc('\n', o);
		text_render(o, sc);
	} else {
		svg_render(o, sc);
	}
	if (opt.output && !numbered && opt.format == FORMAT_TEXT) {
		shared_output = o;
		if (fflush(o) != 0) {
			util_warn("%s: write error", name);
			exit(EXIT_USAGE);
		}
		return;
	}
	close_output(o, name);
}

/* ---- position diagrams ---- */

struct game_track {
	struct ob_position before, now;
	int plies;
};

static void track_ply(const struct ob_position *pos, ob_move move, int ply,
		      void *arg)
{
	struct game_track *t = arg;
	(void)move;
	(void)ply;
	t->before = t->now;
	t->now = *pos;
	t->plies++;
}

/* The legal move that led from before to now. */
static ob_move find_move(const struct ob_position *before,
			 const struct ob_position *now)
{
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(before, moves);
	for (int i = 0; i < n; i++) {
		struct ob_position p = *before;
		struct ob_undo u;
		ob_make(&p, moves[i], &u);
		if (ob_position_same(&p, now) &&
		    memcmp(p.board, now->board, sizeof p.board) == 0)
			return moves[i];
	}
	return OB_MOVE_NONE;
}

/* The rights and en passant fields of a position line (DFEN fields 3 and
 * 4), in words. */
static void state_caption(struct scene *sc, const char *line)
{
	const char *rights = strchr(line, ' '), *ep, *end;
	if (!rights || !(rights = strchr(rights + 1, ' ')))
		return;
	rights++;
	if (!(ep = strchr(rights, ' ')))
		return;
	ep++;
	if (!(end = strchr(ep, ' ')))
		end = ep + strlen(ep);
	int nr = (int)(ep - 1 - rights), ne = (int)(end - ep);
	bool no_rights = nr == 1 && *rights == '-', no_ep = ne == 1 && *ep == '-';
	scene_caption(sc, "Rights: %.*s; en passant: %.*s",
		      no_rights ? 4 : nr, no_rights ? "none" : rights,
		      no_ep ? 4 : ne, no_ep ? "none" : ep);
}

/* A paired move (castling, guarding) moves a second piece: its cells are
 * the last move's too.  The rule's cells are White's; Black's are their
 * point reflections. */
static void mark_partner(struct scene *sc, const struct ob_position *before,
			 ob_move m)
{
	const struct ob_variant *v = before->variant;
	const struct ob_pair_rule *rule = &v->pairs[OB_MOVE_PAIR(m)];
	int from, to;
	if (ob_cell_parse(v, rule->partner_cell, &from) <= 0 ||
	    ob_cell_parse(v, rule->partner_to, &to) <= 0)
		return;
	if (before->side == OB_BLACK) {
		from = ob_cell_reflect(v, from);
		to = ob_cell_reflect(v, to);
	}
	sc->flags[from] |= F_FROM;
	sc->flags[to] |= F_TO;
}

static void position_scene(struct scene *sc, const struct ob_position *pos,
			   const struct game_track *t)
{
	const struct ob_variant *v = opt.variant;
	char ofen[OB_OFEN_MAX], text[OB_MOVE_TEXT_MAX];
	scene_init(sc);
	memcpy(sc->board, pos->board, sizeof sc->board);
	if (opt.layout != LAYOUT_DEFAULT)
		sc->layout = opt.layout;
	ob_ofen_write(pos, ofen);
	snprintf(sc->title, sizeof sc->title, "%s", ofen);
	enum ob_game_status st = ob_status(pos);
	if (st == OB_CHECK || st == OB_CHECKMATE)
		sc->flags[pos->royal_cell[pos->side]] |= F_CHECK;
	if (st == OB_ONGOING)
		scene_caption(sc, "%s to move", side_name(pos->side));
	else
		scene_caption(sc, "%s to move: %s", side_name(pos->side),
			      ob_game_status_name(st));
	if (v->state_fields)
		state_caption(sc, ofen);
	if (t->plies > 0) {
		ob_move m = find_move(&t->before, &t->now);
		if (m != OB_MOVE_NONE) {
			ob_move_write(&t->before, m, text);
			sc->flags[OB_MOVE_FROM(m)] |= F_FROM;
			sc->flags[OB_MOVE_TO(m)] |= F_TO;
			if (OB_MOVE_SPECIAL(m) == OB_PAIRED)
				mark_partner(sc, &t->before, m);
			scene_caption(sc, "Last move: %s", text);
		}
	}
}

static bool process_position_line(const char *file, long lineno,
				   const char *line, size_t len)
{
	struct ob_position pos;
	struct ob_error err;
	size_t rest;
	if (input_position(opt.variant, line, len, &pos, &rest, &err) !=
	    OB_OK) {
		util_warn_at(file, lineno, err.column, "%s", err.message);
		return false;
	}
	struct game_track *t = malloc(sizeof *t);
	if (!t) {
		util_warn("out of memory");
		exit(EXIT_USAGE);
	}
	t->now = pos;
	t->plies = 0;
	int plies = 0;
	bool ok = input_play_at(&pos, line + rest, len - rest, file, lineno,
				rest, &plies, track_ply, t);
	if (ok) {
		static struct scene sc;
		position_scene(&sc, &pos, t);
		emit(&sc);
	}
	free(t);
	return ok;
}

/* ---- heat maps ---- */

struct heat_input {
	struct scene sc;
	long line_of[OB_MAX_CELLS];
};

static bool process_heat_line(struct heat_input *h, const char *file,
			      long lineno, const char *line, size_t len)
{
	size_t i = 0;
	int cell;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	int n = ob_cell_parse(opt.variant, line + i, &cell);
	if (n <= 0) {
		util_warn_at(file, lineno, (long)i + 1,
			     "expected a cell name, as in 'Cc3 12'");
		return false;
	}
	i += (size_t)n;
	if (i == len || (line[i] != ' ' && line[i] != '\t')) {
		util_warn_at(file, lineno, (long)i + 1,
			     i == len ? "missing value after the cell"
				      : "expected a space after the cell");
		return false;
	}
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	size_t start = i;
	char number[64];
	while (i < len && line[i] != ' ' && line[i] != '\t')
		i++;
	char *end = NULL;
	double x = 0;
	if (i > start && i - start < sizeof number) {
		memcpy(number, line + start, i - start);
		number[i - start] = '\0';
		x = strtod(number, &end);
	}
	if (i == start || !end || *end || !isfinite(x)) {
		util_warn_at(file, lineno, (long)start + 1,
			     i == start ? "missing value after the cell"
					: "the value is not a number");
		return false;
	}
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len) {
		util_warn_at(file, lineno, (long)i + 1,
			     "unexpected text after the value");
		return false;
	}
	if (h->sc.has_value[cell]) {
		char name[8];
		ob_cell_name(opt.variant, cell, name);
		util_warn_at(file, lineno, 1,
			     "%s already has a value (line %ld)", name,
			     h->line_of[cell]);
		return false;
	}
	h->sc.has_value[cell] = true;
	h->sc.value[cell] = x;
	h->line_of[cell] = lineno;
	return true;
}

static void heat_finish(struct heat_input *h)
{
	struct scene *sc = &h->sc;
	int n = ob_cell_count(opt.variant), count = 0;
	double lo = 0, hi = 0, sum = 0;
	for (int c = 0; c < n; c++) {
		if (!sc->has_value[c])
			continue;
		double x = sc->value[c];
		if (x < lo)
			lo = x;
		if (x > hi)
			hi = x;
		sum += x;
		count++;
	}
	sc->heat = true;
	sc->low = lo;
	sc->high = hi;
	sc->legend = LEGEND_HEAT;
	if (opt.layout != LAYOUT_DEFAULT)
		sc->layout = opt.layout;
	snprintf(sc->title, sizeof sc->title, "Heat map of %d cells", count);
	scene_caption(sc, "%d cells with values, total %g, from %g to %g",
		      count, sum, lo, hi);
}

/* ---- move tables ---- */

struct kind_counts {
	int directions; /* vectors that reach at least one cell */
	int cells;
	int double_steps; /* a pawn's: 0 or 1 */
};

/* The cell a pawn of color on cell reaches by a double step (its first
 * move vector taken twice, as the library's pawn rules say), or -1. */
static int double_step_target(int color, int cell)
{
	const struct ob_variant *v = opt.variant;
	const struct ob_pawn_rules *p = v->pawn;
	int c[OB_MAX_DIMS] = {0}, to[OB_MAX_DIMS];
	int sign = color == OB_WHITE ? 1 : -1;
	if (!p || !p->double_step_on || p->nmoves < 1)
		return -1;
	ob_cell_coords(v, color == OB_WHITE ? cell : ob_cell_reflect(v, cell),
		       c);
	if (!p->double_step_on(c))
		return -1;
	ob_cell_coords(v, cell, c);
	for (int d = 0; d < OB_MAX_DIMS; d++)
		to[d] = c[d] + sign * p->moves[0].d[d];
	if (ob_cell_at(v, to) < 0)
		return -1;
	for (int d = 0; d < OB_MAX_DIMS; d++)
		to[d] += sign * p->moves[0].d[d];
	return ob_cell_at(v, to);
}

/* What a piece of kind and colour reaches from cell on an empty board,
 * counted from the library's tables. */
static struct kind_counts empty_counts(int kind, int color, int cell)
{
	const struct ob_variant *v = opt.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	struct kind_counts n = {0, 0, 0};
	int c[OB_MAX_DIMS], sign = color == OB_WHITE ? 1 : -1;
	ob_cell_coords(v, cell, c);
	const struct ob_vector *vec[2] = {k->vectors, NULL};
	int nvec[2] = {k->nvectors, 0};
	if (k->motion == OB_PAWN) {
		vec[0] = v->pawn->moves;
		nvec[0] = v->pawn->nmoves;
		vec[1] = v->pawn->captures;
		nvec[1] = v->pawn->ncaptures;
	}
	struct ob_cellset reach = ob_attacks_empty(v, color, kind, cell);
	n.cells = ob_cellset_count(reach);
	for (int set = 0; set < 2; set++)
		for (int i = 0; i < nvec[set]; i++) {
			int to[OB_MAX_DIMS];
			for (int d = 0; d < OB_MAX_DIMS; d++)
				to[d] = c[d] + sign * vec[set][i].d[d];
			int t = ob_cell_at(v, to);
			if (t < 0)
				continue;
			n.directions++;
			/* a pawn's advances are not in its attack table */
			if (set == 0 && k->motion == OB_PAWN &&
			    !ob_cellset_has(reach, t))
				n.cells++;
		}
	if (k->motion == OB_PAWN && double_step_target(color, cell) >= 0) {
		n.double_steps = 1;
		n.cells++;
	}
	return n;
}

static void plural(char *out, size_t size, int n, const char *one,
		   const char *many)
{
	snprintf(out, size, "%d %s", n, n == 1 ? one : many);
}

/* Builds the move table of a piece standing on cell, in pos (occupancy)
 * or on an empty board. */
static bool piece_scene(struct scene *sc, int kind, int color, int cell,
			const struct ob_position *pos)
{
	const struct ob_variant *v = opt.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	char at[8], a[48], b[48];
	int c[OB_MAX_DIMS], sign = color == OB_WHITE ? 1 : -1;
	scene_init(sc);
	sc->layout = opt.layout != LAYOUT_DEFAULT ? opt.layout
						  : opt.shape->pieces;
	if (pos)
		memcpy(sc->board, pos->board, sizeof sc->board);
	sc->board[cell] = OB_PIECE(color, kind);
	sc->flags[cell] |= F_ORIGIN;
	sc->captures = pos != NULL;
	ob_cell_coords(v, cell, c);
	ob_cell_name(v, cell, at);

	int rays = 0, cells = 0, captures = 0, advances = 0, attacked = 0;
	struct ob_cellset drawn = {0, 0};
	const struct ob_vector *vec[2] = {k->vectors, NULL};
	int nvec[2] = {k->nvectors, 0};
	if (k->motion == OB_PAWN) {
		vec[0] = v->pawn->moves;
		nvec[0] = v->pawn->nmoves;
		vec[1] = v->pawn->captures;
		nvec[1] = v->pawn->ncaptures;
	}
	int doubled = k->motion == OB_PAWN ? double_step_target(color, cell)
					    : -1;
	for (int set = 0; set < 2; set++)
		for (int i = 0; i < nvec[set]; i++) {
			int to[OB_MAX_DIMS], last = -1, steps = 0;
			/* a leaper's vector is taken once, the pawn's first
			 * advance twice where it has a double step */
			int most = set == 0 && i == 0 && doubled >= 0 ? 2 : 1;
			memcpy(to, c, sizeof to);
			for (;;) {
				for (int d = 0; d < OB_MAX_DIMS; d++)
					to[d] += sign * vec[set][i].d[d];
				int t = ob_cell_at(v, to);
				if (t < 0)
					break;
				ob_piece there = sc->board[t];
				bool pawn_move =
					k->motion == OB_PAWN && set == 0;
				if (there != OB_EMPTY &&
				    (pawn_move ||
				     (OB_PIECE_COLOR(there) == color &&
				      k->motion != OB_PAWN)))
					break;
				last = t;
				if (k->motion == OB_PAWN) {
					sc->flags[t] |= set == 0 ? F_ADVANCE
								 : F_ATTACK;
					if (set == 0)
						advances++;
					else
						attacked++;
				} else
					sc->flags[t] |= F_REACH;
				if (there != OB_EMPTY &&
				    OB_PIECE_COLOR(there) != color) {
					sc->flags[t] |= F_CAPTURE;
					captures++;
				}
				if (k->motion != OB_PAWN) {
					cells++;
					if (t < 64)
						drawn.lo |= (uint64_t)1 << t;
					else
						drawn.hi |= (uint64_t)1
							    << (t - 64);
				}
				if (there != OB_EMPTY ||
				    (k->motion != OB_SLIDE && ++steps >= most))
					break;
			}
			if (last < 0)
				continue;
			rays++;
			struct segment *s = &sc->lines[sc->nlines++];
			s->from = cell;
			s->to = last;
			s->kind = k->motion == OB_SLIDE ? LINE_RAY
				  : k->motion == OB_LEAP ? LINE_LEAP
				  : set == 0		 ? LINE_ADVANCE
							 : LINE_ATTACK;
		}

	/* On an empty board the drawing must agree with the library's
	 * tables, and the caption's numbers come from those tables. */
	if (!pos) {
		struct kind_counts n = empty_counts(kind, color, cell);
		struct ob_cellset lib = ob_attacks_empty(v, color, kind, cell);
		bool same = k->motion == OB_PAWN
				    ? ob_cellset_count(lib) == attacked
				    : lib.lo == drawn.lo && lib.hi == drawn.hi;
		if (!same || n.directions != rays) {
			util_warn("internal error: the %s's drawn moves "
				  "differ from the library's tables",
				  k->name);
			return false;
		}
		cells = k->motion == OB_PAWN ? n.cells - attacked
					     : ob_cellset_count(lib);
		if (k->motion == OB_PAWN) {
			advances = cells;
			attacked = ob_cellset_count(lib);
		}
	}

	snprintf(sc->title, sizeof sc->title, "%s %s (%c) moves from %s%s%s",
		 side_name(color), k->name, k->letter, at,
		 pos ? " in a position" : " on an empty ",
		 pos ? "" : opt.shape->surface);
	if (k->motion == OB_PAWN) {
		sc->legend = LEGEND_PAWN;
		plural(a, sizeof a, advances, "advance", "advances");
		plural(b, sizeof b, attacked, "attacked cell", "attacked cells");
		if (pos)
			scene_caption(sc, "%s from %s: %s, %s, %d to capture",
				      k->name, at, a, b, captures);
		else
			scene_caption(sc, "%s from %s: %s, %s", k->name, at, a,
				      b);
	} else {
		/* a leaper's vectors are steps when the royal piece, which
		 * steps to each neighbouring cell, has them all */
		const struct ob_piece_kind *royal = &v->kinds[v->royal_kind];
		bool steps = true;
		for (int i = 0; i < k->nvectors; i++) {
			bool found = false;
			for (int j = 0; j < royal->nvectors && !found; j++)
				found = memcmp(&k->vectors[i],
					       &royal->vectors[j],
					       sizeof k->vectors[i]) == 0;
			steps = steps && found;
		}
		sc->legend = LEGEND_REACH;
		plural(a, sizeof a, rays,
		       k->motion == OB_SLIDE ? "ray"
		       : steps		     ? "step"
					     : "leap",
		       k->motion == OB_SLIDE ? "rays"
		       : steps		     ? "steps"
					     : "leaps");
		plural(b, sizeof b, cells, "cell", "cells");
		if (pos)
			scene_caption(sc, "%s from %s: %s, %s, %d to capture",
				      k->name, at, a, b, captures);
		else
			scene_caption(sc, "%s from %s: %s, %s", k->name, at, a,
				      b);
	}
	if (k->motion == OB_PAWN && doubled >= 0 &&
	    (sc->flags[doubled] & F_ADVANCE)) {
		char to[8];
		ob_cell_name(v, doubled, to);
		scene_caption(sc, "The advance to %s is a double step, from a "
			      "starting cell",
			      to);
	}
	if (color == OB_BLACK)
		scene_caption(sc, "A Black %s: its vectors are White's, negated",
			      k->name);
	return true;
}

static int run_piece(void)
{
	const struct ob_variant *v = opt.variant;
	const char *p = opt.piece;
	int kind = p[0] && !p[1] ? ob_kind_from_letter(v, p[0]) : -1;
	if (kind < 0) {
		char letters[OB_MAX_KINDS + 1];
		for (int k = 0; k < v->nkinds; k++)
			letters[k] = v->kinds[k].letter;
		letters[v->nkinds] = '\0';
		util_usage_error("--piece takes one of the letters %s, not '%s'",
				 letters, p);
	}
	int color = p[0] >= 'a' && p[0] <= 'z' ? OB_BLACK : OB_WHITE;
	struct ob_position pos;
	if (opt.position) {
		struct ob_error err;
		if (input_position(v, opt.position, strlen(opt.position), &pos,
				   NULL, &err) != OB_OK)
			util_usage_error("--position: column %d: %s",
					 err.column, err.message);
	}
	static struct scene sc;
	if (!piece_scene(&sc, kind, color, opt.at_cell,
			 opt.position ? &pos : NULL))
		return EXIT_INVALID;
	emit(&sc);
	return EXIT_OK;
}

/* ---- the table of counts ---- */

/* Appends text centred in width columns to line. */
static void centred(char *line, const char *text, int width)
{
	int n = (int)strlen(text), left = (width - n) / 2;
	sprintf(line + strlen(line), "%*s%s%*s", left, "", text,
		width - n - left, "");
}

static int run_table(void)
{
	const struct ob_variant *v = opt.variant;
	int n = ob_cell_count(v), width = 4;
	char at[8];
	ob_cell_name(v, opt.at_cell, at);
	for (int k = 0; k < v->nkinds; k++) {
		int w = (int)strlen(v->kinds[k].name);
		if (w > width)
			width = w;
	}
	printf("%s: moves on an empty %s, from %s and over all %d "
	       "cells\n",
	       v->tag_name, opt.shape->surface, at, n);
	printf("(a pawn is White's; its directions are its advances and "
	       "captures%s)\n\n",
	       v->pawn && v->pawn->double_step_on
		       ? ";\n its cells include its double steps"
		       : "");
	char from[24];
	snprintf(from, sizeof from, "from %s", at);
	char head[200];
	snprintf(head, sizeof head, "%-*s", width + 2, "");
	centred(head, from, 14);
	centred(head, "directions", 24);
	centred(head, "cells", 24);
	for (size_t e = strlen(head); e > 0 && head[e - 1] == ' '; e--)
		head[e - 1] = '\0';
	puts(head);
	printf("%-*s %6s %6s  %6s %8s %6s  %6s %8s %6s\n", width + 2, "piece",
	       "dirs", "cells", "min", "mean", "max", "min", "mean", "max");
	for (int k = 0; k < v->nkinds; k++) {
		struct kind_counts here = empty_counts(k, OB_WHITE, opt.at_cell);
		int dmin = 1 << 30, dmax = 0, cmin = 1 << 30, cmax = 0;
		long dsum = 0, csum = 0;
		for (int cell = 0; cell < n; cell++) {
			struct kind_counts x = empty_counts(k, OB_WHITE, cell);
			dmin = x.directions < dmin ? x.directions : dmin;
			dmax = x.directions > dmax ? x.directions : dmax;
			cmin = x.cells < cmin ? x.cells : cmin;
			cmax = x.cells > cmax ? x.cells : cmax;
			dsum += x.directions;
			csum += x.cells;
		}
		printf("%c %-*s %6d %6d  %6d %8.2f %6d  %6d %8.2f %6d\n",
		       v->kinds[k].letter, width, v->kinds[k].name,
		       here.directions, here.cells, dmin, (double)dsum / n, dmax,
		       cmin, (double)csum / n, cmax);
	}
	util_check_output();
	return EXIT_OK;
}

/* ---- reading inputs ---- */

/* One input line: a heat-map value, or a position to draw. */
static bool process_line(const char *file, long lineno, const char *line,
			 size_t len, void *arg)
{
	struct heat_input *heat = arg;
	return heat ? process_heat_line(heat, file, lineno, line, len)
		    : process_position_line(file, lineno, line, len);
}

/* ---- option values ---- */

static int parse_cell_option(const char *option, const char *text)
{
	int cell, n = ob_cell_parse(opt.variant, text, &cell);
	if (n <= 0 || text[n] != '\0')
		util_usage_error("%s: '%s' is not a cell", option, text);
	return cell;
}

static void parse_marks(const char *text)
{
	const char *p = text;
	for (;;) {
		int cell, n = ob_cell_parse(opt.variant, p, &cell);
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
		int from, to, n = ob_cell_parse(opt.variant, p, &from);
		if (n <= 0 || (p[n] != '-' && p[n] != 'x')) {
			if (ob_kind_from_letter(opt.variant, *p) >= 0 &&
			    *p >= 'A' && *p <= 'Z')
				n = ob_cell_parse(opt.variant, ++p, &from);
			if (n <= 0 || (p[n] != '-' && p[n] != 'x'))
				goto bad;
		}
		p += n + 1;
		n = ob_cell_parse(opt.variant, p, &to);
		if (n <= 0 || to == from)
			goto bad;
		p += n;
		while (*p && *p != ',' && *p != '&' &&
		       strchr("=+#!?RTBLNQUKS", *p) != NULL)
			p++;
		/* a paired move's second part, after &, is a second arrow */
		if (*p != ',' && *p != '&' && *p != '\0')
			goto bad;
		if (opt.narrows == MAX_ARROWS)
			util_usage_error("--arrow: at most %d arrows",
					 MAX_ARROWS);
		opt.arrows[opt.narrows].from = from;
		opt.arrows[opt.narrows].to = to;
		opt.narrows++;
		if (*p == '\0')
			return;
		p++;
	}
bad:
	util_usage_error("--arrow: expected moves such as TCa1-Ca4, separated "
			 "by commas, not '%s'",
			 text);
}

static void set_mode(enum mode m, const char *option)
{
	if (opt.mode != MODE_POSITIONS && opt.mode != m)
		util_usage_error("%s cannot be combined with --piece, --table "
				 "or --heatmap",
				 option);
	opt.mode = m;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"ascending", no_argument, NULL, 'a'},
		{"arrow", required_argument, NULL, 'A'},
		{"at", required_argument, NULL, 't'},
		{"flip", no_argument, NULL, 'F'},
		{"format", required_argument, NULL, 'f'},
		{"heatmap", no_argument, NULL, 'H'},
		{"help", no_argument, NULL, 'h'},
		{"layout", required_argument, NULL, 'l'},
		{"mark", required_argument, NULL, 'm'},
		{"output", required_argument, NULL, 'o'},
		{"piece", required_argument, NULL, 'p'},
		{"position", required_argument, NULL, 'P'},
		{"table", no_argument, NULL, 'T'},
		{"unicode", no_argument, NULL, 'u'},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, 1},
		{NULL, 0, NULL, 0},
	};
	int c;
	util_init("ob-diagram", argv);
	opt.variant = ob_variant_default();
	while ((c = getopt_long(argc, argv, "aA:f:FhHl:m:o:p:P:t:TuV:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			opt.ascending = true;
			break;
		case 'A':
			if (opt.narrow_text == MAX_OPTION_LISTS)
				util_usage_error("too many --arrow options");
			opt.arrow_text[opt.narrow_text++] = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				opt.format = FORMAT_TEXT;
			else if (strcmp(optarg, "svg") == 0)
				opt.format = FORMAT_SVG;
			else
				util_usage_error("--format takes text or svg, "
						 "not '%s'",
						 optarg);
			break;
		case 'F':
			opt.flip = true;
			break;
		case 'h':
			util_help(usage_text, help_text);
		case 'H':
			set_mode(MODE_HEATMAP, "--heatmap");
			break;
		case 'l':
			if (strcmp(optarg, "slices") == 0)
				opt.layout = LAYOUT_SLICES;
			else if (strcmp(optarg, "stacked") == 0)
				opt.layout = LAYOUT_STACKED;
			else
				util_usage_error("--layout takes slices or "
						 "stacked, not '%s'",
						 optarg);
			break;
		case 'm':
			if (opt.nmark_text == MAX_OPTION_LISTS)
				util_usage_error("too many --mark options");
			opt.mark_text[opt.nmark_text++] = optarg;
			break;
		case 'o': {
			bool numbered;
			if (!*optarg || !pattern_ok(optarg, &numbered))
				util_usage_error("-o takes a file name with at "
						 "most one %%d, not '%s'",
						 optarg);
			opt.output = optarg;
			break;
		}
		case 'p':
			set_mode(MODE_PIECE, "--piece");
			opt.piece = optarg;
			break;
		case 'P':
			opt.position = optarg;
			break;
		case 't':
			opt.at = optarg;
			break;
		case 'T':
			set_mode(MODE_TABLE, "--table");
			break;
		case 'u':
			opt.unicode = true;
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

	const struct ob_board *b = opt.variant->board;
	opt.shape = shape_for(b);
	if (!opt.shape)
		util_usage_error("variant %s: only a lattice of levels, files "
				 "and ranks or a flat checkered board can be "
				 "drawn",
				 opt.variant->name);
	if (opt.layout != LAYOUT_DEFAULT &&
	    !(opt.shape->layouts & 1u << opt.layout))
		util_usage_error("variant %s: the %s is drawn in one layout; "
				 "--layout %s does not apply",
				 opt.variant->name, opt.shape->surface,
				 layout_name[opt.layout]);
	if (opt.ascending && b->ndims != 3)
		util_usage_error("variant %s: --ascending orders the levels "
				 "of a lattice",
				 opt.variant->name);
	for (int i = 0; i < opt.nmark_text; i++)
		parse_marks(opt.mark_text[i]);
	for (int i = 0; i < opt.narrow_text; i++)
		parse_arrows(opt.arrow_text[i]);
	if (opt.at) {
		if (opt.mode != MODE_PIECE && opt.mode != MODE_TABLE)
			util_usage_error("--at needs --piece or --table");
		opt.at_cell = parse_cell_option("--at", opt.at);
	} else {
		int centre[OB_MAX_DIMS];
		for (int d = 0; d < OB_MAX_DIMS; d++)
			centre[d] = b->extent[d] / 2;
		opt.at_cell = ob_cell_at(opt.variant, centre);
		if (opt.at_cell < 0)
			opt.at_cell = 0;
	}
	if (opt.position && opt.mode != MODE_PIECE)
		util_usage_error("--position needs --piece");
	if ((opt.mode == MODE_PIECE || opt.mode == MODE_TABLE) &&
	    optind < argc)
		util_usage_error("%s reads no input files",
				 opt.mode == MODE_PIECE ? "--piece"
							: "--table");
	if (opt.mode == MODE_TABLE &&
	    (opt.format != FORMAT_TEXT || opt.output))
		util_usage_error("--table writes text to standard output");

	int status = EXIT_OK;
	struct heat_input *heat = NULL;
	switch (opt.mode) {
	case MODE_PIECE:
		return run_piece();
	case MODE_TABLE:
		return run_table();
	case MODE_HEATMAP:
		heat = calloc(1, sizeof *heat);
		if (!heat) {
			util_warn("out of memory");
			return EXIT_USAGE;
		}
		scene_init(&heat->sc);
		break;
	case MODE_POSITIONS:
		break;
	}
	status = util_each_line(argv + optind, argc - optind, true,
				process_line, heat);
	if (heat) {
		heat_finish(heat);
		emit(&heat->sc);
		free(heat);
	}
	if (shared_output)
		close_output(shared_output, opt.output);
	util_check_output();
	return status;
}
