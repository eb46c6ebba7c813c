/*
 * Implementation of SVG diagrams: a scene as one complete SVG document.
 *
 * The board's shape sizes the picture and places each cell, outline and
 * label; the cells' colours, the marks, lines, pieces, captions and
 * legend are drawn here, the same on every board.
 */
#ifndef OB_CMD_DRAW_SVG_H
#define OB_CMD_DRAW_SVG_H

#include <stdio.h>

#include "draw/scene.h"
#include "draw/shape.h"

/* Writes the scene as an SVG document. */
void svg_render(FILE *o, const struct view *view, const struct scene *sc);
/* A <text> element at p; anchor "start" is SVG's default and left out;
 * style is more attributes, or "". */
void svg_text(FILE *o, struct pt p, double size, const char *anchor,
	      const char *cls, const char *style, const char *text);

#endif
