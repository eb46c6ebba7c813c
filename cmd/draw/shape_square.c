#include "draw/shape.h"

#include "draw/svg.h"
#include "draw/text.h"

/*
 * The square board: files and ranks of squares, every grid point a cell,
 * drawn upright as a chess diagram is: the files from left to right, the
 * ranks from the bottom up, seen from White's side (from Black's, turned
 * through 180 degrees, with --flip).  Display column x runs over the files
 * (0 at the left) and display row y over the ranks (0 at the top).
 */

/* The file shown in display column x, and the rank in display row y. */
static int column_file(const struct view *view, int x)
{
	return view->flip ? shape_nfiles(view) - 1 - x : x;
}

static int row_rank(const struct view *view, int y)
{
	return view->flip ? y : shape_nranks(view) - 1 - y;
}

static int square_cell(const struct view *view, int x, int y)
{
	int c[OB_MAX_DIMS] = {0};
	c[shape_file_dim(view)] = column_file(view, x);
	c[shape_rank_dim(view)] = row_rank(view, y);
	return ob_cell_at(view->variant, c);
}

/* The display column and row of a cell (the maps above are their own
 * inverses). */
static void square_display(const struct view *view, int cell, int *x, int *y)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	*x = column_file(view, c[shape_file_dim(view)]);
	*y = row_rank(view, c[shape_rank_dim(view)]);
}

/*
 * The board in text, as one of the lattice's slices: a frame, each rank a
 * line, its cells a column apart, the ranks labelled at the left and the
 * files below.
 */
static void square_text(FILE *o, const struct view *view,
			const struct scene *sc, const struct text_glyphs *g)
{
	int nf = shape_nfiles(view), nr = shape_nranks(view);
	int inner = 2 * nf - 1;
	char label[16], buf[8];
	for (int row = -1; row <= nr; row++) {
		if (row < 0 || row == nr) {
			fprintf(o, "  %s",
				row < 0 ? g->top_left : g->bottom_left);
			for (int k = 0; k < inner; k++)
				fputs(g->horizontal, o);
			fprintf(o, "%s\n",
				row < 0 ? g->top_right : g->bottom_right);
			continue;
		}
		shape_coord_label(view->variant, shape_rank_dim(view),
				  row_rank(view, row), label);
		fprintf(o, "%-2s%s", label, g->vertical);
		for (int col = 0; col < nf; col++)
			fprintf(o, "%s%s", col ? " " : "",
				text_cell(view, sc, square_cell(view, col, row),
					  g, buf));
		fprintf(o, "%s\n", g->vertical);
	}
	fputs("  ", o);
	for (int col = 0; col < nf; col++) {
		shape_coord_label(view->variant, shape_file_dim(view),
				  column_file(view, col), label);
		fprintf(o, " %s", label);
	}
	fputc('\n', o);
}

/* In SVG, squares SQ_CELL wide from (SQ_LEFT, SQ_TOP); the ranks are
 * labelled in the left margin, the files below the board. */
#define SQ_CELL 45.0
#define SQ_LEFT 30.0
#define SQ_TOP 16.0
#define SQ_RIGHT 16.0
#define SQ_PIECE 16.0

static void square_frame(const struct view *view, struct frame *fr)
{
	fr->width = SQ_LEFT + shape_nfiles(view) * SQ_CELL + SQ_RIGHT;
	fr->caption_y = SQ_TOP + shape_nranks(view) * SQ_CELL + 48;
	fr->piece = SQ_PIECE;
	fr->rays = true;
	fr->back_to_front = false;
}

static int square_outline(const struct view *view, const struct frame *fr,
			  int cell, double inset, struct pt *p)
{
	int x, y;
	(void)fr;
	square_display(view, cell, &x, &y);
	double left = SQ_LEFT + x * SQ_CELL, top = SQ_TOP + y * SQ_CELL,
	       d = inset * SQ_CELL;
	p[0] = (struct pt){left + d, top + d};
	p[1] = (struct pt){left + SQ_CELL - d, top + d};
	p[2] = (struct pt){left + SQ_CELL - d, top + SQ_CELL - d};
	p[3] = (struct pt){left + d, top + SQ_CELL - d};
	return 4;
}

static struct pt square_centre(const struct view *view,
			       const struct frame *fr, int cell)
{
	int x, y;
	(void)fr;
	square_display(view, cell, &x, &y);
	return (struct pt){SQ_LEFT + (x + 0.5) * SQ_CELL,
			   SQ_TOP + (y + 0.5) * SQ_CELL};
}

/* As on a chessboard: a1 dark, h1 light. */
static bool square_light(const struct view *view, int cell)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	return (c[0] + c[1]) % 2 == 1;
}

static void square_labels(FILE *o, const struct view *view,
			  const struct frame *fr)
{
	int nf = shape_nfiles(view), nr = shape_nranks(view);
	char label[8];
	(void)fr;
	fputs("<g class=\"coordinates\" fill=\"#333\">\n", o);
	for (int x = 0; x < nf; x++) {
		shape_coord_label(view->variant, shape_file_dim(view),
				  column_file(view, x), label);
		svg_text(o,
			 (struct pt){SQ_LEFT + (x + 0.5) * SQ_CELL,
				     SQ_TOP + nr * SQ_CELL + 17},
			 13, "middle", "file-label", "", label);
	}
	for (int y = 0; y < nr; y++) {
		shape_coord_label(view->variant, shape_rank_dim(view),
				  row_rank(view, y), label);
		svg_text(o,
			 (struct pt){SQ_LEFT - 9,
				     SQ_TOP + (y + 0.5) * SQ_CELL + 4.5},
			 13, "end", "rank-label", "", label);
	}
	fputs("</g>\n", o);
}

/* Two dimensions, every grid point a cell. */
static bool square_fits(const struct ob_board *b)
{
	return b->ndims == 2 && !b->exists && !b->name_cell;
}

const struct shape shape_square = {
	.name = "square",
	.surface = "board",
	.positions = LAYOUT_FLAT,
	.pieces = LAYOUT_FLAT,
	.layouts = 1u << LAYOUT_FLAT,
	.fits = square_fits,
	.text = square_text,
	.frame = square_frame,
	.outline = square_outline,
	.centre = square_centre,
	.labels = square_labels,
	.light = square_light,
	.cell_class = shape_file_rank_class,
};
