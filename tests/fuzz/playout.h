/* Shared by the harnesses that read text against a position. */
#ifndef OB_FUZZ_PLAYOUT_H
#define OB_FUZZ_PLAYOUT_H

#include "oblique.h"

/* Plays up to plies random legal moves drawn from rng on pos (fewer when
 * the game ends): the harnesses' positions away from the start. */
static inline void fuzz_playout(struct ob_position *pos, int plies,
				struct ob_rng *rng)
{
	for (int p = 0; p < plies; p++) {
		ob_move moves[OB_MAX_MOVES];
		int n = ob_legal_moves(pos, moves);
		if (n == 0)
			break;
		struct ob_undo u;
		ob_make(pos, moves[ob_rng_below(rng, (uint64_t)n)], &u);
	}
}

#endif
