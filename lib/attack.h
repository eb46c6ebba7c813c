/*
 * The attack scan: which pieces of an army attack a cell.  Every attack
 * question in the library (the generator's royal steps, check, the
 * status, the replay, position checks) comes through ob_attack_scan or its
 * narrower forms here, or reads the tables they read (listed below), so a
 * new way of attacking is added to those tables and these readers.
 *
 * Three ways of attacking exist, each a table of struct ob_tables:
 *   steps    pawns' captures and leapers: the cells a piece attacks a cell
 *            from do not depend on other pieces (pawn_attack_from,
 *            leap_from);
 *   lines    sliders: the first piece met along a ray from the cell, when
 *            it is a slider of the army that moves along that ray.
 *   cannons  a capture over exactly one screen: on the same rays, the
 *            second piece met rather than the first (ob_cannon_attackers).
 *            The generator reads the first three pieces met along each
 *            cannon line through the royal piece as it reads pins
 *            (cannon_threats in lib/threats.c); only a cannon's check
 *            sends the moves to be judged by making them.
 * Slider directions are scanned in groups of equal attacking kinds
 * (ob_tables.group_*), and the army's sliders of each group are collected
 * when a node's first scan needs them (struct ob_slider_sets), so that a
 * scan skips a group none of whose sliders is on a line through the cell.
 * The same tables, read per direction (ob_tables.line_kinds and
 * cannon_line_kinds), serve the scan's narrower forms below: along one
 * line (ob_attacked_along_w), and forwards from one piece
 * (ob_piece_attacks_w); the generator's checkers and pins
 * (lib/threats.c) and the reply cache's dependencies (lib/replies.c) read
 * them too.
 */
#ifndef OB_ATTACK_H
#define OB_ATTACK_H

#include "internal.h"

/* One army's sliders, by direction group (index as ob_tables.group_*). */
struct ob_slider_sets {
	struct ob_cellset group[OB_MAX_DIRS];
};

static inline void ob_slider_sets_fill(const struct ob_position *pos,
				       const struct ob_tables *t, int army,
				       struct ob_slider_sets *s)
{
	struct ob_cellset theirs = pos->by_color[army];
	for (int g = 0; g < t->ngroups[army]; g++) {
		struct ob_cellset set = cs_empty();
		for (uint16_t k = t->group_kinds[army][g]; k;
		     k &= (uint16_t)(k - 1))
			set = cs_or(set, pos->by_kind[__builtin_ctz(k)]);
		s->group[g] = cs_and(set, theirs);
	}
}

/* The army's pieces that attack cell by a step (pawn captures, leaps):
 * independent of occupancy.  narrow: see cs_w. */
OB_ALWAYS_INLINE
static inline struct ob_cellset
ob_step_attackers_w(const struct ob_position *pos, const struct ob_tables *t,
		    int cell, int army, const bool narrow)
{
	const struct ob_variant *v = pos->variant;
	struct ob_cellset theirs = cs_w(pos->by_color[army], narrow);
	struct ob_cellset found =
		cs_and(cs_w(t->pawn_attack_from[army][cell], narrow),
		       cs_and(cs_w(pos->by_kind[v->pawn_kind], narrow), theirs));
	for (uint16_t ks = t->leaper_kinds[army]; ks; ks &= (uint16_t)(ks - 1)) {
		int k = __builtin_ctz(ks);
		found = cs_or(found,
			      cs_and(cs_w(t->leap_from[army][k][cell], narrow),
				     cs_and(cs_w(pos->by_kind[k], narrow), theirs)));
	}
	return found;
}
static inline struct ob_cellset ob_step_attackers(const struct ob_position *pos,
						  const struct ob_tables *t,
						  int cell, int army)
{
	return ob_step_attackers_w(pos, t, cell, army, false);
}

/* The army's cannons that attack cell over occupancy occ: along each
 * direction a cannon of the army comes back on, the second piece met
 * from the cell, past exactly one screen. */
static inline struct ob_cellset ob_cannon_attackers(const struct ob_position *pos,
						    const struct ob_tables *t,
						    int cell, int army,
						    struct ob_cellset occ)
{
	struct ob_cellset found = cs_empty();
	struct ob_cellset theirs = pos->by_color[army];
	struct ob_cellset cannons = cs_empty();
	for (uint16_t ks = t->cannon_kinds[army]; ks; ks &= (uint16_t)(ks - 1))
		cannons = cs_or(cannons, pos->by_kind[__builtin_ctz(ks)]);
	cannons = cs_and(cannons, theirs);
	if (!cs_any(cs_and(cannons, t->cannon_rays[army][cell])))
		return found;
	for (int i = 0; i < t->ncannon_scans[army]; i++) {
		int d = t->cannon_scan_dir[army][i];
		if (!cs_any(cs_and(t->ray[d][cell], cannons)))
			continue;
		struct ob_cellset blockers = cs_and(t->ray[d][cell], occ);
		if (!cs_any(blockers)) /* occ without the cannons */
			continue;
		int screen = cs_nearest(t, d, blockers);
		struct ob_cellset beyond = cs_and(t->ray[d][screen], occ);
		if (!cs_any(beyond))
			continue;
		int c = cs_nearest(t, d, beyond);
		ob_piece p = pos->board[c];
		if (ob_cellset_has(theirs, c) &&
		    (t->cannon_scan_kinds[army][i] >> OB_PIECE_KIND(p) & 1))
			cs_set(&found, c);
	}
	return found;
}

/*
 * The army's pieces that attack cell over occupancy occ (which may differ
 * from the board: a royal piece lifted to test its steps).  With first,
 * the scan stops at the first attacker found, and the result only tells
 * whether there is one.
 */
OB_ALWAYS_INLINE
static inline struct ob_cellset
ob_attack_scan_w(const struct ob_position *pos, const struct ob_tables *t,
		 const struct ob_slider_sets *sliders, int cell, int army,
		 struct ob_cellset occ, const bool first, const bool narrow)
{
	struct ob_cellset found = ob_step_attackers_w(pos, t, cell, army,
						      narrow);
	if (first && cs_any(found))
		return found;
	for (int g = 0; g < t->ngroups[army]; g++) {
		struct ob_cellset sl = cs_w(sliders->group[g], narrow);
		if (!cs_any(cs_and(cs_w(t->group_rays[army][g][cell], narrow), sl)))
			continue;
		for (int i = 0; i < t->ngroup_dirs[army][g]; i++) {
			int d = t->group_dirs[army][g][i];
			struct ob_cellset blockers =
				cs_and(cs_w(t->ray[d][cell], narrow), occ);
			if (!cs_any(cs_and(blockers, sl)))
				continue;
			int b = cs_nearest_w(t, d, blockers, narrow);
			if (!cs_has_w(sl, b, narrow))
				continue;
			cs_set_w(&found, b, narrow);
			if (first)
				return found;
		}
	}
	if (t->ncannon_scans[army])
		found = cs_or(found, ob_cannon_attackers(pos, t, cell, army, occ));
	return found;
}
OB_ALWAYS_INLINE
static inline struct ob_cellset
ob_attack_scan(const struct ob_position *pos, const struct ob_tables *t,
	       const struct ob_slider_sets *sliders, int cell, int army,
	       struct ob_cellset occ, const bool first)
{
	return ob_attack_scan_w(pos, t, sliders, cell, army, occ, first, false);
}

/* Does piece p, standing on the line that leaves a cell in direction d,
 * attack that cell along it (its kind moves back along d)? */
static inline bool ob_slides_along(const struct ob_tables *t, ob_piece p,
				   int d)
{
	return t->line_kinds[OB_PIECE_COLOR(p)][d] >> OB_PIECE_KIND(p) & 1;
}

/* Does an army other than the one to move attack cell c along direction
 * d, over occupancy occ: a slider of that line met first, or a cannon
 * second?  (ob_attack_scan along one line, for every other army.) */
OB_ALWAYS_INLINE
static inline bool ob_attacked_along_w(const struct ob_position *pos,
				       const struct ob_tables *t, int c, int d,
				       struct ob_cellset occ, const bool narrow)
{
	struct ob_cellset met = cs_and(cs_w(t->ray[d][c], narrow), occ);
	if (!cs_any(met))
		return false;
	int p = cs_nearest_w(t, d, met, narrow);
	ob_piece piece = pos->board[p];
	int army = OB_PIECE_COLOR(piece);
	if (army != pos->side &&
	    (t->line_kinds[army][d] >> OB_PIECE_KIND(piece) & 1))
		return true;
	if (narrow) /* no cannon on 64 cells */
		return false;
	met = cs_and(t->ray[d][p], occ);
	if (!cs_any(met))
		return false;
	piece = pos->board[cs_nearest(t, d, met)];
	army = OB_PIECE_COLOR(piece);
	return army != pos->side &&
	       (t->cannon_line_kinds[army][d] >> OB_PIECE_KIND(piece) & 1);
}

/* The cells among `targets` that a piece of kind k of the army attacks
 * from cell `from` over occupancy occ: a step, or along a line with no
 * piece between (a slider) or exactly one (a cannon). */
OB_ALWAYS_INLINE
static inline struct ob_cellset
ob_piece_attacks_w(const struct ob_position *pos, const struct ob_tables *t,
		   int army, int k, int from, struct ob_cellset occ,
		   struct ob_cellset targets, const bool narrow)
{
	struct ob_cellset seen =
		cs_and(cs_w(t->sight[army][k][from], narrow), targets);
	if (!cs_any(seen))
		return seen;
	struct ob_cellset found =
		cs_and(cs_w(t->leap[army][k][from], narrow), seen);
	if (k == pos->variant->pawn_kind)
		found = cs_or(found,
			      cs_and(cs_w(t->pawn_attack[army][from], narrow),
				     seen));
	for (struct ob_cellset lines = cs_andnot(seen, found); cs_any(lines);) {
		int c = cs_pop_w(&lines, narrow);
		int d = t->dir_to[c][from];
		if (d < 0)
			continue;
		int between = cs_count(cs_and(
			cs_w(cs_xor(t->ray[d][c], t->ray[d][from]), narrow), occ));
		/* that count holds the piece on from */
		if ((between == 1 && (t->line_kinds[army][d] >> k & 1)) ||
		    (between == 2 && (t->cannon_line_kinds[army][d] >> k & 1)))
			cs_set_w(&found, c, narrow);
	}
	return found;
}

/* Is cell attacked by army `by`, with occupancy occ? */
bool ob_attacked_occ(const struct ob_position *pos, int cell, int by,
		     struct ob_cellset occ);

#endif
