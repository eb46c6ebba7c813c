#include "draw/shape.h"

#include <stdlib.h>
#include <string.h>

#include "draw/svg.h"
#include "draw/text.h"
#include "util.h"

/*
 * The flat board: a grid of files and ranks of which the cells are one
 * colour of a checkerboard pattern, so that two cells sharing an edge
 * differ by one file and one rank.  It is drawn turned through 45
 * degrees, as the game page of Diagonal Oblong Chess draws it.  Display
 * column x runs over the files (0 at the left) and display row y over the
 * ranks (0 at the top).
 */

/* The cell at display column x, row y, or -1 (off the grid, or a grid
 * point that is no cell). */
static int flat_cell(const struct view *view, int x, int y)
{
	int nf = shape_nfiles(view), nr = shape_nranks(view);
	int c[OB_MAX_DIMS] = {0};
	if (x < 0 || y < 0 || x >= nf || y >= nr)
		return -1;
	c[shape_file_dim(view)] = view->flip ? nf - 1 - x : x;
	c[shape_rank_dim(view)] = view->flip ? y : nr - 1 - y;
	return ob_cell_at(view->variant, c);
}

static void flat_display(const struct view *view, int cell, int *x, int *y)
{
	int c[OB_MAX_DIMS];
	int nf = shape_nfiles(view), nr = shape_nranks(view);
	ob_cell_coords(view->variant, cell, c);
	int file = c[shape_file_dim(view)], rank = c[shape_rank_dim(view)];
	*x = view->flip ? nf - 1 - file : file;
	*y = view->flip ? rank : nr - 1 - rank;
}

/* The label of display column x, row y. */
static void flat_file_label(const struct view *view, int x, char *out)
{
	int nf = shape_nfiles(view);
	shape_coord_label(view->variant, shape_file_dim(view),
			  view->flip ? nf - 1 - x : x, out);
}

static void flat_rank_label(const struct view *view, int y, char *out)
{
	int nr = shape_nranks(view);
	shape_coord_label(view->variant, shape_rank_dim(view),
			  view->flip ? y : nr - 1 - y, out);
}

/*
 * The board in text, as the game page draws it: each cell a diamond
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
 * labelled there.  A rank is labelled in the notch at its end, on the
 * line of its piece letters: at the left edge it ends in the notch, so a
 * margin as wide as the longest label there less one column stands before
 * the board (the page puts the digits one above the other; "16" on one
 * line reads as a number); at the right edge it starts in the notch.
 * Empty cells are blank, as on the page.
 */
static void diamond_text(FILE *o, const struct view *view,
			 const struct scene *sc, const struct text_glyphs *g)
{
	int nf = shape_nfiles(view), nr = shape_nranks(view);
	int margin = 0, right = 1;
	char label[16], buf[8];
	for (int y = 0; y < nr; y++) {
		int len;
		flat_rank_label(view, y, label);
		len = (int)strlen(label);
		if (flat_cell(view, 0, y) < 0 && len - 1 > margin)
			margin = len - 1;
		else if (flat_cell(view, 0, y) >= 0 &&
			 flat_cell(view, nf - 1, y) < 0 && len > right)
			right = len;
	}
	int cols = margin + 2 * nf + 1 + right, rows = 2 * nr + 2;
	char *canvas = malloc((size_t)(cols * rows));
	if (!canvas) {
		util_warn("out of memory");
		exit(EXIT_USAGE);
	}
	memset(canvas, ' ', (size_t)(cols * rows));
#define PUT(line, col, ch) \
	(canvas[(line) * cols + margin + (col)] = (char)(ch))
	for (int x = 0; x < nf; x++) {
		flat_file_label(view, x, label);
		if (flat_cell(view, x, 0) < 0) {
			PUT(0, 2 * x, '\\');
			PUT(0, 2 * x + 1, label[0]);
			PUT(0, 2 * x + 3, '/');
			PUT(1, 2 * x + 1, '\\');
			PUT(1, 2 * x + 2, '/');
		} else if (flat_cell(view, x, nr - 1) < 0) {
			PUT(2 * nr, 2 * x + 1, '/');
			PUT(2 * nr, 2 * x + 2, '\\');
			PUT(2 * nr + 1, 2 * x, '/');
			PUT(2 * nr + 1, 2 * x + 1, label[0]);
			PUT(2 * nr + 1, 2 * x + 3, '\\');
		}
	}
	for (int y = 0; y < nr; y++)
		for (int x = 0; x < nf; x++) {
			int cell = flat_cell(view, x, y), l = 2 * y, c = 2 * x;
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
			const char *s = text_cell(view, sc, cell, g, buf);
			/* an empty cell is blank, but a heat map's cell
			 * without a value is shown as the legend says */
			if (s == g->empty)
				PUT(l + 1, c + 1, sc->heat ? 1 : ' ');
			else
				PUT(l + 1, c + 1, s[0]);
		}
	for (int y = 0; y < nr; y++) {
		int len;
		flat_rank_label(view, y, label);
		len = (int)strlen(label);
		if (flat_cell(view, 0, y) < 0)
			for (int i = 0; i < len; i++)
				PUT(2 * y + 1, i - (len - 1), label[i]);
		else if (flat_cell(view, nf - 1, y) < 0)
			for (int i = 0; i < len; i++)
				PUT(2 * y + 1, 2 * nf + 1 + i, label[i]);
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

/*
 * In SVG each cell is a square standing on its corner, DM_HALF from its
 * centre to each corner, so that cells that share an edge (one file and
 * one rank apart) are drawn sharing it.  The centre of display column x,
 * row y is DM_HALF * (x + 1, y + 1) from the board's top-left corner;
 * files are labelled in the notches of the top and bottom edges, ranks in
 * those of the left and right edges.
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

static void diamond_frame(const struct view *view, struct frame *fr)
{
	int nf = shape_nfiles(view), nr = shape_nranks(view);
	fr->width = 2 * DM_LEFT + (nf + 1) * DM_HALF;
	fr->caption_y = DM_TOP + (nr + 1) * DM_HALF + 40;
	fr->piece = DM_PIECE;
	fr->rays = true;
	fr->back_to_front = false;
}

static struct pt diamond_centre(const struct view *view,
				const struct frame *fr, int cell)
{
	int x, y;
	flat_display(view, cell, &x, &y);
	(void)fr;
	return diamond_point(x, y);
}

static int diamond_outline(const struct view *view, const struct frame *fr,
			   int cell, double inset, struct pt *p)
{
	struct pt c = diamond_centre(view, fr, cell);
	double h = DM_HALF * (1 - 2 * inset);
	p[0] = (struct pt){c.x, c.y - h};
	p[1] = (struct pt){c.x + h, c.y};
	p[2] = (struct pt){c.x, c.y + h};
	p[3] = (struct pt){c.x - h, c.y};
	return 4;
}

/* Cells one file and one rank apart differ in colour, as neighbours
 * across an edge do on a chessboard; a1 is dark. */
static bool diamond_light(const struct view *view, int cell)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	return c[shape_file_dim(view)] % 2 == 1;
}

/* The labels, each in a notch of the zigzag edge: a file's in the half
 * cell just above (or below) the board in its column, a rank's in the
 * half cell just left (or right) of the board in its row. */
static void diamond_labels(FILE *o, const struct view *view,
			   const struct frame *fr)
{
	int nf = shape_nfiles(view), nr = shape_nranks(view);
	char label[8];
	fputs("<g class=\"coordinates\" fill=\"#333\">\n", o);
	for (int x = 0; x < nf; x++) {
		struct pt p;
		if (flat_cell(view, x, 0) < 0)
			p = diamond_point(x, -1 + 0.36);
		else if (flat_cell(view, x, nr - 1) < 0)
			p = diamond_point(x, nr - 0.36);
		else
			continue;
		flat_file_label(view, x, label);
		svg_text(o, (struct pt){p.x, p.y + 4.5}, 13, "middle",
			 "file-label", "", label);
	}
	for (int y = 0; y < nr; y++) {
		struct pt p;
		if (flat_cell(view, 0, y) < 0)
			p = diamond_point(-1 + 0.34, y);
		else if (flat_cell(view, nf - 1, y) < 0)
			p = diamond_point(nf - 0.34, y);
		else
			continue;
		flat_rank_label(view, y, label);
		svg_text(o, (struct pt){p.x, p.y + 4.5}, 12, "middle",
			 "rank-label", "", label);
	}
	fputs("</g>\n", o);
	(void)fr;
}

/* A flat board of which every grid point with one parity of file + rank
 * is a cell, and no other. */
static bool diamond_fits(const struct ob_board *b)
{
	int c[OB_MAX_DIMS] = {0};
	if (b->ndims != 2 || !b->exists)
		return false;
	bool even = b->exists(c); /* the parity of the cells */
	for (c[0] = 0; c[0] < b->extent[0]; c[0]++)
		for (c[1] = 0; c[1] < b->extent[1]; c[1]++)
			if (b->exists(c) != (((c[0] + c[1]) % 2 == 0) == even))
				return false;
	return true;
}

const struct shape shape_diamond = {
	.name = "diamond",
	.surface = "board",
	.positions = LAYOUT_FLAT,
	.pieces = LAYOUT_FLAT,
	.layouts = 1u << LAYOUT_FLAT,
	.fits = diamond_fits,
	.text = diamond_text,
	.frame = diamond_frame,
	.outline = diamond_outline,
	.centre = diamond_centre,
	.labels = diamond_labels,
	.light = diamond_light,
	.cell_class = shape_file_rank_class,
};
