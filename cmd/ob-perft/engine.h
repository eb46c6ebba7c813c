/*
 * The other move generator of --compare: running its command with a
 * time limit and reading the divide it prints.
 */
#ifndef OB_PERFT_ENGINE_H
#define OB_PERFT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "oblique.h"

/* One line of the other generator's divide. */
struct their_move {
	char text[32];      /* as printed (cut to fit) */
	ob_move move;       /* the legal move it names, or OB_MOVE_NONE */
	char reason[sizeof ((struct ob_error *)0)->message]; /* why not */
	uint64_t count;
	long line;          /* in its output, 1-based */
};

struct their_divide {
	struct their_move *moves;
	int n, cap;
	uint64_t total;
};

/*
 * Runs `/bin/sh -c 'CMD "$@"' sh DEPTH POSITION MOVES` (standard input
 * from /dev/null, standard error passed on), within timeout seconds (0:
 * none), and reads its divide: one 'MOVE COUNT' or 'MOVE: COUNT' line a
 * move, then the total ('N', 'total N' or 'Nodes searched: N'), each move
 * resolved against pos, the position after MOVES.  False when the command
 * fails, runs out of time or prints what cannot be read (why says what,
 * quoting the line).
 */
bool engine_divide(const char *cmd, long timeout, int depth,
		   const char *position, const char *moves,
		   const struct ob_position *pos, struct their_divide *out,
		   char *why, size_t whylen);
void engine_divide_free(struct their_divide *d);

#endif
