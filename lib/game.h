/*
 * Private to lib/game.c and its unit tests: the replay's helpers.
 */
#ifndef OB_GAME_H
#define OB_GAME_H

#include "oblique.h"

/* Sorts moves as ob_moves_sort does, faster (for random games); false
 * only when out of memory.  Uses g's working memory. */
bool game_moves_sort(struct ob_game *g, const struct ob_position *pos,
		    ob_move *moves, int n);

#endif
