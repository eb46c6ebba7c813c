/*
 * Perft suites: the expectations after a position, '<OFEN> ;D1 n ;D2 n',
 * the one ';M paths' count and the one ';id "name"', read and checked;
 * other EPD opcodes are skipped with a warning.
 */
#ifndef OB_PERFT_SUITE_H
#define OB_PERFT_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "oblique.h"
#include "util.h"

#define MAX_EXPECT 64

struct expectation {
	int depth;
	uint64_t count;
	long column; /* of its ';', 1-based in the line */
};

#define SUITE_ID_MAX 256

/* What follows a position on its line. */
struct suffix {
	struct expectation expect[MAX_EXPECT];
	int n;                 /* expectations */
	uint64_t paths;        /* the ;M count, 0 when none */
	char id[SUITE_ID_MAX]; /* the ;id operand, "" when none */
	bool has_id;
};

/*
 * Parses the suffix in line[start..len): expectations ';D<depth> <count>',
 * at most one ';M <paths>' and one ';id "name"' (or ';id name'), in any
 * order; another EPD opcode (';bm e4', ';c0 "text"') is skipped, with a
 * warning the first time its name appears in the input.  A last ';' may
 * end the line.  On a fault warns and returns false.
 */
bool parse_suffix(const struct input_at *at, const char *line, size_t start,
		  size_t len, struct suffix *s);

/* Checks the expectations in order, up to --max-depth, stopping at the
 * first mismatch, and writes the result line (with the id, when the line
 * has one); false on a mismatch. */
bool check_suite(const char *file, long lineno, const struct ob_position *pos,
		 const struct suffix *s);

#endif
