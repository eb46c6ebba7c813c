/*
 * Positions: placement, make and unmake, Zobrist keys, the mirror image.
 */
#include "oblique.h"

#include <string.h>

#include "internal.h"

void ob_position_clear(struct ob_position *pos, const struct ob_variant *v)
{
	memset(pos, 0, sizeof *pos);
	pos->variant = v;
	pos->royal_cell[0] = pos->royal_cell[1] = -1;
	pos->ep_cell = pos->ep_victim = -1;
	pos->rights = 0;
	pos->side = OB_WHITE;
	pos->halfmove_clock = 0;
	pos->fullmove_number = 1;
	pos->key = 0;
}

/* The royal cell is kept only while a side has exactly one royal piece. */
static void update_royal(struct ob_position *pos, int color)
{
	const struct ob_variant *v = pos->variant;
	struct ob_cellset r = cs_and(pos->by_kind[v->royal_kind],
				     pos->by_color[color]);
	pos->royal_cell[color] =
		cs_any(r) && !cs_more_than_one(r) ? cs_first(r) : -1;
}

void ob_position_put(struct ob_position *pos, int cell, ob_piece piece)
{
	if (pos->board[cell] != OB_EMPTY)
		ob_position_remove(pos, cell);
	if (piece == OB_EMPTY)
		return;
	int color = OB_PIECE_COLOR(piece), kind = OB_PIECE_KIND(piece);
	pos->board[cell] = piece;
	cs_set(&pos->by_color[color], cell);
	cs_set(&pos->by_kind[kind], cell);
	pos->key ^= ob_zobrist[piece][cell];
	if (kind == pos->variant->royal_kind)
		update_royal(pos, color);
}

void ob_position_remove(struct ob_position *pos, int cell)
{
	ob_piece piece = pos->board[cell];
	if (piece == OB_EMPTY)
		return;
	int color = OB_PIECE_COLOR(piece), kind = OB_PIECE_KIND(piece);
	pos->board[cell] = OB_EMPTY;
	cs_clear(&pos->by_color[color], cell);
	cs_clear(&pos->by_kind[kind], cell);
	pos->key ^= ob_zobrist[piece][cell];
	if (kind == pos->variant->royal_kind)
		update_royal(pos, color);
}

uint64_t ob_position_compute_key(const struct ob_position *pos)
{
	uint64_t key = pos->side == OB_BLACK ? ob_zobrist_side : 0;
	for (int i = 0; i < 2 * OB_MAX_PAIRS; i++)
		if (pos->rights >> i & 1)
			key ^= ob_zobrist_rights[i];
	for (int c = 0; c < pos->variant->tables->ncells; c++)
		if (pos->board[c] != OB_EMPTY)
			key ^= ob_zobrist[pos->board[c]][c];
	return key;
}

uint64_t ob_position_full_key(const struct ob_position *pos)
{
	return pos->key ^ (pos->ep_cell >= 0 ? ob_zobrist_ep[pos->ep_cell] : 0);
}

void ob_position_mirror(const struct ob_position *pos, struct ob_position *out)
{
	const struct ob_variant *v = pos->variant;
	struct ob_position m;
	ob_position_clear(&m, v);
	for (int c = 0; c < v->tables->ncells; c++) {
		ob_piece p = pos->board[c];
		if (p != OB_EMPTY)
			ob_position_put(&m, v->tables->frame_cell[1][c],
					OB_PIECE(1 - OB_PIECE_COLOR(p),
						 OB_PIECE_KIND(p)));
	}
	m.side = 1 - pos->side;
	for (int color = 0; color < 2; color++)
		for (int i = 0; i < v->npairs; i++)
			if (pos->rights & ob_right_bit(v, color, i))
				m.rights |= ob_right_bit(v, 1 - color, i);
	if (pos->ep_cell >= 0) {
		m.ep_cell = v->tables->frame_cell[1][pos->ep_cell];
		m.ep_victim = v->tables->frame_cell[1][pos->ep_victim];
	}
	m.key = ob_position_compute_key(&m);
	m.halfmove_clock = pos->halfmove_clock;
	m.fullmove_number = pos->fullmove_number;
	*out = m;
}

/* ---- make and unmake ---- */

static inline void lift(struct ob_position *pos, int cell, ob_piece p)
{
	struct ob_cellset b = cs_bit(cell);
	pos->board[cell] = OB_EMPTY;
	pos->by_color[OB_PIECE_COLOR(p)] =
		cs_xor(pos->by_color[OB_PIECE_COLOR(p)], b);
	pos->by_kind[OB_PIECE_KIND(p)] = cs_xor(pos->by_kind[OB_PIECE_KIND(p)], b);
	pos->key ^= ob_zobrist[p][cell];
}

static inline void drop(struct ob_position *pos, int cell, ob_piece p)
{
	struct ob_cellset b = cs_bit(cell);
	pos->board[cell] = p;
	pos->by_color[OB_PIECE_COLOR(p)] =
		cs_xor(pos->by_color[OB_PIECE_COLOR(p)], b);
	pos->by_kind[OB_PIECE_KIND(p)] = cs_xor(pos->by_kind[OB_PIECE_KIND(p)], b);
	pos->key ^= ob_zobrist[p][cell];
}

static void set_rights(struct ob_position *pos, unsigned rights)
{
	for (unsigned changed = pos->rights ^ rights; changed;
	     changed &= changed - 1)
		pos->key ^= ob_zobrist_rights[__builtin_ctz(changed)];
	pos->rights = rights;
}

/* Where a paired move's second piece comes from and goes: fixed cells,
 * or for a swap the mover's target and the mover's cell. */
static inline void pair_cells(const struct ob_variant *v, int us, ob_move m,
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

void ob_make(struct ob_position *pos, ob_move m, struct ob_undo *undo)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	int promo = OB_MOVE_PROMO(m), special = OB_MOVE_SPECIAL(m);
	int us = pos->side;
	ob_piece piece = pos->board[from];

	undo->halfmove_clock = pos->halfmove_clock;
	undo->fullmove_number = pos->fullmove_number;
	undo->royal_cell_before = pos->royal_cell[us];
	undo->key = pos->key;
	undo->rights = pos->rights;
	undo->ep_cell = pos->ep_cell;
	undo->ep_victim = pos->ep_victim;

	int partner_from = -1, partner_to = -1;
	ob_piece partner = OB_EMPTY;
	if (special == OB_PAIRED) {
		pair_cells(v, us, m, &partner_from, &partner_to);
		partner = pos->board[partner_from];
		lift(pos, partner_from, partner);
	}
	int captured_cell = special == OB_EN_PASSANT ? pos->ep_victim : to;
	ob_piece captured = pos->board[captured_cell];
	undo->captured = captured;
	undo->captured_cell = captured_cell;

	if (captured != OB_EMPTY)
		lift(pos, captured_cell, captured);
	lift(pos, from, piece);
	drop(pos, to, promo >= 0 ? OB_PIECE(us, promo) : piece);
	if (partner != OB_EMPTY)
		drop(pos, partner_to, partner);
	if (pos->royal_cell[us] == from) /* not when it has none or several */
		pos->royal_cell[us] = to;

	if (captured != OB_EMPTY || OB_PIECE_KIND(piece) == v->pawn_kind)
		pos->halfmove_clock = 0;
	else
		pos->halfmove_clock++;
	if (us == OB_BLACK)
		pos->fullmove_number++;
	if (pos->rights)
		set_rights(pos, pos->rights & ~t->rights_clear[from] &
					~t->rights_clear[to] &
					~t->rights_clear[captured_cell]);
	pos->ep_cell = pos->ep_victim = -1;
	if (special == OB_DOUBLE_STEP) {
		pos->ep_cell = t->double_mid[us][from];
		pos->ep_victim = to;
	}
	pos->side = 1 - us;
	pos->key ^= ob_zobrist_side;
}

void ob_unmake(struct ob_position *pos, ob_move m, const struct ob_undo *undo)
{
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	int us = 1 - pos->side;
	ob_piece moved = pos->board[to];
	ob_piece piece = OB_MOVE_PROMO(m) >= 0
				 ? OB_PIECE(us, pos->variant->pawn_kind)
				 : moved;
	int partner_from = -1, partner_to = -1;
	ob_piece partner = OB_EMPTY;
	if (OB_MOVE_SPECIAL(m) == OB_PAIRED) {
		pair_cells(pos->variant, us, m, &partner_from, &partner_to);
		partner = pos->board[partner_to];
		lift(pos, partner_to, partner);
	}
	lift(pos, to, moved);
	drop(pos, from, piece);
	if (undo->captured != OB_EMPTY)
		drop(pos, undo->captured_cell, undo->captured);
	if (partner != OB_EMPTY)
		drop(pos, partner_from, partner);
	pos->royal_cell[us] = undo->royal_cell_before;
	pos->side = us;
	pos->halfmove_clock = undo->halfmove_clock;
	pos->fullmove_number = undo->fullmove_number;
	pos->rights = undo->rights;
	pos->ep_cell = undo->ep_cell;
	pos->ep_victim = undo->ep_victim;
	pos->key = undo->key;
}

/* ---- what the setup decides ---- */

static int own_count(const struct ob_position *pos, int kind)
{
	return cs_count(cs_and(pos->by_kind[kind], pos->by_color[pos->side]));
}

bool ob_promotion_open(const struct ob_position *pos, int kind)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	bool choice = false;
	for (int i = 0; i < t->npromotions; i++)
		choice |= t->promotion_kinds[i] == kind;
	return choice && (!v->pawn->promotion_limited ||
			  own_count(pos, kind) < t->setup_count[kind]);
}

bool ob_far_corner_win(const struct ob_position *pos, ob_move m)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	if (!v->far_corner || OB_MOVE_TO(m) != t->far_corner[us] ||
	    pos->board[OB_MOVE_FROM(m)] != OB_PIECE(us, v->pawn_kind) ||
	    OB_MOVE_SPECIAL(m) == OB_PAIRED)
		return false;
	for (int k = 0; k < v->nkinds; k++)
		if (k != v->pawn_kind && own_count(pos, k) < t->setup_count[k])
			return false;
	return true;
}
