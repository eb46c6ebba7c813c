/*
 * Implementation of arrows' outlines: the shape of an arrow from one cell
 * to another, straight where it has room and covers no letter, else bent.
 *
 * An arrow runs from the rim of the disc on its from-cell (or the cell's
 * centre, when empty) to the rim of the disc it points at.  Between
 * neighbouring cells a straight arrow would be a stub between two rims,
 * over other pieces it would cover their letters, and two arrows between
 * the same cells in opposite directions (a swap) would make an hourglass:
 * such an arrow is bent into an arc to the left of its direction, as far
 * as it takes to keep clear of every letter.
 */
#ifndef OB_CMD_DRAW_ARROW_H
#define OB_CMD_DRAW_ARROW_H

#include <stdbool.h>

#include "draw/shape.h"

/* The samples along each side of a bent arrow's shaft. */
#define ARROW_SAMPLES 24
/* The most corners of an arrow's outline. */
#define ARROW_MAX_CORNERS (2 * ARROW_SAMPLES + 3)

struct arrow_path {
	struct pt from, to;      /* the two cells' centres */
	bool from_piece, to_piece; /* a disc stands there */
	double piece;            /* the discs' radius */
	bool bend;               /* bent even if a straight one fits */
	const struct pt *letters; /* the centres of every disc's letter */
	int nletters;
};

/* The radius round a disc's centre that its letter takes: no arrow
 * comes nearer. */
double arrow_letter_radius(double piece);
/* Fills out with the arrow's outline; returns its number of corners, or
 * 0 when no arrow fits between the cells. */
int arrow_outline(const struct arrow_path *a, struct pt *out);

#endif
