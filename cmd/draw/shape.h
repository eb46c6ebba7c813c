/*
 * Implementation of board shapes: where a board's cells go on the page.
 *
 * A shape knows how one kind of board is laid out: its text picture (the
 * cells and their labels; captions and legends are common), and for SVG
 * the picture's size, each cell's centre and outline, the coordinate
 * labels and the cells' colouring.  The renderers draw scenes through
 * these only.  A board is matched to its shape by its table (shape_for),
 * so that a new kind of board is a new shape_NAME.c and a row in the
 * table of shape.c.
 */
#ifndef OB_CMD_DRAW_SHAPE_H
#define OB_CMD_DRAW_SHAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "oblique.h"

struct scene;
struct shape;
struct text_glyphs;

/* SVG layouts: --layout picks one of the lattice's two; a shape with a
 * single layout draws its board flat, the layout named after the shape. */
enum layout { LAYOUT_DEFAULT, LAYOUT_SLICES, LAYOUT_STACKED, LAYOUT_FLAT };

/* How a board is seen: which board, drawn by which shape, from where. */
struct view {
	const struct ob_variant *variant;
	const struct shape *shape;
	/* The side seen from, whose home is drawn at the bottom: 0 White's
	 * or army 1's (as the board is written), 1 Black's or army 2's, 2
	 * army 3's; true when turned at all. */
	int flip;
	bool ascending; /* lattice: levels A to E from left to right */
};

struct pt {
	double x, y;
};

/* The geometry of an SVG picture: the renderer sets the layout and sizes
 * the picture around the board's part, which the shape sets. */
struct frame {
	enum layout layout;
	double width, height;
	double ox, oy;      /* stacked: front-left corner of level 0 */
	double caption_y;   /* baseline of the first caption line */
	double piece;       /* glyph radius */
	bool rays;          /* move tables draw a line per direction */
	bool back_to_front; /* glyphs drawn from the last cell to the first */
};

/* The most corners of a cell's outline (a hexagon's). */
#define SHAPE_MAX_CORNERS 6

struct shape {
	const char *name;      /* and the SVG class of its flat layout */
	const char *surface;   /* in titles: "an empty lattice" */
	enum layout positions; /* default SVG layout of positions */
	enum layout pieces;    /* and of move tables */
	unsigned layouts;      /* bit per layout that --layout may pick */
	/* Does this shape draw the board? */
	bool (*fits)(const struct ob_board *b);
	void (*text)(FILE *o, const struct view *view, const struct scene *sc,
		     const struct text_glyphs *g);
	/* Sets the board's part of the frame: width, caption_y, piece, and
	 * what else its layout needs. */
	void (*frame)(const struct view *view, struct frame *fr);
	/* The corners of a cell, clockwise, inset by a fraction towards its
	 * centre; returns their number. */
	int (*outline)(const struct view *view, const struct frame *fr,
		       int cell, double inset, struct pt *p);
	struct pt (*centre)(const struct view *view, const struct frame *fr,
			    int cell);
	/* The part of the picture a cell is drawn in (a level's slice);
	 * NULL, or 0 for every cell, when the board is one picture.  A
	 * straight line between cells of two parts would cross others and
	 * read as a move within one. */
	int (*panel)(const struct view *view, const struct frame *fr,
		     int cell);
	const char *panel_noun; /* what a part shows, plural: "levels" */
	/* The plane a cell lies in where one picture draws several planes
	 * in depth (the lattice's levels, stacked); NULL for a board of one
	 * plane.  On screen a step to another plane and a step within one
	 * may point the same way, so lines between planes are drawn apart. */
	int (*plane)(const struct view *view, const struct frame *fr,
		     int cell);
	void (*labels)(FILE *o, const struct view *view,
		       const struct frame *fr);
	/* Colouring as on a chessboard; classes after "cell light". */
	bool (*light)(const struct view *view, int cell);
	/* A board of three colours (the hexagonal board's): a cell's, 0
	 * light, 1 medium, 2 dark; NULL where light says. */
	int (*tone)(const struct view *view, int cell);
	void (*cell_class)(const struct view *view, int cell, char *out,
			   size_t size);
};

extern const struct shape shape_lattice, shape_diamond, shape_hex,
	shape_square;

/* The shape that draws a board, from its table; NULL if none does. */
const struct shape *shape_for(const struct ob_board *b);
/* Whether two cells are drawn in two parts of the picture (panel). */
bool shape_panels_apart(const struct view *view, const struct frame *fr,
			int a, int b);
/* Whether two cells lie in two planes of the picture (plane). */
bool shape_planes_apart(const struct view *view, const struct frame *fr,
			int a, int b);
/* A layout's name, as --layout and the SVG class say it. */
const char *shape_layout_name(const struct shape *s, enum layout layout);
/* The label of coordinate x of a dimension, as in cell names. */
void shape_coord_label(const struct ob_variant *v, int dim, int x,
		       char *out);

/* Boards of two dimensions, files and ranks (the flat and the square
 * boards): the dimension of the ranks and of the files, their numbers,
 * and a cell's classes (" file-d rank-2", a shape's cell_class). */
int shape_rank_dim(const struct view *view);
int shape_file_dim(const struct view *view);
int shape_nfiles(const struct view *view);
int shape_nranks(const struct view *view);
void shape_file_rank_class(const struct view *view, int cell, char *out,
			   size_t size);

#endif
