/*
 * Private to the library: the fast generator's view of a node (lib/movegen.c)
 * and what perft's last ply keeps from the node above it (lib/replies.c).
 */
#ifndef OB_MOVEGEN_H
#define OB_MOVEGEN_H

#include "attack.h"

/* What a node needs to know about the enemy. */
struct ob_threats {
	/* The other armies still in the game (two armies: always the
	 * other), and the sliders of each by direction group (when
	 * sliders_filled: see ob_enemy_sliders). */
	int nenemies;
	int enemy[OB_MAX_ARMIES - 1];
	bool sliders_filled;
	struct ob_slider_sets sliders[OB_MAX_ARMIES - 1];
	struct ob_cellset checkers;
	bool cannon_check; /* a checker is a cannon: moves judged by trial */
	struct ob_cellset forbidden; /* between the royal and a cannon */
	struct ob_cellset evasion; /* where a non-royal move must land */
	struct ob_cellset pinned;
	struct ob_cellset pin_line[OB_MAX_CELLS]; /* only for pinned cells */
};


/* The other armies still in the game; their sliders not yet. */
static inline void ob_enemies_list(const struct ob_position *pos,
				   const struct ob_tables *t,
				   struct ob_threats *th)
{
	int us = pos->side;
	th->sliders_filled = false;
	if (t->narmies == 2) {
		th->nenemies = 1;
		th->enemy[0] = 1 - us;
		return;
	}
	th->nenemies = 0;
	for (int i = 1; i < t->narmies; i++) {
		int a = us + i < t->narmies ? us + i : us + i - t->narmies;
		if (cs_any(pos->by_color[a]))
			th->enemy[th->nenemies++] = a;
	}
}

/* The enemies' sliders, filled once per node when first needed. */
static inline void ob_enemy_sliders(const struct ob_position *pos,
				    const struct ob_tables *t,
				    struct ob_threats *th)
{
	if (th->sliders_filled)
		return;
	for (int e = 0; e < th->nenemies; e++)
		ob_slider_sets_fill(pos, t, th->enemy[e], &th->sliders[e]);
	th->sliders_filled = true;
}

/* The other armies still in the game, and their sliders. */
static inline void ob_enemies_fill(const struct ob_position *pos,
				   const struct ob_tables *t,
				   struct ob_threats *th)
{
	ob_enemies_list(pos, t, th);
	ob_enemy_sliders(pos, t, th);
}

/* The threats to the royal piece on cell royal of the army to move, over
 * occupancy occ; and the cells that piece may step to. */
void ob_find_threats(const struct ob_position *pos, struct ob_threats *th,
		     int royal, struct ob_cellset occ);
struct ob_cellset ob_royal_steps(const struct ob_position *pos,
				 struct ob_threats *th, int royal,
				 struct ob_cellset occ);

/*
 * The threats a move of one piece from `from` to `to` can change, read
 * without the rest (the reply cache's, before the move in
 * ob_reply_count_quiet and after it in moved_threats, lib/kept.h).  Only
 * the moved piece can check by a step; along a line from the royal piece
 * only when the move changed a cell on it: the lines through its two
 * cells (ob_lines_through).  Along one of those, ob_line_threat reads the
 * first pieces met.
 */

/* A bit per direction from cell c along which `from` or `to` lies. */
static inline uint32_t ob_lines_through(const struct ob_tables *t, int c,
					int from, int to)
{
	int d1 = t->dir_to[c][from], d2 = t->dir_to[c][to];
	return (d1 >= 0 ? 1u << d1 : 0) | (d2 >= 0 ? 1u << d2 : 0);
}

/* Does a piece of army `army` and kind k on cell `from` attack cell c by
 * a step (a leap or a pawn's capture)? */
OB_ALWAYS_INLINE
static inline bool ob_steps_onto(const struct ob_position *pos,
				 const struct ob_tables *t, int army, int k,
				 int from, int c, const bool narrow)
{
	return (t->leaper_kinds[army] >> k & 1 &&
		cs_has_w(cs_w(t->leap_from[army][k][c], narrow), from,
			 narrow)) ||
	       (k == pos->variant->pawn_kind &&
		cs_has_w(cs_w(t->pawn_attack_from[army][c], narrow), from,
			 narrow));
}

/* Along ray (the cells from a royal piece in direction d), over
 * occupancy occ with the royal army's pieces own: the enemy piece that
 * attacks along the line, met first (a check) or second behind an own
 * piece (a pin: *pinned is that piece, else -1); and the cells from the
 * royal piece up to and with it (*line: where a move may block the
 * check, or the pinned piece may go).  Returns its cell, or -1 when the
 * line holds neither (*pinned and *line are then not set).  The piece on
 * cell `to` is read as on_to: before a move, the piece it brings there
 * (after it, to is -1 and the board is read). */
OB_ALWAYS_INLINE
static inline int ob_line_threat(const struct ob_position *pos,
				 const struct ob_tables *t, int d,
				 struct ob_cellset ray, struct ob_cellset occ,
				 struct ob_cellset own, int to, ob_piece on_to,
				 int *pinned, struct ob_cellset *line,
				 const bool narrow)
{
	struct ob_cellset met = cs_and(ray, occ);
	if (!cs_any(met))
		return -1;
	int first = cs_nearest_w(t, d, met, narrow), a = first;
	*pinned = -1;
	if (cs_has_w(own, first, narrow)) {
		met = cs_and(cs_w(t->ray[d][first], narrow), occ);
		if (!cs_any(met))
			return -1;
		a = cs_nearest_w(t, d, met, narrow);
		if (cs_has_w(own, a, narrow))
			return -1;
		*pinned = first;
	}
	if (!ob_slides_along(t, a == to ? on_to : pos->board[a], d))
		return -1;
	*line = cs_xor(ray, cs_w(t->ray[d][a], narrow));
	return a;
}

/* The pieces the royal piece of the army to move may swap with by the
 * swap rule `rule` (Liu Yang), their cells attacked or not. */
struct ob_cellset ob_swap_partners(const struct ob_position *pos, int rule);

/*
 * Perft's last ply, made cheaper.  Before the moves of a position are
 * each made and the replies counted, the army next in turn (the replier)
 * is looked at once: each slider's attacks, and the moves of each slider,
 * cannon, leaper and pawn as they would be counted with no check and no
 * pin, with the cells that count depends on.  A move changes the pieces
 * on a few cells; after it, a piece that depends on none of them and is
 * not pinned has the same moves, and its count is kept (unless the
 * replier is in check, when its moves are counted anew).  Its royal
 * piece's checkers, pins and forbidden cells are kept too while the move
 * changed no cell on a line or step towards it; after a move of one
 * piece that did, on a board without cannons, they are read again only
 * along the lines through its two cells (moved_threats).  Each of its
 * steps, and each swap partner (Liu Yang), is watched on its own (struct
 * ob_watch): judged again only when the move changed a cell whether it is
 * attacked depends on, and then only along the lines through the move's
 * two cells; the moved pieces' own new attacks are found from their new
 * cells.  A move that changes other cells too (castling, guarding, en
 * passant) has them all judged anew.  With three armies the cache also
 * answers settling's question, whether the replier attacks another royal
 * piece (struct ob_settling_cache); it serves only when settling removed
 * nothing and the replier is to move.  ob_legal_count_cached counts as
 * ob_legal_count, in the position after the move `last` from the filled
 * one.
 *
 * With three armies most moves are quiet (ob_reply_count_quiet): they
 * give no check and change no cell the royal piece's steps or settling's
 * answer depend on.  Their replies are read before they are made: the
 * cache's total (a pinned piece counted within its pin's line), changed
 * for the pieces that depend on the move's two cells and those whose
 * pin the move makes or ends, and the royal piece's safe steps less
 * those the moved piece then attacks.
 */
/* Whether the enemies attack a cell, kept across the moves of one army
 * (the mover): the cells that answer depends on (the enemies' pieces
 * attacking the cell by a step; along each line, the cells up to the
 * slider or cannon that attacks on it, or would once one piece moved
 * away), those step attackers, and the directions along which one
 * attacks it.  The attacks a moved piece brings to its new cell are not
 * in it. */
struct ob_watch {
	uint8_t cell;
	uint32_t lines;
	struct ob_cellset depends, stepped;
};
/* Three armies: settling's question after each move of one position
 * (does the army next in turn, the replier, attack another army's
 * Grandduke?), answered once before the moves are made, with the cells
 * each answer depends on.  It serves after a move only while settling
 * has removed nothing and the replier is to move (settle in lib/turn.c).
 * Filled alone where the moves below are listed (ob_settling_cache_fill),
 * or as part of the reply cache at the last two plies. */
struct ob_settling_cache {
	int mover, replier; /* the armies to move when filled, and after */
	int ep_victim; /* the pawn en passant would take, when filled */
	/* Each army's royal cell then (-1: the mover's, which its legal
	 * move leaves unattacked: not asked), whether the replier attacked
	 * it, and the cells that answer depends on. */
	int royal_of[OB_MAX_ARMIES];
	bool royal_attacked[OB_MAX_ARMIES];
	struct ob_cellset royal_attack_depends[OB_MAX_ARMIES];
};
void ob_settling_cache_fill(const struct ob_position *pos,
			    struct ob_settling_cache *settling);

#define OB_MAX_PARTNERS 12 /* cells next to a cell on any board */
#define OB_MAX_ROYAL_STEPS 26 /* a royal piece's steps on any board */
struct ob_reply_cache {
	int mover, replier; /* the armies to move when filled, and after */
	int ep_victim; /* the pawn en passant would take, when filled */
	struct ob_cellset own; /* the replying army's pieces then */
	struct ob_cellset counted; /* the pieces whose count is kept */
	int total; /* their counts' sum (see quiet_ok for the pinned) */
	bool threats_kept; /* royal, not in a cannon's check: pins below */
	int royal;
	struct ob_cellset threat_cells; /* the lines and steps to it */
	/* In check: the checkers (those by a step apart) and the cells a
	 * move must land on. */
	struct ob_cellset checkers, step_checkers, evasion;
	struct ob_cellset forbidden; /* see struct ob_threats */
	struct ob_cellset pinned;
	struct ob_cellset pin_line[OB_MAX_CELLS]; /* of the pinned */
	/* Its safe steps, and each step's watch (royal_depends: the union
	 * of their cells, and the guards: its own pieces next to it, as
	 * taking one makes a new step; all cells when nothing is kept). */
	struct ob_cellset royal_safe, royal_depends, royal_guards;
	int nsteps;
	struct ob_watch step[OB_MAX_ROYAL_STEPS];
	/* Three armies: settling's answers (its mover, replier and
	 * ep_victim are those above). */
	struct ob_settling_cache settling;
	/* Three armies: a quiet move changes none of the quiet cells (the
	 * cells the royal piece's steps depend on, the replier's pieces,
	 * the cells settling's answer depends on) and gives no check.  It
	 * leaves every count as it was but those of the pieces that depend
	 * on its two cells or whose pin it makes or ends, and the royal
	 * piece's steps, which the moved piece may now attack (when
	 * quiet_ok: not in check, no cannons, every piece counted, the
	 * replier not attacking the third Grandduke; the counts of its
	 * pinned pieces are then those within their pins' lines; see
	 * ob_reply_count_quiet). */
	bool quiet_ok;
	struct ob_cellset quiet_cells;
	/* The royal piece's swap partners (Liu Yang): whether each one's
	 * cell was attacked (partner_safe), and its watch; the partners'
	 * cells (each once: partners_distinct), and the union of their
	 * watches' cells. */
	int npartners;
	bool partners_distinct;
	struct ob_cellset partner_cells, partner_safe, partner_depends;
	struct {
		uint8_t rule;
		struct ob_watch watch;
	} partner[OB_MAX_PARTNERS];
	/* The replier's paired moves, with two armies: the rights bits of
	 * the rules it may still make after any move but en passant (held,
	 * its two pieces in place, and none of its pieces on a cell the
	 * rule needs empty: only an en passant capture takes one off); all
	 * bits when not known.  Among them castles_kept: the castlings whose
	 * safe cells decide (ob_tables.castle_safe_decides), the royal piece
	 * being the mover.  Each of their safe cells is watched over the
	 * occupancy, the royal piece in place; castle_attacked: those
	 * attacked then, castle_depends: the union of the watches' cells.
	 * castles_legal: those kept that were legal then (their empty cells
	 * empty); castle_cells, castle_fixed: the kept ones' safe cells, and
	 * the cells a move must leave alone for their answer to stand (the
	 * watches' and the empty cells). */
	unsigned pairs_live, castles_kept, castles_legal;
	struct ob_cellset castle_attacked, castle_depends;
	struct ob_cellset castle_cells, castle_fixed;
	int ncastle_watches;
	struct ob_watch castle_watch[OB_MAX_PAIRS * OB_PAIR_CELLS];
	struct ob_cellset att[OB_MAX_CELLS]; /* the sliders' attacks */
	struct ob_cellset depends[OB_MAX_CELLS]; /* per cell: the pieces */
	uint8_t count[OB_MAX_CELLS]; /* per piece */
};
void ob_reply_cache_fill(const struct ob_position *pos,
			 struct ob_reply_cache *cache);
/* Three armies, before the plain move m from the cache's position: if
 * it is quiet, its replies (the count kept for the replier's pieces,
 * changed for those that depend on its two cells or whose pin it makes
 * or ends, and the royal piece's safe steps, less those the moved piece
 * now attacks); else -1.  (When there are none, settling removes the
 * replier: ob_count_plain_replies and ob_make_count say so.) */
int ob_reply_count_quiet(const struct ob_position *pos,
			 const struct ob_reply_cache *cache, ob_move m);
int ob_legal_count_cached(const struct ob_position *pos,
			  const struct ob_reply_cache *cache, ob_move last);
/* Does the settling cache's replier attack army a's royal piece after
 * the move `last` (ob_attacked's answer)? */
bool ob_attacks_royal_cached(const struct ob_position *pos,
			     const struct ob_settling_cache *settling,
			     ob_move last, int a);
/* The same, given the cells whose piece the move changed. */
static inline bool ob_royal_attacked_kept(const struct ob_position *pos,
					  const struct ob_settling_cache *s,
					  struct ob_cellset changed, int a)
{
	int royal = pos->royal_cell[a];
	if (royal == s->royal_of[a] &&
	    !cs_any(cs_and(changed, s->royal_attack_depends[a])))
		return s->royal_attacked[a];
	return ob_attacked(pos, royal, s->replier);
}

#endif
