/* The ob-stats report: text, JSON, TSV or HTML, or a partial state;
 * --cells. */
#ifndef OB_STATS_REPORT_H
#define OB_STATS_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "table.h"
#include "tally.h"

/* The sections of a group's report, in their order. */
enum section {
	SEC_GAMES,
	SEC_RESULTS,
	SEC_TERMINATIONS,
	SEC_ARMIES,
	SEC_LENGTH,
	SEC_HISTOGRAM,
	SEC_LENGTH_BY_RESULT,
	SEC_PIECES,
	SEC_RATES,
	SEC_SPECIAL,
	SEC_BRANCHING,
	SEC_LEVELS,
	SEC_OPENINGS,
	NSECTIONS
};

/* Builds one section of a group's report into t (table_free it after);
 * false, and nothing to free, when the group has none.  run: the
 * variants of the whole report (stats_variants), which choose the
 * columns, the same for every group. */
bool report_section(enum section sec, const struct group *g, unsigned run,
		    struct table *t);

/* Writes the report of st in opt.format to stdout (each group's figures,
 * or one group without --by even when empty); exits 2 on a write error. */
void report_write(struct stats *st);
/* The variant of the cells' board (stats_board); exits 2 naming option
 * when the games are on several boards. */
const struct ob_variant *report_board(const struct stats *st,
				      const char *option);
/* Writes the --cells lines to f, after a #variant line (f's write errors
 * are found as it is finished: outfile.h). */
void report_cells(const struct stats *st, FILE *f);

#endif
