/*
 * The slow reference generator, for cross-checking the fast one only.
 * It walks the variant's vectors on coordinates, cell by cell, without the
 * precomputed tables: pseudo-legal moves, make, "is my Sovereign attacked?".
 */
#include "oblique.h"

#include <string.h>

#include "internal.h"

/* One step of army 1's vector in the army's frame: the variant's matrix,
 * or the point reflection for army 2 of a variant without frames. */
static int walk(const struct ob_variant *v, int cell, const struct ob_vector *vec,
		int color)
{
	int c[OB_MAX_DIMS] = {0};
	ob_cell_coords(v, cell, c);
	for (int i = 0; i < v->board->ndims; i++) {
		int d = color == OB_WHITE ? vec->d[i] : -vec->d[i];
		if (v->frames) {
			const struct ob_frame *f = &v->frames[color];
			d = 0;
			for (int j = 0; j < OB_MAX_DIMS; j++)
				d += f->m[i][j] * vec->d[j];
			d /= f->div;
		}
		c[i] += d;
	}
	return ob_cell_at(v, c);
}

/* The pawn's capture vectors on its cell (army 1's frame). */
static int pawn_captures(const struct ob_variant *v, int color, int cell,
			 struct ob_vector *out)
{
	if (!v->pawn->captures_at) {
		memcpy(out, v->pawn->captures,
		       (size_t)v->pawn->ncaptures * sizeof *out);
		return v->pawn->ncaptures;
	}
	int c[OB_MAX_DIMS] = {0};
	ob_cell_coords(v, ob_cell_unframe(v, color, cell), c);
	return v->pawn->captures_at(c, out);
}

/* The cell a cannon at from captures on along vec (army's frame): the
 * first piece past exactly one screen; -1 if none. */
static int cannon_target(const struct ob_position *pos, int from,
			 const struct ob_vector *vec, int color)
{
	int screens = 0;
	for (int c = walk(pos->variant, from, vec, color); c >= 0;
	     c = walk(pos->variant, c, vec, color))
		if (pos->board[c] != OB_EMPTY && screens++ == 1)
			return c;
	return -1;
}

/* Does the piece on `from` attack cell `target`? */
static bool piece_attacks(const struct ob_position *pos, int from, int target)
{
	const struct ob_variant *v = pos->variant;
	ob_piece p = pos->board[from];
	int color = OB_PIECE_COLOR(p);
	const struct ob_piece_kind *pk = &v->kinds[OB_PIECE_KIND(p)];
	if (pk->motion == OB_PAWN) {
		struct ob_vector caps[OB_MAX_DIRS];
		int n = pawn_captures(v, color, from, caps);
		for (int i = 0; i < n; i++)
			if (walk(v, from, &caps[i], color) == target)
				return true;
		return false;
	}
	for (int i = 0; i < pk->nleaps; i++)
		if (walk(v, from, &pk->leaps[i], color) == target)
			return true;
	for (int i = 0; i < pk->nvectors; i++) {
		if (pk->motion == OB_CANNON) {
			if (cannon_target(pos, from, &pk->vectors[i], color) ==
			    target)
				return true;
			continue;
		}
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
	ob_cell_coords(v, ob_cell_unframe(v, color, cell), c);
	return v->pawn->promotes_on(c);
}

/* The army's pieces of a kind, on pos and in the variant's start. */
static int count_kind(const struct ob_position *pos, int color, int kind)
{
	int n = 0;
	for (int c = 0; c < ob_cell_count(pos->variant); c++)
		n += pos->board[c] == OB_PIECE(color, kind);
	return n;
}

/* May the side promote to kind: a choice, and under a limit fewer of it
 * on the board than in the start position? */
static bool may_promote(const struct ob_position *pos, int kind)
{
	const struct ob_variant *v = pos->variant;
	if (!v->pawn->promotion_limited)
		return true;
	struct ob_position start;
	ob_position_start(&start, v);
	return count_kind(pos, pos->side, kind) < count_kind(&start, 0, kind);
}

static int add(const struct ob_position *pos, ob_move *out, int n, int from,
	       int to)
{
	const struct ob_variant *v = pos->variant;
	bool capture = pos->board[to] != OB_EMPTY;
	bool pawn = OB_PIECE_KIND(pos->board[from]) == v->pawn_kind;
	if (pawn && promotes(v, pos->side, to)) {
		for (const char *l = v->pawn->promotion_letters; *l;) {
			int len, kind = ob_kind_parse(v, l, &len);
			if (kind < 0) { /* the space between codes */
				l++;
				continue;
			}
			if (may_promote(pos, kind))
				out[n++] = OB_MOVE_MAKE(from, to, kind + 1,
							capture);
			l += len;
		}
		return n;
	}
	out[n++] = OB_MOVE_MAKE(from, to, 0, capture);
	return n;
}

static bool cell_attacked(const struct ob_position *pos, int cell, int by)
{
	for (int c = 0; c < ob_cell_count(pos->variant); c++)
		if (pos->board[c] != OB_EMPTY &&
		    OB_PIECE_COLOR(pos->board[c]) == by &&
		    piece_attacks(pos, c, cell))
			return true;
	return false;
}

/* A pair rule's cell for the side to move (White's name, reflected). */
static int rule_cell(const struct ob_position *pos, const char *name)
{
	int cell = -1;
	if (!name || ob_cell_parse(pos->variant, name, &cell) <= 0)
		return -1;
	return pos->side == OB_WHITE ? cell
				     : ob_cell_reflect(pos->variant, cell);
}

/* The royal piece's swaps: adjacent partners of the rule's kinds, with
 * neither cell attacked before. */
static int swap(const struct ob_position *pos, int rule, ob_move *out, int n)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_pair_rule *r = &v->pairs[rule];
	int us = pos->side;
	for (int from = 0; from < ob_cell_count(v); from++) {
		if (pos->board[from] != OB_PIECE(us, r->mover_kind) ||
		    cell_attacked(pos, from, 1 - us))
			continue;
		for (int k = 0; k < r->nadjacent; k++) {
			int to = walk(v, from, &r->adjacent[k], OB_WHITE);
			ob_piece p = to < 0 ? OB_EMPTY : pos->board[to];
			if (p != OB_EMPTY && OB_PIECE_COLOR(p) == us &&
			    (r->partner_kinds >> OB_PIECE_KIND(p) & 1) &&
			    !cell_attacked(pos, to, 1 - us))
				out[n++] = OB_MOVE_WITH_SPECIAL(
					OB_MOVE_MAKE(from, to, 0, 0), OB_PAIRED,
					rule);
		}
	}
	return n;
}

static int paired(const struct ob_position *pos, ob_move *out, int n)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	for (int i = 0; i < v->npairs; i++) {
		const struct ob_pair_rule *r = &v->pairs[i];
		if (r->type == OB_SWAP) {
			n = swap(pos, i, out, n);
			continue;
		}
		if (!(pos->rights >> (us * v->npairs + i) & 1))
			continue;
		int mover = rule_cell(pos, r->mover_cell);
		int partner = rule_cell(pos, r->partner_cell);
		bool clear = true;
		for (int k = 0; k < OB_PAIR_CELLS && r->empty[k]; k++)
			clear &= pos->board[rule_cell(pos, r->empty[k])] ==
				 OB_EMPTY;
		if (pos->board[mover] != OB_PIECE(us, r->mover_kind) ||
		    pos->board[partner] != OB_PIECE(us, r->partner_kind) ||
		    !clear)
			continue;
		if (r->type == OB_CASTLING) {
			int mt = rule_cell(pos, r->mover_to);
			int pt = rule_cell(pos, r->partner_to);
			bool free_to = (pos->board[mt] == OB_EMPTY || mt == mover ||
					mt == partner) &&
				       (pos->board[pt] == OB_EMPTY || pt == mover ||
					pt == partner);
			bool safe = true;
			for (int k = 0; k < OB_PAIR_CELLS && r->safe[k]; k++)
				safe &= !cell_attacked(pos,
						       rule_cell(pos, r->safe[k]),
						       1 - us);
			if (free_to && safe)
				out[n++] = OB_MOVE_WITH_SPECIAL(
					OB_MOVE_MAKE(mover, mt, 0, 0), OB_PAIRED, i);
			continue;
		}
		/* Guarding: the mover's own moves with the partner lifted. */
		struct ob_position lifted = *pos;
		lifted.board[partner] = OB_EMPTY;
		const struct ob_piece_kind *pk = &v->kinds[r->mover_kind];
		for (int k = 0; k < pk->nvectors; k++)
			for (int to = walk(v, mover, &pk->vectors[k], us); to >= 0;
			     to = walk(v, to, &pk->vectors[k], us)) {
				ob_piece there = lifted.board[to];
				if (there != OB_EMPTY && OB_PIECE_COLOR(there) == us)
					break;
				out[n++] = OB_MOVE_WITH_SPECIAL(
					OB_MOVE_MAKE(mover, to, 0, there != OB_EMPTY),
					OB_PAIRED, i);
				if (there != OB_EMPTY || pk->motion != OB_SLIDE)
					break;
			}
	}
	return n;
}

static bool on_double_step_cell(const struct ob_variant *v, int color, int cell)
{
	int c[OB_MAX_DIMS] = {0};
	if (!v->pawn->double_step_on)
		return false;
	ob_cell_coords(v, color == OB_WHITE ? cell : ob_cell_reflect(v, cell), c);
	return v->pawn->double_step_on(c);
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
			struct ob_vector caps[OB_MAX_DIRS];
			int ncaps = pawn_captures(v, us, from, caps);
			for (int i = 0; i < ncaps; i++) {
				int to = walk(v, from, &caps[i], us);
				if (to >= 0 && pos->board[to] != OB_EMPTY &&
				    OB_PIECE_COLOR(pos->board[to]) != us)
					n = add(pos, out, n, from, to);
				if (to >= 0 && to == pos->ep_cell)
					out[n++] = OB_MOVE_WITH_SPECIAL(
						OB_MOVE_MAKE(from, to, 0, 1),
						OB_EN_PASSANT, 0);
			}
			if (on_double_step_cell(v, us, from)) {
				int mid = walk(v, from, &v->pawn->moves[0], us);
				int to = mid < 0 ? -1
						 : walk(v, mid, &v->pawn->moves[0], us);
				if (to >= 0 && pos->board[mid] == OB_EMPTY &&
				    pos->board[to] == OB_EMPTY)
					out[n++] = OB_MOVE_WITH_SPECIAL(
						OB_MOVE_MAKE(from, to, 0, 0),
						OB_DOUBLE_STEP, 0);
			}
			continue;
		}
		for (int i = 0; i < pk->nleaps; i++) {
			int to = walk(v, from, &pk->leaps[i], us);
			if (to >= 0 && (pos->board[to] == OB_EMPTY ||
					OB_PIECE_COLOR(pos->board[to]) != us))
				n = add(pos, out, n, from, to);
		}
		for (int i = 0; i < pk->nvectors; i++) {
			int to = from;
			if (pk->motion == OB_CANNON) {
				int c = cannon_target(pos, from, &pk->vectors[i],
						      us);
				if (c >= 0 && OB_PIECE_COLOR(pos->board[c]) != us)
					n = add(pos, out, n, from, c);
			}
			for (;;) {
				to = walk(v, to, &pk->vectors[i], us);
				if (to < 0)
					break;
				if (pos->board[to] != OB_EMPTY) {
					if (OB_PIECE_COLOR(pos->board[to]) != us &&
					    pk->motion != OB_CANNON)
						n = add(pos, out, n, from, to);
					break;
				}
				n = add(pos, out, n, from, to);
				if (pk->motion == OB_LEAP)
					break;
			}
		}
	}
	return paired(pos, out, n);
}

int ob_reference_moves(const struct ob_position *pos, ob_move *moves)
{
	if (ob_last_army_left(pos))
		return 0; /* the last army left has won: no moves */
	ob_move pseudo[OB_MAX_MOVES * 2];
	int np = pseudo_legal(pos, pseudo), n = 0;
	struct ob_position scratch = *pos;
	for (int i = 0; i < np; i++) {
		struct ob_undo u;
		ob_move_apply(&scratch, pseudo[i], &u);
		if (!royal_attacked(&scratch, pos->side))
			moves[n++] = pseudo[i];
		ob_move_retract(&scratch, pseudo[i], &u);
	}
	return n;
}

static bool reference_has_move(const struct ob_position *pos)
{
	ob_move moves[OB_MAX_MOVES];
	return ob_reference_moves(pos, moves) > 0;
}

void ob_reference_make(struct ob_position *pos, ob_move m, struct ob_undo *undo)
{
	ob_move_apply(pos, m, undo);
	if (pos->variant->tables->narmies > 2)
		ob_settle(pos, undo, reference_has_move);
}
