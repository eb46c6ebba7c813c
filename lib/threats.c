/*
 * The generator's view of the enemy (lib/movegen.h): what attacks the
 * royal piece of the army to move and what holds its pieces, against
 * every other army still in the game.  Checkers and pins along the
 * sliders' lines; along the cannons' lines the first three pieces met,
 * which forbid cells, give check or hold two screens; and the cells the
 * royal piece may step to.  One copy per set width (see cs_w).
 */
#include "oblique.h"

#include "movegen.h"

/* Is cell attacked by any other army, over occupancy occ? */
OB_ALWAYS_INLINE
static inline bool attacked_by_enemies(const struct ob_position *pos,
				       const struct ob_tables *t,
				       const struct ob_threats *th, int cell,
				       struct ob_cellset occ, const bool narrow)
{
	if (narrow || t->narmies == 2) /* the one enemy, without a loop */
		return cs_any(ob_attack_scan_w(pos, t, &th->sliders[0], cell,
					       th->enemy[0], occ, true,
					       narrow));
	for (int e = 0; e < th->nenemies; e++)
		if (cs_any(ob_attack_scan_w(pos, t, &th->sliders[e], cell,
					    th->enemy[e], occ, true, narrow)))
			return true;
	return false;
}

/* The enemy's cannons of the kinds in `kinds` on the cells `cells`. */
static inline struct ob_cellset cannons_of(const struct ob_position *pos,
					   int army, unsigned kinds,
					   struct ob_cellset cells)
{
	struct ob_cellset found = cs_empty();
	for (; kinds; kinds &= kinds - 1)
		found = cs_or(found, pos->by_kind[__builtin_ctz(kinds)]);
	return cs_and(cs_and(found, pos->by_color[army]), cells);
}

/* Narrows piece b's moves to the cells `line` (a pin). */
static inline void pin(struct ob_threats *th, int b, struct ob_cellset line)
{
	if (ob_cellset_has(th->pinned, b))
		line = cs_and(line, th->pin_line[b]);
	cs_set(&th->pinned, b);
	th->pin_line[b] = line;
}

/*
 * Army them's cannons on the lines through the royal piece (a cannon
 * attacks over exactly one screen).  Along each line a cannon attacks on,
 * with p1, p2, p3 the first pieces met from the royal piece:
 *   a cannon at p1 has no screen: no move may land between the two
 *     (*forbidden), as that would make one;
 *   a cannon at p2 gives check over p1 (th->cannon_check);
 *   a cannon at p3 has two screens: an own piece among them may move
 *     only within the line up to the cannon, and not onto the other
 *     screen (which would leave one).
 * A move changes the number of pieces on a stretch of line by at most
 * one, so cannons further away cannot attack after it.
 */
static void cannon_threats(const struct ob_position *pos,
			   const struct ob_tables *t, struct ob_threats *th,
			   int them, int royal, struct ob_cellset occ,
			   struct ob_cellset *forbidden)
{
	int us = pos->side;
	struct ob_cellset all = cannons_of(pos, them, t->cannon_kinds[them],
					   t->cannon_rays[them][royal]);
	for (int i = 0; i < t->ncannon_scans[them] && cs_any(all); i++) {
		int d = t->cannon_scan_dir[them][i];
		struct ob_cellset ray = t->ray[d][royal];
		if (!cs_any(cs_and(ray, all)))
			continue;
		struct ob_cellset cannons =
			cannons_of(pos, them, t->cannon_scan_kinds[them][i], ray);
		if (!cs_any(cannons))
			continue;
		int p[3] = {-1, -1, -1};
		struct ob_cellset met = cs_and(ray, occ);
		for (int j = 0; j < 3 && cs_any(met); j++) {
			p[j] = cs_nearest(t, d, met);
			met = cs_and(t->ray[d][p[j]], occ);
		}
		if (ob_cellset_has(cannons, p[0]))
			*forbidden = cs_or(*forbidden,
					   cs_andnot(cs_xor(ray, t->ray[d][p[0]]),
						     cs_bit(p[0])));
		if (p[1] >= 0 && ob_cellset_has(cannons, p[1])) {
			cs_set(&th->checkers, p[1]);
			th->cannon_check = true;
		}
		if (p[2] >= 0 && ob_cellset_has(cannons, p[2])) {
			struct ob_cellset line = cs_xor(ray, t->ray[d][p[2]]);
			for (int j = 0; j < 2; j++)
				if (ob_cellset_has(pos->by_color[us], p[j]))
					pin(th, p[j],
					    cs_andnot(line, cs_bit(p[1 - j])));
		}
	}
}

OB_ALWAYS_INLINE
static inline void find_threats_w(const struct ob_position *pos,
				  const struct ob_tables *t,
				  struct ob_threats *th,
				  int royal, struct ob_cellset occ,
				  const bool narrow)
{
	int us = pos->side;
	struct ob_cellset ours = cs_w(pos->by_color[us], narrow);

	ob_enemies_list(pos, t, th); /* their sliders when a scan needs them */
	th->pinned = cs_empty();
	th->checkers = cs_empty();
	th->cannon_check = false;
	th->forbidden = cs_empty();
	th->evasion = cs_andnot(cs_w(t->all, narrow), ours);
	if (royal < 0)
		return;

	/* The checkers by a step, then along the lines through the royal
	 * piece: each enemy slider on one of its lines, with no piece between
	 * them (a checker) or only an own piece (pinned). */
	struct ob_cellset checkers = cs_empty();
	int nenemies = narrow ? 1 : th->nenemies; /* 64 cells: two armies */
	for (int e = 0; e < nenemies; e++)
		checkers = cs_or(checkers,
				 ob_step_attackers_w(pos, t, royal, th->enemy[e],
						     narrow));
	struct ob_cellset block = checkers;
	struct ob_cellset sliders = cs_empty(); /* of every army */
	for (uint16_t ks = t->slider_kinds[us]; ks; ks &= (uint16_t)(ks - 1))
		sliders = cs_or(sliders, pos->by_kind[__builtin_ctz(ks)]);
	for (struct ob_cellset snipers = cs_w(
		     cs_andnot(cs_and(t->lines_from[royal], sliders), ours), narrow);
	     cs_any(snipers);) {
		int s = cs_pop_w(&snipers, narrow);
		int d = t->dir_to[royal][s];
		ob_piece piece = pos->board[s];
		if (!ob_slides_along(t, piece, d))
			continue; /* it does not move along this line */
		/* the cells between the two, and s */
		struct ob_cellset line =
			cs_w(cs_xor(t->ray[d][royal], t->ray[d][s]), narrow);
		struct ob_cellset between = cs_andnot(cs_and(line, occ), cs_bit(s));
		if (!cs_any(between)) {
			cs_set_w(&checkers, s, narrow);
			block = cs_or(block, line);
		} else if (!cs_more_than_one(between) &&
			   cs_any(cs_and(between, ours))) {
			int b = cs_first(between); /* one line */
			cs_set(&th->pinned, b);
			th->pin_line[b] = line;
		}
	}
	th->checkers = checkers;
	if (cs_any(checkers))
		th->evasion = cs_more_than_one(checkers) ? cs_empty() : block;
	if (!narrow) /* no cannon on 64 cells */
		for (int e = 0; e < th->nenemies; e++)
			if (t->ncannon_scans[th->enemy[e]])
				cannon_threats(pos, t, th, th->enemy[e], royal,
					       occ, &th->forbidden);
	th->evasion = cs_andnot(th->evasion, th->forbidden);
}

/* The cells a cannon attacks, as far as they are among `targets`: along
 * each of its lines, those past the first piece met (its screen) up to
 * and with the next piece met. */
static inline struct ob_cellset cannon_attacks(const struct ob_tables *t,
					       int army, int kind, int from,
					       struct ob_cellset occ,
					       struct ob_cellset targets)
{
	struct ob_cellset found = cs_empty();
	for (int i = 0; i < t->nslide_dirs[army][kind]; i++) {
		int d = t->slide_dirs[army][kind][i];
		if (!cs_any(cs_and(t->ray[d][from], targets)))
			continue; /* a line that reaches none of them */
		struct ob_cellset blockers = cs_and(t->ray[d][from], occ);
		if (!cs_any(blockers))
			continue;
		struct ob_cellset beyond = t->ray[d][cs_nearest(t, d, blockers)];
		struct ob_cellset met = cs_and(beyond, occ);
		if (cs_any(met))
			beyond = cs_xor(beyond, t->ray[d][cs_nearest(t, d, met)]);
		found = cs_or(found, beyond);
	}
	return found;
}

/* The cells of `targets` army them does not attack over occupancy occ,
 * found piece by piece until none is left. */
OB_ALWAYS_INLINE
static inline struct ob_cellset unattacked(const struct ob_position *pos,
					   const struct ob_tables *t, int them,
					   struct ob_cellset targets,
					   struct ob_cellset occ_without,
					   const bool narrow)
{
	const struct ob_variant *v = pos->variant;
	struct ob_cellset theirs = cs_w(pos->by_color[them], narrow);
	struct ob_cellset pieces =
		cs_and(cs_w(pos->by_kind[v->pawn_kind], narrow), theirs);
	while (cs_any(pieces))
		targets = cs_andnot(
			targets,
			cs_w(t->pawn_attack[them][cs_pop_w(&pieces, narrow)],
			     narrow));
	for (uint16_t ks = t->leaper_kinds[them]; ks && cs_any(targets);
	     ks &= (uint16_t)(ks - 1)) {
		int k = __builtin_ctz(ks);
		pieces = cs_and(cs_w(pos->by_kind[k], narrow), theirs);
		while (cs_any(pieces))
			targets = cs_andnot(
				targets,
				cs_w(t->leap[them][k][cs_pop_w(&pieces, narrow)],
				     narrow));
	}
	for (uint16_t ks = t->slider_kinds[them]; ks && cs_any(targets);
	     ks &= (uint16_t)(ks - 1)) {
		int k = __builtin_ctz(ks);
		pieces = cs_and(cs_w(pos->by_kind[k], narrow), theirs);
		while (cs_any(pieces) && cs_any(targets))
			targets = cs_andnot(
				targets,
				ob_slider_attacks_w(t, them, k,
						    cs_pop_w(&pieces, narrow),
						    occ_without, narrow));
	}
	if (!narrow && t->ncannon_scans[them]) /* no cannon on 64 cells */
		for (uint16_t ks = t->cannon_kinds[them]; ks && cs_any(targets);
		     ks &= (uint16_t)(ks - 1)) {
			int k = __builtin_ctz(ks);
			pieces = cs_and(pos->by_kind[k], theirs);
			while (cs_any(pieces) && cs_any(targets))
				targets = cs_andnot(
					targets,
					cannon_attacks(t, them, k,
						       cs_pop(&pieces),
						       occ_without, targets));
		}
	return targets;
}

/* Up to this many royal targets, each is scanned for attackers; beyond,
 * the enemy's attacks are gathered once. */
#define ROYAL_SCAN_MAX 4

/* The cells the royal piece on `royal` may step to. */
OB_ALWAYS_INLINE
static inline struct ob_cellset royal_steps_w(const struct ob_position *pos,
					      const struct ob_tables *t,
					      const struct ob_threats *th,
					      int royal, struct ob_cellset occ,
					      const bool narrow)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	struct ob_cellset targets =
		cs_andnot(cs_w(t->leap[us][v->royal_kind][royal], narrow),
			  cs_w(pos->by_color[us], narrow));
	struct ob_cellset occ_without = cs_andnot(occ, cs_bit(royal));
	if (cs_count(targets) <= ROYAL_SCAN_MAX) {
		struct ob_cellset safe = cs_empty();
		while (cs_any(targets)) {
			int to = cs_pop_w(&targets, narrow);
			if (!attacked_by_enemies(pos, t, th, to, occ_without,
						 narrow))
				cs_set_w(&safe, to, narrow);
		}
		return safe;
	}
	/* Many targets: everything the enemy attacks with the royal piece
	 * lifted, piece by piece, until no target is left. */
	if (narrow || t->narmies == 2) /* the one enemy, without a loop */
		return unattacked(pos, t, th->enemy[0], targets, occ_without,
				  narrow);
	for (int e = 0; e < th->nenemies && cs_any(targets); e++)
		targets = unattacked(pos, t, th->enemy[e], targets, occ_without,
				     narrow);
	return targets;
}


/* One copy of each per set width, out of the generator's body. */
static void find_threats_narrow(const struct ob_position *pos,
				const struct ob_tables *t,
				struct ob_threats *th,
				int royal, struct ob_cellset occ)
{
	find_threats_w(pos, t, th, royal, occ, true);
}
static void find_threats_wide(const struct ob_position *pos,
			      const struct ob_tables *t, struct ob_threats *th,
			      int royal, struct ob_cellset occ)
{
	find_threats_w(pos, t, th, royal, occ, false);
}
static struct ob_cellset royal_steps_narrow(const struct ob_position *pos,
					    const struct ob_tables *t,
					    const struct ob_threats *th,
					    int royal,
					    struct ob_cellset occ)
{
	return royal_steps_w(pos, t, th, royal, occ, true);
}
static struct ob_cellset royal_steps_wide(const struct ob_position *pos,
					  const struct ob_tables *t,
					  const struct ob_threats *th,
					  int royal,
					  struct ob_cellset occ)
{
	return royal_steps_w(pos, t, th, royal, occ, false);
}
void ob_find_threats(const struct ob_position *pos, struct ob_threats *th,
		     int royal, struct ob_cellset occ)
{
	if (pos->variant->tables->ncells <= 64)
		find_threats_narrow(pos, pos->variant->tables, th, royal, occ);
	else
		find_threats_wide(pos, pos->variant->tables, th, royal, occ);
}

struct ob_cellset ob_royal_steps(const struct ob_position *pos,
				 struct ob_threats *th, int royal,
				 struct ob_cellset occ)
{
	const struct ob_tables *t = pos->variant->tables;
	ob_enemy_sliders(pos, t, th);
	return t->ncells <= 64 ? royal_steps_narrow(pos, t, th, royal, occ)
			       : royal_steps_wide(pos, t, th, royal, occ);
}
