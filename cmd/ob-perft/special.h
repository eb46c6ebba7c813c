/*
 * The moves --stats counts beside the library's statistics, on the boards
 * that have them: Grandduke swaps and cannon captures (Plattraum Liu Yang).
 */
#ifndef OB_PERFT_SPECIAL_H
#define OB_PERFT_SPECIAL_H

#include <stdbool.h>
#include <stdint.h>

#include "oblique.h"

/* Per ply: the nodes reached by a swap, and by a cannon's capture. */
struct special_counts {
	uint64_t swaps, cannon_captures;
};

/* Does v have swaps; does it have a cannon? */
bool special_has_swaps(const struct ob_variant *v);
bool special_has_cannons(const struct ob_variant *v);

/*
 * Fills counts[k] for k = 0..depth with the nodes k plies below pos
 * reached by each such move (counts[0] is zero), with the fast generator
 * or the reference one, on up to `threads` threads sharing the root moves.
 */
void special_collect(const struct ob_position *pos, int depth,
		     struct special_counts *counts, bool reference,
		     int threads);

#endif
