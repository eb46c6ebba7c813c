/*
 * The slow reference generator, for cross-checking the fast one only.
 * It walks the variant's vectors on coordinates, cell by cell, without the
 * precomputed tables: pseudo-legal moves, make, "is my Sovereign attacked?".
 */
#include "oblique.h"

#include <string.h>

#include "internal.h"

static int walk(const struct ob_variant *v, int cell, const struct ob_vector *vec,
		int color)
{
	int c[OB_MAX_DIMS] = {0};
	int sign = color == OB_WHITE ? 1 : -1;
	ob_cell_coords(v, cell, c);
	for (int i = 0; i < v->board->ndims; i++)
		c[i] += sign * vec->d[i];
	return ob_cell_at(v, c);
}

/* Does the piece on `from` attack cell `target`? */
static bool piece_attacks(const struct ob_position *pos, int from, int target)
{
	const struct ob_variant *v = pos->variant;
	ob_piece p = pos->board[from];
	int color = OB_PIECE_COLOR(p);
	const struct ob_piece_kind *pk = &v->kinds[OB_PIECE_KIND(p)];
	if (pk->motion == OB_PAWN) {
		for (int i = 0; i < v->pawn->ncaptures; i++)
			if (walk(v, from, &v->pawn->captures[i], color) == target)
				return true;
		return false;
	}
	for (int i = 0; i < pk->nvectors; i++) {
		int c = from;
		do {
			c = walk(v, c, &pk->vectors[i], color);
			if (c == target)
				return true;
		} while (c >= 0 && pk->motion == OB_SLIDE &&
			 pos->board[c] == OB_EMPTY);
	}
	return false;
}

static bool royal_attacked(const struct ob_position *pos, int color)
{
	const struct ob_variant *v = pos->variant;
	int n = ob_cell_count(v);
	for (int r = 0; r < n; r++) {
		ob_piece p = pos->board[r];
		if (p == OB_EMPTY || OB_PIECE_COLOR(p) != color ||
		    OB_PIECE_KIND(p) != v->royal_kind)
			continue;
		for (int c = 0; c < n; c++)
			if (pos->board[c] != OB_EMPTY &&
			    OB_PIECE_COLOR(pos->board[c]) != color &&
			    piece_attacks(pos, c, r))
				return true;
	}
	return false;
}

static bool promotes(const struct ob_variant *v, int color, int cell)
{
	int c[OB_MAX_DIMS] = {0};
	ob_cell_coords(v, color == OB_WHITE ? cell : ob_cell_reflect(v, cell), c);
	return v->pawn->promotes_on(c);
}

static int add(const struct ob_position *pos, ob_move *out, int n, int from,
	       int to)
{
	const struct ob_variant *v = pos->variant;
	bool capture = pos->board[to] != OB_EMPTY;
	bool pawn = OB_PIECE_KIND(pos->board[from]) == v->pawn_kind;
	if (pawn && promotes(v, pos->side, to)) {
		for (const char *l = v->pawn->promotion_letters; *l; l++)
			out[n++] = OB_MOVE_MAKE(from, to,
						ob_kind_from_letter(v, *l) + 1,
						capture);
		return n;
	}
	out[n++] = OB_MOVE_MAKE(from, to, 0, capture);
	return n;
}

static int pseudo_legal(const struct ob_position *pos, ob_move *out)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side, n = 0;
	for (int from = 0; from < ob_cell_count(v); from++) {
		ob_piece p = pos->board[from];
		if (p == OB_EMPTY || OB_PIECE_COLOR(p) != us)
			continue;
		const struct ob_piece_kind *pk = &v->kinds[OB_PIECE_KIND(p)];
		if (pk->motion == OB_PAWN) {
			for (int i = 0; i < v->pawn->nmoves; i++) {
				int to = walk(v, from, &v->pawn->moves[i], us);
				if (to >= 0 && pos->board[to] == OB_EMPTY)
					n = add(pos, out, n, from, to);
			}
			for (int i = 0; i < v->pawn->ncaptures; i++) {
				int to = walk(v, from, &v->pawn->captures[i], us);
				if (to >= 0 && pos->board[to] != OB_EMPTY &&
				    OB_PIECE_COLOR(pos->board[to]) != us)
					n = add(pos, out, n, from, to);
			}
			continue;
		}
		for (int i = 0; i < pk->nvectors; i++) {
			int to = from;
			for (;;) {
				to = walk(v, to, &pk->vectors[i], us);
				if (to < 0)
					break;
				if (pos->board[to] != OB_EMPTY) {
					if (OB_PIECE_COLOR(pos->board[to]) != us)
						n = add(pos, out, n, from, to);
					break;
				}
				n = add(pos, out, n, from, to);
				if (pk->motion != OB_SLIDE)
					break;
			}
		}
	}
	return n;
}

int ob_reference_moves(const struct ob_position *pos, ob_move *moves)
{
	ob_move pseudo[OB_MAX_MOVES * 2];
	int np = pseudo_legal(pos, pseudo), n = 0;
	struct ob_position scratch = *pos;
	for (int i = 0; i < np; i++) {
		struct ob_undo u;
		ob_make(&scratch, pseudo[i], &u);
		if (!royal_attacked(&scratch, pos->side))
			moves[n++] = pseudo[i];
		ob_unmake(&scratch, pseudo[i], &u);
	}
	return n;
}

bool ob_is_legal(const struct ob_position *pos, ob_move m)
{
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}
