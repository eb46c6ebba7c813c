/*
 * Implementation of SVG diagrams: a scene as one complete SVG document.
 *
 * The board's shape sizes the picture and places each cell, outline and
 * label; the cells' colours, the marks, lines, pieces, captions and
 * legend are drawn here, the same on every board, and the arrows by
 * arrow.h.
 */
#ifndef OB_CMD_DRAW_SVG_H
#define OB_CMD_DRAW_SVG_H

#include <stdio.h>

#include "draw/scene.h"
#include "draw/shape.h"

/* Writes the scene as an SVG document. */
void svg_render(FILE *o, const struct view *view, const struct scene *sc);
/* Writes the scene as an <svg> element alone, without the XML
 * declaration: for a page that holds it (HTML). */
void svg_element(FILE *o, const struct view *view, const struct scene *sc);

/* The pieces of a picture, for every SVG the tools draw (diagrams,
 * charts). */

/* A number for an attribute: one decimal, without a trailing ".0" (from
 * a ring of 16 buffers: at most 16 in one call). */
const char *svg_num(double x);
/* A circle; attrs are more attributes; name, unless "", is its
 * data-cell. */
void svg_circle(FILE *o, struct pt c, double r, const char *cls,
		const char *attrs, const char *name);
/* A polygon of n corners; attrs are more attributes. */
void svg_polygon(FILE *o, const struct pt *p, int n, const char *cls,
		 const char *attrs);
/* A line from a to b; attrs are more attributes (its stroke). */
void svg_line(FILE *o, struct pt a, struct pt b, const char *cls,
	      const char *attrs);
/* Parallel lines, rising to the right, gap apart, across a convex
 * outline: hatching that reads in grey print.  The lines fall on one
 * grid over the whole picture, so that neighbouring cells' hatching
 * runs on. */
void svg_hatch(FILE *o, const struct pt *p, int n, double gap,
	       const char *cls, const char *attrs);
/* A <text> element at p; anchor "start" is SVG's default and left out;
 * style is more attributes, or "". */
void svg_text(FILE *o, struct pt p, double size, const char *anchor,
	      const char *cls, const char *style, const char *text);

/* The frame of a cell that a line or arrow reaches on another plane (the
 * stacked levels), drawn in the cell's plane: its outline inset by this
 * fraction, with this style and a stroke of the line's colour. */
#define SVG_PLANE_FRAME_INSET 0.14
#define SVG_PLANE_FRAME_STYLE                                                  \
	"fill=\"none\" stroke-width=\"1.5\" stroke-linejoin=\"round\""

#endif
