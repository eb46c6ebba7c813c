/*
 * Implementation of arrows (ob-diagram --arrow) in SVG: their shapes and
 * where they go.
 *
 * An arrow runs from the rim of the disc on its from-cell (or the cell's
 * centre, when empty) to the rim of the disc it points at.  Between
 * neighbouring cells a straight arrow would be a stub between two rims,
 * over other pieces it would cover their letters, and two arrows between
 * the same cells in opposite directions (a swap) would make an hourglass:
 * such an arrow is bent into an arc to the left of its direction, as far
 * as it takes to keep clear of every letter.  An arrow to another plane
 * (a stacked level) is dashed and its cell framed in its plane; one
 * between two parts of the picture (two slices) is a pair of rings with
 * numbered badges, which the note below the board lists.
 */
#ifndef OB_CMD_DRAW_ARROW_H
#define OB_CMD_DRAW_ARROW_H

#include <stdbool.h>
#include <stdio.h>

#include "draw/scene.h"
#include "draw/shape.h"

/* Whether a scene's line is an arrow drawn as numbered rings. */
bool arrow_numbered(const struct view *view, const struct frame *fr,
		    const struct segment *s);
/* The frames of the cells that arrows to another plane point at, to be
 * drawn beneath the pieces. */
void arrow_draw_frames(FILE *o, const struct view *view,
		       const struct frame *fr, const struct scene *sc);
/* The scene's arrows, over the pieces: shapes, then the numbered ones'
 * rings, then their badges, so that no ring covers a number. */
void arrow_draw(FILE *o, const struct view *view, const struct frame *fr,
		const struct scene *sc);

#endif
