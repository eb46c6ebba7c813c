/*
 * Implementation of ob-diagram's position diagrams: a position line
 * ('startpos' or an OFEN or DFEN, then optionally moves to play) drawn
 * with whose move it is, check, the state fields and the last move.
 */
#ifndef OB_CMD_DIAGRAM_POSITION_H
#define OB_CMD_DIAGRAM_POSITION_H

#include <stdbool.h>
#include <stddef.h>

/* Draws the position of one input line; false, after reporting why, if
 * the line is invalid. */
bool position_line(const char *file, long lineno, const char *line,
		   size_t len);

#endif
