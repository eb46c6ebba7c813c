/*
 * The reply cache (lib/movegen.h): before perft makes each move of a
 * position at its last two plies, what the replying army's moves depend
 * on is found once here, so that after a move only what it touched is
 * counted again (ob_legal_count_cached in lib/movegen.c).
 */
#include "oblique.h"

#include <string.h>

#include "movegen.h"

/* A cannon's moves: along each of its lines the empty cells up to the
 * first piece met, and the next piece met beyond it when that is an
 * enemy; they depend on the cells up to that next piece. */
static int cannon_moves(const struct ob_tables *t, int army, int k, int from,
			struct ob_cellset occ, struct ob_cellset own,
			struct ob_cellset *depends)
{
	struct ob_cellset to = cs_empty();
	*depends = cs_empty();
	for (int i = 0; i < t->nslide_dirs[army][k]; i++) {
		int d = t->slide_dirs[army][k][i];
		struct ob_cellset ray = t->ray[d][from];
		struct ob_cellset met = cs_and(ray, occ);
		if (!cs_any(met)) {
			to = cs_or(to, ray);
			*depends = cs_or(*depends, ray);
			continue;
		}
		int screen = cs_nearest(t, d, met);
		to = cs_or(to, cs_andnot(cs_xor(ray, t->ray[d][screen]),
					 cs_bit(screen)));
		met = cs_and(t->ray[d][screen], occ);
		if (!cs_any(met)) {
			*depends = cs_or(*depends, ray);
			continue;
		}
		int target = cs_nearest(t, d, met);
		*depends = cs_or(*depends, cs_xor(ray, t->ray[d][target]));
		if (!ob_cellset_has(own, target))
			cs_set(&to, target);
	}
	return cs_count(to);
}

/* A piece's moves as the generator counts them with no check and no pin
 * (the cells it depends on in *depends), or -1 for the pieces no count is
 * kept for (pawns that may promote to a limited choice). */
OB_ALWAYS_INLINE
static inline int unrestricted_moves(const struct ob_position *pos,
				     const struct ob_tables *t, int army,
				     int k, int from, struct ob_cellset occ,
				     struct ob_cellset *att,
				     struct ob_cellset *depends,
				     const bool narrow)
{
	struct ob_cellset own = cs_w(pos->by_color[army], narrow);
	struct ob_cellset to;
	switch (t->gen_class[k]) {
	case OB_SLIDE:
		*att = to = *depends =
			ob_slider_attacks_w(t, army, k, from, occ, narrow);
		return cs_count(cs_andnot(to, own));
	case OB_LEAP:
		to = *depends = cs_w(t->leap[army][k][from], narrow);
		return cs_count(cs_andnot(to, own));
	case OB_PAWN: {
		struct ob_cellset push = cs_w(t->pawn_push[army][from], narrow);
		struct ob_cellset capture =
			cs_w(t->pawn_attack[army][from], narrow);
		*depends = cs_or(push, capture);
		to = cs_or(cs_andnot(push, occ),
			   cs_and(capture, cs_andnot(occ, own)));
		/* Liu Yang's choices shrink as the army's pieces are taken */
		if (t->promotion_limited &&
		    cs_any(cs_and(*depends, t->promotion[army])))
			return -1;
		int moves = cs_count(to) +
			    cs_count(cs_and(to, t->promotion[army])) *
				    (t->npromotions - 1);
		int mid = t->double_mid[army][from];
		int far = t->double_to[army][from];
		if (far >= 0) {
			cs_set_w(depends, mid, narrow);
			cs_set_w(depends, far, narrow);
			moves += !cs_has_w(occ, mid, narrow) &&
				 !cs_has_w(occ, far, narrow);
		}
		return moves;
	}
	case OB_GEN_OTHER: /* a cannon, or a slider with leaps */
		if (pos->variant->kinds[k].motion == OB_CANNON)
			return cannon_moves(t, army, k, from, occ, own, depends);
		to = *depends = cs_or(
			ob_slider_attacks_w(t, army, k, from, occ, narrow),
			cs_w(t->leap[army][k][from], narrow));
		return cs_count(cs_andnot(to, own));
	}
	return -1;
}

/* The army's pieces that move along lines (sliders, cannons). */
static struct ob_cellset long_range(const struct ob_position *pos,
				    const struct ob_tables *t, int army)
{
	struct ob_cellset found = cs_empty();
	for (int k = 0; k < pos->variant->nkinds; k++)
		if (t->nslide_dirs[army][k] > 0)
			found = cs_or(found, pos->by_kind[k]);
	return cs_and(found, pos->by_color[army]);
}

/* The cells on which whether army `them` attacks cell c over occupancy
 * occ depends: those that step to it, and along each line those up to
 * the first piece met (the second when it has cannons).  When the army
 * does not move (fixed: its pieces can only be taken), only the cells of
 * its pieces that step to c count, and only the lines with one of its
 * long-range pieces on them. */
OB_ALWAYS_INLINE
static inline struct ob_cellset
attack_depends(const struct ob_position *pos, const struct ob_tables *t,
	       int them, int c, struct ob_cellset occ, bool fixed,
	       struct ob_cellset lines, const bool narrow)
{
	bool cannons = t->ncannon_scans[them] != 0;
	struct ob_cellset depends = t->pawn_attack_from[them][c];
	for (uint16_t ks = t->leaper_kinds[them]; ks; ks &= (uint16_t)(ks - 1))
		depends = cs_or(depends, t->leap_from[them][__builtin_ctz(ks)][c]);
	if (fixed)
		depends = cs_and(depends, pos->by_color[them]);
	for (int d = 0; d < t->ndirs; d++) {
		struct ob_cellset ray = cs_w(t->ray[d][c], narrow);
		if (fixed && !cs_any(cs_and(ray, lines)))
			continue;
		struct ob_cellset met = cs_and(ray, occ);
		if (cs_any(met) && cannons) /* over the first piece met */
			met = cs_and(cs_w(t->ray[d][cs_nearest_w(t, d, met,
								 narrow)],
					  narrow),
				     occ);
		if (cs_any(met))
			ray = cs_xor(ray, cs_w(t->ray[d][cs_nearest_w(t, d, met,
								      narrow)],
					       narrow));
		depends = cs_or(depends, ray);
	}
	return cs_w(depends, narrow);
}

/* The replying army's royal steps now (replying: the position with it to
 * move), and the cells they depend on: the targets, and the attacks on
 * each with the royal piece lifted. */
OB_ALWAYS_INLINE
static inline void keep_royal_steps(const struct ob_position *replying,
				    const struct ob_tables *t,
				    const struct ob_threats *th,
				    struct ob_reply_cache *cache,
				    struct ob_cellset occ, const bool narrow)
{
	const struct ob_variant *v = replying->variant;
	int us = replying->side, royal = cache->royal;
	struct ob_cellset near = cs_w(t->leap[us][v->royal_kind][royal], narrow);
	struct ob_cellset lifted = cs_andnot(occ, cs_bit(royal));
	struct ob_cellset depends = near;
	struct ob_cellset lines[OB_MAX_ARMIES - 1];
	for (int e = 0; e < th->nenemies; e++)
		lines[e] = long_range(replying, t, th->enemy[e]);
	cache->royal_safe = ob_royal_steps(replying, th, royal, occ);
	for (struct ob_cellset to = cs_andnot(near, cs_w(replying->by_color[us],
							    narrow));
	     cs_any(to);) {
		int c = cs_pop_w(&to, narrow);
		for (int e = 0; e < th->nenemies; e++)
			depends = cs_or(depends,
					attack_depends(replying, t, th->enemy[e],
						       c, lifted,
						       th->enemy[e] !=
							       cache->mover,
						       lines[e], narrow));
	}
	cache->royal_depends = depends;
}

/* The replying army's swap partners now (Liu Yang): whether each one's
 * cell is attacked, and the cells that depends on. */
static void keep_swaps(const struct ob_position *replying,
		       const struct ob_tables *t, struct ob_reply_cache *cache,
		       struct ob_cellset occ)
{
	const struct ob_variant *v = replying->variant;
	int them = 1 - replying->side; /* swaps: two armies */
	cache->npartners = 0;
	for (int rule = 0; rule < v->npairs; rule++) {
		if (v->pairs[rule].type != OB_SWAP)
			continue;
		for (struct ob_cellset p = ob_swap_partners(replying, rule);
		     cs_any(p) && cache->npartners < OB_MAX_PARTNERS;) {
			int c = cs_pop(&p);
			int i = cache->npartners++;
			cache->partner[i].cell = (uint8_t)c;
			cache->partner[i].rule = (uint8_t)rule;
			cache->partner[i].safe = !ob_attacked(replying, c, them);
			cache->partner[i].depends = attack_depends(
				replying, t, them, c, occ, false, occ, false);
		}
	}
}

/* The replying army's threats now, as if it were to move, and the cells
 * on the lines (up to the second piece met) and steps by which the enemy
 * could reach its royal piece. */
OB_ALWAYS_INLINE
static inline void keep_threats(const struct ob_position *pos,
				const struct ob_tables *t,
				struct ob_reply_cache *cache,
				struct ob_cellset occ, const bool narrow)
{
	int next = cache->replier;
	int royal = pos->royal_cell[next];
	cache->royal = royal;
	cache->threats_kept = false;
	if (royal < 0)
		return;
	struct ob_position replying = *pos;
	replying.side = next;
	struct ob_threats th;
	ob_find_threats(&replying, &th, royal, occ);
	if (cs_any(th.checkers))
		return;
	cache->threats_kept = true;
	cache->forbidden = th.forbidden;
	cache->pinned = th.pinned;
	for (struct ob_cellset p = th.pinned; cs_any(p);) {
		int b = cs_pop_w(&p, narrow);
		cache->pin_line[b] = th.pin_line[b];
	}
	struct ob_cellset cells = cs_empty();
	for (int e = 0; e < th.nenemies; e++) {
		int them = th.enemy[e];
		/* An army that does not move now (the third) threatens only
		 * from where its pieces stand. */
		bool fixed = them != cache->mover;
		struct ob_cellset steps = t->pawn_attack_from[them][royal];
		for (uint16_t ks = t->leaper_kinds[them]; ks;
		     ks &= (uint16_t)(ks - 1))
			steps = cs_or(steps,
				      t->leap_from[them][__builtin_ctz(ks)][royal]);
		cells = cs_or(cells, fixed ? cs_and(steps, pos->by_color[them])
					   : steps);
		/* Along each line an enemy slider could attack on, the
		 * checker is the first piece met and a pin's the second,
		 * behind an own piece: the cells beyond change neither. */
		for (int g = 0; g < t->ngroups[them]; g++)
			for (int i = 0; i < t->ngroup_dirs[them][g]; i++) {
				int d = t->group_dirs[them][g][i];
				struct ob_cellset ray = t->ray[d][royal];
				if (fixed &&
				    !cs_any(cs_and(ray, th.sliders[e].group[g])))
					continue;
				struct ob_cellset met = cs_and(ray, occ);
				if (cs_any(met) &&
				    ob_cellset_has(pos->by_color[next],
						   cs_nearest(t, d, met)))
					met = cs_and(t->ray[d][cs_nearest(
							     t, d, met)],
						     occ);
				if (cs_any(met))
					ray = cs_xor(ray,
						     t->ray[d][cs_nearest(
							     t, d, met)]);
				cells = cs_or(cells, ray);
			}
		/* A cannon's threats come from the first three pieces met
		 * along its lines */
		for (int i = 0; i < t->ncannon_scans[them]; i++) {
			int d = t->cannon_scan_dir[them][i];
			struct ob_cellset ray = t->ray[d][royal];
			struct ob_cellset met = cs_and(ray, occ);
			for (int j = 1; j < 3 && cs_any(met); j++)
				met = cs_and(t->ray[d][cs_nearest(t, d, met)],
					     occ);
			if (cs_any(met))
				ray = cs_xor(ray,
					     t->ray[d][cs_nearest(t, d, met)]);
			cells = cs_or(cells, ray);
		}
	}
	cache->threat_cells = cs_w(cells, narrow);
	keep_royal_steps(&replying, t, &th, cache, occ, narrow);
	if (t->has_swap)
		keep_swaps(&replying, t, cache, occ);
}

/* Three armies: the replier's attacks on the other royal pieces, which
 * settling asks after each move, and the cells each depends on. */
static void keep_royal_attacks(const struct ob_position *pos,
			       const struct ob_tables *t,
			       struct ob_reply_cache *cache,
			       struct ob_cellset occ)
{
	int next = cache->replier;
	struct ob_cellset lines = long_range(pos, t, next); /* it won't move */
	for (int a = 0; a < t->narmies; a++) {
		int royal = pos->royal_cell[a];
		cache->royal_of[a] = royal;
		if (a == next || royal < 0)
			continue;
		cache->royal_attacked[a] = ob_attacked(pos, royal, next);
		cache->royal_attack_depends[a] = attack_depends(
			pos, t, next, royal, occ, true, lines, false);
	}
}

OB_ALWAYS_INLINE
static inline void reply_cache_fill_w(const struct ob_position *pos,
				      struct ob_reply_cache *cache,
				      const bool narrow)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int next = ob_next_army(pos, pos->side);
	struct ob_cellset own = cs_w(pos->by_color[next], narrow);
	struct ob_cellset occ = cs_w(ob_occupied(pos), narrow);
	cache->mover = pos->side;
	cache->replier = next;
	cache->ep_victim = pos->ep_victim;
	cache->own = own;
	cache->counted = cs_empty();
	cache->total = 0;
	memset(cache->depends, 0, (size_t)t->ncells * sizeof *cache->depends);
	keep_threats(pos, t, cache, occ, narrow);
	if (t->narmies > 2)
		keep_royal_attacks(pos, t, cache, occ);
	for (int k = 0; k < v->nkinds; k++) {
		if (k == v->royal_kind && pos->royal_cell[next] >= 0)
			continue;
		struct ob_cellset pieces =
			cs_and(cs_w(pos->by_kind[k], narrow), own);
		while (cs_any(pieces)) {
			int from = cs_pop_w(&pieces, narrow);
			struct ob_cellset depends;
			int moves = unrestricted_moves(pos, t, next, k, from, occ,
						       &cache->att[from],
						       &depends, narrow);
			if (moves < 0)
				continue;
			cache->count[from] = (uint8_t)moves;
			cache->total += moves;
			cs_set_w(&cache->counted, from, narrow);
			while (cs_any(depends))
				cs_set_w(&cache->depends[cs_pop_w(&depends,
								   narrow)],
					 from, narrow);
		}
	}
}

void ob_reply_cache_fill(const struct ob_position *pos,
			 struct ob_reply_cache *cache)
{
	if (pos->variant->tables->ncells <= 64) /* one-word sets */
		reply_cache_fill_w(pos, cache, true);
	else
		reply_cache_fill_w(pos, cache, false);
}
