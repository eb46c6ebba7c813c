/*
 * Private to lib/ogn.c and lib/game.c: building a struct ob_game.
 */
#ifndef OB_OGN_PRIVATE_H
#define OB_OGN_PRIVATE_H

#include "oblique.h"

/* At most this many problems are kept per game; the first always is. */
#define OGN_ERRORS_MAX 64

/* Empties g for the next game (keeps its buffers). */
void ogn_game_reset(struct ob_game *g);
/* Appends n bytes and a NUL to g->text; sets *offset to where they start.
 * 0 on success, 1 past OB_OGN_GAME_BYTES_MAX, -1 out of memory. */
int ogn_text_add(struct ob_game *g, const char *s, size_t n, size_t *offset);
/* Makes room for n more bytes of text (see ogn_text_add for the result). */
int ogn_text_reserve(struct ob_game *g, size_t n);
/* A new zeroed token or tag at the end of the game's list; NULL when out
 * of memory. */
struct ob_token *ogn_token_add(struct ob_game *g);
struct ob_tag *ogn_tag_add(struct ob_game *g);
/* Records a problem; false only when out of memory. */
#if defined(__GNUC__)
__attribute__((format(printf, 7, 8)))
#endif
bool ogn_error_add(struct ob_game *g, enum ob_status status, long line,
		   long column, int ply, const char *move, const char *fmt,
		   ...);

/* Frees the replay's working memory (game.c). */
void ogn_work_free(struct ob_game_work *w);

/* Sorts moves as ob_moves_sort does, faster (for random games); false
 * only when out of memory.  Uses g's working memory. */
bool ogn_moves_sort(struct ob_game *g, const struct ob_position *pos,
		    ob_move *moves, int n);

#endif
