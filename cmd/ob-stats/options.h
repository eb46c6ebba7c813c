/* The options of an ob-stats run, for every part of the program. */
#ifndef OB_STATS_OPTIONS_H
#define OB_STATS_OPTIONS_H

#include <stdbool.h>

#include "oblique.h"

enum format { FMT_TEXT, FMT_JSON, FMT_TSV, FMT_HTML, FMT_PARTIAL };

struct options {
	const struct ob_variant *variant;
	bool variant_given;
	const char *by;
	int openings; /* plies per opening sequence; 0: none */
	bool openings_given;
	long top;
	const char *cells;
	enum format format;
	bool merge;
	bool allow_repeats; /* a merge may count the same games twice */
	int jobs;
	bool quiet; /* no progress line */
	/* the files named (games, or partial states with --merge); none:
	 * standard input, as does "-" */
	char *const *inputs;
	int ninputs;
};

/* Set by main.c (and by the first partial state of a merge, for those not
 * given), read by the tallying, the partial states and the report. */
extern struct options opt;

#endif
