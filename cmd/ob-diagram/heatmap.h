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
	/* Lines that start with a cell of another board, not the one drawn
	 * (a file without its #variant line): the first is reported with a
	 * hint, the others only counted, up to the end of the section. */
	long foreign;            /* such lines in this section */
	unsigned long boards;    /* bit i: ob_variants()[i] reads them all */
	const char *last_file;   /* where the last of them stands */
	long last_line;
};

/* Reads one 'CELL VALUE' line; false, after reporting why, if it is not
 * one or names a cell that already has a value. */
bool heat_line(struct heat_input *h, const char *file, long lineno,
	       const char *line, size_t len);
/* The end of the lines read in one variant (a #variant line, or the end
 * of the input): how many lines the first report of a cell of another
 * board stood for, and on which board they read. */
void heat_section_end(struct heat_input *h);
/* True while no value has been read. */
bool heat_empty(const struct heat_input *h);
/* After the last line: the end of the section, then the scale from the
 * values, the title and caption. */
void heat_finish(struct heat_input *h);

#endif
