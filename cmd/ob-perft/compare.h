/*
 * --compare: find where another move generator's divide parts from ours,
 * descending move by move to the position and the moves that differ.
 */
#ifndef OB_PERFT_COMPARE_H
#define OB_PERFT_COMPARE_H

#include <stdbool.h>

#include "oblique.h"

/*
 * Compares the divides at depth opt.depth of the position reached from
 * root by moves[0..nmoves), descending into a differing move until the
 * difference is found, and writes the report.  False when the counts
 * differ or the other generator failed (then compare_failed() is true).
 */
bool compare_position(const char *file, long lineno,
		      const struct ob_position *root, const ob_move *moves,
		      int nmoves);
/* Did the other generator fail, time out or print what cannot be read? */
bool compare_failed(void);

#endif
