/*
 * A turn: the move, then with three armies the settling of spec section 6.
 * The army P next in turn eliminates every other army whose Grandduke it
 * attacks (again while a removal opens a line); an army with no legal move
 * is eliminated and the turn passes on; the last army left has won.  The
 * removed pieces are kept in the undo record, so that unmake puts them
 * back.  Legality is judged before settling, on ob_move_apply alone.
 */
#include "oblique.h"

#include <assert.h>

#include "internal.h"
#include "make.h"
#include "movegen.h"

/* The third army is found as 0 + 1 + 2 less the other two. */
_Static_assert(OB_MAX_ARMIES == 3, "three armies at most");

static void remove_army(struct ob_position *pos, struct ob_undo *undo,
			int army, int by)
{
	undo->eliminated[undo->neliminated] = (int8_t)army;
	undo->eliminated_by[undo->neliminated++] = (int8_t)by;
	for (struct ob_cellset s = pos->by_color[army]; cs_any(s);) {
		int cell = cs_pop(&s);
		assert(undo->nremoved < OB_MAX_REMOVED);
		undo->removed_cell[undo->nremoved] = (uint8_t)cell;
		undo->removed[undo->nremoved++] = pos->board[cell];
		ob_position_remove(pos, cell);
	}
}

static void set_side(struct ob_position *pos, int army)
{
	pos->key ^= ob_zobrist_side[pos->side] ^ ob_zobrist_side[army];
	pos->side = army;
}

/* Settles, and returns the legal moves of the army then to move: by
 * has_move only whether there is one, else their number (listed in list,
 * if not NULL; or from the reply cache filled before the move `last`, if
 * any, when it was filled for that army and settling removed nothing).
 * Step 1's question is answered from the settling cache filled before
 * the move, if any, while it holds (the same conditions). */
static int settle(struct ob_position *pos, struct ob_undo *undo,
		  bool (*has_move)(const struct ob_position *),
		  const struct ob_settling_cache *settling,
		  const struct ob_reply_cache *cache, ob_move last,
		  ob_move *list)
{
	int moves;
	int narmies = pos->variant->tables->narmies;
	int next = pos->side; /* ob_move_apply's: the next army with pieces */
	for (;;) {
		bool removed;
		do { /* step 1: every attacked Grandduke at once, repeatedly */
			int out[OB_MAX_ARMIES], nout = 0;
			bool kept = settling && !undo->nremoved &&
				    next == settling->replier;
			/* The mover's is not attacked right after its legal
			 * move (the reference asks all the same). */
			int skip = (settling || list) && !undo->nremoved
					   ? undo->mover
					   : -1;
			for (int a = 0; a < narmies; a++)
				if (a != next && a != skip &&
				    pos->royal_cell[a] >= 0 &&
				    (kept ? ob_attacks_royal_cached(
						    pos, settling, last, a)
					  : ob_attacked(pos, pos->royal_cell[a],
							next)))
					out[nout++] = a;
			for (int i = 0; i < nout; i++)
				remove_army(pos, undo, out[i], next);
			removed = nout > 0;
		} while (removed);
		set_side(pos, next);
		/* A Grandduke is never taken: with nothing removed, the
		 * armies that had a move are all still in the game. */
		if (undo->nremoved &&
		    __builtin_popcount(ob_armies_in_game(pos)) <= 1) {
			moves = 0; /* step 2 */
			break;
		}
		if (list)
			moves = ob_legal_moves(pos, list);
		else if (has_move)
			moves = has_move(pos);
		else if (cache && !undo->nremoved &&
			 pos->side == cache->replier)
			moves = ob_legal_count_cached(pos, cache, last);
		else
			moves = ob_legal_count(pos);
		if (moves) /* step 3 */
			break;
		int stuck = next;
		next = ob_next_army(pos, stuck);
		remove_army(pos, undo, stuck, undo->mover);
	}
	if (undo->nremoved)
		pos->halfmove_clock = 0;
	pos->fullmove_number =
		undo->fullmove_number + (pos->side < undo->mover);
	return moves;
}

void ob_settle(struct ob_position *pos, struct ob_undo *undo,
	       bool (*has_move)(const struct ob_position *))
{
	settle(pos, undo, has_move, NULL, NULL, 0, NULL);
}

void ob_unsettle(struct ob_position *pos, const struct ob_undo *undo)
{
	for (int i = undo->nremoved - 1; i >= 0; i--)
		ob_position_put(pos, undo->removed_cell[i], undo->removed[i]);
}

void ob_move_apply(struct ob_position *pos, ob_move m, struct ob_undo *undo)
{
	move_apply(pos, m, undo);
}

void ob_move_retract(struct ob_position *pos, ob_move m,
		     const struct ob_undo *undo)
{
	move_retract(pos, m, undo);
}

void ob_make(struct ob_position *pos, ob_move m, struct ob_undo *undo)
{
	bool three = pos->variant->tables->narmies > 2; /* before the stores */
	move_apply(pos, m, undo);
	if (three)
		ob_settle(pos, undo, ob_has_legal_move);
}

int ob_make_count(struct ob_position *pos, ob_move m, struct ob_undo *undo,
		  const struct ob_reply_cache *cache)
{
	bool three = pos->variant->tables->narmies > 2;
	move_apply(pos, m, undo);
	/* step 3 asks whether the army has a move: count them there */
	if (three)
		return settle(pos, undo, NULL, cache ? &cache->settling : NULL,
			      cache, m, NULL);
	return cache ? ob_legal_count_cached(pos, cache, m)
		     : ob_legal_count(pos);
}

int ob_make_list(struct ob_position *pos, ob_move m, struct ob_undo *undo,
		 ob_move *moves, const struct ob_settling_cache *settling)
{
	bool three = pos->variant->tables->narmies > 2;
	move_apply(pos, m, undo);
	/* step 3 asks whether the army has a move: list them there */
	if (three)
		return settle(pos, undo, NULL, settling, NULL, m, moves);
	return ob_legal_moves(pos, moves);
}

/* The plain move m by army us of the piece `piece`, taking `captured`
 * (or OB_EMPTY), made on the board and its sets alone, or taken back
 * (the same exclusive-ors): what counting the replies reads, no key,
 * clocks or undo record. */
static inline void toggle_plain(struct ob_position *pos, ob_move m, int us,
				ob_piece piece, ob_piece captured)
{
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	int promo = OB_MOVE_PROMO(m), k = OB_PIECE_KIND(piece);
	struct ob_cellset at_from = cs_bit(from), at_to = cs_bit(to);
	pos->by_color[us] = cs_xor(pos->by_color[us], cs_or(at_from, at_to));
	pos->by_kind[k] = cs_xor(pos->by_kind[k], at_from);
	k = promo >= 0 ? promo : k;
	pos->by_kind[k] = cs_xor(pos->by_kind[k], at_to);
	if (captured != OB_EMPTY) {
		int c = OB_PIECE_COLOR(captured);
		pos->by_color[c] = cs_xor(pos->by_color[c], at_to);
		k = OB_PIECE_KIND(captured);
		pos->by_kind[k] = cs_xor(pos->by_kind[k], at_to);
	}
}

int ob_count_plain_replies(struct ob_position *pos, ob_move m,
			   const struct ob_reply_cache *cache)
{
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	int promo = OB_MOVE_PROMO(m);
	int us = pos->side, next = cache->replier;
	int third = 3 - us - next; /* 0 + 1 + 2 */
	ob_piece piece = pos->board[from], captured = pos->board[to];
	bool royal = pos->royal_cell[us] == from;
	/* nor en passant nor paired moves on a three-army board */
	assert(OB_MOVE_SPECIAL(m) == OB_PLAIN && next != us &&
	       pos->ep_cell < 0 && !pos->rights);
	struct ob_cellset cells = cs_or(cs_bit(from), cs_bit(to));
	toggle_plain(pos, m, us, piece, captured);
	pos->board[from] = OB_EMPTY;
	pos->board[to] = promo >= 0 ? OB_PIECE(us, promo) : piece;
	if (royal)
		pos->royal_cell[us] = to;
	pos->side = next;
	/* Settling: the mover's Grandduke is not attacked after its legal
	 * move, and a capture empties no army (each keeps its Grandduke):
	 * only an attack on the third army's, or no reply, removes one. */
	int moves = -1;
	if (pos->royal_cell[third] < 0 ||
	    !ob_royal_attacked_kept(pos, &cache->settling, cells, third)) {
		moves = ob_legal_count_cached(pos, cache, m);
	}
	pos->side = us;
	if (royal)
		pos->royal_cell[us] = from;
	pos->board[from] = piece;
	pos->board[to] = captured;
	toggle_plain(pos, m, us, piece, captured);
	return moves > 0 ? moves : -1;
}

void ob_unmake(struct ob_position *pos, ob_move m, const struct ob_undo *undo)
{
	if (undo->nremoved)
		ob_unsettle(pos, undo);
	move_retract(pos, m, undo);
}
