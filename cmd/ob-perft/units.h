/*
 * Perft work units: --split writes the distinct positions K plies down,
 * --sum adds up paths x count over its lines.
 */
#ifndef OB_PERFT_UNITS_H
#define OB_PERFT_UNITS_H

#include <stdbool.h>
#include <stdint.h>

#include "oblique.h"
#include "util.h"

/* The --split table, within --memory; false when out of memory. */
bool units_open(void);
/* The input's variant changes to v (a #variant line, or a file read in
 * -V's): true when v is that of the units or total so far, or none is
 * set yet; otherwise says so and returns false (the lines of v are then
 * skipped, and --sum writes no total). */
bool units_follow(const struct input_at *at, const struct ob_variant *v);
/* A line could not be read or counted: --sum writes no total, and counts
 * no more lines (it still reads them, for their diagnostics). */
void units_line_failed(void);
/* Adds the positions opt.split plies below pos, each path counted paths
 * times, to the table.  A table that passes --memory ends the run: exit 2,
 * with nothing written. */
bool split_position(const char *file, long lineno,
		    const struct ob_position *pos, uint64_t paths);
/* Adds paths x perft(depth) of pos to the total; an overflow ends the run
 * (exit 1, no total written). */
void sum_position(const char *file, long lineno,
		  const struct ob_position *pos, uint64_t paths);
/* At the end: writes the units (--split), after a '#variant NAME' line,
 * or the total (--sum) unless some line, or the whole input when not
 * complete, could not be read; and with --verbose says what --split did
 * in seconds, true when it did say. */
void units_write(bool complete);
bool units_verbose(double seconds);
void units_close(void);

#endif
