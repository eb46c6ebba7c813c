#include "draw/shape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw/svg.h"
#include "draw/text.h"
#include "util.h"

/*
 * The hexagonal board, Glinski's: upright files of flat-topped hexagons,
 * the middle file the longest, as the page of Plattraum draws it.  The
 * library's coordinates are doubled: x the file (0 at the left) and h the
 * height in half cells above the bottom of the middle file, so that a
 * cell's neighbours above and below are 2 apart in h and those in the
 * files beside it 1.  Display coordinates (X, H) are the same seen from
 * army 1's side, and turned through 180 degrees with --flip.
 *
 * Labels come from the cells' names (the file letter, then the cell's
 * number in its file), never from a table here: a file's letter stands
 * beside its first cell, outside the board (below it, or above it when
 * flipped), and each cell number beside the leftmost cell of that number:
 * to its left at the left edge, else in the notch the line of that
 * number would run on into (up and to the left, or down and to the left
 * when flipped).
 */

static int nfiles(const struct view *view)
{
	return view->variant->board->extent[0];
}

static int nheights(const struct view *view)
{
	return view->variant->board->extent[1];
}

/* The cell at display (X, H), or -1. */
static int hex_cell(const struct view *view, int X, int H)
{
	int c[OB_MAX_DIMS] = {0};
	int nf = nfiles(view), nh = nheights(view);
	if (X < 0 || H < 0 || X >= nf || H >= nh)
		return -1;
	c[0] = view->flip ? nf - 1 - X : X;
	c[1] = view->flip ? nh - 1 - H : H;
	return ob_cell_at(view->variant, c);
}

static void hex_display(const struct view *view, int cell, int *X, int *H)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	*X = view->flip ? nfiles(view) - 1 - c[0] : c[0];
	*H = view->flip ? nheights(view) - 1 - c[1] : c[1];
}

/* A cell's name split: its file's letters and its number. */
static void hex_name(const struct view *view, int cell, char *file,
		     char *number)
{
	char name[8];
	size_t i = 0;
	ob_cell_name(view->variant, cell, name);
	while (name[i] && !(name[i] >= '0' && name[i] <= '9'))
		i++;
	memcpy(file, name, i);
	file[i] = '\0';
	strcpy(number, name + i);
}

/* The display column's cell numbered 1 (the file's first), or -1. */
static int first_cell(const struct view *view, int X, int *H)
{
	char file[8], number[8];
	for (*H = 0; *H < nheights(view); ++*H) {
		int cell = hex_cell(view, X, *H);
		if (cell < 0)
			continue;
		hex_name(view, cell, file, number);
		if (strcmp(number, "1") == 0)
			return cell;
	}
	return -1;
}

/* The leftmost cell of each number: each cell that no cell further left
 * shares a number with.  Calls back with its display coordinates. */
static void leftmost_cells(const struct view *view,
			   void (*f)(const struct view *view, int X, int H,
				     const char *number, void *arg),
			   void *arg)
{
	char seen[OB_MAX_CELLS + 1] = {0}, file[8], number[8];
	for (int X = 0; X < nfiles(view); X++)
		for (int H = 0; H < nheights(view); H++) {
			int cell = hex_cell(view, X, H);
			if (cell < 0)
				continue;
			hex_name(view, cell, file, number);
			int n = atoi(number);
			if (n < 0 || n > OB_MAX_CELLS || seen[n])
				continue;
			seen[n] = 1;
			f(view, X, H, number, arg);
		}
}

/* Where a number's label goes, beside its leftmost cell (X, H): 0 at the
 * left edge (the label on the cell's level, left of it), else +1 or -1,
 * the notch up or down and to the left, which the row of cells of that
 * number would run on into. */
static int notch(const struct view *view, int X, int H)
{
	if (X == 0)
		return 0;
	int up = view->flip ? -1 : 1;
	return hex_cell(view, X - 1, H + up) < 0 ? up : -up;
}

/*
 * The board in text, as the page draws it: each cell five columns wide
 * and two lines high, its top edge on the line above,
 *
 *       ___        line L-1      the cell at display (X, H) has its
 *      /Cp1\       line L        contents on line L = nh - H, columns
 *      \___/       line L+1      4X+1 to 4X+3 (past the margin)
 *
 * so that the cells of neighbouring files interleave by a line and share
 * their slanted edges.  A cell holds a piece's code and army ("Cp1"), a
 * marker or heat digit between spaces (" * "), or the empty glyph
 * (" . ").  Outside the board the page's filler is spaces.  The margin
 * at the left holds the numbers of the cells at the left edge; the other
 * labels stand in the space around the board, where the page has filler.
 */
#define HX_EMPTY 1 /* the empty glyph, in the canvas */

struct text_canvas {
	char *c;
	int cols, rows, margin, top;
};

static void put(struct text_canvas *t, int line, int col, char ch)
{
	line += t->top;
	col += t->margin;
	if (line >= 0 && line < t->rows && col >= 0 && col < t->cols)
		t->c[line * t->cols + col] = ch;
}

/* Writes s with its last character at column end. */
static void put_right(struct text_canvas *t, int line, int end, const char *s)
{
	int n = (int)strlen(s);
	for (int i = 0; i < n; i++)
		put(t, line, end - n + 1 + i, s[i]);
}

static void margin_width(const struct view *view, int X, int H,
			 const char *number, void *arg)
{
	int *width = arg;
	(void)view;
	(void)H;
	if (X == 0 && (int)strlen(number) + 1 > *width)
		*width = (int)strlen(number) + 1;
}

static void text_number(const struct view *view, int X, int H,
			const char *number, void *arg)
{
	struct text_canvas *t = arg;
	int L = nheights(view) - H, dh = notch(view, X, H);
	/* clear of the slash that ends the line below a notch */
	if (dh == 0)
		put_right(t, L, -2, number);
	else
		put_right(t, L - dh, 4 * X - (dh < 0 ? 2 : 1), number);
}

static bool blank(const struct text_canvas *t, int line)
{
	for (int c = 0; c < t->cols; c++)
		if (t->c[line * t->cols + c] != ' ')
			return false;
	return true;
}

/* The three characters inside a cell. */
static void hex_cell_text(const struct view *view, const struct scene *sc,
			  int cell, const struct text_glyphs *g, char *out)
{
	char buf[8];
	const char *s = text_cell(view, sc, cell, g, buf);
	if (s == g->empty) {
		out[0] = out[2] = ' ';
		out[1] = HX_EMPTY;
	} else if (strlen(s) >= 3)
		memcpy(out, s, 3);
	else {
		out[0] = ' ';
		out[1] = s[0];
		out[2] = ' ';
	}
}

static void hex_text(FILE *o, const struct view *view, const struct scene *sc,
		     const struct text_glyphs *g)
{
	int nf = nfiles(view), nh = nheights(view), margin = 0;
	leftmost_cells(view, margin_width, &margin);
	/* a line above and below for the file letters */
	struct text_canvas t = {NULL, margin + 4 * nf + 1, nh + 5, margin, 1};
	t.c = malloc((size_t)(t.cols * t.rows));
	if (!t.c) {
		util_warn("out of memory");
		exit(EXIT_USAGE);
	}
	memset(t.c, ' ', (size_t)(t.cols * t.rows));
	for (int X = 0; X < nf; X++)
		for (int H = 0; H < nh; H++) {
			int cell = hex_cell(view, X, H), L = nh - H, c = 4 * X;
			char in[3];
			if (cell < 0)
				continue;
			hex_cell_text(view, sc, cell, g, in);
			for (int i = 1; i <= 3; i++) {
				put(&t, L - 1, c + i, '_');
				put(&t, L, c + i, in[i - 1]);
				put(&t, L + 1, c + i, '_');
			}
			put(&t, L, c, '/');
			put(&t, L, c + 4, '\\');
			put(&t, L + 1, c, '\\');
			put(&t, L + 1, c + 4, '/');
		}
	for (int X = 0; X < nf; X++) {
		char file[8], number[8];
		int H, cell = first_cell(view, X, &H);
		if (cell < 0)
			continue;
		hex_name(view, cell, file, number);
		int L = nh - H;
		put_right(&t, view->flip ? L - 2 : L + 2, 4 * X + 2, file);
	}
	leftmost_cells(view, text_number, &t);
	/* the canvas without its blank lines above and below */
	int first = 0, last = t.rows - 1;
	while (first < last && blank(&t, first))
		first++;
	while (last > first && blank(&t, last))
		last--;
	for (int l = first; l <= last; l++) {
		const char *line = t.c + l * t.cols;
		int end = t.cols;
		while (end > 0 && line[end - 1] == ' ')
			end--;
		for (int c = 0; c < end; c++)
			switch (line[c]) {
			case HX_EMPTY:
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
	free(t.c);
}

/*
 * In SVG each cell is a regular hexagon with a flat top, HX_R from its
 * centre to each corner and HX_K (half its height) to each edge; display
 * column X is 1.5 HX_R right of the last, and H one HX_K lower per step
 * down.  Cells that share an edge are drawn sharing it.
 */
#define HX_R 26.0
#define HX_K (HX_R * 0.8660254037844386)
#define HX_LEFT 28.0
#define HX_TOP 30.0
#define HX_PIECE 16.0

static struct pt hex_point(const struct view *view, double X, double H)
{
	struct pt p = {HX_LEFT + HX_R + 1.5 * HX_R * X,
		       HX_TOP + HX_K * (nheights(view) - H)};
	return p;
}

static void hex_frame(const struct view *view, struct frame *fr)
{
	fr->width = 2 * HX_LEFT + HX_R * (2 + 1.5 * (nfiles(view) - 1));
	fr->caption_y = HX_TOP + HX_K * (nheights(view) + 1) + 50;
	fr->piece = HX_PIECE;
	fr->rays = true;
	fr->back_to_front = false;
}

static struct pt hex_centre(const struct view *view, const struct frame *fr,
			    int cell)
{
	int X, H;
	(void)fr;
	hex_display(view, cell, &X, &H);
	return hex_point(view, X, H);
}

static int hex_outline(const struct view *view, const struct frame *fr,
		       int cell, double inset, struct pt *p)
{
	struct pt c = hex_centre(view, fr, cell);
	double r = HX_R * (1 - 2 * inset), k = HX_K * (1 - 2 * inset);
	p[0] = (struct pt){c.x - r / 2, c.y - k};
	p[1] = (struct pt){c.x + r / 2, c.y - k};
	p[2] = (struct pt){c.x + r, c.y};
	p[3] = (struct pt){c.x + r / 2, c.y + k};
	p[4] = (struct pt){c.x - r / 2, c.y + k};
	p[5] = (struct pt){c.x - r, c.y};
	return 6;
}

/* The three colours: with q the file's distance right of the middle file
 * and s = (h - q) / 2, the colour is (q - s) mod 3.  Neighbours across an
 * edge differ; a diagonal step keeps the colour. */
static int hex_tone(const struct view *view, int cell)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	int q = c[0] - (nfiles(view) - 1) / 2, s = (c[1] - q) / 2;
	return ((q - s) % 3 + 3) % 3;
}

static bool hex_light(const struct view *view, int cell)
{
	return hex_tone(view, cell) == 0;
}

static void hex_cell_class(const struct view *view, int cell, char *out,
			   size_t size)
{
	char file[8], number[8];
	hex_name(view, cell, file, number);
	snprintf(out, size, " file-%s number-%s colour-%d", file, number,
		 hex_tone(view, cell));
}

static void svg_number(const struct view *view, int X, int H,
		       const char *number, void *arg)
{
	FILE *o = arg;
	int dh = notch(view, X, H);
	struct pt p = hex_point(view, X, H);
	if (dh == 0)
		p.x -= HX_R + 4;
	else {
		/* near the centre of the cell the line would run on to,
		 * clear of the cells beside it */
		p.x -= 0.8 * 1.5 * HX_R;
		p.y -= 0.8 * dh * HX_K;
	}
	svg_text(o, (struct pt){p.x, p.y + 4.5}, 12, dh == 0 ? "end" : "middle",
		 "number-label", "", number);
}

static void hex_labels(FILE *o, const struct view *view,
		       const struct frame *fr)
{
	(void)fr;
	fputs("<g class=\"coordinates\" fill=\"#333\">\n", o);
	for (int X = 0; X < nfiles(view); X++) {
		char file[8], number[8];
		int H, cell = first_cell(view, X, &H);
		if (cell < 0)
			continue;
		hex_name(view, cell, file, number);
		struct pt p = hex_point(view, X, H);
		p.y += view->flip ? -HX_K - 8 : HX_K + 17;
		svg_text(o, p, 13, "middle", "file-label", "", file);
	}
	leftmost_cells(view, svg_number, o);
	fputs("</g>\n", o);
}

/* A flat board of which the cells are those of a regular hexagon on the
 * doubled grid: an odd number of files, the middle one as long as there
 * are files, each file beside it half a cell shorter at each end. */
static bool hex_fits(const struct ob_board *b)
{
	if (b->ndims != 2 || !b->exists || b->extent[0] % 2 != 1 ||
	    b->extent[1] != 2 * b->extent[0] - 1)
		return false;
	int mid = b->extent[0] / 2, c[OB_MAX_DIMS] = {0};
	for (c[0] = 0; c[0] < b->extent[0]; c[0]++)
		for (c[1] = 0; c[1] < b->extent[1]; c[1]++) {
			int d = abs(c[0] - mid), h = c[1];
			bool cell = (h - d) % 2 == 0 && h >= d &&
				    h <= b->extent[1] - 1 - d;
			if (b->exists(c) != cell)
				return false;
		}
	return true;
}

const struct shape shape_hex = {
	.name = "hexagonal",
	.surface = "board",
	.positions = LAYOUT_FLAT,
	.pieces = LAYOUT_FLAT,
	.layouts = 1u << LAYOUT_FLAT,
	.fits = hex_fits,
	.text = hex_text,
	.frame = hex_frame,
	.outline = hex_outline,
	.centre = hex_centre,
	.labels = hex_labels,
	.light = hex_light,
	.tone = hex_tone,
	.cell_class = hex_cell_class,
};
