/*
 * Implementation of ob-diagram's move tables: the figure of one piece's
 * moves (--piece), and the table of directions and cells reached by
 * every piece (--table), both from the library's tables.
 */
#ifndef OB_CMD_DIAGRAM_MOVES_H
#define OB_CMD_DIAGRAM_MOVES_H

/* Draws the moves of --piece from --at, on an empty board or in
 * --position; returns the exit status. */
int moves_piece(void);
/* Prints the table of counts from --at and over all cells; returns the
 * exit status. */
int moves_table(void);

#endif
