/*
 * Game history for the draw rules: the positions since the last capture or
 * pawn move, which is all that threefold repetition can look back on.
 * Positions are compared by key, and in full only when the keys match.
 */
#include "oblique.h"

#include <string.h>

#include "internal.h"

/* What repetition compares (spec section 9): placement, side to move,
 * rights, and an en passant cell only when a capture there is legal. */
static void remember(struct ob_history_entry *e, const struct ob_position *pos)
{
	e->ep_cell = -1;
	e->key = pos->key;
	if (pos->ep_cell >= 0 && cs_any(ob_en_passant_capturers(pos))) {
		e->ep_cell = (int16_t)pos->ep_cell;
		e->key ^= ob_zobrist_ep[pos->ep_cell];
	}
	e->rights = pos->rights;
	e->side = (uint8_t)pos->side;
	memcpy(e->board, pos->board, sizeof e->board);
}

static bool same(const struct ob_history_entry *a,
		 const struct ob_history_entry *b)
{
	return a->key == b->key && a->side == b->side &&
	       a->rights == b->rights && a->ep_cell == b->ep_cell &&
	       memcmp(a->board, b->board, sizeof a->board) == 0;
}

void ob_history_start(struct ob_history *h, const struct ob_position *pos)
{
	remember(&h->entries[0], pos);
	h->count = 1;
	h->now = *pos;
}

void ob_history_push(struct ob_history *h, const struct ob_position *pos,
		     bool irreversible)
{
	if (irreversible)
		h->count = 0;
	if (h->count == OB_HISTORY_MAX) {
		/* Only past the 100-half-move end; keep the newest window. */
		memmove(&h->entries[0], &h->entries[1],
			(OB_HISTORY_MAX - 1) * sizeof h->entries[0]);
		h->count--;
	}
	remember(&h->entries[h->count++], pos);
	h->now = *pos;
}

int ob_history_repetitions(const struct ob_history *h)
{
	const struct ob_history_entry *now = &h->entries[h->count - 1];
	int seen = 0;
	for (int i = h->count - 1; i >= 0; i--) /* same() compares the side */
		if (h->entries[i].key == now->key && same(&h->entries[i], now))
			seen++;
	return seen;
}

enum ob_game_end ob_game_end(const struct ob_history *h)
{
	const struct ob_position *now = &h->now;
	switch (ob_status(now)) {
	case OB_CHECKMATE:
		return OB_END_CHECKMATE;
	case OB_STALEMATE:
		return OB_END_STALEMATE;
	case OB_LAST_ARMY:
		return OB_END_LAST_ARMY;
	default:
		break;
	}
	if (ob_dead_position(now))
		return OB_END_INSUFFICIENT_MATERIAL;
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
	case OB_END_FAR_CORNER:
		return "far-corner win";
	case OB_END_LAST_ARMY:
		return "last army left";
	case OB_END_INSUFFICIENT_MATERIAL:
		return "insufficient material";
	}
	return "?";
}
