/*
 * Perft work units: --split writes the distinct positions K plies down,
 * --sum adds up paths x count over its lines.
 */
#ifndef OB_PERFT_UNITS_H
#define OB_PERFT_UNITS_H

#include <stdbool.h>
#include <stdint.h>

#include "oblique.h"

/* The --split table, within --memory; false when out of memory. */
bool units_open(void);
/* Adds the positions opt.split plies below pos, each path counted paths
 * times, to the table.  A table that passes --memory ends the run: exit 2,
 * with nothing written. */
bool split_position(const char *file, long lineno,
		    const struct ob_position *pos, uint64_t paths);
/* Adds paths x perft(depth) of pos to the total; an overflow ends the run
 * (exit 1, no total written). */
void sum_position(const char *file, long lineno,
		  const struct ob_position *pos, uint64_t paths);
/* At the end: writes the units (--split) or the total (--sum), and with
 * --verbose says what --split did in seconds; true when it did say. */
void units_write(void);
bool units_verbose(double seconds);
void units_close(void);

#endif
