/*
 * Private to the library: the derived geometry of a variant and the
 * cell-set operations the move generator is built from.
 */
#ifndef OB_INTERNAL_H
#define OB_INTERNAL_H

#include "oblique.h"

#define OB_GRID_MAX 256 /* grid points of any board (cells are fewer) */
#define OB_MAX_LINES 48     /* look-ups (sets of directions) of a board */
#define OB_LINE_BITS 6      /* widest index of a merged look-up */
#define OB_LINE_WIDEST 12   /* widest index a look-up may get */
#define OB_LINE_ATTACKS 49152 /* entries of all look-ups' attack tables */

/* One line through one cell: where its attack table starts, and how the
 * occupancy of its inner cells (mask) is turned into an index. */
struct ob_line_entry {
	struct ob_cellset mask;
	uint64_t magic;
	uint32_t offset;
	uint32_t shift;
};

/*
 * Everything derived from a variant's tables, computed once by
 * ob_tables_build.  Arrays indexed by colour (army) hold the army's
 * vectors: army 1's mapped by the army's frame.
 */
struct ob_tables {
	int ncells;
	int narmies;
	/* What the generator and the attack scan read at every node, kept
	 * together in a few cache lines (each field is described below,
	 * where it is built from). */
	uint8_t gen_class[OB_MAX_KINDS];
	int ncannon_scans[OB_MAX_ARMIES];
	uint16_t cannon_kinds[OB_MAX_ARMIES];
	uint16_t slider_kinds[OB_MAX_ARMIES]; /* kinds with motion OB_SLIDE */
	uint16_t leaper_kinds[OB_MAX_ARMIES]; /* OB_LEAP, and sliders with leaps */
	bool has_swap;
	bool promotion_limited;
	int npromotions;
	int8_t promotion_kinds[OB_MAX_KINDS];
	unsigned rights_of[OB_MAX_ARMIES];
	int ngroups[OB_MAX_ARMIES];
	uint16_t group_kinds[OB_MAX_ARMIES][OB_MAX_DIRS];
	uint8_t ngroup_dirs[OB_MAX_ARMIES][OB_MAX_DIRS];
	int nslide_lines[OB_MAX_ARMIES][OB_MAX_KINDS];
	uint8_t slide_lines[OB_MAX_ARMIES][OB_MAX_KINDS][OB_MAX_DIRS];
	uint8_t group_dirs[OB_MAX_ARMIES][OB_MAX_DIRS][OB_MAX_DIRS];
	int8_t coords[OB_MAX_CELLS][OB_MAX_DIMS];
	int16_t grid_to_cell[OB_GRID_MAX]; /* -1 where no cell */
	char names[OB_MAX_CELLS][8];
	char codes[OB_MAX_KINDS][3]; /* "Gd", or the letter */
	bool has_codes;
	/* frame_cell[a][c]: army a's cell where army 1's is c; unframe_cell
	 * the inverse.  frame_cell[1] is the reflection of ob_cell_reflect:
	 * the point reflection on the lattice and the oblong board, the
	 * mirror on the hexagonal one. */
	uint8_t frame_cell[OB_MAX_ARMIES][OB_MAX_CELLS];
	uint8_t unframe_cell[OB_MAX_ARMIES][OB_MAX_CELLS];
	struct ob_cellset all;
	/* Army 1's pieces of each kind in the start position. */
	int8_t setup_count[OB_MAX_KINDS];
	int8_t far_corner[OB_MAX_ARMIES]; /* -1: no far-corner win */

	/* Slider directions: each distinct vector any slider of either colour
	 * moves along.  ray[d][c] is every cell from c (exclusive) to the
	 * edge; cell numbers grow along d exactly when positive[d]. */
	int ndirs;
	struct ob_vector dirs[OB_MAX_DIRS];
	bool positive[OB_MAX_DIRS];
	struct ob_cellset ray[OB_MAX_DIRS][OB_MAX_CELLS];
	/* dir_to[c][x]: the d with x on ray[d][c], or -1 (no direction is
	 * a multiple of another, so there is at most one). */
	int8_t dir_to[OB_MAX_CELLS][OB_MAX_CELLS];
	struct ob_cellset lines_from[OB_MAX_CELLS]; /* every ray from a cell */

	/* Per colour and kind: the slider directions it moves along. */
	uint8_t slide_dirs[OB_MAX_ARMIES][OB_MAX_KINDS][OB_MAX_DIRS];
	int nslide_dirs[OB_MAX_ARMIES][OB_MAX_KINDS];

	/* Look-ups ("lines"): sets of directions whose attacks come from
	 * one table look-up, indexed by the occupancy of their rays' inner
	 * cells (the edge cells never block anything beyond them) through a
	 * multiply ("magic bitboards", with the set's two words folded into
	 * one: no two cells of a mask 64 apart, asserted when built).  A
	 * kind's look-ups are its lines (a direction and its opposite, or a
	 * lone direction) merged while the index stays within OB_LINE_BITS:
	 * the Regent's 13 lines are 7 look-ups. */
	int nlines;
	uint32_t line_dirs[OB_MAX_LINES]; /* a bit per direction */
	struct ob_line_entry line[OB_MAX_CELLS][OB_MAX_LINES]; /* [cell][line] */
	int nline_attacks;
	struct ob_cellset line_attacks[OB_LINE_ATTACKS];
	/* Per colour and kind: the look-ups its slides take. */
	/* Directions grouped by the kinds (bit mask) of a colour whose slide
	 * reaches a cell from the first piece met when scanning away from it
	 * along d, so that a node ORs each group's piece sets once. */
	/* Each group's directions, and the union of their rays from a cell,
	 * so a scan skips a whole group when no enemy slider of it is on
	 * any of its lines. */
	struct ob_cellset group_rays[OB_MAX_ARMIES][OB_MAX_DIRS][OB_MAX_CELLS];
	/* Per direction d: a colour's kinds that attack a cell from the
	 * first piece met along d (sliders) and from the second (cannons). */
	uint16_t line_kinds[OB_MAX_ARMIES][OB_MAX_DIRS];
	uint16_t cannon_line_kinds[OB_MAX_ARMIES][OB_MAX_DIRS];
	/* Cannons: slide_dirs and slide_lines hold their lines, for their
	 * moves to empty cells; no direction group holds them. */
	/* How the generator takes each kind: its motion, or OB_GEN_OTHER
	 * for cannons and sliders with leaps. */
	/* The directions a scan for an army's cannons walks from a cell,
	 * and the cannon kinds that come back along each. */
	uint8_t cannon_scan_dir[OB_MAX_ARMIES][OB_MAX_DIRS];
	uint16_t cannon_scan_kinds[OB_MAX_ARMIES][OB_MAX_DIRS];
	/* The union of those directions' rays from each cell: a scan ends
	 * at once when no cannon of the army stands on any of them. */
	struct ob_cellset cannon_rays[OB_MAX_ARMIES][OB_MAX_CELLS];

	/* Leapers: targets from a cell, and cells a leaper attacks it from. */
	struct ob_cellset leap[OB_MAX_ARMIES][OB_MAX_KINDS][OB_MAX_CELLS];
	struct ob_cellset leap_from[OB_MAX_ARMIES][OB_MAX_KINDS][OB_MAX_CELLS];

	/* The cells a piece of a colour and kind attacks from a cell on
	 * an empty board. */
	struct ob_cellset sight[OB_MAX_ARMIES][OB_MAX_KINDS][OB_MAX_CELLS];

	/* Pawns. */
	struct ob_cellset pawn_push[OB_MAX_ARMIES][OB_MAX_CELLS];
	struct ob_cellset pawn_attack[OB_MAX_ARMIES][OB_MAX_CELLS];
	struct ob_cellset pawn_attack_from[OB_MAX_ARMIES][OB_MAX_CELLS];
	struct ob_cellset promotion[OB_MAX_ARMIES];
	struct ob_cellset pawn_forbidden[OB_MAX_ARMIES];
	/* Double steps: the target and the cell passed over, or -1. */
	int8_t double_to[OB_MAX_ARMIES][OB_MAX_CELLS];
	int8_t double_mid[OB_MAX_ARMIES][OB_MAX_CELLS];

	/* Paired moves, their cells resolved per colour (-1: not used);
	 * the cells the rule needs empty and (castling) unattacked, in the
	 * rule's order. */
	struct {
		int8_t mover, partner, mover_to, partner_to;
		int8_t nempty, empty[OB_PAIR_CELLS];
		int8_t nsafe, safe[OB_PAIR_CELLS];
	} pair[OB_MAX_ARMIES][OB_MAX_PAIRS];
	/* Swaps: the cells a swap's mover may exchange with. */
	struct ob_cellset swap_adjacent[OB_MAX_CELLS];
	/* The cells a paired move needs empty (the rule's list), and each
	 * colour's rights bits. */
	struct ob_cellset pair_empty[OB_MAX_ARMIES][OB_MAX_PAIRS];
	/* A castling's safe cells as a set, and per army the rights bits of
	 * the castlings that are legal exactly when those cells are not
	 * attacked, once the mover is the royal piece: its target is one of
	 * them and no cell the two pieces leave opens a line to it (else the
	 * target is judged again over the occupancy after the move). */
	struct ob_cellset pair_safe[OB_MAX_ARMIES][OB_MAX_PAIRS];
	unsigned castle_safe_decides[OB_MAX_ARMIES];
	/* Rights lost when a move leaves or enters the cell. */
	unsigned rights_clear[OB_MAX_CELLS];
};

#define OB_GEN_OTHER 8

/* Zobrist keys: [piece][cell], and the army to move (army 1's is 0). */
extern uint64_t ob_zobrist[OB_PIECE_VALUES][OB_MAX_CELLS];
extern uint64_t ob_zobrist_side[OB_MAX_ARMIES];
extern uint64_t ob_zobrist_rights[2 * OB_MAX_PAIRS]; /* per rights bit */
extern uint64_t ob_zobrist_ep[OB_MAX_CELLS];

/* The rights bit of a paired-move rule for a colour. */
static inline unsigned ob_right_bit(const struct ob_variant *v, int color,
				    int rule)
{
	return 1u << (color * v->npairs + rule);
}

/* ---- cell sets ---- */

/* For the helpers whose constant arguments (list, narrow) must be folded
 * into each caller: an inliner that waits can leave them unfolded. */
#if defined(__GNUC__)
#define OB_ALWAYS_INLINE __attribute__((always_inline))
#else
#define OB_ALWAYS_INLINE
#endif

static inline struct ob_cellset cs_empty(void)
{
	struct ob_cellset s = {0, 0};
	return s;
}
static inline struct ob_cellset cs_bit(int cell)
{
	struct ob_cellset s = {0, 0};
	if (cell < 64)
		s.lo = (uint64_t)1 << cell;
	else
		s.hi = (uint64_t)1 << (cell - 64);
	return s;
}
static inline struct ob_cellset cs_and(struct ob_cellset a, struct ob_cellset b)
{
	a.lo &= b.lo;
	a.hi &= b.hi;
	return a;
}
static inline struct ob_cellset cs_or(struct ob_cellset a, struct ob_cellset b)
{
	a.lo |= b.lo;
	a.hi |= b.hi;
	return a;
}
static inline struct ob_cellset cs_xor(struct ob_cellset a, struct ob_cellset b)
{
	a.lo ^= b.lo;
	a.hi ^= b.hi;
	return a;
}
static inline struct ob_cellset cs_andnot(struct ob_cellset a,
					  struct ob_cellset b)
{
	a.lo &= ~b.lo;
	a.hi &= ~b.hi;
	return a;
}
static inline bool cs_any(struct ob_cellset a)
{
	return (a.lo | a.hi) != 0;
}
static inline bool cs_more_than_one(struct ob_cellset a)
{
	if (a.lo && a.hi)
		return true;
	return (a.lo & (a.lo - 1)) || (a.hi & (a.hi - 1));
}
static inline int cs_count(struct ob_cellset a)
{
	return __builtin_popcountll(a.lo) + __builtin_popcountll(a.hi);
}
/* Lowest cell; the set must not be empty. */
static inline int cs_first(struct ob_cellset a)
{
	return a.lo ? __builtin_ctzll(a.lo) : 64 + __builtin_ctzll(a.hi);
}
/* Highest cell; the set must not be empty. */
static inline int cs_last(struct ob_cellset a)
{
	return a.hi ? 127 - __builtin_clzll(a.hi) : 63 - __builtin_clzll(a.lo);
}
/* Removes and returns the lowest cell. */
static inline int cs_pop(struct ob_cellset *a)
{
	int c;
	if (a->lo) {
		c = __builtin_ctzll(a->lo);
		a->lo &= a->lo - 1;
	} else {
		c = 64 + __builtin_ctzll(a->hi);
		a->hi &= a->hi - 1;
	}
	return c;
}
static inline void cs_set(struct ob_cellset *a, int cell)
{
	*a = cs_or(*a, cs_bit(cell));
}
static inline void cs_clear(struct ob_cellset *a, int cell)
{
	*a = cs_andnot(*a, cs_bit(cell));
}

/*
 * Narrow sets: on a board of at most 64 cells every set lies in the low
 * word.  The generator is compiled twice from one source, specialised on
 * a constant `narrow` as it is on list and any, and clears the high word
 * of each set it loads, so that the compiler drops every operation on
 * it.  Nothing else differs; the tables stay as they are.
 */
OB_ALWAYS_INLINE
static inline struct ob_cellset cs_w(struct ob_cellset s, const bool narrow)
{
	if (narrow)
		s.hi = 0;
	return s;
}
OB_ALWAYS_INLINE
static inline bool cs_has_w(struct ob_cellset s, int cell, const bool narrow)
{
	return narrow ? (s.lo >> cell) & 1 : ob_cellset_has(s, cell);
}
OB_ALWAYS_INLINE
static inline int cs_pop_w(struct ob_cellset *a, const bool narrow)
{
	if (!narrow)
		return cs_pop(a);
	int c = __builtin_ctzll(a->lo);
	a->lo &= a->lo - 1;
	return c;
}

/* The first piece met along direction d from a cell, given the ray's
 * occupied cells (not empty). */
static inline int cs_nearest(const struct ob_tables *t, int d,
			     struct ob_cellset blockers)
{
	return t->positive[d] ? cs_first(blockers) : cs_last(blockers);
}

/* cs_nearest and cs_set for narrow sets (see cs_w) or not. */
OB_ALWAYS_INLINE
static inline int cs_nearest_w(const struct ob_tables *t, int d,
			       struct ob_cellset blockers, const bool narrow)
{
	if (!narrow)
		return cs_nearest(t, d, blockers);
	return t->positive[d] ? __builtin_ctzll(blockers.lo)
			      : 63 - __builtin_clzll(blockers.lo);
}
OB_ALWAYS_INLINE
static inline void cs_set_w(struct ob_cellset *a, int cell, const bool narrow)
{
	if (narrow)
		a->lo |= (uint64_t)1 << cell;
	else
		cs_set(a, cell);
}

/* Cells a slider reaches from cell along direction d over occupancy occ
 * (the first occupied cell included). */
static inline struct ob_cellset ob_ray_attacks(const struct ob_tables *t,
					       int d, int cell,
					       struct ob_cellset occ)
{
	struct ob_cellset ray = t->ray[d][cell];
	struct ob_cellset blockers = cs_and(ray, occ);
	if (cs_any(blockers))
		ray = cs_xor(ray, t->ray[d][cs_nearest(t, d, blockers)]);
	return ray;
}

/* Cells a slider reaches from cell along line l over occupancy occ (the
 * first occupied cell each way included). */
static inline struct ob_cellset ob_line_entry_attacks(
	const struct ob_tables *t, const struct ob_line_entry *e,
	struct ob_cellset occ, const bool narrow)
{
	uint64_t x = occ.lo & e->mask.lo;
	if (!narrow)
		x |= occ.hi & e->mask.hi;
	return cs_w(t->line_attacks[e->offset +
				    (uint32_t)((x * e->magic) >> e->shift)],
		    narrow);
}

/* Builds v->tables (called once per variant from ob_variant_find). */
void ob_tables_build(const struct ob_variant *v, struct ob_tables *t);

/* Slider attacks of a (colour, kind) from cell over occupancy occ. */
static inline struct ob_cellset ob_slider_attacks_w(const struct ob_tables *t,
						    int color, int kind,
						    int cell,
						    struct ob_cellset occ,
						    const bool narrow)
{
	const struct ob_line_entry *row = t->line[cell];
	const uint8_t *lines = t->slide_lines[color][kind];
	int n = t->nslide_lines[color][kind];
	/* every slider has a line; the first look-up needs no test */
	struct ob_cellset att =
		ob_line_entry_attacks(t, row + lines[0], occ, narrow);
	for (int i = 1; i < n; i++)
		att = cs_or(att,
			    ob_line_entry_attacks(t, row + lines[i], occ, narrow));
	return att;
}
static inline struct ob_cellset ob_slider_attacks(const struct ob_tables *t,
						  int color, int kind, int cell,
						  struct ob_cellset occ)
{
	return ob_slider_attacks_w(t, color, kind, cell, occ, false);
}
/* The cells from which an en passant capture is legal now. */
struct ob_cellset ob_en_passant_capturers(const struct ob_position *pos);
/* Every occupied cell (a third army's set is empty on two-army boards). */
static inline struct ob_cellset ob_occupied(const struct ob_position *pos)
{
	return cs_or(cs_or(pos->by_color[0], pos->by_color[1]),
		     pos->by_color[2]);
}
/* The cells of every army but army. */
static inline struct ob_cellset ob_others(const struct ob_position *pos,
					  int army)
{
	return cs_andnot(ob_occupied(pos), pos->by_color[army]);
}
/* Is cell attacked by an army other than army? */
bool ob_attacked_by_others(const struct ob_position *pos, int cell, int army);

/* The move alone (lib/make.h, lib/turn.c): legality is judged here,
 * before the position is settled; ob_make settles after it.  With two
 * armies the two are the same.  Retract takes back what apply did, after
 * ob_unsettle has put back what settling removed. */
void ob_move_apply(struct ob_position *pos, ob_move m, struct ob_undo *undo);
void ob_move_retract(struct ob_position *pos, ob_move m,
		     const struct ob_undo *undo);
/* Settles a position after ob_move_apply (spec section 6), judging
 * whether an army has a legal move by has_move. */
void ob_settle(struct ob_position *pos, struct ob_undo *undo,
	       bool (*has_move)(const struct ob_position *));
void ob_unsettle(struct ob_position *pos, const struct ob_undo *undo);
/* ob_make, then the number of legal moves of the army to move (with
 * three armies counted where settling asks whether it has one), from
 * the reply cache (lib/movegen.h) filled before the move, if not NULL. */
struct ob_reply_cache;
int ob_make_count(struct ob_position *pos, ob_move m, struct ob_undo *undo,
		  const struct ob_reply_cache *cache);
/* ob_make, then the legal moves of the army to move listed in moves
 * (with three armies where settling asks whether it has one); returns
 * their number.  settling: NULL, or filled by ob_settling_cache_fill
 * before the move (lib/movegen.h). */
struct ob_settling_cache;
int ob_make_list(struct ob_position *pos, ob_move m, struct ob_undo *undo,
		 ob_move *moves, const struct ob_settling_cache *settling);
/* Three armies: the replies to the plain move m counted from the cache
 * as ob_make_count would, when settling after it removes nothing; else
 * -1.  The position is left as it was. */
int ob_count_plain_replies(struct ob_position *pos, ob_move m,
			   const struct ob_reply_cache *cache);

/* The variants' OGN tag names, ", " between them, as many as fit in
 * size bytes (lib/variants.c). */
void ob_variant_tag_names(char *out, size_t size);
/* The one variant whose positions a game gives in that tag ("FEN":
 * chess), or NULL when none or several use it (lib/variants.c). */
const struct ob_variant *ob_position_tag_owner(const char *tag);

/* The suffix ('+', '#' or 0) that a move by army mover deserves, from the
 * position after it (lib/movewrite.c). */
char ob_suffix_after(const struct ob_position *after, int mover);

/* Does the pseudo-legal move m leave the mover's royal piece unattacked?
 * (Made on a copy: for rare moves and for checking one given move.) */
bool ob_legal_by_trial(const struct ob_position *pos, ob_move m);

/* Fills err (when not NULL) and returns status. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
enum ob_status ob_fail(struct ob_error *err, enum ob_status status,
		       int column, const char *fmt, ...);

#endif
