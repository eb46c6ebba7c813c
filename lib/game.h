/*
 * Private to lib/game.c (which calls lib/gameresult.c) and the unit
 * tests: the replay's helpers.
 */
#ifndef OB_GAME_H
#define OB_GAME_H

#include "oblique.h"

/* Sorts moves as ob_moves_sort does, faster (for random games); false
 * only when out of memory.  Uses g's working memory. */
bool game_moves_sort(struct ob_game *g, const struct ob_position *pos,
		    ob_move *moves, int n);

/* The value of the Result tag result (NULL: none), or NULL when it is
 * not a result of g->variant (an error recorded; *nomem set when that
 * fails). */
const char *game_result_tag(struct ob_game *g, const struct ob_tag *result,
			    bool *nomem);
/*
 * Checks the termination marker against the Result tag's value (NULL:
 * none to compare) and, unless the main line stopped at a bad move
 * (main_dead), against the end of the main line: its final position pos,
 * how it ended and the army of its last move.  main_moves: the main
 * line's moves, for the ply of the errors that are not the end's.
 */
void game_result_check(struct ob_game *g, const char *result_value,
		       const struct ob_position *pos, enum ob_game_end end,
		       int mover, int main_moves, bool main_dead, bool *nomem);

#endif
