/*
 * Private to the library: building a struct ob_game (record.c), for the
 * reader (ogn.c) and the replay and random games (game.c).
 */
#ifndef OB_RECORD_H
#define OB_RECORD_H

#include "oblique.h"

/* At most this many problems are kept per game; the first always is. */
#define RECORD_ERRORS_MAX 64

/* Empties g for the next game (keeps its buffers). */
void record_reset(struct ob_game *g);
/* Appends n bytes and a NUL to g->text; sets *offset to where they start.
 * 0 on success, 1 past OB_OGN_GAME_BYTES_MAX, -1 out of memory. */
int record_text_add(struct ob_game *g, const char *s, size_t n, size_t *offset);
/* Makes room for n more bytes of text (see record_text_add for the result). */
int record_text_reserve(struct ob_game *g, size_t n);
/* A new zeroed token or tag at the end of the game's list; NULL when out
 * of memory. */
struct ob_token *record_token_add(struct ob_game *g);
struct ob_tag *record_tag_add(struct ob_game *g);
/* Records a problem; false only when out of memory. */
#if defined(__GNUC__)
__attribute__((format(printf, 7, 8)))
#endif
bool record_error_add(struct ob_game *g, enum ob_status status, long line,
		   long column, int ply, const char *move, const char *fmt,
		   ...);

/* Frees what the record functions allocated (not g->work). */
void record_free(struct ob_game *g);

#endif
