/*
 * The fast legal move generator: checkers and pins are found once from the
 * Sovereign's cell, so every move it yields is legal without making it.
 * The same code lists moves or only counts them (perft's last ply).  Beside
 * it, what the legal moves decide: whether a move is legal, the game
 * status, and whether two positions are the same for repetition.
 */
#include "oblique.h"

#include <string.h>

#include "attack.h"

/* What a node needs to know about the enemy. */
struct threats {
	struct ob_slider_sets sliders; /* the enemy's, by direction group */
	struct ob_cellset checkers;
	struct ob_cellset evasion; /* where a non-royal move must land */
	struct ob_cellset pinned;
	struct ob_cellset pin_line[OB_MAX_CELLS]; /* only for pinned cells */
};

static inline void find_threats(const struct ob_position *pos,
				const struct ob_tables *t, struct threats *th,
				int royal, struct ob_cellset occ)
{
	int us = pos->side, them = 1 - us;
	struct ob_cellset ours = pos->by_color[us];

	ob_slider_sets_fill(pos, t, them, &th->sliders);
	th->pinned = cs_empty();
	th->checkers = cs_empty();
	th->evasion = cs_andnot(t->all, ours);
	if (royal < 0)
		return;

	/* The checkers by a step, then along the lines through the royal
	 * piece as in ob_attack_scan, where an own piece met first is pinned
	 * when an enemy slider of that line stands behind it. */
	th->checkers = ob_step_attackers(pos, t, royal, them);
	struct ob_cellset block = th->checkers;
	for (int g = 0; g < t->ngroups[them]; g++) {
		struct ob_cellset sl = th->sliders.group[g];
		if (!cs_any(cs_and(t->group_rays[them][g][royal], sl)))
			continue;
		for (int i = 0; i < t->ngroup_dirs[them][g]; i++) {
			int d = t->group_dirs[them][g][i];
			struct ob_cellset ray = t->ray[d][royal];
			if (!cs_any(cs_and(ray, sl)))
				continue;
			int b = cs_nearest(t, d, cs_and(ray, occ));
			if (ob_cellset_has(sl, b)) {
				cs_set(&th->checkers, b);
				block = cs_or(block, cs_xor(ray, t->ray[d][b]));
				continue;
			}
			if (!ob_cellset_has(ours, b))
				continue;
			struct ob_cellset beyond = cs_and(t->ray[d][b], occ);
			if (!cs_any(beyond))
				continue;
			int b2 = cs_nearest(t, d, beyond);
			if (ob_cellset_has(sl, b2)) {
				cs_set(&th->pinned, b);
				th->pin_line[b] = cs_xor(ray, t->ray[d][b2]);
			}
		}
	}
	if (cs_any(th->checkers))
		th->evasion = cs_more_than_one(th->checkers) ? cs_empty() : block;
}

/* Appends one move per target (per promotion choice on promotion cells). */
static inline int emit(ob_move *out, int n, int from, struct ob_cellset targets,
		       struct ob_cellset opp, struct ob_cellset promo,
		       const struct ob_tables *t)
{
	while (cs_any(targets)) {
		int to = cs_pop(&targets);
		bool capture = ob_cellset_has(opp, to);
		if (ob_cellset_has(promo, to))
			for (int i = 0; i < t->npromotions; i++)
				out[n++] = OB_MOVE_MAKE(from, to,
							t->promotion_kinds[i] + 1,
							capture);
		else
			out[n++] = OB_MOVE_MAKE(from, to, 0, capture);
	}
	return n;
}

static inline int count(struct ob_cellset targets, struct ob_cellset promo,
			const struct ob_tables *t)
{
	int promoting = cs_count(cs_and(targets, promo));
	return cs_count(targets) + promoting * (t->npromotions - 1);
}

/* A pawn's double step, when both cells are empty and it is legal. */
static inline int double_step(const struct ob_position *pos,
			      const struct ob_tables *t,
			      const struct threats *th, int from,
			      struct ob_cellset occ, ob_move *out, int n,
			      bool list)
{
	int mid = t->double_mid[pos->side][from];
	int to = t->double_to[pos->side][from];
	if (ob_cellset_has(occ, mid) || ob_cellset_has(occ, to) ||
	    !ob_cellset_has(th->evasion, to) ||
	    (ob_cellset_has(th->pinned, from) &&
	     !ob_cellset_has(th->pin_line[from], to)))
		return n;
	if (list)
		out[n] = OB_MOVE_WITH_SPECIAL(OB_MOVE_MAKE(from, to, 0, 0),
					      OB_DOUBLE_STEP, 0);
	return n + 1;
}

/* Make the move on a copy and ask whether the mover's royal is attacked:
 * for the rare moves (en passant, paired moves) whose effect on lines is
 * not worth special logic. */
bool ob_legal_by_trial(const struct ob_position *pos, ob_move m)
{
	struct ob_position after = *pos;
	struct ob_undo u;
	ob_make(&after, m, &u);
	int royal = after.royal_cell[pos->side];
	return royal < 0 || !ob_attacked(&after, royal, after.side);
}

static int add_if_legal(const struct ob_position *pos, ob_move m,
			ob_move *out, int n, bool list)
{
	if (!ob_legal_by_trial(pos, m))
		return n;
	if (list)
		out[n] = m;
	return n + 1;
}

static int castling(const struct ob_position *pos, const struct ob_tables *t,
		    int rule, struct ob_cellset occ, ob_move *out, int n,
		    bool list)
{
	int us = pos->side, them = 1 - us;
	int mover = t->pair[us][rule].mover, partner = t->pair[us][rule].partner;
	int between = t->pair[us][rule].between;
	int mover_to = t->pair[us][rule].mover_to;
	int partner_to = t->pair[us][rule].partner_to;
	struct ob_cellset vacated = cs_or(cs_bit(mover), cs_bit(partner));
	struct ob_cellset rest = cs_andnot(occ, vacated);
	if (ob_cellset_has(occ, between) || ob_cellset_has(rest, mover_to) ||
	    ob_cellset_has(rest, partner_to))
		return n;
	if (ob_attacked(pos, mover, them) || ob_attacked(pos, between, them) ||
	    ob_attacked(pos, partner, them))
		return n;
	ob_move m = OB_MOVE_WITH_SPECIAL(OB_MOVE_MAKE(mover, mover_to, 0, 0),
					 OB_PAIRED, rule);
	return add_if_legal(pos, m, out, n, list);
}

static int guarding(const struct ob_position *pos, const struct ob_tables *t,
		    int rule, struct ob_cellset occ, ob_move *out, int n,
		    bool list)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	int mover = t->pair[us][rule].mover, partner = t->pair[us][rule].partner;
	int kind = v->pairs[rule].mover_kind;
	if (ob_cellset_has(occ, t->pair[us][rule].between))
		return n;
	/* The partner's cell counts as empty for the mover. */
	struct ob_cellset occ2 = cs_andnot(occ, cs_bit(partner));
	struct ob_cellset own = cs_andnot(pos->by_color[us], cs_bit(partner));
	struct ob_cellset to;
	if (v->kinds[kind].motion == OB_SLIDE)
		to = ob_slider_attacks(t, us, kind, mover, occ2);
	else
		to = t->leap[us][kind][mover];
	to = cs_andnot(to, own);
	while (cs_any(to)) {
		int cell = cs_pop(&to);
		bool capture = ob_cellset_has(pos->by_color[1 - us], cell);
		ob_move m = OB_MOVE_WITH_SPECIAL(
			OB_MOVE_MAKE(mover, cell, 0, capture), OB_PAIRED, rule);
		n = add_if_legal(pos, m, out, n, list);
	}
	return n;
}

struct ob_cellset ob_en_passant_capturers(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	struct ob_cellset legal = cs_empty();
	if (pos->ep_cell < 0)
		return legal;
	struct ob_cellset pawns =
		cs_and(t->pawn_attack_from[us][pos->ep_cell],
		       cs_and(pos->by_kind[v->pawn_kind], pos->by_color[us]));
	while (cs_any(pawns)) {
		int from = cs_pop(&pawns);
		ob_move m = OB_MOVE_WITH_SPECIAL(
			OB_MOVE_MAKE(from, pos->ep_cell, 0, 1), OB_EN_PASSANT, 0);
		if (ob_legal_by_trial(pos, m))
			cs_set(&legal, from);
	}
	return legal;
}

/* En passant captures and paired moves: rare, so tried by making them. */
static int special_moves(const struct ob_position *pos,
			 const struct ob_tables *t, struct ob_cellset occ,
			 ob_move *out, int n, bool list)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	for (struct ob_cellset from = ob_en_passant_capturers(pos);
	     cs_any(from); n++) {
		int cell = cs_pop(&from);
		if (list)
			out[n] = OB_MOVE_WITH_SPECIAL(
				OB_MOVE_MAKE(cell, pos->ep_cell, 0, 1),
				OB_EN_PASSANT, 0);
	}
	for (int rule = 0; rule < v->npairs; rule++) {
		if (!(pos->rights & ob_right_bit(v, us, rule)))
			continue;
		const struct ob_pair_rule *r = &v->pairs[rule];
		int mover = t->pair[us][rule].mover;
		int partner = t->pair[us][rule].partner;
		if (pos->board[mover] != OB_PIECE(us, r->mover_kind) ||
		    pos->board[partner] != OB_PIECE(us, r->partner_kind))
			continue;
		if (r->type == OB_CASTLING)
			n = castling(pos, t, rule, occ, out, n, list);
		else
			n = guarding(pos, t, rule, occ, out, n, list);
	}
	return n;
}

/* The cells the royal piece on `royal` may step to. */
static inline struct ob_cellset royal_steps(const struct ob_position *pos,
					    const struct ob_tables *t,
					    const struct threats *th, int royal,
					    struct ob_cellset occ)
{
	int us = pos->side;
	struct ob_cellset targets = cs_andnot(
		t->leap[us][pos->variant->royal_kind][royal], pos->by_color[us]);
	struct ob_cellset safe = cs_empty();
	struct ob_cellset occ_without = cs_andnot(occ, cs_bit(royal));
	while (cs_any(targets)) {
		int to = cs_pop(&targets);
		if (!cs_any(ob_attack_scan(pos, t, &th->sliders, to, 1 - us,
					   occ_without, true)))
			cs_set(&safe, to);
	}
	return safe;
}

/* list: write the moves to out; else count them.  any: stop as soon as
 * one legal move is known (the count is then only "not zero"). */
#if defined(__GNUC__)
/* Each caller gets its own copy, specialised on list and any. */
__attribute__((always_inline))
#endif
static inline int generate(const struct ob_position *pos, ob_move *out,
			   const bool list, const bool any)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side, them = 1 - us;
	struct ob_cellset own = pos->by_color[us], opp = pos->by_color[them];
	struct ob_cellset occ = cs_or(own, opp);
	struct ob_cellset none = cs_empty();
	int royal = pos->royal_cell[us];
	struct threats th;
	int n = 0;

	find_threats(pos, t, &th, royal, occ);

	/* The royal piece's steps each cost an attack test: when only asking
	 * whether any move exists, they come after the cheaper pieces. */
	if (royal >= 0 && !any) {
		struct ob_cellset safe = royal_steps(pos, t, &th, royal, occ);
		if (list)
			n = emit(out, n, royal, safe, opp, none, t);
		else
			n += cs_count(safe);
	}
	if (!cs_any(th.evasion))
		return any && royal >= 0
			       ? cs_count(royal_steps(pos, t, &th, royal, occ))
			       : n;

	for (int k = 0; k < v->nkinds; k++) {
		if (k == v->royal_kind && royal >= 0)
			continue;
		struct ob_cellset pieces = cs_and(pos->by_kind[k], own);
		enum ob_motion motion = v->kinds[k].motion;
		struct ob_cellset promo =
			motion == OB_PAWN ? t->promotion[us] : none;
		while (cs_any(pieces)) {
			int from = cs_pop(&pieces);
			struct ob_cellset to;
			if (motion == OB_SLIDE)
				to = cs_andnot(ob_slider_attacks(t, us, k, from, occ),
					       own);
			else if (motion == OB_LEAP)
				to = cs_andnot(t->leap[us][k][from], own);
			else
				to = cs_or(cs_andnot(t->pawn_push[us][from], occ),
					   cs_and(t->pawn_attack[us][from], opp));
			to = cs_and(to, th.evasion);
			if (ob_cellset_has(th.pinned, from))
				to = cs_and(to, th.pin_line[from]);
			if (list)
				n = emit(out, n, from, to, opp, promo, t);
			else
				n += count(to, promo, t);
			if (motion == OB_PAWN && t->double_to[us][from] >= 0)
				n = double_step(pos, t, &th, from, occ, out, n, list);
			if (any && n)
				return n;
		}
	}
	if (any && royal >= 0 &&
	    cs_any(royal_steps(pos, t, &th, royal, occ)))
		return 1;
	if (pos->ep_cell >= 0 || pos->rights)
		n = special_moves(pos, t, occ, out, n, list);
	return n;
}

int ob_legal_moves(const struct ob_position *pos, ob_move *moves)
{
	return generate(pos, moves, true, false);
}

int ob_legal_count(const struct ob_position *pos)
{
	return generate(pos, NULL, false, false);
}

bool ob_has_legal_move(const struct ob_position *pos)
{
	return generate(pos, NULL, false, true) > 0;
}

uint64_t ob_perft(struct ob_position *pos, int depth)
{
	if (depth <= 0)
		return 1;
	if (depth == 1)
		return (uint64_t)ob_legal_count(pos);
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, moves);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		ob_make(pos, moves[i], &u);
		total += ob_perft(pos, depth - 1);
		ob_unmake(pos, moves[i], &u);
	}
	return total;
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

/* ---- the state of play ---- */

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
	}
	return "?";
}
