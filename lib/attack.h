/*
 * The attack scan: which pieces of an army attack a cell.  Every attack
 * question in the library (the generator's royal steps, check, the
 * status, the replay, position checks) comes through ob_attack_scan, so a
 * new way of attacking is added here, once.
 *
 * Three ways of attacking exist today, each a table of struct ob_tables:
 *   steps    pawns' captures and leapers: the cells a piece attacks a cell
 *            from do not depend on other pieces (pawn_attack_from,
 *            leap_from);
 *   lines    sliders: the first piece met along a ray from the cell, when
 *            it is a slider of the army that moves along that ray.
 * Slider directions are scanned in groups of equal attacking kinds
 * (ob_tables.group_*), and the army's sliders of each group are collected
 * once per node (struct ob_slider_sets), so that a scan skips a group none
 * of whose sliders is on a line through the cell.
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
 * independent of occupancy. */
static inline struct ob_cellset ob_step_attackers(const struct ob_position *pos,
						  const struct ob_tables *t,
						  int cell, int army)
{
	const struct ob_variant *v = pos->variant;
	struct ob_cellset theirs = pos->by_color[army];
	struct ob_cellset found =
		cs_and(t->pawn_attack_from[army][cell],
		       cs_and(pos->by_kind[v->pawn_kind], theirs));
	for (uint16_t ks = t->leaper_kinds[army]; ks; ks &= (uint16_t)(ks - 1)) {
		int k = __builtin_ctz(ks);
		found = cs_or(found, cs_and(t->leap_from[army][k][cell],
					    cs_and(pos->by_kind[k], theirs)));
	}
	return found;
}

/*
 * The army's pieces that attack cell over occupancy occ (which may differ
 * from the board: a royal piece lifted to test its steps).  With first,
 * the scan stops at the first attacker found, and the result only tells
 * whether there is one.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline struct ob_cellset
ob_attack_scan(const struct ob_position *pos, const struct ob_tables *t,
	       const struct ob_slider_sets *sliders, int cell, int army,
	       struct ob_cellset occ, const bool first)
{
	struct ob_cellset found = ob_step_attackers(pos, t, cell, army);
	if (first && cs_any(found))
		return found;
	for (int g = 0; g < t->ngroups[army]; g++) {
		struct ob_cellset sl = sliders->group[g];
		if (!cs_any(cs_and(t->group_rays[army][g][cell], sl)))
			continue;
		for (int i = 0; i < t->ngroup_dirs[army][g]; i++) {
			int d = t->group_dirs[army][g][i];
			struct ob_cellset blockers = cs_and(t->ray[d][cell], occ);
			if (!cs_any(cs_and(blockers, sl)))
				continue;
			int b = cs_nearest(t, d, blockers);
			if (!ob_cellset_has(sl, b))
				continue;
			cs_set(&found, b);
			if (first)
				return found;
		}
	}
	return found;
}

/* Is cell attacked by army `by`, with occupancy occ? */
bool ob_attacked_occ(const struct ob_position *pos, int cell, int by,
		     struct ob_cellset occ);

#endif
