/*
 * Game history for the draw rules: the positions since the last capture or
 * pawn move, which is all that threefold repetition can look back on.
 */
#include "oblique.h"

#include <string.h>

void ob_history_start(struct ob_history *h, const struct ob_position *pos)
{
	h->positions[0] = *pos;
	h->count = 1;
}

void ob_history_push(struct ob_history *h, const struct ob_position *pos,
		     bool irreversible)
{
	if (irreversible)
		h->count = 0;
	if (h->count == OB_HISTORY_MAX) {
		/* Only past the 100-half-move end; keep the newest window. */
		memmove(&h->positions[0], &h->positions[1],
			(OB_HISTORY_MAX - 1) * sizeof h->positions[0]);
		h->count--;
	}
	h->positions[h->count++] = *pos;
}

int ob_history_repetitions(const struct ob_history *h)
{
	const struct ob_position *now = &h->positions[h->count - 1];
	int seen = 0;
	for (int i = h->count - 1; i >= 0; i -= 2)
		if (ob_position_same(&h->positions[i], now))
			seen++;
	return seen;
}

enum ob_game_end ob_game_end(const struct ob_history *h)
{
	const struct ob_position *now = &h->positions[h->count - 1];
	switch (ob_status(now)) {
	case OB_CHECKMATE:
		return OB_END_CHECKMATE;
	case OB_STALEMATE:
		return OB_END_STALEMATE;
	default:
		break;
	}
	if (ob_history_repetitions(h) >= 3)
		return OB_END_THREEFOLD;
	if (now->halfmove_clock >= 100)
		return OB_END_FIFTY_MOVES;
	return OB_END_NONE;
}

const char *ob_game_end_name(enum ob_game_end e)
{
	switch (e) {
	case OB_END_NONE:
		return "none";
	case OB_END_CHECKMATE:
		return "checkmate";
	case OB_END_STALEMATE:
		return "stalemate";
	case OB_END_THREEFOLD:
		return "threefold repetition";
	case OB_END_FIFTY_MOVES:
		return "100 half-moves";
	}
	return "?";
}
