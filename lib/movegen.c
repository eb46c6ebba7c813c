/*
 * The fast legal move generator: checkers and pins are found once from the
 * royal piece's cell, against every other army, so every move it yields is
 * legal without making it.  Enemy cannons are read as pins are: the cells
 * where a move would give one a screen are forbidden, and its two screens
 * are held on its line; only a cannon's check is judged by making each
 * move.  The same code lists moves or only counts them (perft's last ply,
 * where a reply cache keeps what the position before the last move knew).
 */
#include "oblique.h"

#include "attack.h"
#include "make.h"
#include "movegen.h"
#include "kept.h"

/* Boards of at most 64 cells get the narrow copy (see cs_w). */
static inline bool narrow_board(const struct ob_position *pos)
{
	return pos->variant->tables->ncells <= 64;
}

/* The kinds a pawn may promote to in a position. */
struct promotions {
	int n;
	const int8_t *kinds;
	int8_t left[OB_MAX_KINDS]; /* Liu Yang's: those below the setup */
};

static void promotions_limited(const struct ob_position *pos,
			       const struct ob_tables *t, struct promotions *p)
{
	struct ob_cellset ours = pos->by_color[pos->side];
	p->n = 0;
	for (int i = 0; i < t->npromotions; i++) {
		int k = t->promotion_kinds[i];
		if (cs_count(cs_and(pos->by_kind[k], ours)) < t->setup_count[k])
			p->left[p->n++] = (int8_t)k;
	}
	p->kinds = p->left;
}

static inline void promotions_now(const struct ob_position *pos,
				  const struct ob_tables *t,
				  struct promotions *p)
{
	p->n = t->npromotions;
	p->kinds = t->promotion_kinds;
	if (t->promotion_limited)
		promotions_limited(pos, t, p);
}

/* Appends one move per target (per promotion choice on promotion cells). */
static inline int emit(ob_move *out, int n, int from, struct ob_cellset targets,
		       struct ob_cellset opp, struct ob_cellset promo,
		       const struct promotions *pr, const bool narrow)
{
	while (cs_any(targets)) {
		int to = cs_pop_w(&targets, narrow);
		bool capture = cs_has_w(opp, to, narrow);
		if (cs_has_w(promo, to, narrow))
			for (int i = 0; i < pr->n; i++)
				out[n++] = OB_MOVE_MAKE(from, to,
							pr->kinds[i] + 1,
							capture);
		else
			out[n++] = OB_MOVE_MAKE(from, to, 0, capture);
	}
	return n;
}

/* A promotion cell counts once per choice (no choice: the pawn may not
 * go there). */
static inline int count(struct ob_cellset targets, struct ob_cellset promo,
			const struct promotions *pr)
{
	int promoting = cs_count(cs_and(targets, promo));
	return cs_count(targets) + promoting * (pr->n - 1);
}

/* Lists or counts a piece's targets, kept to its pin line if pinned. */
OB_ALWAYS_INLINE
static inline int targets(const struct ob_threats *th, int from,
			  struct ob_cellset to, struct ob_cellset opp,
			  struct ob_cellset promo, const struct promotions *pr,
			  ob_move *out, int n, bool list, const bool narrow)
{
	if (cs_has_w(cs_w(th->pinned, narrow), from, narrow))
		to = cs_and(to, cs_w(th->pin_line[from], narrow));
	if (list)
		return emit(out, n, from, to, opp, promo, pr, narrow);
	return n + count(to, promo, pr);
}

/* A pawn's double step, when both cells are empty and it is legal. */
static inline int double_step(const struct ob_position *pos,
			      const struct ob_tables *t,
			      const struct ob_threats *th, int from,
			      struct ob_cellset occ, ob_move *out, int n,
			      bool list, const bool narrow)
{
	int mid = t->double_mid[pos->side][from];
	int to = t->double_to[pos->side][from];
	if (cs_has_w(occ, mid, narrow) || cs_has_w(occ, to, narrow) ||
	    !cs_has_w(th->evasion, to, narrow) ||
	    (cs_has_w(th->pinned, from, narrow) &&
	     !cs_has_w(th->pin_line[from], to, narrow)))
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
	move_apply(&after, m, &u);
	int royal = after.royal_cell[pos->side];
	return royal < 0 || !ob_attacked_by_others(&after, royal, pos->side);
}

/* En passant, castling, guarding and the swap belong to two-army
 * variants only: from here to special_moves_w, the enemy is 1 - us. */

/*
 * Is the royal piece, standing on cell royal after a move, attacked over
 * the occupancy occ after it, by the enemy's pieces other than one the
 * move captured on cell captured (-1: none)?  The enemy's pieces are
 * otherwise those of pos, so sliders holds their sets.  A move that only
 * adds and removes pieces in occ and captures at most one enemy piece is
 * legal exactly when this is false (or when the side has no royal cell).
 */
OB_ALWAYS_INLINE
static inline bool attacked_after(const struct ob_position *pos,
				  const struct ob_tables *t,
				  const struct ob_slider_sets *sliders,
				  int royal, struct ob_cellset occ, int captured,
				  const bool narrow)
{
	struct ob_cellset a = ob_attack_scan_w(pos, t, sliders, royal,
					       1 - pos->side, occ, captured < 0,
					       narrow);
	if (captured >= 0)
		cs_clear(&a, captured);
	return cs_any(a);
}

static inline int add(ob_move m, ob_move *out, int n, bool list)
{
	if (list)
		out[n] = m;
	return n + 1;
}

OB_ALWAYS_INLINE
static inline int castling(const struct ob_position *pos,
			   const struct ob_tables *t,
			   const struct ob_threats *th,
			   int rule, struct ob_cellset occ, ob_move *out, int n,
			   bool list, const bool narrow)
{
	int us = pos->side, them = 1 - us;
	int mover = t->pair[us][rule].mover, partner = t->pair[us][rule].partner;
	int mover_to = t->pair[us][rule].mover_to;
	int partner_to = t->pair[us][rule].partner_to;
	int royal = pos->royal_cell[us];
	struct ob_cellset vacated = cs_or(cs_bit(mover), cs_bit(partner));
	struct ob_cellset rest = cs_andnot(occ, vacated);
	/* The rule's empty cells are checked by the caller. */
	for (int i = 0; i < t->pair[us][rule].nsafe; i++)
		if (cs_any(ob_attack_scan_w(pos, t, &th->sliders[0],
					    t->pair[us][rule].safe[i], them,
					    occ, true, narrow)))
			return n;
	ob_move m = OB_MOVE_WITH_SPECIAL(OB_MOVE_MAKE(mover, mover_to, 0, 0),
					 OB_PAIRED, rule);
	if (royal >= 0 && royal == partner) /* make keeps no partner's royal */
		return ob_legal_by_trial(pos, m) ? add(m, out, n, list) : n;
	if (royal == mover)
		royal = mover_to;
	struct ob_cellset after =
		cs_or(cs_or(rest, cs_bit(mover_to)), cs_bit(partner_to));
	if (royal >= 0 &&
	    attacked_after(pos, t, &th->sliders[0], royal, after, -1, narrow))
		return n;
	return add(m, out, n, list);
}

/* Is cell on a line from the royal cell along which an enemy slider could
 * attack it (lifting a piece from anywhere else opens no attack)? */
static inline bool on_slider_line(const struct ob_tables *t,
				  const struct ob_threats *th, int us,
				  int royal,
				  int cell)
{
	int them = 1 - us;
	for (int g = 0; g < t->ngroups[them]; g++)
		if (cs_any(th->sliders[0].group[g]) &&
		    ob_cellset_has(t->group_rays[them][g][royal], cell))
			return true;
	return false;
}

OB_ALWAYS_INLINE
static inline int guarding(const struct ob_position *pos,
			   const struct ob_tables *t,
			   const struct ob_threats *th,
			   int rule, struct ob_cellset occ, ob_move *out, int n,
			   bool list, const bool narrow)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	int mover = t->pair[us][rule].mover, partner = t->pair[us][rule].partner;
	int kind = v->pairs[rule].mover_kind;
	int royal = pos->royal_cell[us];
	/* The partner's cell counts as empty for the mover.  After the move
	 * it is empty unless the mover went there, the mover's cell holds
	 * the partner, and the mover's target is occupied. */
	struct ob_cellset occ2 = cs_andnot(occ, cs_bit(partner));
	struct ob_cellset own = cs_andnot(pos->by_color[us], cs_bit(partner));
	struct ob_cellset to;
	if (v->kinds[kind].motion == OB_SLIDE)
		to = ob_slider_attacks_w(t, us, kind, mover, occ2, narrow);
	else
		to = t->leap[us][kind][mover];
	to = cs_andnot(to, own);
	/* When the partner is royal, by trial (make keeps no partner's
	 * royal cell).  When the mover is not royal and nothing attacks the
	 * royal piece with the partner lifted, adding the mover's target
	 * cannot change that: every move is legal. */
	bool trial = royal >= 0 && royal == partner;
	bool all_legal = royal < 0 ||
			 (!trial && royal != mover &&
			  !(cs_any(th->checkers) ||
			    (on_slider_line(t, th, pos->side, royal, partner) &&
			     attacked_after(pos, t, &th->sliders[0], royal, occ2,
					    -1, narrow))));
	while (cs_any(to)) {
		int cell = cs_pop(&to);
		bool capture = ob_cellset_has(pos->by_color[1 - us], cell);
		ob_move m = OB_MOVE_WITH_SPECIAL(
			OB_MOVE_MAKE(mover, cell, 0, capture), OB_PAIRED, rule);
		bool legal;
		if (all_legal)
			legal = true;
		else if (trial)
			legal = ob_legal_by_trial(pos, m);
		else
			legal = !attacked_after(pos, t, &th->sliders[0],
						royal == mover ? cell : royal,
						cs_or(occ2, cs_bit(cell)),
						capture ? cell : -1,
						narrow);
		if (legal)
			n = add(m, out, n, list);
	}
	return n;
}

/* The pieces the royal piece may swap with by the rule (Liu Yang's swap:
 * adjacent, of the partner kinds), attacked or not. */
static inline struct ob_cellset swap_partners(const struct ob_position *pos,
					      const struct ob_tables *t,
					      int rule)
{
	const struct ob_pair_rule *r = &pos->variant->pairs[rule];
	int us = pos->side, royal = pos->royal_cell[us];
	if (royal < 0 || pos->board[royal] != OB_PIECE(us, r->mover_kind))
		return cs_empty();
	struct ob_cellset kinds = cs_empty();
	for (unsigned ks = r->partner_kinds; ks; ks &= ks - 1)
		kinds = cs_or(kinds, pos->by_kind[__builtin_ctz(ks)]);
	return cs_and(t->swap_adjacent[royal], cs_and(kinds, pos->by_color[us]));
}

/* The royal piece's swaps: out of check, with a partner whose cell is not
 * attacked.  The swap changes no cell's occupancy and no enemy piece, so
 * the attacks on the partner's cell stay as they were: the royal piece
 * arriving there is not attacked after it either. */
OB_ALWAYS_INLINE
static inline int swaps(const struct ob_position *pos,
			const struct ob_tables *t,
			const struct ob_threats *th, int rule,
			struct ob_cellset occ, ob_move *out, int n, bool list,
			const bool narrow)
{
	int us = pos->side, them = 1 - us;
	if (cs_any(th->checkers))
		return n;
	for (struct ob_cellset partners = swap_partners(pos, t, rule);
	     cs_any(partners);) {
		int p = cs_pop(&partners);
		if (!cs_any(ob_attack_scan_w(pos, t, &th->sliders[0], p, them,
					     occ, true, narrow)))
			n = add(OB_MOVE_WITH_SPECIAL(
					OB_MOVE_MAKE(pos->royal_cell[us], p, 0, 0),
					OB_PAIRED, rule),
				out, n, list);
	}
	return n;
}

struct ob_cellset ob_swap_partners(const struct ob_position *pos, int rule)
{
	return swap_partners(pos, pos->variant->tables, rule);
}

/* The pawns that may take en passant now, given the enemy's sliders. */
OB_ALWAYS_INLINE
static inline struct ob_cellset
en_passant_capturers(const struct ob_position *pos, const struct ob_tables *t,
		     const struct ob_slider_sets *sliders, const bool narrow)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side, ep = pos->ep_cell, victim = pos->ep_victim;
	int royal = pos->royal_cell[us];
	struct ob_cellset pawns =
		cs_and(t->pawn_attack_from[us][ep],
		       cs_and(pos->by_kind[v->pawn_kind], pos->by_color[us]));
	if (royal < 0 || !cs_any(pawns))
		return pawns;
	struct ob_cellset legal = cs_empty();
	struct ob_cellset occ = ob_occupied(pos);
	occ = cs_or(cs_andnot(occ, cs_bit(victim)), cs_bit(ep));
	for (struct ob_cellset p = pawns; cs_any(p);) {
		int from = cs_pop(&p);
		bool ok;
		if (from == royal) /* a royal pawn: not in any variant */
			ok = ob_legal_by_trial(
				pos, OB_MOVE_WITH_SPECIAL(OB_MOVE_MAKE(from, ep, 0, 1),
							  OB_EN_PASSANT, 0));
		else
			ok = !attacked_after(pos, t, sliders, royal,
					     cs_andnot(occ, cs_bit(from)), victim, narrow);
		if (ok)
			cs_set(&legal, from);
	}
	return legal;
}

struct ob_cellset ob_en_passant_capturers(const struct ob_position *pos)
{
	const struct ob_tables *t = pos->variant->tables;
	if (pos->ep_cell < 0)
		return cs_empty();
	struct ob_slider_sets sliders;
	ob_slider_sets_fill(pos, t, 1 - pos->side, &sliders);
	return en_passant_capturers(pos, t, &sliders, false);
}

/* En passant captures and the paired moves of the rules in `pairs`
 * (rights bits the army holds), and swaps: each judged by the attacks on
 * the royal cell over the occupancy after it. */
OB_ALWAYS_INLINE
static inline int special_moves_w(const struct ob_position *pos,
				  const struct ob_tables *t,
				  const struct ob_threats *th,
				  struct ob_cellset occ, unsigned pairs,
				  ob_move *out, int n, bool list,
				  bool with_swaps, const bool narrow)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	if (pos->ep_cell >= 0)
		for (struct ob_cellset from =
			     en_passant_capturers(pos, t, &th->sliders[0], narrow);
		     cs_any(from);)
			n = add(OB_MOVE_WITH_SPECIAL(
					OB_MOVE_MAKE(cs_pop(&from), pos->ep_cell,
						     0, 1),
					OB_EN_PASSANT, 0),
				out, n, list);
	if (t->has_swap && with_swaps) /* they need no right */
		for (int rule = 0; rule < v->npairs; rule++)
			if (v->pairs[rule].type == OB_SWAP)
				n = swaps(pos, t, th, rule, occ, out, n, list,
					  narrow);
	/* In the order of the rules (bit us * npairs + rule). */
	for (unsigned held = pairs; held; held &= held - 1) {
		int rule = __builtin_ctz(held) - us * v->npairs;
		const struct ob_pair_rule *r = &v->pairs[rule];
		if (cs_any(cs_and(occ, t->pair_empty[us][rule])))
			continue;
		int mover = t->pair[us][rule].mover;
		int partner = t->pair[us][rule].partner;
		if (pos->board[mover] != OB_PIECE(us, r->mover_kind) ||
		    pos->board[partner] != OB_PIECE(us, r->partner_kind))
			continue;
		if (r->type == OB_CASTLING)
			n = castling(pos, t, th, rule, occ, out, n, list,
				     narrow);
		else
			n = guarding(pos, t, th, rule, occ, out, n, list,
				     narrow);
	}
	return n;
}

/* The castlings among `rules` (rights bits) that the cache keeps, after
 * the move `last` of one piece (touched: the cells it changed and those
 * of the pieces it took): each whose empty cells are still empty is
 * legal when none of its safe cells is attacked, as they were then but
 * for those whose watch the move touched (judged again along the lines
 * through its two cells) and those the moved piece now attacks. */
OB_ALWAYS_INLINE
static inline int kept_castlings_w(const struct ob_position *pos,
				   const struct ob_tables *t,
				   const struct ob_reply_cache *cache,
				   unsigned rules, ob_move last,
				   struct ob_cellset touched,
				   struct ob_cellset occ, ob_move *out, int n,
				   bool list, const bool narrow)
{
	int us = pos->side, npairs = pos->variant->npairs;
	unsigned open = 0;
	struct ob_cellset cells = cs_empty();
	for (; rules; rules &= rules - 1) {
		int rule = __builtin_ctz(rules) - us * npairs;
		if (cs_any(cs_and(occ, cs_w(t->pair_empty[us][rule], narrow))))
			continue;
		open |= rules & (0u - rules);
		cells = cs_or(cells, cs_w(t->pair_safe[us][rule], narrow));
	}
	if (!open)
		return n;
	struct ob_cellset attacked =
		cs_and(cs_w(cache->castle_attacked, narrow), cells);
	if (cs_any(cs_and(touched, cs_w(cache->castle_depends, narrow)))) {
		int from = OB_MOVE_FROM(last), to = OB_MOVE_TO(last);
		for (int i = 0; i < cache->ncastle_watches; i++) {
			const struct ob_watch *w = &cache->castle_watch[i];
			if (!cs_has_w(cells, w->cell, narrow) ||
			    !cs_any(cs_and(touched, cs_w(w->depends, narrow))))
				continue;
			if (still_attacked(pos, t, w, from, to, touched, occ,
					   narrow))
				cs_set_w(&attacked, w->cell, narrow);
			else
				attacked = cs_andnot(attacked, cs_bit(w->cell));
		}
	}
	attacked = cs_or(attacked,
			 moved_attacks(pos, t, cache, last, false, occ,
				       cs_andnot(cells, attacked), narrow));
	for (; open; open &= open - 1) {
		int rule = __builtin_ctz(open) - us * npairs;
		if (!cs_any(cs_and(attacked, cs_w(t->pair_safe[us][rule], narrow))))
			n = add(OB_MOVE_WITH_SPECIAL(
					OB_MOVE_MAKE(t->pair[us][rule].mover,
						     t->pair[us][rule].mover_to,
						     0, 0),
					OB_PAIRED, rule),
				out, n, list);
	}
	return n;
}

/*
 * En passant, the paired moves of the rules in `pairs` (rights bits the
 * army holds) and swaps.  With a cache, `pairs` holds only the rules the
 * replier could still use after the move `last` (pairs_live: not after
 * en passant, which may take a piece off a cell a rule needs empty), and
 * the castlings it keeps are read from it after a move of one piece.
 */
OB_ALWAYS_INLINE
static inline int specials_w(const struct ob_position *pos,
			     const struct ob_tables *t, struct ob_threats *th,
			     const struct ob_reply_cache *cache, ob_move last,
			     struct ob_cellset occ, unsigned pairs, ob_move *out,
			     int n, bool list, bool with_swaps, const bool narrow)
{
	unsigned kept = cache ? pairs & cache->castles_kept : 0;
	if (kept && OB_MOVE_SPECIAL(last) < OB_EN_PASSANT) {
		/* the cells the move changed, and the army's pieces it took */
		struct ob_cellset touched = cs_or(
			move_cells(pos, cache->mover, cache->ep_victim, last,
				   narrow),
			cs_andnot(cs_w(cache->own, narrow),
				  cs_w(pos->by_color[pos->side], narrow)));
		int to = OB_MOVE_TO(last);
		/* A move that changed none of their cells, by a piece that
		 * sees none of their safe cells, leaves them as they were. */
		if (!list &&
		    !cs_any(cs_and(touched, cs_w(cache->castle_fixed, narrow))) &&
		    !cs_any(cs_and(
			    cs_w(t->sight[cache->mover]
					 [OB_PIECE_KIND(pos->board[to])][to],
				 narrow),
			    cs_w(cache->castle_cells, narrow))))
			n += __builtin_popcount(cache->castles_legal & kept);
		else
			n = kept_castlings_w(pos, t, cache, kept, last, touched,
					     occ, out, n, list, narrow);
		pairs &= ~kept;
	}
	if (pos->ep_cell < 0 && !pairs && !with_swaps)
		return n;
	ob_enemy_sliders(pos, t, th); /* for the scans of these */
	return special_moves_w(pos, t, th, occ, pairs, out, n, list,
			       with_swaps, narrow);
}

/* One copy per set width, out of the generator's body. */
__attribute__((noinline)) static int
specials_narrow(const struct ob_position *pos, const struct ob_tables *t,
		struct ob_threats *th, const struct ob_reply_cache *cache,
		ob_move last, struct ob_cellset occ, unsigned pairs,
		ob_move *out, int n, bool list, bool with_swaps)
{
	return specials_w(pos, t, th, cache, last, occ, pairs, out, n, list,
			  with_swaps, true);
}
__attribute__((noinline)) static int
specials_wide(const struct ob_position *pos, const struct ob_tables *t,
	      struct ob_threats *th, const struct ob_reply_cache *cache,
	      ob_move last, struct ob_cellset occ, unsigned pairs, ob_move *out,
	      int n, bool list, bool with_swaps)
{
	return specials_w(pos, t, th, cache, last, occ, pairs, out, n, list,
			  with_swaps, false);
}

/* A cannon's captures: over the first piece met along each of its
 * directions, onto the next, when that is an enemy. */
static struct ob_cellset cannon_captures(const struct ob_tables *t, int us,
					 int kind, int from,
					 struct ob_cellset occ,
					 struct ob_cellset opp)
{
	struct ob_cellset found = cs_empty();
	for (int i = 0; i < t->nslide_dirs[us][kind]; i++) {
		int d = t->slide_dirs[us][kind][i];
		struct ob_cellset blockers = cs_and(t->ray[d][from], occ);
		if (!cs_any(blockers))
			continue;
		struct ob_cellset beyond =
			cs_and(t->ray[d][cs_nearest(t, d, blockers)], occ);
		if (!cs_any(beyond))
			continue;
		int c = cs_nearest(t, d, beyond);
		if (ob_cellset_has(opp, c))
			cs_set(&found, c);
	}
	return found;
}

static int by_trial(const struct ob_position *pos, ob_move *out, bool list,
		    bool any);

/* The moves of a cannon or of a slider with leaps (Plattraum's), apart
 * from the generator's body so that it stays as the usual kinds need. */
static int other_moves(const struct ob_position *pos,
		       const struct ob_threats *th, int k,
		       struct ob_cellset pieces, struct ob_cellset allowed,
		       const struct promotions *pr, ob_move *out, int n,
		       bool list)
{
	const struct ob_tables *t = pos->variant->tables;
	int us = pos->side;
	struct ob_cellset opp = ob_others(pos, us);
	struct ob_cellset occ = cs_or(pos->by_color[us], opp);
	bool cannon = pos->variant->kinds[k].motion == OB_CANNON;
	while (cs_any(pieces)) {
		int from = cs_pop(&pieces);
		struct ob_cellset to = ob_slider_attacks(t, us, k, from, occ);
		if (cannon)
			to = cs_or(cs_andnot(to, occ),
				   cannon_captures(t, us, k, from, occ, opp));
		else
			to = cs_or(to, t->leap[us][k][from]);
		n = targets(th, from, cs_and(to, allowed), opp, cs_empty(), pr,
			    out, n, list, false);
	}
	return n;
}

/* The royal piece's swaps with the partners the cache holds that are
 * still on the board, each partner's cell watched as the royal piece's
 * steps are (watched_steps); all judged anew after a move of two pieces
 * other than a swap. */
static int kept_swaps(const struct ob_position *pos, const struct ob_tables *t,
		      struct ob_threats *th,
		      const struct ob_reply_cache *cache, ob_move last,
		      struct ob_cellset touched, struct ob_cellset occ,
		      ob_move *out, int n, bool list)
{
	int us = pos->side;
	int from = OB_MOVE_FROM(last), to = OB_MOVE_TO(last);
	bool swap, one = two_cells_changed(pos, last, &swap);
	struct ob_cellset attacked_now =
		one ? moved_attacks(pos, t, cache, last, swap, occ,
				    cache->partner_cells, false)
		    : cs_empty();
	/* Counting, with every partner's watch untouched: the safe ones
	 * still there, less those the moved pieces attack. */
	if (!list && one && cache->partners_distinct &&
	    !cs_any(cs_and(touched, cache->partner_depends)))
		return n + cs_count(cs_andnot(cs_and(cache->partner_safe,
						     pos->by_color[us]),
					      attacked_now));
	for (int i = 0; i < cache->npartners; i++) {
		const struct ob_watch *w = &cache->partner[i].watch;
		int p = w->cell;
		if (!ob_cellset_has(pos->by_color[us], p))
			continue; /* taken */
		bool safe;
		if (!one) {
			ob_enemy_sliders(pos, t, th);
			safe = !cs_any(ob_attack_scan(pos, t, &th->sliders[0], p,
						      th->enemy[0], occ, true));
		} else if (ob_cellset_has(attacked_now, p))
			safe = false;
		else if (cs_any(cs_and(touched, w->depends)))
			safe = !still_attacked(pos, t, w, from, to, touched, occ,
					       false);
		else
			safe = ob_cellset_has(cache->partner_safe, p);
		if (safe)
			n = add(OB_MOVE_WITH_SPECIAL(
					OB_MOVE_MAKE(pos->royal_cell[us], p, 0, 0),
					OB_PAIRED, cache->partner[i].rule),
				out, n, list);
	}
	return n;
}

/* Can a count in check by one piece be had from the evasion cells
 * (evasions)?  Not with cannons (a screen may answer their check by
 * moving away), compounds of slides and leaps (a cell reached both ways
 * counts once), en passant or a limited choice of promotion. */
static inline bool evasions_found(const struct ob_position *pos,
				  const struct ob_tables *t)
{
	int us = pos->side;
	return !t->cannon_kinds[us] && !t->promotion_limited &&
	       !(t->slider_kinds[us] & t->leaper_kinds[us]) && pos->ep_cell < 0;
}

/* The moves in check by one piece but the royal piece's, counted from
 * the evasion cells (taking the checker, or between it and the royal
 * piece): at each, the leapers that reach it and the sliders whose line
 * to it is clear; and each pawn's pushes and captures among them.  A
 * pinned piece cannot answer a check (its line meets the checker's, or
 * holds the leaper checker, only beyond its pin), so only the others
 * count: as the pieces' own targets would (see evasions_found). */
__attribute__((noinline)) static int
evasions(const struct ob_position *pos, const struct ob_tables *t,
	 const struct ob_threats *th, struct ob_cellset own,
	 struct ob_cellset occ, struct ob_cellset opp,
	 struct ob_cellset evasion)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side, royal = pos->royal_cell[us];
	struct ob_cellset free = cs_andnot(cs_andnot(own, th->pinned),
					   cs_bit(royal));
	struct ob_cellset sliders = cs_empty();
	for (uint16_t ks = t->slider_kinds[us]; ks; ks &= (uint16_t)(ks - 1))
		sliders = cs_or(sliders, pos->by_kind[__builtin_ctz(ks)]);
	sliders = cs_and(sliders, free);
	uint16_t leapers = t->leaper_kinds[us] & (uint16_t)~(1u << v->royal_kind);
	int n = 0;
	for (struct ob_cellset cells = evasion; cs_any(cells);) {
		int e = cs_pop(&cells);
		for (uint16_t ks = leapers; ks; ks &= (uint16_t)(ks - 1)) {
			int k = __builtin_ctz(ks);
			n += cs_count(cs_and(t->leap_from[us][k][e],
					     cs_and(pos->by_kind[k], free)));
		}
		for (struct ob_cellset c = cs_and(t->lines_from[e], sliders);
		     cs_any(c);) {
			int s = cs_pop(&c);
			int d = t->dir_to[e][s];
			struct ob_cellset between = cs_andnot(
				cs_xor(t->ray[d][e], t->ray[d][s]), cs_bit(s));
			n += ob_slides_along(t, pos->board[s], d) &&
			     !cs_any(cs_and(between, occ));
		}
	}
	struct promotions pr = {.n = t->npromotions};
	for (struct ob_cellset p = cs_and(pos->by_kind[v->pawn_kind], free);
	     cs_any(p);) {
		int from = cs_pop(&p);
		struct ob_cellset to = cs_and(
			cs_or(cs_andnot(t->pawn_push[us][from], occ),
			      cs_and(t->pawn_attack[us][from], opp)),
			evasion);
		n += count(to, t->promotion[us], &pr);
		if (t->double_to[us][from] >= 0)
			n = double_step(pos, t, th, from, occ, NULL, n, false,
					false);
	}
	return n;
}

/* The kinds of the pieces on cells. */
OB_ALWAYS_INLINE
static inline unsigned kinds_on(const struct ob_position *pos,
				struct ob_cellset cells, const bool narrow)
{
	unsigned kinds = 0;
	while (cs_any(cells))
		kinds |= 1u << OB_PIECE_KIND(pos->board[cs_pop_w(&cells, narrow)]);
	return kinds;
}

/* list: write the moves to out; else count them.  any: stop as soon as
 * one legal move is known (the count is then only "not zero").  narrow:
 * the board has at most 64 cells (see cs_w).  pseudo: every move the
 * pieces have, legal or not, for by_trial.  Each caller gets its own
 * copy, specialised on the four. */
OB_ALWAYS_INLINE
static inline int generate(const struct ob_position *pos, ob_move *out,
			   const bool list, const bool any, const bool narrow,
			   const bool pseudo,
			   const struct ob_reply_cache *cache, ob_move last)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	struct ob_cellset own = cs_w(pos->by_color[us], narrow);
	struct ob_cellset opp;
	if (!narrow && t->narmies > 2) /* 64 cells: two armies */
		opp = ob_others(pos, us);
	else
		opp = cs_w(pos->by_color[1 - us], narrow);
	struct ob_cellset occ = cs_or(own, opp);
	struct ob_cellset none = cs_empty();
	/* With a cache, the cells whose piece the last move changed (a
	 * slider's attacks stand unless it reached one of them), and those
	 * with a piece of this army captured. */
	struct ob_cellset changed =
		cache ? move_cells(pos, cache->mover, cache->ep_victim, last,
				   narrow)
		      : none;
	struct ob_cellset gone =
		cache ? cs_andnot(cs_w(cache->own, narrow), own) : none;
	struct ob_cellset visit = cs_w(t->all, narrow); /* pieces to look at */
	int royal = pos->royal_cell[us];
	struct ob_threats th;
	struct promotions pr;
	int n = 0;

	/* The last army left (no other has pieces) has won: its position
	 * has no moves (spec section 6), whatever its pieces could do. */
	if (!narrow && t->narmies > 2 && !cs_any(opp))
		return 0;
	pr.n = 0; /* the choices, found only when a pawn is looked at */
	pr.kinds = NULL;
	if (pseudo) {
		ob_enemies_fill(pos, t, &th); /* for the paired moves' scans */
		th.pinned = th.checkers = cs_empty();
		if (t->has_swap && royal >= 0) /* no swap in check */
			th.checkers = ob_attack_scan_w(pos, t, &th.sliders[0],
						       royal, th.enemy[0], occ,
						       true, narrow);
		th.cannon_check = false;
		th.evasion = cs_andnot(cs_w(t->all, narrow), own);
	} else if (cache && cache->threats_kept && cache->royal == royal &&
		   !cs_any(cs_and(cs_or(changed, gone),
				  cs_w(cache->threat_cells, narrow))))
		kept_threats(pos, t, cache, &th, own, narrow);
	else if (cache && cache->threats_kept && cache->royal == royal &&
		 OB_MOVE_SPECIAL(last) < OB_EN_PASSANT &&
		 !t->cannon_kinds[0]) /* every army has the same kinds */
		moved_threats(pos, t, cache, &th, own, occ, last, narrow);
	else
		ob_find_threats(pos, &th, royal, occ);
	/* A cannon's check can be undone by moving its screen away, which
	 * the evasion cells do not say: each move is judged by making it. */
	if (!narrow && th.cannon_check)
		return by_trial(pos, out, list, any);

	/* The royal piece's steps each cost an attack test: when only asking
	 * whether any move exists, they come after the cheaper pieces. */
	if (royal >= 0 && !any) {
		struct ob_cellset safe;
		if (pseudo)
			safe = cs_andnot(t->leap[us][v->royal_kind][royal], own);
		else if (cache && cache->threats_kept &&
			 cache->royal == royal)
			safe = kept_royal_steps(pos, t, &th, cache, last,
						cs_or(changed, gone), occ, narrow);
		else
			safe = ob_royal_steps(pos, &th, royal, occ);
		if (list)
			n = emit(out, n, royal, safe, opp, none, &pr, narrow);
		else
			n += cs_count(safe);
	}
	struct ob_cellset evasion = cs_w(th.evasion, narrow);
	if (!cs_any(evasion))
		return any && royal >= 0
			       ? cs_count(ob_royal_steps(pos, &th, royal, occ))
			       : n;

	/* The kinds to look at, in the order of the list. */
	unsigned kinds = (1u << v->nkinds) - 1;
	if (royal >= 0)
		kinds &= ~(1u << v->royal_kind);
	if (cache && !cs_any(th.checkers)) {
		/* pinned now, or then when its count was kept within its
		 * pin's line (three armies: see quiet_ok) */
		struct ob_cellset pinned = th.pinned;
		if (!narrow && cache->quiet_ok)
			pinned = cs_or(pinned, cache->pinned);
		n = kept_counts(cache, cs_or(changed, cs_w(th.forbidden, narrow)),
				gone, pinned,
				&visit, n, narrow);
		kinds &= kinds_on(pos, cs_and(own, visit), narrow);
	} else if (!narrow && !list && !pseudo && cs_any(th.checkers) &&
		   evasions_found(pos, t)) {
		n += evasions(pos, t, &th, own, occ, opp, evasion);
		kinds = 0;
	}

	/* Each kind's pieces in turn (the order of the list), its motion
	 * decided once per kind. */
	struct ob_cellset allowed = cs_andnot(evasion, own);
	for (; kinds; kinds &= kinds - 1) {
		int k = __builtin_ctz(kinds);
		struct ob_cellset pieces = cs_and(
			cs_and(cs_w(pos->by_kind[k], narrow), own), visit);
		switch (t->gen_class[k]) {
		case OB_SLIDE:
			while (cs_any(pieces)) {
				int from = cs_pop_w(&pieces, narrow);
				struct ob_cellset to;
				if (cache &&
				    !cs_any(cs_and(cs_w(cache->att[from], narrow),
						   changed)))
					to = cs_w(cache->att[from], narrow);
				else
					to = ob_slider_attacks_w(t, us, k, from,
								 occ, narrow);
				to = cs_and(to, allowed);
				n = targets(&th, from, to, opp, none, &pr, out, n,
					    list, narrow);
				if (any && n)
					return n;
			}
			break;
		case OB_GEN_OTHER: /* cannons, compounds: out of the hot path */
			n = other_moves(pos, &th, k, pieces, allowed, &pr, out, n,
					list);
			if (any && n)
				return n;
			break;
		case OB_LEAP:
			while (cs_any(pieces)) {
				int from = cs_pop_w(&pieces, narrow);
				struct ob_cellset to = cs_and(
					cs_w(t->leap[us][k][from], narrow), allowed);
				n = targets(&th, from, to, opp, none, &pr, out, n,
					    list, narrow);
				if (any && n)
					return n;
			}
			break;
		case OB_PAWN:
			promotions_now(pos, t, &pr);
			while (cs_any(pieces)) {
				int from = cs_pop_w(&pieces, narrow);
				struct ob_cellset to = cs_and(
					cs_or(cs_andnot(cs_w(t->pawn_push[us][from],
							     narrow),
							occ),
					      cs_and(cs_w(t->pawn_attack[us][from],
							  narrow),
						     opp)),
					evasion);
				n = targets(&th, from, to, opp,
					    cs_w(t->promotion[us], narrow), &pr, out,
					    n, list, narrow);
				if (t->double_to[us][from] >= 0)
					n = double_step(pos, t, &th, from, occ, out, n,
							list, narrow);
				if (any && n)
					return n;
			}
			break;
		}
	}
	if (any && royal >= 0 &&
	    cs_any(ob_royal_steps(pos, &th, royal, occ)))
		return 1;
	/* The swaps from the cache: out of check then and now */
	bool with_swaps = t->has_swap;
	if (with_swaps && cache && cache->threats_kept && cache->royal == royal &&
	    !cs_any(th.checkers)) {
		n = kept_swaps(pos, t, &th, cache, last, cs_or(changed, gone),
			       occ, out, n, list);
		with_swaps = false;
	}
	/* The paired moves whose right the army holds; with a cache, those
	 * the replier could still make (see specials_w). */
	unsigned pairs = pos->rights & t->rights_of[us];
	if (cache && pairs && OB_MOVE_SPECIAL(last) != OB_EN_PASSANT)
		pairs &= cache->pairs_live;
	if (pos->ep_cell >= 0 || pairs || with_swaps)
		n = narrow ? specials_narrow(pos, t, &th, cache, last, occ, pairs,
					     out, n, list, with_swaps)
			   : specials_wide(pos, t, &th, cache, last, occ, pairs,
					   out, n, list, with_swaps);
	return n;
}

/* Every move the pieces have, each kept when making it leaves the royal
 * piece unattacked: for a cannon's check (generate), whose screen may
 * answer it by moving away. */
static int by_trial(const struct ob_position *pos, ob_move *out, bool list,
		    bool any)
{
	ob_move all[OB_MAX_MOVES];
	int n = generate(pos, all, true, false, false, true, NULL, 0), legal = 0;
	struct ob_position scratch = *pos; /* made and unmade, not copied */
	int us = pos->side;
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		move_apply(&scratch, all[i], &u);
		int royal = scratch.royal_cell[us];
		bool ok = royal < 0 || !ob_attacked_by_others(&scratch, royal, us);
		move_retract(&scratch, all[i], &u);
		if (ok) {
			legal = add(all[i], out, legal, list);
			if (any)
				break;
		}
	}
	return legal;
}

int ob_legal_moves(const struct ob_position *pos, ob_move *moves)
{
	return narrow_board(pos)
		       ? generate(pos, moves, true, false, true, false, NULL, 0)
		       : generate(pos, moves, true, false, false, false, NULL, 0);
}

int ob_legal_count(const struct ob_position *pos)
{
	return narrow_board(pos)
		       ? generate(pos, NULL, false, false, true, false, NULL, 0)
		       : generate(pos, NULL, false, false, false, false, NULL, 0);
}

int ob_legal_count_cached(const struct ob_position *pos,
			  const struct ob_reply_cache *cache, ob_move last)
{
	return narrow_board(pos)
		       ? generate(pos, NULL, false, false, true, false, cache,
				  last)
		       : generate(pos, NULL, false, false, false, false, cache,
				  last);
}

bool ob_attacks_royal_cached(const struct ob_position *pos,
			     const struct ob_settling_cache *settling,
			     ob_move last, int a)
{
	return ob_royal_attacked_kept(
		pos, settling,
		move_cells(pos, settling->mover, settling->ep_victim, last,
			   false),
		a);
}

bool ob_has_legal_move(const struct ob_position *pos)
{
	return (narrow_board(pos)
			? generate(pos, NULL, false, true, true, false, NULL, 0)
			: generate(pos, NULL, false, true, false, false, NULL, 0)) > 0;
}
