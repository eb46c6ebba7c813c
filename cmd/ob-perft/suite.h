/*
 * Perft suites: the expectations after a position, '<OFEN> ;D1 n ;D2 n',
 * and the one ';M paths' count, read and checked.
 */
#ifndef OB_PERFT_SUITE_H
#define OB_PERFT_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "oblique.h"

#define MAX_EXPECT 64

struct expectation {
	int depth;
	uint64_t count;
	long column; /* of its ';', 1-based in the line */
};

/*
 * Parses the suffix in line[at..len): expectations ';D<depth> <count>' and
 * at most one ';M <paths>', in any order.  Sets *paths to the ;M count, or
 * 0 when there is none.  On a fault warns and returns -1, else the number
 * of expectations.
 */
int parse_suffix(const char *file, long lineno, const char *line, size_t at,
		 size_t len, struct expectation *e, uint64_t *paths);

/* Checks the expectations in order, up to --max-depth, stopping at the
 * first mismatch, and writes the result line; false on a mismatch. */
bool check_suite(const char *file, long lineno, const struct ob_position *pos,
		 const struct expectation *e, int n);

#endif
