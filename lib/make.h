/*
 * A move made and taken back, alone: no settling (lib/turn.c).  Inline, so
 * that ob_make and the generator's trials (lib/movegen.c) each have it in
 * their own body without calling each other's files.
 */
#ifndef OB_MAKE_H
#define OB_MAKE_H

#include "internal.h"


static inline void make_lift(struct ob_position *pos, int cell, ob_piece p)
{
	struct ob_cellset b = cs_bit(cell);
	pos->board[cell] = OB_EMPTY;
	pos->by_color[OB_PIECE_COLOR(p)] =
		cs_xor(pos->by_color[OB_PIECE_COLOR(p)], b);
	pos->by_kind[OB_PIECE_KIND(p)] = cs_xor(pos->by_kind[OB_PIECE_KIND(p)], b);
	pos->key ^= ob_zobrist[p][cell];
}

static inline void make_drop(struct ob_position *pos, int cell, ob_piece p)
{
	struct ob_cellset b = cs_bit(cell);
	pos->board[cell] = p;
	pos->by_color[OB_PIECE_COLOR(p)] =
		cs_xor(pos->by_color[OB_PIECE_COLOR(p)], b);
	pos->by_kind[OB_PIECE_KIND(p)] = cs_xor(pos->by_kind[OB_PIECE_KIND(p)], b);
	pos->key ^= ob_zobrist[p][cell];
}

static inline void make_set_rights(struct ob_position *pos, unsigned rights)
{
	for (unsigned changed = pos->rights ^ rights; changed;
	     changed &= changed - 1)
		pos->key ^= ob_zobrist_rights[__builtin_ctz(changed)];
	pos->rights = rights;
}

/* Where a paired move's second piece comes from and goes: fixed cells,
 * or for a swap the mover's target and the mover's cell. */
static inline void make_pair_cells(const struct ob_variant *v, int us, ob_move m,
			      int *from, int *to)
{
	int rule = OB_MOVE_PAIR(m);
	if (v->pairs[rule].type == OB_SWAP) {
		*from = OB_MOVE_TO(m);
		*to = OB_MOVE_FROM(m);
	} else {
		*from = v->tables->pair[us][rule].partner;
		*to = v->tables->pair[us][rule].partner_to;
	}
}

OB_ALWAYS_INLINE
static inline void move_apply(struct ob_position *pos, ob_move m,
			      struct ob_undo *undo)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	/* read before the board is written: a byte store may alias it */
	const bool two = t->narmies == 2;
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	int promo = OB_MOVE_PROMO(m), special = OB_MOVE_SPECIAL(m);
	int us = pos->side;
	ob_piece piece = pos->board[from];

	undo->halfmove_clock = pos->halfmove_clock;
	undo->fullmove_number = pos->fullmove_number;
	undo->royal_cell_before = pos->royal_cell[us];
	undo->mover = us;
	undo->nremoved = undo->neliminated = 0;
	undo->key = pos->key;
	undo->rights = pos->rights;
	undo->ep_cell = pos->ep_cell;
	undo->ep_victim = pos->ep_victim;

	int partner_from = -1, partner_to = -1;
	ob_piece partner = OB_EMPTY;
	if (special == OB_PAIRED) {
		make_pair_cells(v, us, m, &partner_from, &partner_to);
		partner = pos->board[partner_from];
		make_lift(pos, partner_from, partner);
	}
	int captured_cell = special == OB_EN_PASSANT ? pos->ep_victim : to;
	ob_piece captured = pos->board[captured_cell];
	undo->captured = captured;
	undo->captured_cell = captured_cell;

	if (captured != OB_EMPTY)
		make_lift(pos, captured_cell, captured);
	make_lift(pos, from, piece);
	make_drop(pos, to, promo >= 0 ? OB_PIECE(us, promo) : piece);
	if (partner != OB_EMPTY)
		make_drop(pos, partner_to, partner);
	if (pos->royal_cell[us] == from) /* not when it has none or several */
		pos->royal_cell[us] = to;

	if (captured != OB_EMPTY || OB_PIECE_KIND(piece) == v->pawn_kind)
		pos->halfmove_clock = 0;
	else
		pos->halfmove_clock++;
	if (pos->rights)
		make_set_rights(pos, pos->rights & ~t->rights_clear[from] &
					~t->rights_clear[to] &
					~t->rights_clear[captured_cell]);
	pos->ep_cell = pos->ep_victim = -1;
	if (special == OB_DOUBLE_STEP) {
		pos->ep_cell = t->double_mid[us][from];
		pos->ep_victim = to;
	}
	if (two) {
		pos->fullmove_number += us;
		pos->side = 1 - us;
		pos->key ^= ob_zobrist_side[1];
	} else {
		int next = ob_next_army(pos, us);
		pos->fullmove_number += next < us;
		pos->side = next;
		pos->key ^= ob_zobrist_side[us] ^ ob_zobrist_side[next];
	}
}

OB_ALWAYS_INLINE
static inline void move_retract(struct ob_position *pos, ob_move m,
				const struct ob_undo *undo)
{
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	int us = undo->mover;
	ob_piece moved = pos->board[to];
	ob_piece piece = OB_MOVE_PROMO(m) >= 0
				 ? OB_PIECE(us, pos->variant->pawn_kind)
				 : moved;
	int partner_from = -1, partner_to = -1;
	ob_piece partner = OB_EMPTY;
	if (OB_MOVE_SPECIAL(m) == OB_PAIRED) {
		make_pair_cells(pos->variant, us, m, &partner_from, &partner_to);
		partner = pos->board[partner_to];
		make_lift(pos, partner_to, partner);
	}
	make_lift(pos, to, moved);
	make_drop(pos, from, piece);
	if (undo->captured != OB_EMPTY)
		make_drop(pos, undo->captured_cell, undo->captured);
	if (partner != OB_EMPTY)
		make_drop(pos, partner_from, partner);
	pos->royal_cell[us] = undo->royal_cell_before;
	pos->side = us;
	pos->halfmove_clock = undo->halfmove_clock;
	pos->fullmove_number = undo->fullmove_number;
	pos->rights = undo->rights;
	pos->ep_cell = undo->ep_cell;
	pos->ep_victim = undo->ep_victim;
	pos->key = undo->key;
}

#endif
