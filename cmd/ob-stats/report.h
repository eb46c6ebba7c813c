/* The ob-stats report: text, JSON or TSV, or a partial state; --cells. */
#ifndef OB_STATS_REPORT_H
#define OB_STATS_REPORT_H

#include "tally.h"

/* Writes the report of st in opt.format to stdout (each group's figures,
 * or one group without --by even when empty); exits 2 on a write error. */
void report_write(struct stats *st);
/* Writes the --cells lines; exits 2 when the file cannot be written. */
void report_cells(const struct stats *st);

#endif
