#include "draw/shape.h"

#include "draw/svg.h"
#include "draw/text.h"

/*
 * The lattice: levels of files and ranks.  Text and SVG slices draw each
 * level as a board of its own, side by side; SVG stacked draws the levels
 * as planes one above another in an oblique projection.
 */

/* The lattice's dimensions. */
enum { LEVEL, FILE_, RANK };

static int extent(const struct view *view, int dim)
{
	return view->variant->board->extent[dim];
}

static int cell_at(const struct view *view, int l, int f, int r)
{
	int c[OB_MAX_DIMS] = {l, f, r};
	return ob_cell_at(view->variant, c);
}

static void coord_label(const struct view *view, int dim, int x, char *out)
{
	shape_coord_label(view->variant, dim, x, out);
}

/* The level shown in slice i (0 at the left), which is also the slice
 * that shows level i: the order is reversed or not. */
static int slice_level(const struct view *view, int i)
{
	int nl = extent(view, LEVEL);
	return view->ascending ? i : nl - 1 - i;
}

/* Display column of a file and display row (0 at the top) of a rank. */
static int display_col(const struct view *view, int f)
{
	return view->flip ? extent(view, FILE_) - 1 - f : f;
}
static int display_row(const struct view *view, int r)
{
	return view->flip ? r : extent(view, RANK) - 1 - r;
}

/* The five slices side by side. */
static void lattice_text(FILE *o, const struct view *view,
			 const struct scene *sc, const struct text_glyphs *g)
{
	int nl = extent(view, LEVEL), nf = extent(view, FILE_),
	    nr = extent(view, RANK);
	int inner = 2 * nf - 1;
	char label[16], buf[8];
	const char *gap = "   ";

	/* level names, centred over the slices */
	for (int i = 0; i < nl; i++) {
		char name[24];
		coord_label(view, LEVEL, slice_level(view, i), label);
		int n = snprintf(name, sizeof name, "level %s", label);
		int left = 3 + (inner - n) / 2, right = 2 * nf + 3 - left - n;
		fprintf(o, "%s%*s%s", i ? gap : "", left, "", name);
		if (i + 1 < nl)
			fprintf(o, "%*s", right > 0 ? right : 0, "");
	}
	fputc('\n', o);
	for (int row = -1; row <= nr; row++) {
		for (int i = 0; i < nl; i++) {
			int l = slice_level(view, i);
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
			int r = display_row(view, row);
			coord_label(view, RANK, r, label);
			fprintf(o, "%-2s%s", label, g->vertical);
			for (int col = 0; col < nf; col++) {
				int cell = cell_at(view, l,
						   display_col(view, col), r);
				fputs(col ? " " : "", o);
				fputs(cell < 0 ? " "
					       : text_cell(view, sc, cell, g,
							   buf),
				      o);
			}
			fputs(g->vertical, o);
		}
		fputc('\n', o);
	}
	for (int i = 0; i < nl; i++) {
		fprintf(o, "%s   ", i ? gap : "");
		for (int col = 0; col < nf; col++) {
			coord_label(view, FILE_, display_col(view, col), label);
			fprintf(o, "%s%s", col ? " " : "", label);
		}
		if (i + 1 < nl)
			fputs(" ", o);
	}
	fputc('\n', o);
}

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

static void lattice_frame(const struct view *view, struct frame *fr)
{
	int nl = extent(view, LEVEL), nf = extent(view, FILE_),
	    nr = extent(view, RANK);
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

/* Slices: the left edge of slice i. */
static double slice_left(const struct view *view, int i)
{
	return SL_LEFT + i * (extent(view, FILE_) * SL_CELL + SL_GAP);
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
static int lattice_outline(const struct view *view, const struct frame *fr,
			   int cell, double inset, struct pt *p)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	int col = display_col(view, c[FILE_]), row = display_row(view, c[RANK]);
	if (fr->layout == LAYOUT_SLICES) {
		double x = slice_left(view, slice_level(view, c[LEVEL])) +
			   col * SL_CELL;
		double y = SL_TOP + row * SL_CELL;
		double d = inset * SL_CELL;
		p[0] = (struct pt){x + d, y + d};
		p[1] = (struct pt){x + SL_CELL - d, y + d};
		p[2] = (struct pt){x + SL_CELL - d, y + SL_CELL - d};
		p[3] = (struct pt){x + d, y + SL_CELL - d};
		return 4;
	}
	int l = c[LEVEL], depth = extent(view, RANK) - 1 - row;
	p[0] = stacked_point(fr, l, col + inset, depth + inset);
	p[1] = stacked_point(fr, l, col + 1 - inset, depth + inset);
	p[2] = stacked_point(fr, l, col + 1 - inset, depth + 1 - inset);
	p[3] = stacked_point(fr, l, col + inset, depth + 1 - inset);
	return 4;
}

static struct pt lattice_centre(const struct view *view,
				const struct frame *fr, int cell)
{
	struct pt p[4];
	lattice_outline(view, fr, cell, 0, p);
	struct pt c = {(p[0].x + p[2].x) / 2, (p[0].y + p[2].y) / 2};
	return c;
}

/* A cell's level in the layout that draws levels so (as slices, or as
 * stacked planes), else 0. */
static int level_in(const struct view *view, const struct frame *fr,
		    int cell, enum layout layout)
{
	int c[OB_MAX_DIMS];
	if (fr->layout != layout)
		return 0;
	ob_cell_coords(view->variant, cell, c);
	return c[LEVEL];
}

static int lattice_panel(const struct view *view, const struct frame *fr,
			 int cell)
{
	return level_in(view, fr, cell, LAYOUT_SLICES);
}

static int lattice_plane(const struct view *view, const struct frame *fr,
			 int cell)
{
	return level_in(view, fr, cell, LAYOUT_STACKED);
}

static bool lattice_light(const struct view *view, int cell)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	/* as in chess, the corner a1 of level A is dark */
	return (c[0] + c[1] + c[2]) % 2 == 1;
}

static void lattice_cell_class(const struct view *view, int cell, char *out,
			       size_t size)
{
	int c[OB_MAX_DIMS];
	char level[8];
	ob_cell_coords(view->variant, cell, c);
	coord_label(view, LEVEL, c[LEVEL], level);
	snprintf(out, size, " level-%s", level);
}

static void lattice_labels(FILE *o, const struct view *view,
			   const struct frame *fr)
{
	int nl = extent(view, LEVEL), nf = extent(view, FILE_),
	    nr = extent(view, RANK);
	char label[8], text[24];
	/* stacked: rays cross the labels, so they get a white halo */
	fprintf(o, "<g class=\"coordinates\" fill=\"#333\"%s>\n",
		fr->layout == LAYOUT_STACKED
			? " stroke=\"#fff\" stroke-width=\"3\" "
			  "stroke-linejoin=\"round\" paint-order=\"stroke\""
			: "");
	for (int l = 0; l < nl; l++) {
		coord_label(view, LEVEL, l, label);
		if (fr->layout == LAYOUT_SLICES) {
			double x0 = slice_left(view, slice_level(view, l));
			snprintf(text, sizeof text, "level %s", label);
			svg_text(o,
				 (struct pt){x0 + nf * SL_CELL / 2, SL_TOP - 14},
				 15, "middle", "level-label",
				 "font-weight=\"bold\"", text);
			for (int col = 0; col < nf; col++) {
				coord_label(view, FILE_, display_col(view, col),
					    label);
				svg_text(o,
					 (struct pt){x0 + (col + 0.5) * SL_CELL,
						     SL_TOP + nr * SL_CELL + 17},
					 13, "middle", "file-label", "", label);
			}
			for (int row = 0; row < nr; row++) {
				coord_label(view, RANK, display_row(view, row),
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
			coord_label(view, FILE_, display_col(view, col), label);
			p = stacked_point(fr, l, col + 0.5, 0);
			p.y += 15;
			svg_text(o, p, 11, "middle", "file-label", "", label);
		}
		for (int d = 0; d < nr; d++) {
			coord_label(view, RANK, view->flip ? nr - 1 - d : d,
				    label);
			p = stacked_point(fr, l, nf, d + 0.5);
			p.x += 6;
			p.y += 4;
			svg_text(o, p, 11, "start", "rank-label", "", label);
		}
	}
	fputs("</g>\n", o);
}

/* Three dimensions, the ranks last: levels of files and ranks. */
static bool lattice_fits(const struct ob_board *b)
{
	return b->ndims == 3 && b->rank_dim == RANK;
}

const struct shape shape_lattice = {
	.name = "lattice",
	.surface = "lattice",
	.positions = LAYOUT_SLICES,
	.pieces = LAYOUT_STACKED,
	.layouts = 1u << LAYOUT_SLICES | 1u << LAYOUT_STACKED,
	.fits = lattice_fits,
	.text = lattice_text,
	.frame = lattice_frame,
	.outline = lattice_outline,
	.centre = lattice_centre,
	.panel = lattice_panel,
	.panel_noun = "levels",
	.plane = lattice_plane,
	.labels = lattice_labels,
	.light = lattice_light,
	.cell_class = lattice_cell_class,
};
