/*
 * Positions: placement, Zobrist keys, the mirror image, the turn order.
 */
#include "oblique.h"

#include <string.h>

#include "internal.h"

void ob_position_clear(struct ob_position *pos, const struct ob_variant *v)
{
	memset(pos, 0, sizeof *pos);
	pos->variant = v;
	for (int a = 0; a < OB_MAX_ARMIES; a++)
		pos->royal_cell[a] = -1;
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
	uint64_t key = ob_zobrist_side[pos->side];
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
	int n = v->tables->narmies;
	for (int c = 0; c < v->tables->ncells; c++) {
		ob_piece p = pos->board[c];
		if (p != OB_EMPTY)
			ob_position_put(&m, v->tables->frame_cell[1][c],
					OB_PIECE((OB_PIECE_COLOR(p) + 1) % n,
						 OB_PIECE_KIND(p)));
	}
	m.side = (pos->side + 1) % n;
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

/* The army after army in turn that still has pieces (army itself when
 * no other has). */
int ob_next_army(const struct ob_position *pos, int army)
{
	int n = pos->variant->tables->narmies;
	for (int i = 1; i < n; i++) {
		int a = army + i < n ? army + i : army + i - n; /* no division */
		if (cs_any(pos->by_color[a]))
			return a;
	}
	return army;
}

unsigned ob_armies_in_game(const struct ob_position *pos)
{
	unsigned in_game = 0;
	for (int a = 0; a < ob_armies(pos->variant); a++)
		if (cs_any(pos->by_color[a]))
			in_game |= 1u << a;
	return in_game;
}

bool ob_last_army_left(const struct ob_position *pos)
{
	return pos->variant->tables->narmies > 2 &&
	       ob_next_army(pos, pos->side) == pos->side;
}

bool ob_dead_position(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	return v->dead_position && v->dead_position(pos);
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
