/*
 * ob-perft's run: the options every part of the tool reads and the totals
 * they add to (main.c sets them).
 */
#ifndef OB_PERFT_OPTIONS_H
#define OB_PERFT_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "oblique.h"

enum mode {
	MODE_COUNT,
	MODE_DIVIDE,
	MODE_STOCKFISH,
	MODE_STATS,
	MODE_SPLIT,
	MODE_SUM,
	MODE_COMPARE
};

struct options {
	const struct ob_variant *variant;
	enum mode mode;
	int depth;
	int max_depth;
	int split;        /* --split: plies */
	long memory_mb;   /* --split: the table's limit */
	const char *compare; /* --compare: the other generator's command */
	long timeout;     /* --timeout: seconds for one run of it; 0 none */
	const char *play; /* --play: moves after each line's own */
	bool json, mirror, verbose;
	struct ob_perft_options perft;
};

extern struct options opt;
/* Results written so far (for the blank line between them). */
extern long positions_written;
/* Leaves counted by this run, for --verbose. */
extern uint64_t nodes_total;

/* *acc += a * b; false (and *acc unchanged) if it would pass 2^64 - 1. */
bool add_product(uint64_t *acc, uint64_t a, uint64_t b);

#endif
