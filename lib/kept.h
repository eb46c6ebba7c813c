/*
 * The reply cache (lib/movegen.h) read back after the move `last` from its
 * position: the counts, threats and royal steps that still hold, and those
 * judged again only as far as the move could change them.  Inline, for
 * the generator's body (lib/movegen.c) alone.
 */
#ifndef OB_KEPT_H
#define OB_KEPT_H

#include "make.h"
#include "movegen.h"

/* The cells whose piece a move by army mover changed: its own two, and
 * the victim of en passant (ep_victim before the move) or the partner's
 * two of a paired move (a swap changes the pieces on two cells and the
 * occupancy of none). */
OB_ALWAYS_INLINE
static inline struct ob_cellset move_cells(const struct ob_position *after,
					   int mover, int ep_victim, ob_move m,
					   const bool narrow)
{
	struct ob_cellset cells = cs_or(cs_bit(OB_MOVE_FROM(m)),
					cs_bit(OB_MOVE_TO(m)));
	if (OB_MOVE_SPECIAL(m) < OB_EN_PASSANT) /* plain, double step */
		return cs_w(cells, narrow);
	if (OB_MOVE_SPECIAL(m) == OB_EN_PASSANT)
		cs_set(&cells, ep_victim);
	else {
		int from, to;
		make_pair_cells(after->variant, mover, m, &from, &to);
		cs_set(&cells, from);
		cs_set(&cells, to);
	}
	return cs_w(cells, narrow);
}

/* With a reply cache, out of check: adds the kept counts, less those of
 * the pieces captured or to be counted again (pinned, or depending on a
 * cell in `changed`: those the move changed, and those no move may land
 * on), and narrows the pieces to visit to those and to the kinds no count
 * is kept for. */
OB_ALWAYS_INLINE
static inline int kept_counts(const struct ob_reply_cache *cache,
			      struct ob_cellset changed, struct ob_cellset gone,
			      struct ob_cellset pinned, struct ob_cellset *visit,
			      int n, const bool narrow)
{
	struct ob_cellset counted = cs_w(cache->counted, narrow);
	struct ob_cellset again = cs_w(pinned, narrow);
	for (struct ob_cellset c = cs_or(changed, gone); cs_any(c);)
		again = cs_or(again, cs_w(cache->depends[cs_pop_w(&c, narrow)],
					  narrow));
	n += cache->total;
	for (struct ob_cellset c = cs_and(counted, cs_or(again, gone));
	     cs_any(c);)
		n -= cache->count[cs_pop_w(&c, narrow)];
	*visit = cs_or(cs_andnot(*visit, counted), again);
	return n;
}

/* The threats of the cache's position, when the move changed no cell on
 * a line or a step to the royal piece: the same checkers and pins. */
OB_ALWAYS_INLINE
static inline void kept_threats(const struct ob_position *pos,
				const struct ob_tables *t,
				const struct ob_reply_cache *cache,
				struct ob_threats *th, struct ob_cellset own,
				const bool narrow)
{
	ob_enemies_list(pos, t, th); /* their sliders when needed */
	th->cannon_check = false;
	th->forbidden = cs_w(cache->forbidden, narrow);
	/* In check when filled: only with three armies (the army that
	 * replies to a move is not in check before it with two). */
	if (!narrow && t->narmies > 2 && cs_any(cache->checkers)) {
		th->checkers = cache->checkers;
		th->evasion = cache->evasion;
	} else {
		th->checkers = cs_empty();
		th->evasion = cs_andnot(cs_andnot(cs_w(t->all, narrow), own),
					th->forbidden);
	}
	th->pinned = cs_w(cache->pinned, narrow);
	for (struct ob_cellset p = th->pinned; cs_any(p);) {
		int b = cs_pop_w(&p, narrow);
		th->pin_line[b] = cache->pin_line[b];
	}
}

/* The checkers of the cache's position that still give check after a
 * move from `from` to `to` (and the cells they make a move land on): by
 * a step, unless moved or taken; along a line, unless on one of the
 * lines through the move's two cells (read again by the caller).  Out of
 * the generator's body: only with three armies is the replier in check
 * when the cache is filled. */
__attribute__((noinline)) static void
kept_checkers(const struct ob_tables *t, const struct ob_reply_cache *cache,
	      int from, int to, uint32_t lines, struct ob_cellset *checkers,
	      struct ob_cellset *block)
{
	int royal = cache->royal;
	struct ob_cellset moved = cs_or(cs_bit(from), cs_bit(to));
	*block = *checkers = cs_andnot(cache->step_checkers, moved);
	for (struct ob_cellset c = cs_andnot(cache->checkers,
					     cs_or(cache->step_checkers, moved));
	     cs_any(c);) {
		int x = cs_pop(&c);
		int d = t->dir_to[royal][x];
		if (lines >> d & 1)
			continue;
		cs_set(checkers, x);
		*block = cs_or(*block, cs_xor(t->ray[d][royal], t->ray[d][x]));
	}
}

/* The threats after a move of one piece that changed a cell on a line or
 * a step to the royal piece, on a board without cannons: the moved piece
 * may give check by a step; along the lines from the royal piece through
 * the move's two cells, checkers and pins are read again
 * (ob_line_threat).  The other lines and steps hold no piece that
 * changed, so their answer (the checkers on them, the same pins) stands;
 * a checker by a step stays unless it moved or was taken. */
OB_ALWAYS_INLINE
static inline void moved_threats(const struct ob_position *pos,
				 const struct ob_tables *t,
				 const struct ob_reply_cache *cache,
				 struct ob_threats *th, struct ob_cellset own,
				 struct ob_cellset occ, ob_move last,
				 const bool narrow)
{
	int royal = cache->royal;
	int from = OB_MOVE_FROM(last), to = OB_MOVE_TO(last);
	ob_piece moved = pos->board[to];
	uint32_t lines = ob_lines_through(t, royal, from, to);
	struct ob_cellset checkers = cs_empty(), block = cs_empty();
	kept_threats(pos, t, cache, th, own, narrow);
	if (!narrow && cs_any(th->checkers)) /* three armies */
		kept_checkers(t, cache, from, to, lines, &checkers, &block);
	if (ob_steps_onto(pos, t, cache->mover, OB_PIECE_KIND(moved), to,
			  royal, narrow)) {
		cs_set_w(&checkers, to, narrow);
		cs_set_w(&block, to, narrow);
	}
	for (; lines; lines &= lines - 1) {
		int d = __builtin_ctz(lines), pinned;
		struct ob_cellset ray = cs_w(t->ray[d][royal], narrow), line;
		th->pinned = cs_andnot(th->pinned, ray);
		int a = ob_line_threat(pos, t, d, ray, occ, own, -1, OB_EMPTY,
				       &pinned, &line, narrow);
		if (a < 0)
			continue;
		if (pinned < 0) {
			cs_set_w(&checkers, a, narrow);
			block = cs_or(block, line);
		} else {
			cs_set_w(&th->pinned, pinned, narrow);
			th->pin_line[pinned] = line;
		}
	}
	th->checkers = checkers;
	th->evasion = !cs_any(checkers) ? cs_andnot(cs_w(t->all, narrow), own)
		      : cs_more_than_one(checkers) ? cs_empty()
						   : block;
}

/* Did the move `last` change the pieces on its own two cells only: one
 * piece moved (perhaps taking another on the second), or a swap of two
 * (*swap)?  Else it moved two pieces elsewhere too, or took one
 * elsewhere. */
static inline bool two_cells_changed(const struct ob_position *pos,
				     ob_move last, bool *swap)
{
	*swap = false;
	if (OB_MOVE_SPECIAL(last) < OB_EN_PASSANT)
		return true;
	*swap = OB_MOVE_SPECIAL(last) == OB_PAIRED &&
		pos->variant->pairs[OB_MOVE_PAIR(last)].type == OB_SWAP;
	return *swap;
}

/* The cells among targets the piece on cell c, of the army that moved,
 * attacks (swaps only: out of the generator's body). */
__attribute__((noinline)) static struct ob_cellset
swapped_attacks(const struct ob_position *pos,
		const struct ob_reply_cache *cache, int c, struct ob_cellset occ,
		struct ob_cellset targets)
{
	return ob_piece_attacks_w(pos, pos->variant->tables, cache->mover,
				  OB_PIECE_KIND(pos->board[c]), c, occ, targets,
				  false);
}

/* The cells among targets the pieces the move `last` brought attack
 * from their new cells (a swap brings two). */
OB_ALWAYS_INLINE
static inline struct ob_cellset
moved_attacks(const struct ob_position *pos, const struct ob_tables *t,
	      const struct ob_reply_cache *cache, ob_move last, bool swap,
	      struct ob_cellset occ, struct ob_cellset targets,
	      const bool narrow)
{
	int to = OB_MOVE_TO(last);
	if (swap) /* swaps: more than 64 cells */
		return cs_or(swapped_attacks(pos, cache, to, occ, targets),
			     swapped_attacks(pos, cache, OB_MOVE_FROM(last),
					     occ, targets));
	return ob_piece_attacks_w(pos, t, cache->mover,
				  OB_PIECE_KIND(pos->board[to]), to, occ,
				  targets, narrow);
}

/* Is the watched cell attacked after a move that changed the pieces on
 * its cells `from` and `to` only (`touched`), over occupancy occ, the
 * moved pieces' own attacks aside?  Still, by a step from a piece that
 * stayed or along a line neither cell of the move is on; else along
 * those two lines now. */
OB_ALWAYS_INLINE
static inline bool still_attacked(const struct ob_position *pos,
				  const struct ob_tables *t,
				  const struct ob_watch *w, int from, int to,
				  struct ob_cellset touched, struct ob_cellset occ,
				  const bool narrow)
{
	int c = w->cell;
	uint32_t redo = ob_lines_through(t, c, from, to);
	if (cs_any(cs_andnot(cs_w(w->stepped, narrow), touched)) ||
	    (w->lines & ~redo))
		return true;
	for (; redo; redo &= redo - 1)
		if (ob_attacked_along_w(pos, t, c, __builtin_ctz(redo), occ,
					 narrow))
			return true;
	return false;
}

/* The royal piece's safe steps after the move `last` (of one piece, or
 * a swap of two) from the cache's position: each step judged again when
 * the move changed a cell whether it is attacked depends on, and those
 * the moved pieces attack now taken out.  All are judged anew after one
 * that took a piece next to the royal piece (a new step). */
OB_ALWAYS_INLINE
static inline struct ob_cellset
watched_steps(const struct ob_position *pos, const struct ob_tables *t,
	      struct ob_threats *th, const struct ob_reply_cache *cache,
	      ob_move last, struct ob_cellset touched, struct ob_cellset occ,
	      const bool swap, const bool narrow)
{
	int royal = cache->royal;
	int from = OB_MOVE_FROM(last), to = OB_MOVE_TO(last);
	struct ob_cellset safe = cs_w(cache->royal_safe, narrow);
	struct ob_cellset lifted = cs_andnot(occ, cs_bit(royal));
	if (cs_any(cs_and(touched, cs_w(cache->royal_depends, narrow)))) {
		if (cs_has_w(cs_w(cache->royal_guards, narrow), to, narrow))
			return ob_royal_steps(pos, th, royal, occ);
		for (int i = 0; i < cache->nsteps; i++) {
			const struct ob_watch *w = &cache->step[i];
			if (!cs_any(cs_and(touched, cs_w(w->depends, narrow))))
				continue;
			if (still_attacked(pos, t, w, from, to, touched, lifted,
					   narrow))
				safe = cs_andnot(safe, cs_bit(w->cell));
			else
				cs_set_w(&safe, w->cell, narrow);
		}
	}
	if (cs_any(safe))
		safe = cs_andnot(safe, moved_attacks(pos, t, cache, last, swap,
						     lifted, safe, narrow));
	return safe;
}

/* A swap's copy (more than 64 cells), out of the generator's body. */
__attribute__((noinline)) static struct ob_cellset
watched_steps_swap(const struct ob_position *pos, struct ob_threats *th,
		   const struct ob_reply_cache *cache, ob_move last,
		   struct ob_cellset touched, struct ob_cellset occ)
{
	return watched_steps(pos, pos->variant->tables, th, cache, last,
			     touched, occ, true, false);
}

/* The royal piece's safe steps after the move `last` from the cache's
 * position (watched_steps); after a move of two pieces but a swap, or an
 * en passant capture, judged anew. */
OB_ALWAYS_INLINE
static inline struct ob_cellset
kept_royal_steps(const struct ob_position *pos, const struct ob_tables *t,
		 struct ob_threats *th, const struct ob_reply_cache *cache,
		 ob_move last, struct ob_cellset touched, struct ob_cellset occ,
		 const bool narrow)
{
	if (OB_MOVE_SPECIAL(last) < OB_EN_PASSANT)
		return watched_steps(pos, t, th, cache, last, touched, occ, false,
				     narrow);
	bool swap;
	if (!narrow && two_cells_changed(pos, last, &swap))
		return watched_steps_swap(pos, th, cache, last, touched, occ);
	return ob_royal_steps(pos, th, cache->royal, occ);
}

#endif
