/*
 * Implementation of ob-diagram's heat-map input: 'CELL VALUE' lines read
 * into a scene that shades each cell by its value.
 */
#ifndef OB_CMD_DIAGRAM_HEATMAP_H
#define OB_CMD_DIAGRAM_HEATMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "draw/scene.h"
#include "oblique.h"

struct heat_input {
	struct scene sc;
	long line_of[OB_MAX_CELLS]; /* where each cell's value was given */
};

/* Reads one 'CELL VALUE' line; false, after reporting why, if it is not
 * one or names a cell that already has a value. */
bool heat_line(struct heat_input *h, const char *file, long lineno,
	       const char *line, size_t len);
/* True while no value has been read. */
bool heat_empty(const struct heat_input *h);
/* After the last line: the scale from the values, the title and caption. */
void heat_finish(struct heat_input *h);

#endif
