/*
 * The state of play, as the legal moves decide it: whether a move is
 * legal, the game status, and whether two positions are the same for
 * repetition.
 */
#include "oblique.h"

#include <string.h>

#include "internal.h"

bool ob_is_legal(const struct ob_position *pos, ob_move m)
{
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

bool ob_position_same(const struct ob_position *a, const struct ob_position *b)
{
	if (a->key != b->key || a->side != b->side || a->rights != b->rights ||
	    a->variant != b->variant ||
	    memcmp(a->board, b->board, sizeof a->board) != 0)
		return false;
	if (a->ep_cell == b->ep_cell)
		return true;
	struct ob_cellset ea = ob_en_passant_capturers(a);
	struct ob_cellset eb = ob_en_passant_capturers(b);
	return !cs_any(ea) && !cs_any(eb);
}

enum ob_game_status ob_status(const struct ob_position *pos)
{
	if (ob_last_army_left(pos))
		return OB_LAST_ARMY;
	bool check = ob_in_check(pos);
	if (ob_has_legal_move(pos))
		return check ? OB_CHECK : OB_ONGOING;
	return check ? OB_CHECKMATE : OB_STALEMATE;
}

const char *ob_game_status_name(enum ob_game_status s)
{
	switch (s) {
	case OB_ONGOING:
		return "ongoing";
	case OB_CHECK:
		return "check";
	case OB_CHECKMATE:
		return "checkmate";
	case OB_STALEMATE:
		return "stalemate";
	case OB_LAST_ARMY:
		return "last army left";
	}
	return "?";
}
