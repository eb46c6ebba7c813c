/*
 * Private to the partial states of ob-stats: the format's name and
 * version (partialwrite.c), and what the reader (partial.c) and its
 * checks of a group's figures against each other (partialcheck.c) share.
 */
#ifndef OB_STATS_PARTIALREAD_H
#define OB_STATS_PARTIALREAD_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "json.h"
#include "tally.h"
#include "util.h"

#define PARTIAL_FORMAT "ob-stats partial"
/* Version 6 added chess's insufficient material among the terminations.
 * Version 5 added the lengths by result.
 * Version 4 added the inputs: the digest of each input's games.
 * Version 3 added three armies: their results, the last army left among
 * the terminations, the eliminations.  Version 2 added Plattraum: pieces
 * by code, the far-corner win among the terminations, swaps among the
 * special moves.  Versions 1 to 5 are read too (ob-stats-partial(5)). */
#define PARTIAL_VERSION 6
#define V2_NRESULTS 4
#define V1_NSPECIAL 3

#define ULL(x) ((unsigned long long)(x))

struct place {
	long line, column;
};

/* Reading one partial state. */
struct reading {
	struct json_reader *j;
	const char *name;
	struct buf *diag;
	bool held; /* the current token is to be taken again */
	bool stop; /* the text cannot be read on: nothing more is read */
	bool bad;  /* a problem was reported */
	bool repeated; /* games counted by a state read before */
	const struct ob_variant *board; /* of the state's cells */
	int version;
};

/* Adds x to *sum; false, leaving *sum, when it would pass 2^64 - 1. */
static inline bool add_to(uint64_t *sum, uint64_t x)
{
	if (*sum + x < x)
		return false;
	*sum += x;
	return true;
}

/* Multiplies *product by x; false, leaving it, when it would pass
 * 2^64 - 1. */
static inline bool multiply(uint64_t *product, uint64_t x)
{
	if (x && *product > UINT64_MAX / x)
		return false;
	*product *= x;
	return true;
}

/* The sum of n counts; false when it would pass 2^64 - 1, *out then the
 * sum of those before x[*last] (last may be NULL), which passes it. */
static inline bool sum(const uint64_t *x, size_t n, uint64_t *out,
		       size_t *last)
{
	*out = 0;
	for (size_t i = 0; i < n; i++)
		if (!add_to(out, x[i])) {
			if (last)
				*last = i;
			return false;
		}
	return true;
}

/* The members of a group, in the order written. */
enum member {
	M_VALUE,
	M_GAMES,
	M_INVALID,
	M_VARIANTS,
	M_RESULTS,
	M_TERMINATIONS,
	M_ELIMINATIONS, /* from version 3 */
	M_LENGTHS,
	M_LENGTHS_BY_RESULT, /* from version 5 */
	M_PIECES,
	M_SPECIAL,
	M_BRANCHING,
	M_LEVELS,
	M_OPENINGS,
	NMEMBERS
};
/* A group as read, before it is added to the others. */
struct group_reading {
	struct group g;
	struct place at[NMEMBERS];
	struct buf value;   /* the group's value ("" without --by) */
	struct buf text;    /* the string being read */
	struct buf last;    /* the previous opening */
	/* the lengths by result are not known: null, or a state of version
	 * 4 or before (whose member has no place) */
	bool by_result_unknown;
};

/* What the variants a group played allow. */
struct allowed {
	bool piece[MAX_PIECES];
	int levels;      /* levels of the lattice variants; 0: none */
	bool all_levels; /* every variant has levels */
	struct rules rules;
	bool some_board, all_board; /* on the board of "variant" */
};

/* What the variants (bits of known.list) allow, the cells being on the
 * board of board. */
struct allowed partial_allowed(unsigned variants,
			       const struct ob_variant *board);

/* Reports a problem at a place (line and column); with stop, reading
 * ends.  Returns false. */
bool partial_problem(struct reading *rd, struct place at, bool stop,
		     const char *fmt, ...) UTIL_PRINTF(4, 5);

/* Reports that what, at a place, adds up beyond 2^64 - 1: the sum so far
 * and the count that passes it.  Returns false. */
bool partial_beyond(struct reading *rd, struct place at, const char *what,
		    uint64_t sum, uint64_t added);
/* The sum of n counts into *out, false when it would pass 2^64 - 1
 * (reported at a place as what). */
bool partial_sum(struct reading *rd, struct place at, const char *what,
		 const uint64_t *x, size_t n, uint64_t *out);

/* Checks a group's figures against each other, the rules of
 * ob-stats-partial(5); each problem is reported at its member. */
void partial_check_group(struct reading *rd, const struct group_reading *gr);

#endif
