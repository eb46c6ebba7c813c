/* ob-stats partial states (--partial, --merge): writing and reading. */
#ifndef OB_STATS_PARTIAL_H
#define OB_STATS_PARTIAL_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "tally.h"

/*
 * A partial state is one JSON document holding every count of st and the
 * options they were counted with (--by, --openings, -V), so that partial
 * states merge exactly.
 */

/* Appends the partial state of st to b, moving what b holds to out as it
 * grows (NULL: b holds it all). */
void partial_write(struct buf *b, const struct stats *st, FILE *out);
/*
 * Reads the partial state in f, named name in diagnostics (a name that
 * lasts as long as st), and adds its figures to st as it goes.  The first
 * state read (*first, then cleared) sets the options not given; later
 * ones must match them.  Returns 0; 1 when it counts inputs that a state
 * read before into st counts too (and opt.allow_repeats is not set); 2
 * when f does not hold a partial state whose figures agree with each
 * other.  Each problem is a line in diag ("ob-stats: name:line:column:
 * why"); st then holds part of the state.  Memory: the figures and fixed
 * buffers, not the input.
 */
int partial_read(struct stats *st, FILE *f, const char *name, bool *first,
		 struct buf *diag);
/* partial_read of the file at path ("-": standard input), diagnostics on
 * standard error; returns its status, 2 too when it cannot be read. */
int partial_read_path(struct stats *st, const char *path, bool *first);

#endif
