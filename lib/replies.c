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
 * kept for (pawns that may promote to a limited choice); own: its army's
 * pieces.  Those within a pin's line: the cells off it added to occ and
 * own (no cannons). */
OB_ALWAYS_INLINE
static inline int unrestricted_moves(const struct ob_position *pos,
				     const struct ob_tables *t, int army,
				     int k, int from, struct ob_cellset occ,
				     struct ob_cellset own,
				     struct ob_cellset *att,
				     struct ob_cellset *depends,
				     const bool narrow)
{
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

/* Is the piece on cell c one of army `them`'s of the kinds `kinds`? */
static inline bool holds(const struct ob_position *pos, int them, int c,
			 unsigned kinds)
{
	return ob_cellset_has(pos->by_color[them], c) &&
	       (kinds >> OB_PIECE_KIND(pos->board[c]) & 1);
}

/*
 * The cells on which whether army `them` attacks cell c over occupancy
 * occ depends, when a move changes the pieces on a few cells and brings
 * none of them's pieces there (a moved piece's own attacks are found
 * after the move): the cells of its pieces that attack c by a step; along
 * each line the cells up to its slider met first, the cell met first
 * when its slider comes second (moved away, that opens the line), and
 * the cells up to its cannon met first, second or third (a move changes
 * the number of pieces between by at most one, and a cannon attacks over
 * exactly one).  ranged: them's pieces that move along lines.  Adds to
 * *stepped the pieces that attack c by a step, and to *lines a bit for
 * each direction along which them attacks c.
 */
OB_ALWAYS_INLINE
static inline struct ob_cellset
attack_depends(const struct ob_position *pos, const struct ob_tables *t,
	       int them, int c, struct ob_cellset occ, struct ob_cellset ranged,
	       struct ob_cellset *stepped, uint32_t *lines, const bool narrow)
{
	struct ob_cellset depends = ob_step_attackers_w(pos, t, c, them, narrow);
	*stepped = cs_or(*stepped, depends);
	for (int d = 0; d < t->ndirs; d++) {
		unsigned sliders = t->line_kinds[them][d];
		unsigned cannons = t->cannon_line_kinds[them][d];
		struct ob_cellset ray = cs_w(t->ray[d][c], narrow);
		if (!(sliders | cannons) || !cs_any(cs_and(ray, ranged)))
			continue;
		int met[3], n = 0, far = -1;
		for (struct ob_cellset m = cs_and(ray, occ);
		     cs_any(m) && n < (cannons ? 3 : 2);
		     m = cs_and(cs_w(t->ray[d][met[n++]], narrow), occ))
			met[n] = cs_nearest_w(t, d, m, narrow);
		if (n > 0 && holds(pos, them, met[0], sliders))
			far = 0, *lines |= 1u << d;
		else if (n > 1 && holds(pos, them, met[1], sliders))
			cs_set_w(&depends, met[0], narrow);
		for (int j = 0; j < n && cannons; j++)
			if (holds(pos, them, met[j], cannons)) {
				far = j;
				*lines |= (uint32_t)(j == 1) << d;
			}
		if (far >= 0)
			depends = cs_or(depends,
					cs_xor(ray, cs_w(t->ray[d][met[far]],
							 narrow)));
	}
	return depends;
}

/* Fills *w for cell c against the enemies of th over occupancy occ
 * (ranged[e]: enemy e's pieces that move along lines). */
OB_ALWAYS_INLINE
static inline void watch(const struct ob_position *pos,
			 const struct ob_tables *t, const struct ob_threats *th,
			 int c, struct ob_cellset occ,
			 const struct ob_cellset *ranged, struct ob_watch *w,
			 const bool narrow)
{
	w->cell = (uint8_t)c;
	w->lines = 0;
	w->depends = w->stepped = cs_empty();
	for (int e = 0; e < th->nenemies; e++)
		w->depends = cs_or(w->depends,
				   attack_depends(pos, t, th->enemy[e], c, occ,
						  ranged[e], &w->stepped,
						  &w->lines, narrow));
}

/* Is the watched cell attacked now? */
static inline bool attacked(const struct ob_watch *w)
{
	return w->lines || cs_any(w->stepped);
}

/* The replying army's royal steps now (replying: the position with it to
 * move), and for each target the cells whether it is attacked with the
 * royal piece lifted depends on. */
OB_ALWAYS_INLINE
static inline void keep_royal_steps(const struct ob_position *replying,
				    const struct ob_tables *t,
				    struct ob_threats *th,
				    struct ob_reply_cache *cache,
				    struct ob_cellset occ, const bool narrow)
{
	const struct ob_variant *v = replying->variant;
	int us = replying->side, royal = cache->royal;
	struct ob_cellset targets =
		cs_andnot(cs_w(t->leap[us][v->royal_kind][royal], narrow),
			  cs_w(replying->by_color[us], narrow));
	struct ob_cellset lifted = cs_andnot(occ, cs_bit(royal));
	struct ob_cellset ranged[OB_MAX_ARMIES - 1];
	for (int e = 0; e < th->nenemies; e++)
		ranged[e] = cs_w(long_range(replying, t, th->enemy[e]), narrow);
	cache->nsteps = 0;
	/* The own pieces next to it: taking one makes a new step. */
	cache->royal_guards = cs_and(cs_w(t->leap[us][v->royal_kind][royal],
					  narrow),
				     cs_w(replying->by_color[us], narrow));
	if (cs_count(targets) > OB_MAX_ROYAL_STEPS) { /* all judged anew */
		cache->royal_safe = ob_royal_steps(replying, th, royal, occ);
		cache->royal_depends = cache->royal_guards = cs_w(t->all, narrow);
		return;
	}
	struct ob_cellset depends = cache->royal_guards;
	cache->royal_safe = cs_empty();
	while (cs_any(targets)) {
		struct ob_watch *w = &cache->step[cache->nsteps++];
		watch(replying, t, th, cs_pop_w(&targets, narrow), lifted,
		      ranged, w, narrow);
		depends = cs_or(depends, w->depends);
		if (!attacked(w))
			cs_set_w(&cache->royal_safe, w->cell, narrow);
	}
	cache->royal_depends = depends;
}

/* The replying army's swap partners now (Liu Yang): whether each one's
 * cell is attacked, and its watch. */
static void keep_swaps(const struct ob_position *replying,
		       const struct ob_tables *t, const struct ob_threats *th,
		       struct ob_reply_cache *cache, struct ob_cellset occ)
{
	const struct ob_variant *v = replying->variant;
	/* swaps: two armies */
	struct ob_cellset ranged = long_range(replying, t, th->enemy[0]);
	cache->npartners = 0;
	cache->partner_cells = cache->partner_safe = cs_empty();
	cache->partner_depends = cs_empty();
	for (int rule = 0; rule < v->npairs; rule++) {
		if (v->pairs[rule].type != OB_SWAP)
			continue;
		for (struct ob_cellset p = ob_swap_partners(replying, rule);
		     cs_any(p) && cache->npartners < OB_MAX_PARTNERS;) {
			int i = cache->npartners++;
			struct ob_watch *w = &cache->partner[i].watch;
			watch(replying, t, th, cs_pop(&p), occ, &ranged, w, false);
			cache->partner[i].rule = (uint8_t)rule;
			cs_set(&cache->partner_cells, w->cell);
			if (!attacked(w))
				cs_set(&cache->partner_safe, w->cell);
			cache->partner_depends =
				cs_or(cache->partner_depends, w->depends);
		}
	}
	cache->partners_distinct =
		cs_count(cache->partner_cells) == cache->npartners;
}

/* The replying army's paired moves (two armies): those it may still
 * make after a move, and the safe cells of the castlings kept, each
 * watched (struct ob_reply_cache). */
OB_ALWAYS_INLINE
static inline void keep_castlings(const struct ob_position *replying,
				  const struct ob_tables *t,
				  const struct ob_threats *th,
				  struct ob_reply_cache *cache,
				  struct ob_cellset occ, const bool narrow)
{
	const struct ob_variant *v = replying->variant;
	int us = replying->side;
	struct ob_cellset own = replying->by_color[us], cells = cs_empty();
	struct ob_cellset empty = cs_empty();
	cache->pairs_live = cache->castles_kept = cache->castles_legal = 0;
	for (unsigned held = replying->rights & t->rights_of[us]; held;
	     held &= held - 1) {
		unsigned bit = held & (0u - held);
		int rule = __builtin_ctz(held) - us * v->npairs;
		const struct ob_pair_rule *r = &v->pairs[rule];
		int mover = t->pair[us][rule].mover;
		if (replying->board[mover] != OB_PIECE(us, r->mover_kind) ||
		    replying->board[t->pair[us][rule].partner] !=
			    OB_PIECE(us, r->partner_kind) ||
		    cs_any(cs_and(own, t->pair_empty[us][rule])))
			continue;
		cache->pairs_live |= bit;
		if ((t->castle_safe_decides[us] & bit) && mover == cache->royal) {
			cache->castles_kept |= bit;
			cells = cs_or(cells, t->pair_safe[us][rule]);
			empty = cs_or(empty, t->pair_empty[us][rule]);
		}
	}
	cache->ncastle_watches = 0;
	cache->castle_attacked = cache->castle_depends = cs_empty();
	cache->castle_cells = cs_w(cells, narrow);
	if (!cache->castles_kept)
		return;
	struct ob_cellset ranged =
		cs_w(long_range(replying, t, th->enemy[0]), narrow);
	while (cs_any(cells)) {
		struct ob_watch *w = &cache->castle_watch[cache->ncastle_watches++];
		watch(replying, t, th, cs_pop_w(&cells, narrow), occ, &ranged, w,
		      narrow);
		cache->castle_depends = cs_or(cache->castle_depends, w->depends);
		if (attacked(w))
			cs_set_w(&cache->castle_attacked, w->cell, narrow);
	}
	cache->castle_fixed = cs_w(cs_or(cache->castle_depends, empty), narrow);
	for (unsigned kept = cache->castles_kept; kept; kept &= kept - 1) {
		int rule = __builtin_ctz(kept) - us * v->npairs;
		if (!cs_any(cs_and(occ, t->pair_empty[us][rule])) &&
		    !cs_any(cs_and(cache->castle_attacked,
				   t->pair_safe[us][rule])))
			cache->castles_legal |= kept & (0u - kept);
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
	if (th.cannon_check) /* its moves are judged by making them */
		return;
	ob_enemy_sliders(&replying, t, &th);
	cache->threats_kept = true;
	cache->checkers = th.checkers;
	cache->step_checkers = cs_empty();
	cache->evasion = th.evasion;
	for (int e = 0; e < th.nenemies && cs_any(th.checkers); e++)
		cache->step_checkers = cs_or(
			cache->step_checkers,
			ob_step_attackers_w(&replying, t, royal, th.enemy[e],
					    narrow));
	cache->forbidden = th.forbidden;
	cache->pinned = th.pinned;
	for (struct ob_cellset p = th.pinned; cs_any(p);) {
		int b = cs_pop_w(&p, narrow);
		cache->pin_line[b] = th.pin_line[b];
	}
	struct ob_cellset cells = cs_empty();
	uint32_t lines = 0;
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
		/* The lines it could attack on: every line of its sliders'
		 * kinds (the army that moves), or those its sliders stand on
		 * (the third). */
		if (!fixed) {
			for (int d = 0; d < t->ndirs; d++)
				if (t->line_kinds[them][d])
					lines |= 1u << d;
		} else {
			struct ob_cellset sliders = cs_empty();
			for (int g = 0; g < t->ngroups[them]; g++)
				sliders = cs_or(sliders, th.sliders[e].group[g]);
			for (struct ob_cellset c = cs_and(sliders,
							  t->lines_from[royal]);
			     cs_any(c);) {
				int x = cs_pop(&c);
				int d = t->dir_to[royal][x];
				if (ob_slides_along(t, pos->board[x], d))
					lines |= 1u << d;
			}
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
	/* Along each such line the checker is the first piece met and a
	 * pin's the second, behind an own piece: the cells beyond change
	 * neither. */
	for (; lines; lines &= lines - 1) {
		int d = __builtin_ctz(lines);
		struct ob_cellset ray = t->ray[d][royal];
		struct ob_cellset met = cs_and(ray, occ);
		if (cs_any(met) &&
		    ob_cellset_has(pos->by_color[next], cs_nearest(t, d, met)))
			met = cs_and(t->ray[d][cs_nearest(t, d, met)], occ);
		if (cs_any(met))
			ray = cs_xor(ray, t->ray[d][cs_nearest(t, d, met)]);
		cells = cs_or(cells, ray);
	}
	cache->threat_cells = cs_w(cells, narrow);
	keep_royal_steps(&replying, t, &th, cache, occ, narrow);
	if (t->narmies == 2 && replying.rights)
		keep_castlings(&replying, t, &th, cache, occ, narrow);
	if (t->has_swap)
		keep_swaps(&replying, t, &th, cache, occ);
}

/* Three armies: the replier's attacks on the other royal pieces, which
 * settling asks after each move, and the cells each depends on. */
static void keep_royal_attacks(const struct ob_position *pos,
			       const struct ob_tables *t, int next,
			       struct ob_settling_cache *s,
			       struct ob_cellset occ)
{
	struct ob_cellset ranged = long_range(pos, t, next); /* it won't move */
	s->mover = pos->side;
	s->replier = next;
	s->ep_victim = pos->ep_victim;
	for (int a = 0; a < t->narmies; a++) {
		int royal = pos->royal_cell[a];
		/* The mover's is not attacked after its legal move: settling
		 * does not ask (no cell matches, if asked). */
		s->royal_of[a] = a == s->mover ? -1 : royal;
		s->royal_attacked[a] = false;
		if (a == next || a == s->mover || royal < 0)
			continue;
		struct ob_cellset stepped = cs_empty();
		uint32_t along = 0;
		s->royal_attack_depends[a] = attack_depends(
			pos, t, next, royal, occ, ranged, &stepped, &along, false);
		s->royal_attacked[a] = along || cs_any(stepped);
	}
}

/* The moves of the pinned piece on cell c within its pin's line, over
 * occupancy occ with its army's pieces own. */
static int pinned_moves(const struct ob_position *pos,
			const struct ob_tables *t,
			const struct ob_reply_cache *cache, int c,
			struct ob_cellset line, struct ob_cellset occ,
			struct ob_cellset own)
{
	struct ob_cellset off = cs_andnot(t->all, line);
	struct ob_cellset att, depends;
	return unrestricted_moves(pos, t, cache->replier,
				  OB_PIECE_KIND(pos->board[c]), c,
				  cs_or(occ, off), cs_or(own, off), &att,
				  &depends, false);
}

/* Three armies: whether quiet moves can be counted, their quiet cells
 * (struct ob_reply_cache), and then each pinned piece's count kept
 * within its pin's line. */
static void keep_quiet(const struct ob_position *pos,
		       struct ob_reply_cache *cache)
{
	const struct ob_tables *t = pos->variant->tables;
	int next = cache->replier;
	int third = 3 - cache->mover - next; /* 0 + 1 + 2 */
	bool third_in = next != cache->mover && pos->royal_cell[third] >= 0;
	cache->quiet_ok =
		next != cache->mover && cache->threats_kept &&
		!cs_any(cache->checkers) && !t->has_swap && !pos->rights &&
		!t->cannon_kinds[next] &&
		!cs_any(cs_xor(cache->counted,
			       cs_andnot(pos->by_color[next],
					 cs_bit(cache->royal)))) &&
		!(third_in && cache->settling.royal_attacked[third]);
	if (!cache->quiet_ok)
		return;
	/* A pinned piece's count is kept within its line (the generator
	 * counts it again whenever it was pinned here). */
	struct ob_cellset occ = ob_occupied(pos);
	for (struct ob_cellset p = cache->pinned; cs_any(p);) {
		int c = cs_pop(&p);
		int moves = pinned_moves(pos, t, cache, c, cache->pin_line[c],
					 occ, pos->by_color[next]);
		cache->total += moves - cache->count[c];
		cache->count[c] = (uint8_t)moves;
	}
	cache->quiet_cells = cs_or(cache->royal_depends, pos->by_color[next]);
	if (third_in)
		cache->quiet_cells = cs_or(
			cache->quiet_cells,
			cache->settling.royal_attack_depends[third]);
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
	cache->pairs_live = ~0u; /* not known, unless keep_castlings says */
	cache->castles_kept = 0;
	keep_threats(pos, t, cache, occ, narrow);
	if (t->narmies > 2)
		keep_royal_attacks(pos, t, next, &cache->settling, occ);
	for (int k = 0; k < v->nkinds; k++) {
		if (k == v->royal_kind && pos->royal_cell[next] >= 0)
			continue;
		struct ob_cellset pieces =
			cs_and(cs_w(pos->by_kind[k], narrow), own);
		while (cs_any(pieces)) {
			int from = cs_pop_w(&pieces, narrow);
			struct ob_cellset depends;
			int moves = unrestricted_moves(pos, t, next, k, from, occ,
						       own,
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
	cache->quiet_ok = false;
	if (!narrow && t->narmies > 2)
		keep_quiet(pos, cache);
}

void ob_settling_cache_fill(const struct ob_position *pos,
			    struct ob_settling_cache *settling)
{
	keep_royal_attacks(pos, pos->variant->tables,
			   ob_next_army(pos, pos->side), settling,
			   ob_occupied(pos));
}

void ob_reply_cache_fill(const struct ob_position *pos,
			 struct ob_reply_cache *cache)
{
	if (pos->variant->tables->ncells <= 64) /* one-word sets */
		reply_cache_fill_w(pos, cache, true);
	else
		reply_cache_fill_w(pos, cache, false);
}

/* The pins a move changes: the pieces pinned before on the lines through
 * its two cells (old), and those pinned after on them, each with its
 * line. */
struct pins_changed {
	struct ob_cellset old;
	int n, cell[2];
	struct ob_cellset line[2];
};

/* Before a move from `from` to `to` that leaves a piece of kind `kind`
 * there (occ: the occupancy after it), on a board without cannons: does
 * it leave the replier out of check?  Only the moved piece can check by a
 * step, and along the lines through the move's two cells the first
 * pieces met are read again (ob_line_threat, the moved piece placed on
 * `to`, as moved_threats reads them after the move); the pins that
 * change there go to *pc. */
static bool threats_stand(const struct ob_position *pos,
			  const struct ob_tables *t,
			  const struct ob_reply_cache *cache, int from, int to,
			  int kind, struct ob_cellset occ,
			  struct pins_changed *pc)
{
	int royal = cache->royal, mover = cache->mover;
	if (ob_steps_onto(pos, t, mover, kind, to, royal, false))
		return false;
	ob_piece moved = OB_PIECE(mover, kind);
	/* the replier's pieces stand: a quiet move lands on none */
	struct ob_cellset own = pos->by_color[cache->replier];
	for (uint32_t lines = ob_lines_through(t, royal, from, to); lines;
	     lines &= lines - 1) {
		int d = __builtin_ctz(lines), pinned;
		struct ob_cellset ray = t->ray[d][royal], line;
		struct ob_cellset was = cs_and(cache->pinned, ray);
		int a = ob_line_threat(pos, t, d, ray, occ, own, to, moved,
				       &pinned, &line, false);
		if (a < 0) {
			pc->old = cs_or(pc->old, was);
			continue;
		}
		if (pinned < 0)
			return false; /* check */
		if (ob_cellset_has(was, pinned) &&
		    !cs_any(cs_xor(cache->pin_line[pinned], line)))
			continue; /* the same pin */
		pc->old = cs_or(pc->old, was);
		pc->cell[pc->n] = pinned;
		pc->line[pc->n++] = line;
	}
	return true;
}

int ob_reply_count_quiet(const struct ob_position *pos,
			 const struct ob_reply_cache *cache, ob_move m)
{
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	struct ob_cellset changed = cs_or(cs_bit(from), cs_bit(to));
	if (!cache->quiet_ok || cs_any(cs_and(changed, cache->quiet_cells)))
		return -1;
	const struct ob_tables *t = pos->variant->tables;
	struct ob_cellset redo =
		cs_or(cache->depends[from], cache->depends[to]);
	/* after the move: its piece on `to` (the replier's own pieces stand) */
	int promo = OB_MOVE_PROMO(m);
	int kind = promo >= 0 ? promo : OB_PIECE_KIND(pos->board[from]);
	struct ob_cellset occ = cs_or(cs_andnot(ob_occupied(pos), cs_bit(from)),
				      cs_bit(to));
	struct pins_changed pc = {.n = 0};
	if (cs_any(cs_and(changed, cache->threat_cells)) &&
	    !threats_stand(pos, t, cache, from, to, kind, occ, &pc))
		return -1;
	/* counted again: the pieces that depend on the move's cells, and
	 * those pinned or freed by it (a piece pinned then and now on the
	 * same line keeps its line) */
	struct ob_cellset pinned = cs_andnot(cache->pinned, pc.old);
	for (int i = 0; i < pc.n; i++) {
		cs_set(&redo, pc.cell[i]);
		cs_set(&pinned, pc.cell[i]);
	}
	redo = cs_or(redo, pc.old);
	int next = cache->replier;
	struct ob_cellset own = pos->by_color[next];
	int n = cache->total;
	for (struct ob_cellset p = redo; cs_any(p);) {
		int c = cs_pop(&p), moves;
		struct ob_cellset att, depends;
		if (!ob_cellset_has(pinned, c))
			moves = unrestricted_moves(pos, t, next,
						   OB_PIECE_KIND(pos->board[c]),
						   c, occ, own, &att, &depends,
						   false);
		else {
			int i = 0;
			while (i < pc.n && pc.cell[i] != c)
				i++;
			moves = pinned_moves(pos, t, cache, c,
					     i < pc.n ? pc.line[i]
						      : cache->pin_line[c],
					     occ, own);
		}
		n += moves - cache->count[c];
	}
	/* the royal piece's safe steps, less the moved piece's new attacks
	 * (the royal piece lifted) */
	struct ob_cellset safe = cache->royal_safe;
	if (cs_any(safe))
		safe = cs_andnot(safe, ob_piece_attacks_w(
					       pos, t, cache->mover, kind, to,
					       cs_andnot(occ, cs_bit(cache->royal)),
					       safe, false));
	return n + cs_count(safe);
}
