/* ob-stats partial states (--partial, --merge): writing and reading. */
#ifndef OB_STATS_PARTIAL_H
#define OB_STATS_PARTIAL_H

#include <stdbool.h>

#include "buf.h"
#include "tally.h"

/*
 * A partial state is one JSON document holding every count of st and the
 * options they were counted with (--by, --openings, -V), so that partial
 * states merge exactly.
 */

/* Appends the partial state of st, writing to stdout as it grows. */
void partial_write(struct buf *b, const struct stats *st);
/*
 * Reads the partial state at path ("-": standard input) and adds it to
 * st; exits 2 when it cannot.  The first one read (*first, then cleared)
 * sets the options not given; later ones must match them.
 */
void partial_read(struct stats *st, const char *path, bool *first);

#endif
