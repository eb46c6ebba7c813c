/*
 * --compare: reading the divide the other generator printed, each move
 * resolved against the position it was asked about.
 */
#ifndef OB_PERFT_THEIR_DIVIDE_H
#define OB_PERFT_THEIR_DIVIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "oblique.h"

/* One line of the other generator's divide. */
struct their_move {
	char text[32];      /* as printed (cut to fit) */
	ob_move move;       /* the legal move it names, or OB_MOVE_NONE */
	bool readable;      /* the text reads as a move here, legal or not */
	char reason[sizeof ((struct ob_error *)0)->message]; /* why not */
	uint64_t count;
	long line;          /* in its output, 1-based */
};

struct their_divide {
	struct their_move *moves;
	int n, cap;
	uint64_t total;
};

/* The most move lines read: a position has at most OB_MAX_MOVES legal
 * moves, and a divide that lists several times as many is refused rather
 * than kept. */
#define THEIR_MOVES_MAX (4 * OB_MAX_MOVES)
/* The longest output line read: a move and a count fit well within. */
#define THEIR_LINE_MAX 256

/*
 * Reads the divide in text[0..len) (any bytes): one 'MOVE COUNT' or
 * 'MOVE: COUNT' line a move, then the total ('N', 'total N' or 'Nodes
 * searched: N'); blank lines are skipped, a line may end in CR.  Each
 * move is resolved against pos.  False when the text cannot be read or
 * the total is not the sum of the counts (without wrapping); why says
 * what, naming the output line and quoting it (unescaped: the caller's
 * diagnostic escapes it).  out is emptied first; its moves are kept for
 * reuse (their_divide_free releases them).
 */
bool their_divide_read(const char *text, size_t len,
		       const struct ob_position *pos, struct their_divide *out,
		       char *why, size_t whylen);
void their_divide_free(struct their_divide *d);

#endif
