/*
 * The fast legal move generator: checkers and pins are found once from the
 * Sovereign's cell, so every move it yields is legal without making it.
 * The same code lists moves or only counts them (perft's last ply).
 */
#include "oblique.h"

#include "internal.h"

/* What a node needs to know about the enemy. */
struct threats {
	struct ob_cellset group_set[OB_MAX_DIRS]; /* enemy sliders by group */
	struct ob_cellset checkers;
	struct ob_cellset evasion; /* where a non-royal move must land */
	struct ob_cellset pinned;
	struct ob_cellset pin_line[OB_MAX_CELLS]; /* only for pinned cells */
};

static inline struct ob_cellset slider_group_set(const struct ob_position *pos,
						 uint16_t kinds, int color)
{
	struct ob_cellset s = cs_empty();
	for (; kinds; kinds &= (uint16_t)(kinds - 1))
		s = cs_or(s, pos->by_kind[__builtin_ctz(kinds)]);
	return cs_and(s, pos->by_color[color]);
}

static inline bool attacked_by(const struct ob_position *pos,
			       const struct ob_tables *t,
			       const struct threats *th, int cell, int them,
			       struct ob_cellset occ)
{
	const struct ob_variant *v = pos->variant;
	struct ob_cellset theirs = pos->by_color[them];
	if (cs_any(cs_and(t->pawn_attack_from[them][cell],
			  cs_and(pos->by_kind[v->pawn_kind], theirs))))
		return true;
	for (uint16_t ks = t->leaper_kinds[them]; ks; ks &= (uint16_t)(ks - 1)) {
		int k = __builtin_ctz(ks);
		if (cs_any(cs_and(t->leap_from[them][k][cell],
				  cs_and(pos->by_kind[k], theirs))))
			return true;
	}
	for (int d = 0; d < t->ndirs; d++) {
		struct ob_cellset sl = th->group_set[t->dir_group[them][d]];
		struct ob_cellset ray = t->ray[d][cell];
		if (!cs_any(cs_and(ray, sl)))
			continue;
		int b = cs_nearest(t, d, cs_and(ray, occ));
		if (ob_cellset_has(sl, b))
			return true;
	}
	return false;
}

static inline void find_threats(const struct ob_position *pos,
				const struct ob_tables *t, struct threats *th,
				int royal, struct ob_cellset occ)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side, them = 1 - us;
	struct ob_cellset theirs = pos->by_color[them];
	struct ob_cellset ours = pos->by_color[us];

	for (int g = 0; g < t->ngroups[them]; g++)
		th->group_set[g] =
			slider_group_set(pos, t->group_kinds[them][g], them);
	th->pinned = cs_empty();
	th->checkers = cs_empty();
	th->evasion = cs_andnot(t->all, ours);
	if (royal < 0)
		return;

	struct ob_cellset block = cs_empty();
	th->checkers = cs_and(t->pawn_attack_from[them][royal],
			      cs_and(pos->by_kind[v->pawn_kind], theirs));
	for (uint16_t ks = t->leaper_kinds[them]; ks; ks &= (uint16_t)(ks - 1)) {
		int k = __builtin_ctz(ks);
		th->checkers = cs_or(th->checkers,
				     cs_and(t->leap_from[them][k][royal],
					    cs_and(pos->by_kind[k], theirs)));
	}
	block = th->checkers;
	for (int d = 0; d < t->ndirs; d++) {
		struct ob_cellset sl = th->group_set[t->dir_group[them][d]];
		struct ob_cellset ray = t->ray[d][royal];
		if (!cs_any(cs_and(ray, sl)))
			continue;
		int b = cs_nearest(t, d, cs_and(ray, occ));
		if (ob_cellset_has(sl, b)) {
			cs_set(&th->checkers, b);
			block = cs_or(block, cs_xor(ray, t->ray[d][b]));
		} else if (ob_cellset_has(ours, b)) {
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

static inline int generate(const struct ob_position *pos, ob_move *out,
			   const bool list)
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

	if (royal >= 0) {
		struct ob_cellset targets =
			cs_andnot(t->leap[us][v->royal_kind][royal], own);
		struct ob_cellset safe = cs_empty();
		struct ob_cellset occ_without = cs_andnot(occ, cs_bit(royal));
		while (cs_any(targets)) {
			int to = cs_pop(&targets);
			if (!attacked_by(pos, t, &th, to, them, occ_without))
				cs_set(&safe, to);
		}
		if (list)
			n = emit(out, n, royal, safe, opp, none, t);
		else
			n += cs_count(safe);
	}
	if (!cs_any(th.evasion))
		return n;

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
		}
	}
	return n;
}

int ob_legal_moves(const struct ob_position *pos, ob_move *moves)
{
	return generate(pos, moves, true);
}

int ob_legal_count(const struct ob_position *pos)
{
	return generate(pos, NULL, false);
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
