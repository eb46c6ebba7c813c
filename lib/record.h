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
/* What the functions below that add to a game return. */
enum {
	RECORD_OK = 0,
	RECORD_NO_MEMORY = -1,
	RECORD_TOO_MANY_BYTES = 1,  /* past OB_OGN_GAME_BYTES_MAX */
	RECORD_TOO_MANY_TOKENS = 2  /* past OB_OGN_TOKENS_MAX */
};

/* Appends n bytes and a NUL to g->text; sets *offset to where they start. */
int record_text_add(struct ob_game *g, const char *s, size_t n, size_t *offset);
/* Makes room for n more bytes of text. */
int record_text_reserve(struct ob_game *g, size_t n);
/* Sets *t to a new zeroed token or tag at the end of the game's list.
 * Tags and tokens count together toward OB_OGN_TOKENS_MAX, so that the
 * lists never take more than about that many entries' memory. */
int record_token_add(struct ob_game *g, struct ob_token **t);
int record_tag_add(struct ob_game *g, struct ob_tag **t);
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
